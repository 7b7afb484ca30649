/**
 * Retry timing shared by every retry loop that talks to the server (requirements §core-9 "Query
 * cache": exponential delay, 1 s doubling, capped at 30 s).
 */

/** First retry delay, ms. */
export const retryBaseDelayMs = 1000;
/** Longest retry delay, ms. */
export const retryMaximumDelayMs = 30_000;

/**
 * Delay before retry number `attempt` (0 for the first retry), ms: 1000, 2000, 4000, … capped
 * at 30000. Negative or fractional attempts are treated as the nearest attempt ≥ 0 below.
 */
export function retryDelayMs(attempt: number): number {
  const step = Math.max(0, Math.floor(attempt));
  return Math.min(retryBaseDelayMs * 2 ** Math.min(step, 30), retryMaximumDelayMs);
}
