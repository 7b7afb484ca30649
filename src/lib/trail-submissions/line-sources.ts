/**
 * Where a submitted trail's line comes from: the longest track or route of an
 * imported GPX file, or the points a rider taps on the map. Pure; positions are
 * [longitude, latitude] degrees.
 */
import { lineLengthMiles } from '../../../schemas/line-geometry.ts';
import { GpxImportError, type GpxContents } from '../gpx/gpx-import.ts';

/**
 * The line of a GPX file: its longest track or route (by length along it), as
 * [longitude, latitude] positions. Throws GpxImportError (a rider-facing message) when the file
 * has no track or route of two points or more.
 */
export function lineFromGpx(contents: GpxContents): [number, number][] {
  const candidates = contents.lines
    .map((line) =>
      line.positions.map(([longitude, latitude]): [number, number] => [longitude, latitude]),
    )
    .filter((positions) => positions.length >= 2);
  if (candidates.length === 0) {
    throw new GpxImportError(
      'This file has no track or route to submit (only waypoints). Choose a file with the trail’s track.',
    );
  }
  return candidates.reduce((longest, positions) =>
    lineLengthMiles(positions) > lineLengthMiles(longest) ? positions : longest,
  );
}
