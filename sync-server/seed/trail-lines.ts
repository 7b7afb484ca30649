/**
 * The USFS OHV trail lines of data/trails/ (datasets/usfs-trail-lines.ts) as trail documents of
 * their systems, the systems' own season where their lines agree on one, and difficulties derived
 * from the published trail classes.
 */
import type { Trail, TrailActivity, TrailVehicleClass } from '../../schemas/trails.ts';
import { readUsfsTrailLines, type UsfsTrailLine } from '../../datasets/usfs-trail-lines.ts';
import { lineDifficulty, systemDifficulty } from './trail-difficulty.ts';

/**
 * Activities of a USFS vehicle class (USFS trail classes: ATVs are 50 inches wide or less;
 * "other wheeled OHV" are the wider side-by-sides the app calls UTVs; motorcycles are dirt
 * bikes; four-wheel drives over 50 inches are 4x4s).
 */
const activityOfClass: Record<TrailVehicleClass, TrailActivity> = {
  atv: 'atv',
  motorcycle: 'dirt_bike',
  '4wd_over_50in': '4x4',
  other_wheeled_ohv: 'utv',
};

function activitiesOf(line: UsfsTrailLine, system: Trail): Trail['activities'] {
  // Where the layer publishes no classes (Wolf Pen Gap) the system's listed activities stand.
  if (line.vehicleClasses === null) return [...system.activities];
  return line.vehicleClasses.map((vehicleClass) => activityOfClass[vehicleClass]);
}

function notesOf(line: UsfsTrailLine, system: Trail): string {
  const notes = [
    `A trail of ${system.name}, as the USFS trail layer draws it (${line.dataDate.slice(0, 4)} data; seasons and open classes may have changed since).`,
  ];
  if (line.geometry.type === 'MultiLineString') {
    notes.push(
      `Published in ${line.geometry.coordinates.length} parts; the length counts only the parts, and where their ends do not meet the saved line steps straight from one to the next.`,
    );
  }
  if (line.vehicleClasses === null) {
    notes.push('The Ouachita NF layer does not publish which vehicle classes may use this trail.');
  }
  return notes.join(' ');
}

/** The trail document of one line; place facts the line lacks come from its `system`. */
function lineTrail(line: UsfsTrailLine, system: Trail, updatedAt: number): Trail {
  const [longitude, latitude] = line.path[0]!;
  return {
    id: line.id,
    name: line.name,
    kind: 'ohv_trail',
    systemId: system.id,
    trailNumber: line.trailNumber,
    vehicleClasses: line.vehicleClasses,
    trailClass: line.trailClass,
    season: line.season,
    dataDate: line.dataDate,
    activities: activitiesOf(line, system),
    ...lineDifficulty(line.trailClass),
    lengthMiles: line.lengthMiles,
    county: line.county ?? system.county,
    region: system.region,
    manager: system.manager,
    fee: null,
    officialUrl: system.officialUrl,
    locationConfidence: 'exact',
    notes: notesOf(line, system),
    sources: line.sources,
    longitude: longitude!,
    latitude: latitude!,
    path: line.path.map((position) => [...position]),
    updatedAt,
  };
}

/** The season every line of a system shares, or the system's own (null) when they differ. */
function sharedSeason(lines: readonly Trail[]): Trail['season'] {
  const seasons = new Set(lines.map((line) => JSON.stringify(line.season)));
  if (seasons.size !== 1 || lines[0]!.season === null) return null;
  return { ...lines[0]!.season };
}

/**
 * `systems` (the trails of data/places/trails.geojson) with each USFS line of
 * `${dataDir}/trails/` appended as a trail of its system, each system's `season` set to the
 * season all its lines share and, where no source rates it, its difficulty derived from its
 * lines' trail classes (trail-difficulty.ts). Throws when a line names a system that is not in
 * `systems`.
 */
export function withUsfsTrailLines(dataDir: string, systems: Trail[], updatedAt: number): Trail[] {
  const byId = new Map(systems.map((trail) => [trail.id, trail]));
  const lines = readUsfsTrailLines(dataDir).map((line) => {
    const system = byId.get(line.systemId);
    if (!system) throw new Error(`USFS line ${line.id}: no trail system ${line.systemId}`);
    return lineTrail(line, system, updatedAt);
  });
  const withLineFacts = systems.map((system) => {
    const own = lines.filter((line) => line.systemId === system.id);
    if (own.length === 0) return system;
    return {
      ...system,
      season: system.season ?? sharedSeason(own),
      ...(system.difficulty === null ? systemDifficulty(own) : {}),
    };
  });
  return [...withLineFacts, ...lines];
}
