/**
 * The activities the trail finder filters by, and every word riders use for them ("side by
 * side", "SxS", "jeep", "dual sport", "MTB" …), mapped to the trail catalogue's `activities`
 * values (data/places/trails.geojson; schemas/trails.ts). Small and free of data files so the
 * router can validate `?activity=` without pulling the gazetteer into the first load.
 */
import type { TrailActivity } from '../../schemas/trails.ts';

/** The activity filter: a trail activity, or `hunting` (Wildlife Management Areas, not trails). */
export type ActivityFilter = TrailActivity | 'hunting';

/** One filter chip on the trails page: which trail activities it keeps. */
export interface ActivityChip {
  id: ActivityFilter;
  label: string;
  /** Trail activities (data/places/trails.geojson `activities`) the chip matches. */
  activities: readonly TrailActivity[];
}

/**
 * The activity chips, riders first (requirements §voice-1: ATV, UTV, 4x4, dirt bike, bicycle,
 * hiking, plus horse and paddling from the data). `hunting` matches no trail: it switches the page
 * to the Wildlife Management Areas.
 */
export const activityChips: readonly ActivityChip[] = [
  { id: 'atv', label: 'ATV', activities: ['atv'] },
  { id: 'utv', label: 'UTV / side-by-side', activities: ['utv'] },
  { id: '4x4', label: '4x4', activities: ['4x4'] },
  { id: 'dirt_bike', label: 'Dirt bike', activities: ['dirt_bike'] },
  { id: 'hiking', label: 'Hiking', activities: ['hiking'] },
  { id: 'biking', label: 'Mountain biking', activities: ['biking'] },
  { id: 'horse', label: 'Horseback', activities: ['horse'] },
  { id: 'paddling', label: 'Paddling', activities: ['paddling'] },
  { id: 'hunting', label: 'Hunting (WMAs)', activities: [] },
];

/** Type guard for values read from the URL or a chip key. */
function isActivityFilter(value: unknown): value is ActivityFilter {
  return typeof value === 'string' && activityChips.some((chip) => chip.id === value);
}

/**
 * What a rider's activity word asks for. `ohv` ("off-road", "OHV", "motorized") is not a chip:
 * it means any motorised activity, so it keeps ATV, UTV, dirt bike and 4x4 trails.
 */
export type ActivityWordMeaning = ActivityFilter | 'ohv';

/** Trail activities an "off-road vehicle" word covers. */
export const motorisedActivities: readonly TrailActivity[] = ['atv', 'utv', 'dirt_bike', '4x4'];

/**
 * The words riders say for each activity, lower case, words separated by single spaces (the
 * shape search text has after normalising: "side-by-side" is "side by side", "4-wheeler" is
 * "4 wheeler"). RZR is Polaris's side-by-side line, the name riders use for any UTV.
 */
export const activityWords: Readonly<Record<ActivityWordMeaning, readonly string[]>> = {
  atv: [
    'atv',
    'atvs',
    'quad',
    'quads',
    'four wheeler',
    'four wheelers',
    'fourwheeler',
    '4 wheeler',
    '4 wheelers',
    '4wheeler',
  ],
  utv: ['utv', 'utvs', 'side by side', 'side by sides', 'sxs', 'sxss', 'rzr', 'rzrs'],
  '4x4': [
    '4x4',
    '4x4s',
    '4wd',
    'four wheel drive',
    'four by four',
    'jeep',
    'jeeps',
    'jeeping',
    'overland',
    'overlanding',
    'rock crawling',
    'truck',
    'trucks',
  ],
  dirt_bike: [
    'dirt bike',
    'dirt bikes',
    'dirtbike',
    'dirtbikes',
    'dual sport',
    'dualsport',
    'dual sports',
    'enduro',
    'motocross',
    'mx',
    'motorcycle',
    'motorcycles',
    'trail bike',
    'trail bikes',
  ],
  hiking: [
    'hiking',
    'hike',
    'hikes',
    'hiker',
    'hikers',
    'walking',
    'walk',
    'backpacking',
    'trail running',
  ],
  biking: [
    'mtb',
    'mountain bike',
    'mountain bikes',
    'mountain biking',
    'bike',
    'bikes',
    'biking',
    'bicycle',
    'bicycling',
    'cycling',
    'cyclist',
    'gravel',
  ],
  horse: ['horse', 'horses', 'horseback', 'horseback riding', 'equestrian'],
  paddling: [
    'paddling',
    'paddle',
    'kayak',
    'kayaks',
    'kayaking',
    'canoe',
    'canoes',
    'canoeing',
    'float',
    'floating',
    'water trail',
    'water trails',
  ],
  hunting: [
    'hunting',
    'hunt',
    'hunter',
    'hunters',
    'wma',
    'wmas',
    'wildlife management area',
    'wildlife management areas',
    'duck hunting',
    'deer hunting',
  ],
  ohv: [
    'ohv',
    'ohvs',
    'off road',
    'offroad',
    'off roading',
    'offroading',
    'off highway vehicle',
    'motorized',
    'motorised',
  ],
};

/** How each meaning is shown in "Understood: …". */
export const activityWordLabels: Readonly<Record<ActivityWordMeaning, string>> = {
  ...(Object.fromEntries(activityChips.map((chip) => [chip.id, chip.label])) as Record<
    ActivityFilter,
    string
  >),
  ohv: 'Off-road vehicles',
};

/** Trail activities a meaning keeps (`hunting` keeps none: hunting areas are the WMAs). */
export function trailActivitiesOf(meaning: ActivityWordMeaning): readonly TrailActivity[] {
  if (meaning === 'ohv') return motorisedActivities;
  return activityChips.find((chip) => chip.id === meaning)?.activities ?? [];
}

/**
 * The chip an `?activity=` value names: a chip id ("dirt_bike") or any rider word for it
 * ("side-by-side", "SxS", "jeep"), case-insensitive; null when it names none (the page then
 * shows every activity rather than failing).
 */
export function activityFromParam(value: unknown): ActivityFilter | null {
  if (typeof value !== 'string') return null;
  if (isActivityFilter(value)) return value;
  const words = value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  for (const chip of activityChips) {
    if (chip.id.replace('_', ' ') === words || activityWords[chip.id].includes(words)) {
      return chip.id;
    }
  }
  return null;
}
