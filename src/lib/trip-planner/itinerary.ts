/**
 * Turns ranked trails into a day-by-day trip plan: trails per day
 * by trail system and length, campgrounds near each day's trails, Wildlife Management Areas
 * with what the app knows of their season for hunters, and a cost estimate from published fees
 * only. Pure: the catalogues come in, a `TripPlanData` (plan-data.ts) goes out. Every distance
 * is straight-line (as the crow flies), labelled so; the planner knows no roads.
 *
 * ## How days are filled
 * Trails are grouped into riding areas: a trail system with its USFS segments, or a trail of
 * no system. A system whose own segments are ranked is not planned as a whole: its segments
 * are (they carry the per-trail season and vehicle classes). Areas go in the order of their
 * best-ranked trail (ties: nearer first). Each day rides the first area with trails left,
 * longest trails first, while the day's published miles stay within the rider's daily miles;
 * what is left of the area is the next day's ride, so a big system near the start fills a
 * weekend instead of a drive to the next one. A trail with no published length fills its day
 * alone: we cannot say how long it takes.
 *
 * The plan also names the riding areas nearer than the farthest one planned that their season
 * left out (closed, or likely closed by a reported window, on the trip's dates), so a rider who
 * expected them knows why.
 */
import { format } from 'date-fns';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { Trail } from '../../../schemas/trails.ts';
import type { Wma } from '../../../schemas/wmas.ts';
import { AGFC_URL, DUCK_SEASON_LABEL, duckSeasonStatus } from '../hunting/duck-season.ts';
import {
  PLAN_DATA_VERSION,
  STRAIGHT_LINE_LABEL,
  type LeftOutArea,
  type PlanCost,
  type PlanDay,
  type PlannedCampground,
  type PlannedTrail,
  type PlannedWma,
  type PlanRequest,
  type TripPlanData,
} from './plan-data.ts';
import {
  farMiles,
  rankTrails,
  straightLineMiles,
  tripDates,
  type ExcludedTrail,
  type RankedTrail,
} from './ranking.ts';
import {
  currentTrailStatus,
  trailStatusSentence,
  type StatusReport,
} from '../trail-reports/trail-status.ts';

/** Campgrounds within this many straight-line miles of a day's first trail are offered. */
export const campgroundRadiusMiles = 25;
/** Wildlife Management Areas within this many straight-line miles are offered to hunters. */
export const wmaRadiusMiles = 25;
/** At most this many campgrounds and WMAs per day, nearest first. */
export const nearbyPerDay = 3;
/** At most this many left-out riding areas are named under the plan. */
export const leftOutShown = 5;

/** The catalogues the planner reads (all on the device, so it works offline). */
export interface PlannerCatalogues {
  trails: readonly Trail[];
  campgrounds: readonly Campground[];
  wmas: readonly Wma[];
  /** Riders' reports on the device by trail id, and when they are read (epoch ms). */
  trailReports?: { byTrail: ReadonlyMap<string, readonly StatusReport[]>; now: number };
}

/**
 * A planned trail flagged with its own or its system's rider-reported status when a report of
 * the last 14 days says Closed or Some issues ("Closed now (rider report, 2 days ago)"): a
 * rider's unconfirmed word, so the trail is flagged, not left out.
 */
function withReportFlag(
  planned: PlannedTrail,
  reports: PlannerCatalogues['trailReports'],
): PlannedTrail {
  if (!reports) return planned;
  const own = reports.byTrail.get(planned.id) ?? [];
  const system = planned.systemId ? (reports.byTrail.get(planned.systemId) ?? []) : [];
  const status = currentTrailStatus([...own, ...system], reports.now);
  if (status.report === null || status.status === 'all-clear') return planned;
  return {
    ...planned,
    flags: [
      ...planned.flags,
      `${trailStatusSentence(status, reports.now)}: reported by a rider, unconfirmed. Check before you go.`,
    ],
  };
}

function plannedTrail(ranked: RankedTrail): PlannedTrail {
  const { trail } = ranked;
  return {
    id: trail.id,
    name: trail.name,
    systemId: trail.systemId,
    score: ranked.score,
    reasons: ranked.reasons,
    flags: ranked.flags,
    lengthMiles: trail.lengthMiles,
    milesFromStart: Math.round(ranked.milesFromStart * 10) / 10,
    season: ranked.season,
    fee: trail.fee,
    longitude: trail.longitude,
    latitude: trail.latitude,
  };
}

/** Ranked trails without the systems whose own segments are ranked too. */
function plannable(ranked: readonly RankedTrail[]): RankedTrail[] {
  const systemsWithSegments = new Set(
    ranked.flatMap((entry) => (entry.trail.systemId ? [entry.trail.systemId] : [])),
  );
  return ranked.filter((entry) => !systemsWithSegments.has(entry.trail.id));
}

/** The riding area of a trail: its system's id, or its own for a trail of no system. */
function areaId(trail: Trail): string {
  return trail.systemId ?? trail.id;
}

/** A riding area's trails not yet planned, longest first (see the file comment). */
interface RidingArea {
  id: string;
  trails: RankedTrail[];
}

