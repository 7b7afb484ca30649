/**
 * Group rides ("create a ride (trail, meeting trailhead, time, vehicle types, size
 * limit), share a link, join and leave, roster, the plan on the map, offline copies for members;
 * while online, members who opt in see each other's last position"). Rides are shared between
 * riders, so they live in server tables behind `/api/group-rides`, not in the per-rider
 * `records` collection. These schemas are the contract of the server's validation and the forms.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { latitudeProperty, longitudeProperty } from './common.ts';
import { garageVehicleTypes } from './records.ts';

/** Vehicle types a ride welcomes: the registration form's ids (requirements §core-3). */
export const groupRideVehicleTypes = garageVehicleTypes;

/** Limits of a ride's fields. `sizeLimit` counts every member, the organiser included. */
export const groupRideLimits = {
  notes: 1000,
  minSize: 2,
  maxSize: 50,
  /** Furthest ahead a ride may be planned, ms (one year). */
  maxAheadMs: 366 * 24 * 60 * 60 * 1000,
  /** Most rides one rider may organise that have not started yet. */
  maxUpcomingOrganised: 20,
} as const;

/** A ride counts as past this long after its start (ms, 12 hours): joins and edits stop then. */
export const groupRidePastAfterMs = 12 * 60 * 60 * 1000;

/** A position older than this is shown with its age (ms, 15 minutes). */
export const staleGroupPositionMs = 15 * 60 * 1000;

const catalogueIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+$',
} as const;

/**
 * What the organiser sends to create or edit a ride. `trailheadId` is a catalogue trail of kind
 * `trailhead`, or null to meet at the trail's own start (its catalogue point). `startsAt` is
 * epoch ms.
 */
export const groupRidePlanSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['trailId', 'trailheadId', 'startsAt', 'vehicleTypes', 'sizeLimit', 'notes'],
  properties: {
    trailId: catalogueIdProperty,
    trailheadId: { anyOf: [catalogueIdProperty, { type: 'null' }] },
    startsAt: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
    vehicleTypes: {
      type: 'array',
      minItems: 1,
      maxItems: groupRideVehicleTypes.length,
      uniqueItems: true,
      items: { type: 'string', enum: groupRideVehicleTypes },
    },
    sizeLimit: {
      type: 'integer',
      minimum: groupRideLimits.minSize,
      maximum: groupRideLimits.maxSize,
    },
    notes: { type: 'string', maxLength: groupRideLimits.notes },
  },
} as const;

export type GroupRidePlan = FromSchema<typeof groupRidePlanSchema>;

/** A member's position report: [lon, lat] in degrees, accuracy in metres, time in epoch ms. */
export const groupRidePositionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['longitude', 'latitude', 'accuracyMeters', 'recordedAt'],
  properties: {
    longitude: longitudeProperty,
    latitude: latitudeProperty,
    accuracyMeters: { type: 'number', minimum: 0, maximum: 100_000 },
    recordedAt: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
  },
} as const;

export type GroupRidePositionReport = FromSchema<typeof groupRidePositionSchema>;

/** The opt-in switch: `{ share: true }` starts sharing, false stops it and forgets the position. */
export const groupRideSharingSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['share'],
  properties: { share: { type: 'boolean' } },
} as const;

/** Where the group meets: a catalogue trailhead or the trail's start, [lon, lat] in degrees. */
export interface GroupRideMeeting {
  /** The catalogue trailhead's id; null when the group meets at the trail's own start. */
  trailheadId: string | null;
  name: string;
  longitude: number;
  latitude: number;
}

/** A member of a ride as the roster shows it. */
export interface GroupRideMember {
  username: string;
  joinedAt: number;
  organiser: boolean;
}

/** A ride as the API answers it; times in epoch ms. */
export interface GroupRide {
  id: string;
  organiser: string;
  trailId: string;
  /** The trail's name when the ride was planned (its line and point come from the catalogue). */
  trailName: string;
  meeting: GroupRideMeeting;
  startsAt: number;
  vehicleTypes: (typeof groupRideVehicleTypes)[number][];
  sizeLimit: number;
  notes: string;
  status: 'planned' | 'cancelled';
  members: GroupRideMember[];
  createdAt: number;
  updatedAt: number;
  /** Whether the asking rider is a member, and whether they share their position. */
  viewer: { member: boolean; sharesPosition: boolean };
}

/** A member's last shared position (only members who opted in are ever sent). */
export interface GroupRidePosition {
  username: string;
  longitude: number;
  latitude: number;
  accuracyMeters: number;
  recordedAt: number;
}
