/**
 * When an access token may still be sent (requirements §core-5 "Access token is valid only if it
 * exists and, when an expiry is known, more than 5 minutes remain"; §core-9 token expiry margin).
 */

/** Margin before the expiry at which a token stops being used, ms (requirements §core-9: 5 min). */
export const TOKEN_EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** The parts of stored tokens that decide validity; `expiresAt` is epoch ms, null when unknown. */
export interface TokenExpiry {
  accessToken: string | null;
  expiresAt: number | null;
}

/**
 * True when `tokens` holds a non-empty access token and either no expiry is known or more than
 * {@link TOKEN_EXPIRY_MARGIN_MS} remain at `now` (epoch ms). Null tokens are invalid.
 */
export function isAccessTokenValid(tokens: TokenExpiry | null | undefined, now: number): boolean {
  if (!tokens || !tokens.accessToken) return false;
  if (tokens.expiresAt === null) return true;
  return tokens.expiresAt - now > TOKEN_EXPIRY_MARGIN_MS;
}