/** Longest published length first, unknown lengths last, then by name. */
function longestFirst(a: RankedTrail, b: RankedTrail): number {
  const length = (entry: RankedTrail) => entry.trail.lengthMiles ?? -1;
  return length(b) - length(a) || a.trail.name.localeCompare(b.trail.name, 'en');
}

/** `ranked` (best first) grouped into riding areas, in the order of each area's best trail. */
function ridingAreas(ranked: readonly RankedTrail[]): RidingArea[] {
  const areas = new Map<string, RidingArea>();
  for (const entry of ranked) {
    const id = areaId(entry.trail);
    const area = areas.get(id) ?? { id, trails: [] };
    area.trails.push(entry);
    areas.set(id, area);
  }
  return [...areas.values()].map((area) => ({ ...area, trails: area.trails.sort(longestFirst) }));
}

/** One day's trails from the first area of `areas` with trails left; removes them. */
function takeDayTrails(areas: RidingArea[], dailyMiles: number): RankedTrail[] {
  const area = areas[0];
  if (!area) return [];
  const day: RankedTrail[] = [];
  let miles = 0;
  for (let index = 0; index < area.trails.length;) {
    const candidate = area.trails[index]!;
    const length = candidate.trail.lengthMiles;
    const first = day.length === 0;
    if (first || (length !== null && miles + length <= dailyMiles)) {
      day.push(candidate);
      area.trails.splice(index, 1);
      if (length === null) break;
      miles += length;
    } else {
      index += 1;
    }
  }
  if (area.trails.length === 0) areas.shift();
  return day;
}

/**
 * The riding areas their season left out that lie nearer the start than the farthest area
 * planned (any within {@link farMiles} when none is), nearest first: an area counts when every
 * one of its trails that lists the activity is left out by its season.
 */
function leftOutAreas(
  excluded: readonly ExcludedTrail[],
  planned: readonly RankedTrail[],
  request: PlanRequest,
  byId: ReadonlyMap<string, Trail>,
): LeftOutArea[] {
  const plannedAreas = new Set(planned.map((entry) => areaId(entry.trail)));
  const reach = planned.length
    ? Math.max(...planned.map((entry) => entry.milesFromStart))
    : farMiles;
  const areas = new Map<string, LeftOutArea>();
  for (const { trail, because, reason } of excluded) {
    const id = areaId(trail);
    if (because !== 'season' || plannedAreas.has(id)) continue;
    const miles = Math.round(straightLineMiles(request.start, trail) * 10) / 10;
    const area = areas.get(id) ?? {
      id,
      name: byId.get(id)?.name ?? trail.name,
      milesFromStart: miles,
      reason,
    };
    area.milesFromStart = Math.min(area.milesFromStart, miles);
    // The system's own reason names the whole area; a segment's stands in without it.
    if (trail.id === id) area.reason = reason;
    areas.set(id, area);
  }
  return [...areas.values()]
    .filter((area) => area.milesFromStart <= reach)
    .sort((a, b) => a.milesFromStart - b.milesFromStart)
    .slice(0, leftOutShown);
}

function driveMiles(from: { longitude: number; latitude: number }, trails: RankedTrail[]) {
  let total = 0;
  let at = from;
  for (const { trail } of trails) {
    total += straightLineMiles(at, trail);
    at = trail;
  }
  return Math.round(total * 10) / 10;
}

function trailMiles(trails: RankedTrail[]): number | null {
  if (trails.some((entry) => entry.trail.lengthMiles === null)) return null;
  const sum = trails.reduce((total, entry) => total + (entry.trail.lengthMiles ?? 0), 0);
  return Math.round(sum * 100) / 100;
}

function nearestWithin<T extends { longitude: number; latitude: number }>(
  items: readonly T[],
  point: { longitude: number; latitude: number },
  radius: number,
): { item: T; miles: number }[] {
  return items
    .map((item) => ({ item, miles: straightLineMiles(point, item) }))
    .filter((entry) => entry.miles <= radius)
    .sort((a, b) => a.miles - b.miles)
    .slice(0, nearbyPerDay);
}

/** Campgrounds within {@link campgroundRadiusMiles} of `point`, nearest first. */
export function campgroundsNear(
  campgrounds: readonly Campground[],
  point: { longitude: number; latitude: number },
): PlannedCampground[] {
  const located = campgrounds.map((campground) => ({ ...campground, ...campground.location }));
  return nearestWithin(located, point, campgroundRadiusMiles).map(({ item, miles }) => ({
    id: item.id,
    name: item.name,
    miles: Math.round(miles * 10) / 10,
    fee: item.fee,
  }));
}

/**
 * What the app knows of hunting seasons at `area` on `day`: the 2025-26 AGFC duck season dates
 * for areas listed for waterfowl; no other game's seasons are in the app, so it says so.
 */
