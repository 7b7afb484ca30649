/**
 * The shipped USGS stream gauges (data/gauges/usgs-gauges-ozark-stream-tracker.geojson, USGS
 * NWIS site facts via ozark_stream_tracker, see data/README.md) as the server needs them: the
 * site numbers it may ask USGS about, with their names.
 */
import { join } from 'node:path';
import { readPointRecords } from './geojson.ts';

/** Path of the gauges file inside a data folder. */
export const gaugesFile = 'gauges/usgs-gauges-ozark-stream-tracker.geojson';

/**
 * Site number → gauge name of every shipped gauge under `dataDir`. Throws if the file is
 * missing or malformed.
 */
export function readShippedGaugeSites(dataDir: string): Map<string, string> {
  const records = readPointRecords<{ site_no: string; name: string }>(join(dataDir, gaugesFile));
  return new Map(records.map(({ properties }) => [properties.site_no, properties.name]));
}
