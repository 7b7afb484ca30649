/**
 * Search of /profile: `redirect`, the page to open after signing in (requirements §core-5). It is
 * kept as given here; the profile page saves it only when it is a safe in-app path.
 */

/** Validated search of /profile. */
export interface ProfileSearch {
  redirect?: string;
}

/** Keeps `redirect` when it is text (the router parses digit-only values as numbers). */
export function validateProfileSearch(search: Record<string, unknown>): ProfileSearch {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}
