/**
 * Which trail lines the map draws as open or closed today. A line's status comes from its
 * published season (src/lib/trail-season.ts `seasonStatus`):
 * open, closed until its opening day, or unknown, which the map draws as its own style so a
 * rider never reads "no published season" as open. A reported, unconfirmed window (likely open
 * or likely closed) is drawn as unknown too: the map shows only what a manager publishes.
 *
 * Riders' reports get their own line style on top (`reportedTrailLineStatuses`), so a rider sees
 * a fresh report without mistaking it for a manager's closure.
 */
import {
  combineLatest,
  debounce,
  defer,
  distinctUntilChanged,
  filter,
  interval,
  map,
  of,
  startWith,
  tap,
  timer,
  type Observable,
} from 'rxjs';
import type { CatalogueStatus } from '../db/catalogue-status.ts';
import type { Trail } from '../../schemas/trails.ts';
import { currentTrailStatus, type StatusReport } from '../lib/trail-reports/trail-status.ts';
import { seasonStatus } from '../lib/trail-season.ts';
import type { ReportedTrailLineStatus, TrailLineStatus } from './map-style.ts';

/**
 * Status of every USFS trail line (a trail with a `systemId`) whose season says open or
 * closed on `date`; lines with an unknown season are left out (drawn as unknown).
 */
export function trailLineStatuses(
  trails: readonly Pick<Trail, 'id' | 'systemId' | 'season'>[],
  date: Date,
): Record<string, TrailLineStatus> {
  const statuses: Record<string, TrailLineStatus> = {};
  for (const trail of trails) {
    if (!trail.systemId) continue;
    const status = seasonStatus(trail, date);
    if (status.state === 'open' || status.state === 'closed') statuses[trail.id] = status.state;
  }
  return statuses;
}

/** `statuses` with its trail ids in order, so equal statuses are equal as JSON. */
function inTrailIdOrder<Status>(statuses: Record<string, Status>): Record<string, Status> {
  return Object.fromEntries(
    Object.entries(statuses).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Whether two status records in trail id order give every line the same status. */
function sameStatuses<Statuses extends object>(a: Statuses, b: Statuses): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** No published status for any line: every line drawn as unknown. One object, so maps share it. */
export const noTrailLineStatuses: Readonly<Record<string, TrailLineStatus>> = Object.freeze({});

/**
 * `trailLineStatuses` of the trails on the device, live, for the map style. Every new object
 * restyles each region's trail layers, which makes MapLibre lay out their loaded tiles again
 * (measured: about 450 ms of a desktop's main thread, four times that on a mid-range phone), so
 * it emits only when a line's status changes (trail ids in order; `noTrailLineStatuses` when no
 * line has one), and not while the device's first catalogue pull is storing trails slice by
 * slice: the lines keep the unknown style until the pull ends, then restyle once. The trail
 * list (`trails`) may show the pull's last slices up to `settleMs` after the pull ended, so for
 * that long a status waits for a newer list. A pull that fails ends too, and the trails stored
 * by then get their statuses. `today` gives the date the seasons are read on.
 */
export function observeTrailLineStatuses(
  trails: Observable<readonly Pick<Trail, 'id' | 'systemId' | 'season'>[]>,
  catalogueStatus: Observable<Pick<CatalogueStatus, 'lastSyncedAt' | 'isRefreshing'>>,
  { settleMs, today = () => new Date() }: { settleMs: number; today?: () => Date },
): Observable<Readonly<Record<string, TrailLineStatus>>> {
  return defer(() => {
    // When the first pull ended in this subscription; null while it runs or if none ran.
    let pullEndedAt: number | null = null;
    let pullSeen = false;
    const firstPullRunning = catalogueStatus.pipe(
      map((status) => status.lastSyncedAt === null && status.isRefreshing),
      distinctUntilChanged(),
      tap((running) => {
        if (running) pullSeen = true;
        else if (pullSeen) pullEndedAt = Date.now();
      }),
    );
    const settling = () => pullEndedAt !== null && Date.now() - pullEndedAt < settleMs;
    return combineLatest([trails, firstPullRunning]).pipe(
      filter(([, storing]) => !storing),
      debounce(() => (settling() ? timer(settleMs) : of(0))),
      map(([stored]) => {
        const statuses = inTrailIdOrder(trailLineStatuses(stored, today()));
        return Object.keys(statuses).length === 0 ? noTrailLineStatuses : statuses;
      }),
      distinctUntilChanged(sameStatuses),
    );
  });
}

/**
 * The status riders' reports give each trail at `now` (epoch ms), for the map's reported line
 * style: the trail's current status (`currentTrailStatus`: reports of the last 14 days, not
 * hidden, not cleared by two riders; Closed over Some issues over All clear) when it is Closed or
 * Some issues. All clear and no recent reports are left out: the line keeps its published style.
 */
export function reportedTrailLineStatuses(
  reportsByTrail: ReadonlyMap<string, readonly StatusReport[]>,
  now: number,
): Record<string, ReportedTrailLineStatus> {
  const statuses: Record<string, ReportedTrailLineStatus> = {};
  for (const [trailId, reports] of reportsByTrail) {
    const { status } = currentTrailStatus(reports, now);
    if (status === 'closed' || status === 'some-issues') statuses[trailId] = status;
  }
  return statuses;
}

/** How often the reported statuses are worked out again while no report changes, ms. */
const reportedStatusRefreshMs = 10 * 60 * 1000;

/**
 * `reportedTrailLineStatuses` of each emission of `reportsByTrail` (trail id → its reports), live:
 * a report filed, synced, voted "gone now" or hidden changes it, and so does a report growing
 * older than 14 days (worked out again every `refreshMs`, default 10 minutes). Emits only when
 * a status changes, with trail ids in order.
 */
export function observeReportedTrailLineStatuses(
  reportsByTrail: Observable<ReadonlyMap<string, readonly StatusReport[]>>,
  refreshMs: number = reportedStatusRefreshMs,
  clock: () => number = Date.now,
): Observable<Record<string, ReportedTrailLineStatus>> {
  return combineLatest([reportsByTrail, interval(refreshMs).pipe(startWith(0))]).pipe(
    map(([reports]) => inTrailIdOrder(reportedTrailLineStatuses(reports, clock()))),
    distinctUntilChanged(sameStatuses),
  );
}
