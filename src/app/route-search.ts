/**
 * Search-parameter validation for the shell's routes (requirements §voice-2.1): /ai-trails and
 * /navigate accept `activity` and a free-text `q`; /trails keeps both when it redirects.
 * `activity` is any chip of the trail finder (atv, utv, 4x4, dirt_bike, hiking, biking, horse,
 * paddling, hunting; the spec's hiking, biking and hunting included) or a rider's word for one
 * ("side-by-side", "jeep"), stored as the chip id. Invalid values are dropped rather than failing
 * the page.
 */
import { activityFromParam, type ActivityFilter } from '../explore/activity-words.ts';

/** Validated search of /ai-trails and /navigate. */
export interface AiTrailsSearch {
  activity?: ActivityFilter;
  /** Free-text trail search, trimmed, never empty. */
  q?: string;
}

/** Validated search of /trails: the same as /ai-trails, which it redirects to. */
export type TrailsRedirectSearch = AiTrailsSearch;

/**
 * Validates /ai-trails search. `q` arrives as a number when the URL holds digits only (the
 * router parses search values as JSON), so numbers become text; blank text is dropped.
 */
export function validateAiTrailsSearch(search: Record<string, unknown>): AiTrailsSearch {
  const result: AiTrailsSearch = {};
  const activity = activityFromParam(search.activity);
  if (activity) result.activity = activity;
  const raw = search.q;
  const q = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (q) result.q = q;
  return result;
}

/** Validates /trails search (same rules as {@link validateAiTrailsSearch}). */
export function validateTrailsSearch(search: Record<string, unknown>): TrailsRedirectSearch {
  return validateAiTrailsSearch(search);
}

/**
 * Validated search of /map: the WMA (`wma`) or campground (`campground`) whose card the map opens
 * with, by catalogue id (the palette's and Search tab's WMA and campground results link here).
 */
export interface MapSearch {
  wma?: string;
  campground?: string;
}

/** Catalogue ids are slugs; anything else is dropped. */
const catalogueIdPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

/** Validates /map search: keeps `wma` or `campground` (the first given) when it is an id. */
export function validateMapSearch(search: Record<string, unknown>): MapSearch {
  for (const kind of ['wma', 'campground'] as const) {
    const value = search[kind];
    if (typeof value === 'string' && catalogueIdPattern.test(value)) return { [kind]: value };
  }
  return {};
}
