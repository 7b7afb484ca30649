import type { FromSchema } from 'json-schema-to-ts';
import {
  epochMsProperty,
  idProperty,
  latitudeProperty,
  longitudeProperty,
  sourcesProperty,
} from './common.ts';

/** Campground types of requirements §voice-3.2; null where no source tells the operator. */
export const campgroundTypes = [
  'state_park',
  'national_park',
  'national_forest',
  'corps_of_engineers',
  'private',
] as const;

/** Yes/no amenity flags of requirements §voice-3.2; each is null when no source says. */
export const campgroundAmenityFlags = [
  'electric_hookups',
  'water_hookups',
  'sewer_hookups',
  'restrooms',
  'showers',
  'dump_station',
  'drinking_water',
  'fire_rings',
  'picnic_tables',
  'tents_allowed',
  'rvs_allowed',
  'wifi',
  'swimming',
  'fishing',
  'boating',
  'boat_launch',
  'hiking_trails',
  'pet_friendly',
  'accessible',
] as const;

const nullableFlag = { type: ['boolean', 'null'] } as const;
const amenityProperties = Object.fromEntries(
  campgroundAmenityFlags.map((flag) => [flag, nullableFlag]),
) as Record<(typeof campgroundAmenityFlags)[number], typeof nullableFlag>;
const nullableCount = { type: ['integer', 'null'], minimum: 0 } as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
/** A 1–5 star average, null until a rider has reviewed. */
const nullableStars = { type: ['number', 'null'], minimum: 1, maximum: 5 } as const;

/** Kinds of place listed as nearby attractions (requirements §voice-3.2 `nearby_attractions`). */
export const nearbyAttractionTypes = ['trail', 'wma', 'lake', 'river'] as const;

/** Radius (miles) within which trails, WMAs, lakes and rivers count as nearby attractions. */
export const nearbyAttractionRadiusMiles = 15;

/**
 * A campground, merged from Recreation.gov RIDB and named OpenStreetMap camp sites
 * (data/campgrounds). Only what a source gives is filled in; everything else is null and the UI
 * says "not published". Availability is never stored here: no source has it. `fee` is only the
 * text an OpenStreetMap `fee`/`charge` tag gives, never a derived price.
 *
 * Version 1 added `ratings`, the averages of riders' visible reviews
 * (schemas/campground-reviews.ts) that the server recomputes on every review push or hide (all
 * null with `reviewsCount` 0 until the first review), and `nearbyAttractions`: trails, WMAs,
 * lakes and rivers within `nearbyAttractionRadiusMiles`, nearest first, computed from the
 * shipped data when the server seeds.
 */
export const campgroundSchema = {
  title: 'campground',
  description: 'A campground in or near Arkansas, with the facts its sources give',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  additionalProperties: false,
  properties: {
    id: idProperty,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    type: { type: ['string', 'null'], enum: [...campgroundTypes, null] },
    description: nullableText(8000),
    operator: nullableText(200),
    location: {
      type: 'object',
      additionalProperties: false,
      properties: {
        longitude: longitudeProperty,
        latitude: latitudeProperty,
        address: nullableText(300),
        city: nullableText(100),
        county: nullableText(100),
        region: nullableText(40),
      },
      required: ['longitude', 'latitude', 'address', 'city', 'county', 'region'],
    },
    siteCounts: {
      type: 'object',
      additionalProperties: false,
      properties: {
        total: nullableCount,
        tent: nullableCount,
        rv: nullableCount,
        cabins: nullableCount,
      },
      required: ['total', 'tent', 'rv', 'cabins'],
    },
    amenities: {
      type: 'object',
      additionalProperties: false,
      properties: amenityProperties,
      required: [...campgroundAmenityFlags],
    },
    fee: nullableText(200),
    roadSurface: nullableText(40),
    contact: {
      type: 'object',
      additionalProperties: false,
      properties: {
        phone: nullableText(40),
        website: nullableText(500),
        email: nullableText(200),
        reservationUrl: nullableText(500),
      },
      required: ['phone', 'website', 'email', 'reservationUrl'],
    },
    ridbFacilityId: nullableText(40),
    osmNodeId: { type: ['number', 'null'] },
    ratings: {
      type: 'object',
      additionalProperties: false,
      properties: {
        overall: nullableStars,
        cleanliness: nullableStars,
        facilities: nullableStars,
        location: nullableStars,
        value: nullableStars,
        reviewsCount: { type: 'integer', minimum: 0 },
      },
      required: ['overall', 'cleanliness', 'facilities', 'location', 'value', 'reviewsCount'],
    },
    nearbyAttractions: {
      type: 'array',
      maxItems: 40,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          type: { type: 'string', enum: nearbyAttractionTypes },
          distanceMiles: { type: 'number', minimum: 0 },
        },
        required: ['name', 'type', 'distanceMiles'],
      },
    },
    sources: sourcesProperty,
    updatedAt: epochMsProperty,
  },
  required: [
    'id',
    'name',
    'type',
    'description',
    'operator',
    'location',
    'siteCounts',
    'amenities',
    'fee',
    'roadSurface',
    'contact',
    'ridbFacilityId',
    'osmNodeId',
    'ratings',
    'nearbyAttractions',
    'sources',
    'updatedAt',
  ],
  indexes: ['updatedAt'],
} as const;

export type Campground = FromSchema<typeof campgroundSchema>;
export type CampgroundType = (typeof campgroundTypes)[number];
export type CampgroundRatings = Campground['ratings'];
export type NearbyAttraction = Campground['nearbyAttractions'][number];

/** Ratings of a campground no visible review rates yet. */
export const unratedCampground: CampgroundRatings = {
  overall: null,
  cleanliness: null,
  facilities: null,
  location: null,
  value: null,
  reviewsCount: 0,
};
