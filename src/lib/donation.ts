/**
 * The donation address of this installation: the build-time variable
 * `VITE_DONATION_URL` (README "Configuration"). Only an absolute https address is used (money
 * should not travel over plain http), so a typo never becomes a dead or script link; anything
 * else means "not set up".
 */

/** The configured donation address as a URL, or null when none (or an unusable one) is set. */
export function parseDonationUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
