/**
 * The campgrounds the directory shows: the device's synced catalogue, or, while that is empty
 * and cannot arrive (offline, or the catalogue pull failed: a first visit that lost its signal),
 * the list bundled with the app (requirements §voice-8: a failed campground service falls back
 * to the bundled list). The bundled list is its own chunk, precached by the service worker with
 * the app, and is loaded only then, never on an ordinary first visit whose pull is under way;
 * the synced catalogue replaces it as soon as it is stored.
 */
import { useEffect, useState } from 'react';
import type { Campground } from '../../../schemas/campgrounds.ts';
import { useCampgrounds, useCatalogueError } from '../../db-react/hooks.ts';
import { useOnlineStatus } from '../../ui/use-online-status.ts';

/** What the directory lists and where it came from. */
export interface DirectoryCampgrounds {
  campgrounds: Campground[];
  isLoading: boolean;
  /** True while the list is the one bundled with the app, not the device's synced catalogue. */
  bundled: boolean;
}

/**
 * The bundled list as catalogue documents. `updatedAt` is 0: the bundled list has no server
 * time, and the directory says "bundled with the app" instead of a date (`bundled` is true).
 */
async function loadBundledCampgrounds(): Promise<Campground[]> {
  const { default: bundled } = await import('./bundled-campgrounds.json');
  return (bundled as Array<Omit<Campground, 'updatedAt'>>).map((campground) => ({
    ...campground,
    updatedAt: 0,
  }));
}

/** The directory's campgrounds, falling back to the bundled list while the device has none. */
export function useDirectoryCampgrounds(): DirectoryCampgrounds {
  const { campgrounds, isLoading } = useCampgrounds();
  const error = useCatalogueError();
  const online = useOnlineStatus();
  const catalogueCannotArrive = !online || error !== null;
  const needsFallback = !isLoading && campgrounds.length === 0 && catalogueCannotArrive;
  const [bundled, setBundled] = useState<Campground[] | 'failed' | null>(null);
  useEffect(() => {
    if (!needsFallback || bundled) return;
    let cancelled = false;
    loadBundledCampgrounds().then(
      (list) => {
        if (!cancelled) setBundled(list);
      },
      (error: unknown) => {
        // §voice-8: a failed load shows an empty list with loading off.
        console.warn('The bundled campground list could not load:', error);
        if (!cancelled) setBundled('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [needsFallback, bundled]);
  if (!needsFallback) return { campgrounds, isLoading, bundled: false };
  if (bundled === null) return { campgrounds: [], isLoading: true, bundled: false };
  if (bundled === 'failed') return { campgrounds: [], isLoading: false, bundled: false };
  return { campgrounds: bundled, isLoading: false, bundled: true };
}
