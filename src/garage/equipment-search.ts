/**
 * The `?category=` query of /equipment-intelligence and /equipment (requirements §core-2: the
 * lighting whips, dual battery, battery isolator and battery monitor entries point there with
 * lighting or electrical). Anything else shows every category.
 */

/** Categories of the equipment page, in page order. */
export const EQUIPMENT_CATEGORIES = ['lighting', 'electrical', 'recovery'] as const;

/** One equipment category. */
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

/** Validated search of the equipment page. */
export interface EquipmentSearch {
  category?: EquipmentCategory;
}

/** Keeps `category` only when it names a known category. */
export function validateEquipmentSearch(search: Record<string, unknown>): EquipmentSearch {
  const category = search.category;
  return EQUIPMENT_CATEGORIES.some((known) => known === category)
    ? { category: category as EquipmentCategory }
    : {};
}
