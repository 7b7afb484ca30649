/**
 * React bindings of src/db/repair-shops.ts: the device's copy of the approved repair shops, for
 * the repair shops and local services pages with no signal. The hook reads the setting the
 * repository module keeps.
 */
import { useLocalSetting } from './settings.ts';
import { approvedShopsSettingKey, type StoredShops } from '../db/repair-shops.ts';

/** The stored approved shops (none and `fetchedAt` null before the first fetch). */
export function useStoredApprovedShops(): StoredShops {
  return useLocalSetting<StoredShops>(approvedShopsSettingKey, { shops: [], fetchedAt: null })
    .value;
}
