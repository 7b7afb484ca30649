/**
 * Which offline map regions a trail needs, so saving a trail can offer its region's map ("Saving
 * a trail offers its region (one tap, size shown) or says exactly what will not work offline").
 * A trail lies in a region when its positions (trailhead, its line or its system's lines) fall
 * inside the region's bbox, the same rule the map's "region not downloaded" note uses
 * (map-view.tsx `regionNote`). Regions of the catalog overlap, so one position may lie in
 * several; any of them on the device draws it offline. Pure: no database, no React.
 */
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import type { MapRegion } from '../../schemas/map-regions.ts';

/** The fields of a mapRegions document this module reads. */
export type RegionLike = Pick<MapRegion, 'id' | 'name' | 'bbox' | 'bytes' | 'storageKey'>;

/** What a trail needs of the offline map regions (see `trailMapRegions`). */
export interface TrailRegions<R extends RegionLike> {
  /** Regions holding some of the trail whose archive is on the device, first met first. */
  onDevice: R[];
  /**
   * The fewest regions still to download so every position of the trail lies in a region on
   * the device; empty when the trail's map already works offline.
   */
  toDownload: R[];
  /** Positions of the trail inside no region of the catalog (no archive ever draws them). */
  outsideCount: number;
}

/** The positions of a trail that its map must show, each [longitude, latitude]. */
export interface TrailShape {
  longitude: number;
  latitude: number;
  /** The trail's own line, [longitude, latitude, …] per position, or null. */
  path?: readonly (readonly number[])[] | null;
}

/**
 * Every position a trail's map must show: the trailhead first, then its line, then the lines
 * of its system (`systemLines`, the USFS segments of a trail system), each [longitude, latitude].
 */
export function trailPositions(
  trail: TrailShape,
  systemLines: readonly (readonly (readonly number[])[])[] = [],
): [number, number][] {
  const lines = [...(trail.path ? [trail.path] : []), ...systemLines];
  return [
    [trail.longitude, trail.latitude],
    ...lines.flatMap((line) =>
      line.map((position) => [position[0]!, position[1]!] as [number, number]),
    ),
  ];
}

function contains(bbox: readonly number[], [longitude, latitude]: readonly number[]): boolean {
  return (
    longitude! >= bbox[0]! &&
    longitude! <= bbox[2]! &&
    latitude! >= bbox[1]! &&
    latitude! <= bbox[3]!
  );
}

/** Degrees from `position` to the nearest edge of `bbox` (negative outside it). */
function margin(bbox: readonly number[], [longitude, latitude]: readonly number[]): number {
  return Math.min(
    longitude! - bbox[0]!,
    bbox[2]! - longitude!,
    latitude! - bbox[1]!,
    bbox[3]! - latitude!,
  );
}

/**
 * The regions that draw `position` in detail: the detailed regions whose bbox holds it, else
 * the statewide archive when only it does.
 */
function regionsAt<R extends RegionLike>(
  detailed: readonly R[],
  statewide: R | undefined,
  position: readonly number[],
): R[] {
  const here = detailed.filter((region) => contains(region.bbox, position));
  if (here.length > 0) return here;
  return statewide && contains(statewide.bbox, position) ? [statewide] : [];
}

/**
 * Picks regions for the positions no region on the device holds, greedily: the region holding
 * the most of them, then the one whose bbox keeps the trailhead farthest from its edges (so the
 * map around the trail works offline too), then the smaller download.
 */
function regionsToDownload<R extends RegionLike>(
  candidates: R[][],
  trailhead: readonly number[],
): R[] {
  let open = candidates.filter((here) => here.length > 0);
  const chosen: R[] = [];
  while (open.length > 0) {
    const counts = new Map<R, number>();
    for (const here of open)
      for (const region of here) counts.set(region, (counts.get(region) ?? 0) + 1);
    const [best] = [...counts.entries()].sort(
      ([a, countA], [b, countB]) =>
        countB - countA ||
        margin(b.bbox, trailhead) - margin(a.bbox, trailhead) ||
        a.bytes - b.bytes ||
        a.id.localeCompare(b.id),
    )[0]!;
    chosen.push(best);
    open = open.filter((here) => !here.includes(best));
  }
  return chosen;
}

/**
 * The regions of `regions` (the device's mapRegions: the catalog with download state) that
 * `positions` ([longitude, latitude], trailhead first; see `trailPositions`) lie in: those
 * already on the device (an archive stored, `storageKey` set: an update-available region still
 * draws its older archive) and the fewest still to download. The statewide archive counts only
 * for positions no detailed region holds. With no regions (no catalog yet) everything is empty
 * and `outsideCount` is every position: callers check for the catalog first.
 */
export function trailMapRegions<R extends RegionLike>(
  regions: readonly R[],
  positions: readonly (readonly number[])[],
): TrailRegions<R> {
  const detailed = regions.filter((region) => region.id !== statewideRegionId);
  const statewide = regions.find((region) => region.id === statewideRegionId);
  const candidates = positions.map((position) => regionsAt(detailed, statewide, position));
  const onDevice: R[] = [];
  for (const here of candidates) {
    for (const region of here) {
      if (region.storageKey !== null && !onDevice.includes(region)) onDevice.push(region);
    }
  }
  const uncovered = candidates.filter(
    (here) => here.length > 0 && !here.some((region) => onDevice.includes(region)),
  );
  return {
    onDevice,
    toDownload: regionsToDownload(uncovered, positions[0] ?? [0, 0]),
    outsideCount: candidates.filter((here) => here.length === 0).length,
  };
}

/** Names joined for a sentence: "Ozarks", "Ozarks and Delta", "Central, Delta, and Ozarks". */
export function regionNames(regions: readonly Pick<RegionLike, 'name'>[]): string {
  return new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(
    regions.map((region) => region.name),
  );
}
