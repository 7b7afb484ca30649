/**
 * The documents every part of the sync benchmark moves: realistic finished trips on the real
 * trailheads of data/places/trails.geojson, valid against schemas/trips.ts, with canonical
 * (not `temp-`) ids so the server accepts them on push. Deterministic: the same seed gives the
 * same trips, so every run and every contender moves identical bytes.
 */
import { readFileSync } from 'node:fs';
import type { Trip } from '../../../schemas/trips.ts';
import { seededRandom } from '../../support/seeded-random.ts';

interface Trailhead {
  id: string;
  name: string;
  longitude: number;
  latitude: number;
}

const trailsFile = new URL('../../../data/places/trails.geojson', import.meta.url);

function trailheads(): Trailhead[] {
  const collection = JSON.parse(readFileSync(trailsFile, 'utf8')) as {
    features: {
      geometry: { coordinates: [number, number] };
      properties: { id: string; name: string };
    }[];
  };
  return collection.features.map((feature) => ({
    id: feature.properties.id,
    name: feature.properties.name,
    longitude: feature.geometry.coordinates[0],
    latitude: feature.geometry.coordinates[1],
  }));
}

/** A UUID-shaped id from the generator, like the canonical ids the server hands out. */
function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

const vehicleTypes = ['4x4', 'atv', 'utv', 'dirt_bike', 'mountain_bike', 'hiking', null] as const;
const notes = [
  null,
  null,
  'Creek crossing was up after the rain; took the bypass.',
  'Rocky climb past the second gate, aired down to 15 psi.',
  'Saw a black bear near the overlook. Good cell signal at the top only.',
  'Trail closed past mile 6 for logging; turned around at the sign.',
];

/**
 * `count` finished trips, status pending (not yet on the server), spread over the last year.
 * `userId` is a placeholder: the server replaces it with the token's user on push.
 */
export function benchTrips(count: number, seed = 4): Trip[] {
  const random = seededRandom(seed);
  const heads = trailheads();
  const firstStart = Date.UTC(2025, 0, 1, 13, 0, 0);
  return Array.from({ length: count }, (_, index): Trip => {
    const head = heads[index % heads.length]!;
    const startedAt = firstStart + index * 53 * 60_000 + Math.floor(random() * 600_000);
    const elapsedTimeMs = Math.floor((1 + random() * 5) * 3_600_000);
    const movingTimeMs = Math.floor(elapsedTimeMs * (0.6 + random() * 0.35));
    const distanceMiles = Math.round((movingTimeMs / 3_600_000) * (4 + random() * 14) * 100) / 100;
    const averageSpeedMph = Math.round((distanceMiles / (movingTimeMs / 3_600_000)) * 100) / 100;
    const endedAt = startedAt + elapsedTimeMs;
    const spread = 0.02 + random() * 0.08;
    return {
      id: uuidFrom(random),
      userId: 'bench-rider',
      name: `${head.name} ride ${Math.floor(index / heads.length) + 1}`,
      trailId: head.id,
      vehicleType: vehicleTypes[index % vehicleTypes.length]!,
      source: index % 9 === 0 ? 'imported' : 'recorded',
      recordingState: 'finished',
      status: 'pending',
      startedAt,
      endedAt,
      distanceMiles,
      movingTimeMs,
      elapsedTimeMs,
      averageSpeedMph,
      maxSpeedMph: Math.round(averageSpeedMph * (1.4 + random()) * 100) / 100,
      elevationGainFeet: Math.round(random() * 3000),
      elevationLossFeet: Math.round(random() * 3000),
      trackPointCount: Math.floor(elapsedTimeMs / 1000),
      bbox: [
        Math.round((head.longitude - spread) * 1e5) / 1e5,
        Math.round((head.latitude - spread) * 1e5) / 1e5,
        Math.round((head.longitude + spread) * 1e5) / 1e5,
        Math.round((head.latitude + spread) * 1e5) / 1e5,
      ],
      notes: notes[index % notes.length]!,
      createdAt: startedAt,
      updatedAt: endedAt,
    };
  });
}
