/**
 * Finds trails, Wildlife Management Areas and campgrounds by what a rider types, for the command
 * palette and the Search tab. Reads only the catalogues on this device, so
 * it works offline. Names are matched with MiniSearch (prefix and typo-tolerant: "wolf pen" and
 * "wolf pne" both find Wolf Pen Gap); a search the trail finder understands ("atv near Mena",
 * "Pope County", "side by side") lists the trails the finder would (src/explore/trail-search.ts).
 */
import MiniSearch from 'minisearch';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { countyRegionLabel } from './trail-format.ts';
import { distanceLabel, filterTrails, parseTrailSearch } from './trail-search.ts';

/** The kinds of place the palette lists, in the palette's group order. */
export const placeKinds = ['trail', 'wma', 'campground'] as const;
export type PlaceKind = (typeof placeKinds)[number];

/** Palette group headings per kind. */
export const placeGroupLabels: Readonly<Record<PlaceKind, string>> = {
  trail: 'Trails',
  wma: 'WMAs',
  campground: 'Campgrounds',
};

/** At most this many places per group; the Trails group then offers the full finder. */
export const PLACES_PER_GROUP = 5;

/** One place found: what to show and where choosing it goes. */
export interface PlaceHit {
  kind: PlaceKind;
  id: string;
  name: string;
  /** Second line: county and region, and the distance when the search named a place. */
  detail: string;
  /** The page that shows it: the trail's page, or the map with its card open. */
  href: string;
}

/** One palette group of places. `total` counts every match, not just the ones listed. */
export interface PlaceGroup {
  kind: PlaceKind;
  label: string;
  items: PlaceHit[];
  total: number;
}

interface IndexedPlace {
  id: string;
  kind: PlaceKind;
  name: string;
  county: string;
  region: string;
  city: string;
}

/** The searchable catalogues, built once per catalogue change by {@link buildPlaceIndex}. */
export interface PlaceIndex {
  search: MiniSearch<IndexedPlace>;
  trails: readonly Trail[];
  hits: ReadonlyMap<string, PlaceHit>;
}

function key(kind: PlaceKind, id: string): string {
  return `${kind}:${id}`;
}

/** The page a place opens: /map/{trailId}, or /map with the WMA's or campground's card open. */
export function placeHref(kind: PlaceKind, id: string): string {
  if (kind === 'trail') return `/map/${encodeURIComponent(id)}`;
  return `/map?${kind}=${encodeURIComponent(id)}`;
}

/**
 * Indexes trails, WMAs (the `wmas` catalogue) and campgrounds by
 * name, county, region and (campgrounds) city.
 */
export function buildPlaceIndex(
  trails: readonly Trail[],
  wmas: readonly Wma[],
  campgrounds: readonly Campground[],
): PlaceIndex {
  const documents: IndexedPlace[] = [];
  const hits = new Map<string, PlaceHit>();
  const add = (place: IndexedPlace, detail: string) => {
    documents.push(place);
    hits.set(place.id, {
      kind: place.kind,
      id: place.id.slice(place.kind.length + 1),
      name: place.name,
      detail,
      href: '',
    });
  };
  for (const trail of trails) {
    add(
      {
        id: key('trail', trail.id),
        kind: 'trail',
        name: trail.name,
        county: trail.county ?? '',
        region: trail.region ?? '',
        city: '',
      },
      countyRegionLabel(trail.county, trail.region),
    );
  }
  for (const area of wmas) {
    add(
      {
        id: key('wma', area.id),
        kind: 'wma',
        name: area.name,
        county: area.county,
        region: area.region,
        city: '',
      },
      countyRegionLabel(area.county, area.region),
    );
  }
  for (const campground of campgrounds) {
    const { city, county, region } = campground.location;
    add(
      {
        id: key('campground', campground.id),
        kind: 'campground',
        name: campground.name,
        county: county ?? '',
        region: region ?? '',
        city: city ?? '',
      },
      [city, countyRegionLabel(county, region)].filter(Boolean).join(' · '),
    );
  }
  for (const hit of hits.values()) hit.href = placeHref(hit.kind, hit.id);

  const search = new MiniSearch<IndexedPlace>({
    fields: ['name', 'county', 'region', 'city'],
    storeFields: ['kind'],
    searchOptions: {
      boost: { name: 3 },
      prefix: true,
      // About one typo in a word of five letters or more; short words must be exact.
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  search.addAll(documents);
  return { search, trails, hits };
}

/**
 * The place groups for a palette search, in {@link placeKinds} order, empty groups left out.
 * Blank text finds nothing (the palette then lists its pages only). Trails come from the trail
 * finder when it understood a place, activity or difficulty in the text (with the distance in
 * the detail line), else from name matching like WMAs and campgrounds.
 */
export function searchPlaces(index: PlaceIndex, text: string): PlaceGroup[] {
  if (!text.trim()) return [];
  const found = new Map<PlaceKind, PlaceHit[]>(placeKinds.map((kind) => [kind, []]));
  for (const result of index.search.search(text)) {
    const hit = index.hits.get(String(result.id));
    if (hit) found.get(hit.kind)!.push(hit);
  }

  const parsed = parseTrailSearch(text);
  const understood =
    parsed.places.length > 0 || parsed.activities.length > 0 || parsed.difficulty !== null;
  if (understood) {
    found.set(
      'trail',
      filterTrails(index.trails, parsed).map(({ trail, distance }) => {
        const hit = index.hits.get(key('trail', trail.id))!;
        const miles = distanceLabel(distance);
        return miles ? { ...hit, detail: `${miles} · ${hit.detail}` } : hit;
      }),
    );
  }

  return placeKinds
    .map((kind) => {
      const items = found.get(kind)!;
      return {
        kind,
        label: placeGroupLabels[kind],
        items: items.slice(0, PLACES_PER_GROUP),
        total: items.length,
      };
    })
    .filter((group) => group.total > 0);
}