export function wmaSeasonNote(area: Wma, day: Date): { inSeason: boolean; note: string } {
  const other = `Deer, turkey and other seasons for this area are not in the app: check ${AGFC_URL}`;
  if (!area.waterfowl) return { inSeason: false, note: other };
  const status = duckSeasonStatus(day);
  const source = `AGFC ${DUCK_SEASON_LABEL} duck season`;
  if (status.state === 'open') {
    return {
      inSeason: true,
      note: `Duck season open this day (${status.period.label}: ${status.period.text}; ${source}). ${other}`,
    };
  }
  if (status.state === 'between') {
    return {
      inSeason: false,
      note: `Duck season closed this day; next: ${status.next.label}, ${status.next.text} (${source}). ${other}`,
    };
  }
  return {
    inSeason: false,
    note: `Duck season dates for this day are not in the app: check ${AGFC_URL}. ${other}`,
  };
}

/** WMAs within {@link wmaRadiusMiles} of `point`, in season first, then nearest. */
export function wmasNear(
  wmas: readonly Wma[],
  point: { longitude: number; latitude: number },
  day: Date,
): PlannedWma[] {
  return nearestWithin(wmas, point, wmaRadiusMiles)
    .map(({ item, miles }) => {
      const season = wmaSeasonNote(item, day);
      return {
        id: item.id,
        name: item.name,
        miles: Math.round(miles * 10) / 10,
        inSeason: season.inSeason,
        seasonNote: season.note,
      };
    })
    .sort((a, b) => Number(b.inSeason) - Number(a.inSeason) || a.miles - b.miles);
}

/** A fee text that states one daily dollar amount ("$3/day", "$5 per day"), else null. */
export function dailyFeeDollars(fee: string | null): number | null {
  const match = fee?.trim().match(/^\$(\d+(?:\.\d{1,2})?)\s*(?:\/|per)\s*day$/i);
  return match ? Number(match[1]) : null;
}

/**
 * The cost of the planned days from published trail fees (a segment without a fee of its own
 * takes its system's). Known only when every planned trail has a daily dollar fee.
 */
export function estimateCost(days: readonly PlanDay[], trails: readonly Trail[]): PlanCost {
  const byId = new Map(trails.map((trail) => [trail.id, trail]));
  const cost: PlanCost = { known: true, knownDollars: 0, items: [], unknownFor: [] };
  for (const day of days) {
    const charged = new Set<string>();
    for (const planned of day.trails) {
      const system = planned.systemId ? byId.get(planned.systemId) : undefined;
      const feeText = planned.fee ?? system?.fee ?? null;
      const dollars = dailyFeeDollars(feeText);
      // One day's fee covers every trail of the same system that day.
      const chargedAs = planned.systemId ?? planned.id;
      if (dollars === null || feeText === null) {
        // A system's segments share its fee: the system is named once, not each segment.
        const unknown = system?.name ?? planned.name;
        if (!cost.unknownFor.includes(unknown)) cost.unknownFor.push(unknown);
        continue;
      }
      if (charged.has(chargedAs)) continue;
      charged.add(chargedAs);
      cost.items.push({ day: day.day, trailId: planned.id, text: feeText, dollars });
      cost.knownDollars += dollars;
    }
  }
  cost.known = cost.unknownFor.length === 0 && days.some((day) => day.trails.length > 0);
  return cost;
}

/**
 * The plan for `request`: up to `request.days` days (fewer trails than days leave the last
 * days without trails, said so on the page), each with its trails, straight-line drive miles,
 * campgrounds and (for hunters) WMAs, plus the cost estimate.
 */
export function buildTripPlan(request: PlanRequest, catalogues: PlannerCatalogues): TripPlanData {
  const { ranked, excluded } = rankTrails(catalogues.trails, request);
  const areas = ridingAreas(plannable(ranked));
  const byId = new Map(catalogues.trails.map((trail) => [trail.id, trail]));
  const dates = tripDates(request.startDate, request.days);
  const planned: RankedTrail[] = [];
  let from: { label: string; longitude: number; latitude: number } = request.start;
  const days: PlanDay[] = dates.map((date, index) => {
    const trails = takeDayTrails(areas, request.dailyTrailMiles);
    planned.push(...trails);
    const driveFrom = from.label;
    const drive = driveMiles(from, trails);
    const first = trails[0]?.trail;
    const last = trails[trails.length - 1]?.trail;
    if (last) from = { label: last.name, longitude: last.longitude, latitude: last.latitude };
    const area = first ? (byId.get(areaId(first)) ?? first) : null;
    return {
      day: index + 1,
      date: format(date, 'yyyy-MM-dd'),
      area: area ? { id: area.id, name: area.name } : null,
      trails: trails.map((trail) => withReportFlag(plannedTrail(trail), catalogues.trailReports)),
      trailMiles: trailMiles(trails),
      driveMiles: drive,
      driveFrom,
      campgrounds: first ? campgroundsNear(catalogues.campgrounds, first) : [],
      wmas: first && request.hunting ? wmasNear(catalogues.wmas, first, date) : [],
    };
  });
  return {
    version: PLAN_DATA_VERSION,
    request,
    days,
    leftOut: leftOutAreas(excluded, planned, request, byId),
    cost: estimateCost(days, catalogues.trails),
    distanceLabel: STRAIGHT_LINE_LABEL,
  };
}
