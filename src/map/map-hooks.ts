/**
 * Hooks of the map: the variant that follows the app theme (a class on <body>,
 * src/ui/themes.ts; its `color-scheme` tells light from dark themes) and the trail
 * lines' statuses today, published and reported by riders.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { NEVER } from 'rxjs';
import {
  catalogueUpdateIntervalMs,
  observeCatalogueStatus,
  observeTrails,
} from '../db/catalogue-reads.ts';
import { observeTrailReportsByTrail } from '../db/trail-reports.ts';
import { useDatabase, useOptionalDatabase } from '../db-react/provider.tsx';
import { useObservable } from '../db-react/use-observable.ts';
import {
  mapVariantForTheme,
  type MapVariant,
  type ReportedTrailLineStatus,
  type TrailLineStatus,
} from './map-style.ts';
import {
  noTrailLineStatuses,
  observeReportedTrailLineStatuses,
  observeTrailLineStatuses,
} from './trail-line-statuses.ts';

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

function currentVariant(): MapVariant {
  const body = document.body;
  const scheme = getComputedStyle(body).colorScheme.includes('light') ? 'light' : 'dark';
  return mapVariantForTheme(
    body.classList.contains('high-contrast') ? 'high-contrast' : null,
    scheme,
  );
}

/** The map variant for the current app theme; changes when the rider switches themes. */
export function useMapVariant(): MapVariant {
  return useSyncExternalStore(subscribeTheme, currentVariant, () => 'dark');
}

/**
 * Today's status of every trail line on this device, for the map style: a new object only when
 * a line's status changes (src/map/trail-line-statuses.ts `observeTrailLineStatuses`).
 */
export function useTrailLineStatuses(): Readonly<Record<string, TrailLineStatus>> {
  // No statuses while a deferred provider opens the database.
  const db = useOptionalDatabase();
  const source = useMemo(
    () =>
      db
        ? observeTrailLineStatuses(observeTrails(db), observeCatalogueStatus(db), {
            // The trail list's own wait for a quiet spell, and time for its timer to fire.
            settleMs: 2 * catalogueUpdateIntervalMs,
          })
        : NEVER,
    [db],
  );
  return useObservable(source).value ?? noTrailLineStatuses;
}

const noReportedStatuses: Readonly<Record<string, ReportedTrailLineStatus>> = {};

/**
 * The status riders' reports on this device give each trail now (Closed or Some issues:
 * src/map/trail-line-statuses.ts `observeReportedTrailLineStatuses`), live. A new object comes
 * only when a status changes, so the map restyles only when a line's look changes.
 */
export function useReportedTrailLineStatuses(): Readonly<Record<string, ReportedTrailLineStatus>> {
  const db = useDatabase();
  const source = useMemo(
    () => observeReportedTrailLineStatuses(observeTrailReportsByTrail(db)),
    [db],
  );
  return useObservable(source).value ?? noReportedStatuses;
}
