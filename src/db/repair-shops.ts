/**
 * The device's copy of the approved repair shops: kept in a local setting so the
 * repair shops and local services pages list them with no signal. This module only keeps the
 * copy; the pages fetch the list through the online-only API
 * (src/lib/repair-shops/repair-shop-api.ts, via TanStack Query) and store each answer here.
 */
import type { RepairShopSubmission } from '../../schemas/repair-shops.ts';
import type { AppDatabase } from './database.ts';
import { writeLocalSetting } from './settings.ts';

/** Local setting holding the last fetched list of approved shops (privacy policy: stored-data.ts). */
export const approvedShopsSettingKey = 'repair-shops-approved';

/** What the device keeps of the approved list: the shops and when they were fetched (ms). */
export interface StoredShops {
  shops: RepairShopSubmission[];
  fetchedAt: number | null;
}

/** Stores the server's list of approved shops, fetched at `now` (epoch ms). */
export function storeApprovedShops(
  db: AppDatabase,
  shops: RepairShopSubmission[],
  now: number = Date.now(),
): Promise<void> {
  return writeLocalSetting<StoredShops>(db, approvedShopsSettingKey, { shops, fetchedAt: now });
}
