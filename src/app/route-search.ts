/**
 * Search-parameter validation for the shell's routes (voice-navigation §2.1): /ai-trails and
 * /navigate accept `activity` (hiking, biking or hunting) and a free-text `q`; /trails keeps a
 * valid `activity` when it redirects. Invalid values are dropped rather than failing the page.
 */

/** Activities the trails pages can filter by (voice-navigation §2.1). */
export const TRAIL_ACTIVITIES = ['hiking', 'biking', 'hunting'] as const;

/** A trails-page activity filter. */
export type TrailActivity = (typeof TRAIL_ACTIVITIES)[number];

/** Validated search of /ai-trails and /navigate. */
export interface AiTrailsSearch {
  activity?: TrailActivity;
  /** Free-text trail search, trimmed, never empty. */
  q?: string;
}

/** Validated search of /trails (only the activity survives the redirect). */
export interface TrailsRedirectSearch {
  activity?: TrailActivity;
}

function isActivity(value: unknown): value is TrailActivity {
  return typeof value === 'string' && (TRAIL_ACTIVITIES as readonly string[]).includes(value);
}

/** Validates /trails search: keeps `activity` only when it is one of {@link TRAIL_ACTIVITIES}. */
export function validateTrailsSearch(search: Record<string, unknown>): TrailsRedirectSearch {
  return isActivity(search.activity) ? { activity: search.activity } : {};
}

/**
 * Validates /ai-trails search. `q` arrives as a number when the URL holds digits only (the
 * router parses search values as JSON), so numbers become text; blank text is dropped.
 */
export function validateAiTrailsSearch(search: Record<string, unknown>): AiTrailsSearch {
  const result: AiTrailsSearch = validateTrailsSearch(search);
  const raw = search.q;
  const q = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (q) result.q = q;
  return result;
}
