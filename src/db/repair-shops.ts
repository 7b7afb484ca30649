/**
 * The device's copy of the approved repair shops: kept in a local setting so the
 * repair shops and local services pages list them with no signal, refreshed from the server
 * (GET /api/repair-shops) whenever the device is online.
 */
import { useCallback, useEffect, useState } from 'react';
import type { RepairShopSubmission } from '../../schemas/repair-shops.ts';
import { fetchApprovedShops } from '../lib/repair-shops/repair-shop-api.ts';
import { useLocalSetting } from './settings.ts';

/** Local setting holding the last fetched list of approved shops (privacy policy: stored-data.ts). */
export const approvedShopsSettingKey = 'repair-shops-approved';

/** What the device keeps of the approved list: the shops and when they were fetched (ms). */
export interface StoredShops {
  shops: RepairShopSubmission[];
  fetchedAt: number | null;
}

/**
 * The approved shops: the stored copy at once, fetched again whenever `online` becomes true and
 * on `refresh()` (after the rider suggests or the admin reviews one). A failed fetch keeps the
 * stored copy.
 */
export function useApprovedShops(online: boolean): StoredShops & { refresh: () => void } {
  const stored = useLocalSetting<StoredShops>(approvedShopsSettingKey, {
    shops: [],
    fetchedAt: null,
  });
  const { setValue } = stored;
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    fetchApprovedShops()
      .then((shops) => {
        if (!cancelled) void setValue({ shops, fetchedAt: Date.now() });
      })
      .catch(() => {
        // The stored list stays; the page shows when it was last fetched.
      });
    return () => {
      cancelled = true;
    };
  }, [online, round, setValue]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { ...stored.value, refresh };
}
