/**
 * The riding parks and areas of the Local category (requirements §voice-2.1 route
 * table: /jerusalem-area-trails, /carters-riding-park, /macks-pines, /hot-springs-offroad-park).
 * Each page is built from the trail catalogue (data/places/trails.geojson, by `trailId`); this
 * file holds only what the catalogue cannot: which record a page shows, and the spec's card
 * figures (§voice-9 "Trail facts on cards"), which data/places/README.md records as coming from the
 * product brief with no independent source, so pages label them "not verified".
 */

/** Keys of the park pages; each is also the page's feature directory key. */
export const parkPageKeys = [
  'jerusalem-area-trails',
  'carters-riding-park',
  'macks-pines',
  'hot-springs-offroad-park',
] as const;
export type ParkPageKey = (typeof parkPageKeys)[number];

/** One park or area page. */
export interface ParkPage {
  key: ParkPageKey;
  /** App path of the page (the spec's route). */
  path: `/${ParkPageKey}`;
  /** Page heading. */
  title: string;
  /** Id in data/places/trails.geojson, or null where no source identifies the place. */
  trailId: string | null;
  /** Figures the product brief gives for the place (§voice-9), never confirmed by a source. */
  unverifiedClaims: readonly string[];
  /** Why the page shows this catalogue record, or why it has none. */
  identification: string;
}

/** The four pages, in the directory's order. */
export const parkPages: Readonly<Record<ParkPageKey, ParkPage>> = {
  'jerusalem-area-trails': {
    key: 'jerusalem-area-trails',
    path: '/jerusalem-area-trails',
    title: 'Jerusalem Area Trails',
    trailId: 'brock-creek-ohv-trail',
    unverifiedClaims: ['Brock Creek: 6 miles'],
    identification:
      'The trails riders call the Jerusalem-area trails are the Brock Creek OHV trails of the Ozark–St. Francis National Forest, north of Jerusalem in Van Buren County. The trail list keeps them as one record, shown here.',
  },
  'carters-riding-park': {
    key: 'carters-riding-park',
    path: '/carters-riding-park',
    title: "Carter's Riding Park",
    trailId: null,
    unverifiedClaims: ["Carter's Beginner Loop: 3.8 miles"],
    identification:
      "No public source we could find names or places a Carter's Riding Park in Arkansas, so it is not in the trail list, it has no point on the map and we cannot tell you how to get there.",
  },
  'macks-pines': {
    key: 'macks-pines',
    path: '/macks-pines',
    title: "Mack's Pines",
    trailId: 'macks-pines',
    unverifiedClaims: [],
    identification:
      "Mack's Pines is a private riding area and RV park on Highway 7 north of Dover in Pope County.",
  },
  'hot-springs-offroad-park': {
    key: 'hot-springs-offroad-park',
    path: '/hot-springs-offroad-park',
    title: 'Hot Springs Off-Road Park',
    trailId: 'hot-springs-off-road-park',
    unverifiedClaims: ['1,242 acres', '75+ miles'],
    identification:
      'Hot Springs Off-Road Park is a privately run riding park in Garland County, a few miles from Hot Springs; the sources below say it was formerly Superlift ORV Park.',
  },
};
