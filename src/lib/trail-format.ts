/**
 * How trail facts are written on cards and the trail page. Every function says plainly when the
 * catalogue does not know a value (data/places/README.md: "A null value means unknown"), rather
 * than leaving a gap a rider could read as "none" or "free".
 */
import type {
  Trail,
  TrailActivity,
  TrailDifficulty,
  TrailVehicleClass,
} from '../../schemas/trails.ts';

const kindLabels: Readonly<Record<Trail['kind'], string>> = {
  ohv_trail_system: 'OHV trail system',
  multi_use_trail: 'Multi-use trail',
  riding_park: 'Riding park',
  hiking_trail: 'Hiking trail',
  mtb_trail: 'Mountain bike trail',
  equestrian_trail: 'Horse trail',
  water_trail: 'Water trail',
  trailhead: 'Trailhead',
  ohv_trail: 'OHV trail',
};

const activityLabels: Readonly<Record<TrailActivity, string>> = {
  atv: 'ATV',
  utv: 'UTV',
  '4x4': '4x4',
  dirt_bike: 'Dirt bike',
  hiking: 'Hiking',
  biking: 'Biking',
  horse: 'Horseback',
  paddling: 'Paddling',
};

/** "OHV trail system" for `ohv_trail_system` (schemas/trails.ts `trailKinds`). */
export function trailKindLabel(kind: Trail['kind']): string {
  return kindLabels[kind];
}

/** "Dirt bike" for `dirt_bike` (schemas/trails.ts `trailActivities`). */
export function activityLabel(activity: TrailActivity): string {
  return activityLabels[activity];
}

const vehicleClassLabels: Readonly<Record<TrailVehicleClass, string>> = {
  atv: 'ATV',
  motorcycle: 'Motorcycle',
  '4wd_over_50in': '4WD over 50"',
  other_wheeled_ohv: 'Other wheeled OHV',
};

/**
 * The USFS vehicle classes a trail is open to ("ATV, Motorcycle"), "None listed" for an empty
 * list, and "Vehicle classes not published" for null (the Ouachita NF layer publishes none).
 */
export function vehicleClassesLabel(classes: readonly TrailVehicleClass[] | null): string {
  if (classes === null) return 'Vehicle classes not published';
  if (classes.length === 0) return 'None listed';
  return classes.map((vehicleClass) => vehicleClassLabels[vehicleClass]).join(', ');
}

/**
 * The date of a trail's source data: "June 8, 2021" for an ISO date, "2021" where the source
 * gives only the year, "Date of the data unknown" for null.
 */
export function dataDateLabel(dataDate: string | null): string {
  if (!dataDate) return 'Date of the data unknown';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dataDate);
  if (!match) return dataDate;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Easy" / "Moderate" / "Hard", or "Difficulty not rated" when the data has no rating. */
export function difficultyLabel(difficulty: TrailDifficulty | null): string {
  if (!difficulty) return 'Difficulty not rated';
  return difficulty[0]!.toUpperCase() + difficulty.slice(1);
}

/**
 * A trail's difficulty as {@link difficultyLabel} writes it, marked "(derived)" where the app
 * derived it from a published field (`difficultySource`, schemas/trails.ts) rather than a
 * source rating it: "Moderate (derived)".
 */
export function trailDifficultyLabel(
  trail: Pick<Trail, 'difficulty' | 'difficultySource'>,
): string {
  const label = difficultyLabel(trail.difficulty);
  return trail.difficulty && trail.difficultySource ? `${label} (derived)` : label;
}

/** Length in miles ("26.8 mi", "50 mi"), or "Length unknown". */
export function lengthLabel(lengthMiles: number | null): string {
  if (lengthMiles === null) return 'Length unknown';
  const rounded = Math.round(lengthMiles * 10) / 10;
  return `${rounded.toLocaleString('en-US')} mi`;
}

/** The fee as the source wrote it ("$3/day"), or "Fee unknown". Never "Free": null is unknown. */
export function feeLabel(fee: string | null): string {
  return fee && fee.trim() ? fee : 'Fee unknown';
}

/** "Washington County · Ozarks". The data's county names carry no "County" suffix. */
export function countyRegionLabel(
  county: string | null | undefined,
  region: string | null | undefined,
): string {
  const parts: string[] = [];
  if (county) parts.push(`${county} County`);
  if (region) parts.push(region);
  return parts.length > 0 ? parts.join(' · ') : 'County unknown';
}

/**
 * Decimal degrees WGS84 in "lat, lon" order with 5 decimals (about 1 m), as riders type them
 * into a GPS or a maps app: `formatCoordinates(35.8242, -93.83392)` → "35.82420, -93.83392".
 */
export function formatCoordinates(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/**
 * A driving-directions link to the trailhead using "lat,lng" (requirements §voice-2.6/§voice-7.2 "a
 * maps directions link using lat,lng"). Google Maps' documented URL scheme; it needs a network.
 */
export function directionsUrl(latitude: number, longitude: number): string {
  const destination = `${latitude.toFixed(5)},${longitude.toFixed(5)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** A trail source: a web page to open, or a dataset record / note to show as text. */
export type SourceEntry =
  { kind: 'link'; href: string; label: string } | { kind: 'text'; text: string };

/**
 * Classifies a `sources` entry (schemas/common.ts): http(s) URLs become links labelled with
 * their host and path; everything else ("OSM node …", "RIDB facility …", "product spec",
 * "general knowledge") stays text; "product spec" (a figure from the product brief with no
 * independent source) is shown to riders as "Not independently verified".
 */
export function describeSource(source: string): SourceEntry {
  const trimmed = source.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const url = new URL(trimmed);
      const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
      return {
        kind: 'link',
        href: url.href,
        label: `${url.hostname.replace(/^www\./, '')}${path}`,
      };
    } catch {
      return { kind: 'text', text: trimmed };
    }
  }
  if (trimmed.toLowerCase() === 'product spec')
    return { kind: 'text', text: 'Not independently verified' };
  if (trimmed.toLowerCase() === 'general knowledge') {
    return { kind: 'text', text: 'General knowledge (not checked against a document)' };
  }
  return { kind: 'text', text: trimmed };
}

/** True when the URL is safe to put in an href (http or https only). */
export function isWebUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
