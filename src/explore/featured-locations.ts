/**
 * The nine featured locations of the home page (requirements §voice-2.2) and the
 * home page's computed counts. Figures on the cards are the spec's "Trail facts on cards"
 * (§voice-9); data/places/README.md records that these came from the product brief, not from an
 * independent source, so the UI labels them "not verified".
 * `trailId` is the feature's id in data/places/trails.geojson where the place was identified;
 * Carter's, Hillarosa and Grand Prairie could not be identified from any source (data/README.md
 * "Known limits"), so they carry no id and no location.
 */
import type { Trail } from '../../schemas/trails.ts';
import type { Wma } from '../../schemas/wmas.ts';
import { abbreviateNumber } from '../lib/format.ts';

/**
 * Pages a featured card may open that are not a trail page (requirements §voice-2.1 route table).
 */
export type FeaturedPagePath = '/map' | '/carters-riding-park';

/** A featured location card. */
export interface FeaturedLocation {
  key: string;
  name: string;
  /** Drives the card icon: motorised riding or waterfowl hunting. */
  theme: 'riding' | 'duck';
  /** Id in data/places/trails.geojson, or null when the place is not identified. */
  trailId: string | null;
  /** Where the card links when there is no trail page. */
  pagePath: FeaturedPagePath;
  /** The spec's card facts (§voice-9), verbatim in meaning; shown labelled "not verified". */
  listingFacts: readonly string[];
  /** False where no source located the place (data/README.md "Known limits"). */
  locationVerified: boolean;
}

/** The nine locations in the spec's order (§voice-2.2). */
export const featuredLocations: readonly FeaturedLocation[] = [
  {
    key: 'mill-creek',
    name: 'Mill Creek OHV',
    theme: 'riding',
    trailId: 'mill-creek-ohv-trail',
    pagePath: '/map',
    listingFacts: ['$3/day fee', '50 miles'],
    locationVerified: true,
  },
  {
    key: 'hot-springs',
    name: 'Hot Springs Off-Road Park',
    theme: 'riding',
    trailId: 'hot-springs-off-road-park',
    pagePath: '/map',
    listingFacts: ['1,242 acres', '75+ miles'],
    locationVerified: true,
  },
  {
    key: 'byrds',
    name: "Byrd's Adventure Center",
    theme: 'riding',
    trailId: 'byrds-adventure-center',
    pagePath: '/map',
    listingFacts: [],
    locationVerified: true,
  },
  {
    key: 'wolf-pen-gap',
    name: 'Wolf Pen Gap',
    theme: 'riding',
    trailId: 'wolf-pen-gap-ohv-trail',
    pagePath: '/map',
    listingFacts: ['26+ miles'],
    locationVerified: true,
  },
  {
    key: 'buckhorn',
    name: 'Buckhorn OHV',
    theme: 'riding',
    trailId: 'buckhorn-ohv-trail',
    pagePath: '/map',
    listingFacts: ['42 miles'],
    locationVerified: true,
  },
  {
    key: 'grand-prairie',
    name: 'Grand Prairie duck trails',
    theme: 'duck',
    trailId: null,
    pagePath: '/map',
    listingFacts: [],
    locationVerified: false,
  },
  {
    key: 'brock-creek',
    name: 'Brock Creek Loop',
    theme: 'riding',
    trailId: 'brock-creek-ohv-trail',
    pagePath: '/map',
    listingFacts: ['6 miles'],
    locationVerified: true,
  },
  {
    key: 'carters',
    name: "Carter's Beginner Loop",
    theme: 'riding',
    trailId: null,
    pagePath: '/carters-riding-park',
    listingFacts: ['3.8 miles'],
    locationVerified: false,
  },
  {
    key: 'hillarosa',
    name: 'Hillarosa ATV Park',
    theme: 'riding',
    trailId: null,
    pagePath: '/map',
    listingFacts: ['8.3 miles'],
    locationVerified: false,
  },
];

/** Counts the home page shows, computed from the catalogue rather than the spec's copy. */
export interface HomeStats {
  /** Trails and trail systems, USFS trail lines included (not trailheads). */
  trailCount: number;
  /** Trailheads listed on their own (kind `trailhead`). */
  trailheadCount: number;
  /** Trails with line geometry (the USFS OHV lines). */
  lineCount: number;
  /** Trails and trailheads whose point is the trailhead itself (`locationConfidence: exact`). */
  exactCount: number;
  /** Trails whose point is only near the trail (off by up to several km). */
  approximateCount: number;
  wmaCount: number;
  waterfowlWmaCount: number;
}

/**
 * Counts for the home page from what the device holds: trails, trailheads, trail lines, how
 * many points are exact and how many approximate ("show the honest count"), and the
 * WMAs (the `wmas` catalogue) with those flagged `waterfowl`. The spec's marketing figures (135 trails,
 * 126 trails mapped, 24 WMAs: requirements §voice-1, §voice-2.2, §voice-9) disagree with each other
 * and with the data, so the page shows these instead.
 */
export function computeHomeStats(trails: readonly Trail[], wmas: readonly Wma[]): HomeStats {
  return {
    trailCount: trails.filter((trail) => trail.kind !== 'trailhead').length,
    trailheadCount: trails.filter((trail) => trail.kind === 'trailhead').length,
    lineCount: trails.filter((trail) => trail.path && trail.path.length >= 2).length,
    exactCount: trails.filter((trail) => trail.locationConfidence === 'exact').length,
    approximateCount: trails.filter((trail) => trail.locationConfidence === 'approximate').length,
    wmaCount: wmas.length,
    waterfowlWmaCount: wmas.filter((wma) => wma.waterfowl).length,
  };
}

/**
 * "103 Trails", "1 Trail", "1.2K Trails": counts are abbreviated (requirements §core-9 "Number
 * abbreviation").
 */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${abbreviateNumber(count)} ${count === 1 ? singular : plural}`;
}
