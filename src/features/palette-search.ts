/**
 * Command palette search (requirements §core-2 "Command palette"): pure matching, role filtering
 * and grouping, so the palette component only renders what this returns.
 */
import type { FeatureCategory, FeatureEntry } from './directory.ts';
import type { DescribedFeature } from './directory-text.ts';
import type { Role } from '../lib/auth/roles.ts';
import { canSee } from './roles.ts';

/**
 * Group order of the palette. The spec's order is Ride, Explore, Safety, Learn, Garage, Local,
 * Me, Admin; it has no place for Hunting, yet /duck-hunting and /hunting must be findable, so
 * Hunting sits right after Learn (the spec's own directory lists it next to Learn).
 */
export const PALETTE_CATEGORY_ORDER: readonly FeatureCategory[] = [
  'Ride',
  'Explore',
  'Safety',
  'Learn',
  'Hunting',
  'Garage',
  'Local',
  'Me',
  'Admin',
];

/** Empty message when the search text matched nothing. */
export const NO_MATCH_MESSAGE = 'No features found.';
/** Empty message when there is no search text and the role sees no feature. */
export const NO_FEATURES_FOR_ROLE_MESSAGE = 'No features available for your role.';

/** One palette group: a category and its matching entries in directory order. */
export interface PaletteGroup<T extends FeatureEntry = FeatureEntry> {
  category: FeatureCategory;
  items: T[];
}

/** Result of a palette search: groups in palette order, or an empty message when there are none. */
export interface PaletteResult<T extends FeatureEntry = FeatureEntry> {
  groups: PaletteGroup<T>[];
  /** Set only when `groups` is empty. */
  emptyMessage: string | null;
}

/**
 * Whether an entry matches the search text: a case-insensitive substring of its label,
 * description or any tag. Blank text matches everything.
 */
export function matchesFeature(
  feature: Pick<DescribedFeature, 'label' | 'description' | 'tags'>,
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return (
    feature.label.toLowerCase().includes(needle) ||
    feature.description.toLowerCase().includes(needle) ||
    feature.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/** Groups entries by category in {@link PALETTE_CATEGORY_ORDER}, dropping empty groups. */
export function groupByCategory<T extends FeatureEntry>(features: readonly T[]): PaletteGroup<T>[] {
  return PALETTE_CATEGORY_ORDER.map((category) => ({
    category,
    items: features.filter((feature) => feature.category === category),
  })).filter((group) => group.items.length > 0);
}

/**
 * Searches the directory for the palette: role filtering first (same rule as the menus), then
 * matching, then grouping. The empty message is 'No features found.' when a non-blank search
 * matched nothing, otherwise 'No features available for your role.'.
 */
export function searchPalette<T extends DescribedFeature>(
  features: readonly T[],
  query: string,
  role: Role,
): PaletteResult<T> {
  const visible = features.filter((feature) => canSee(feature, role));
  const matching = visible.filter((feature) => matchesFeature(feature, query));
  const groups = groupByCategory(matching);
  if (groups.length > 0) return { groups, emptyMessage: null };
  return {
    groups,
    emptyMessage: query.trim() ? NO_MATCH_MESSAGE : NO_FEATURES_FOR_ROLE_MESSAGE,
  };
}
