/**
 * GPX import of real-world shapes (Garmin device, OsmAnd, Gaia GPS fixtures in
 * tests/fixtures/gpx), malformed files, and the export → import round trip.
 */
import { readFileSync } from 'node:fs';
import { DOMParser, onErrorStopParsing } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { buildGpx, gpxFileName, type ExportPosition } from '../../../src/lib/gpx/gpx-export.ts';
import { GpxImportError, parseGpx } from '../../../src/lib/gpx/gpx-import.ts';

const parser = new DOMParser({ onError: onErrorStopParsing });
const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/gpx/${name}`, import.meta.url), 'utf8');

describe('GPX import of real-world dialects', () => {
  it('reads a Garmin device track with Garmin extensions and a waypoint', () => {
    const contents = parseGpx(fixture('garmin-etrex.gpx'), parser);
    expect(contents.creator).toBe('eTrex 32x');
    expect(contents.lines).toHaveLength(1);
    const [track] = contents.lines;
    expect(track?.kind).toBe('track');
    expect(track?.name).toBe('Current Track: 04 OCT 2025 10:00');
    expect(track?.positions).toHaveLength(120);
    expect(track?.positions[0]?.[3]).toBe(Date.UTC(2025, 9, 4, 15, 0, 0));
    expect(track?.positions.every((position) => position[2] !== null && position[3] !== null)).toBe(
      true,
    );
    expect(contents.waypoints).toEqual([
      expect.objectContaining({ name: '001', symbol: 'Flag, Blue', elevation: 262.4 }),
    ]);
  });

  it('joins the segments of an OsmAnd track and keeps its favourite', () => {
    const contents = parseGpx(fixture('osmand-track.gpx'), parser);
    expect(contents.creator).toBe('OsmAnd~ 4.8.6');
    expect(contents.name).toBe('2025-10-05_09-30_Sun');
    expect(contents.lines).toHaveLength(1);
    const positions = contents.lines[0]?.positions ?? [];
    expect(positions).toHaveLength(136);
    const times = positions.map((position) => position[3] as number);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(contents.waypoints[0]?.name).toBe('Summit parking');
  });

  it('reads a Gaia GPS file with a route (no times), a track and a waypoint', () => {
    const contents = parseGpx(fixture('gaia-gps.gpx'), parser);
    expect(contents.name).toBe("Devil's Den & Butterfield");
    const route = contents.lines.find((line) => line.kind === 'route');
    const track = contents.lines.find((line) => line.kind === 'track');
    expect(route?.positions).toHaveLength(3);
    expect(route?.positions.every((position) => position[3] === null)).toBe(true);
    expect(track?.name).toBe("Devil's Den ride");
    expect(track?.positions).toHaveLength(69);
    expect(contents.waypoints[0]).toMatchObject({
      name: 'Trailhead parking',
      description: 'Start here',
    });
  });

  it('rejects a file cut short, KML, and an empty GPX with clear messages', () => {
    expect(() => parseGpx(fixture('truncated-garmin.gpx'), parser)).toThrow(GpxImportError);
    expect(() => parseGpx(fixture('truncated-garmin.gpx'), parser)).toThrow(
      /not valid XML.*Nothing was imported/,
    );
    expect(() =>
      parseGpx(
        '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>',
        parser,
      ),
    ).toThrow(/KML XML, not GPX/);
    expect(() =>
      parseGpx(
        '<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"></gpx>',
        parser,
      ),
    ).toThrow(/no tracks, routes or waypoints/);
    expect(() => parseGpx('   ', parser)).toThrow(/empty/);
  });
});

describe('GPX export', () => {
  const positions: ExportPosition[] = [
    [-92.9391234, 35.1219876, 251.26, Date.UTC(2025, 9, 4, 15, 0, 0, 250), 4],
    [-92.9391999, 35.1221, null, Date.UTC(2025, 9, 4, 15, 0, 1, 250), 5],
    [-92.9393, 35.1223, 253.9, Date.UTC(2025, 9, 4, 15, 0, 2, 250), null],
  ];

  it('round-trips positions, elevation and time through GPX 1.1', () => {
    const xml = buildGpx({
      name: 'Cedar Falls <ride> & more',
      startedAt: positions[0]![3],
      positions,
      waypoints: [{ name: 'Overlook', longitude: -92.94, latitude: 35.12, elevation: 260 }],
    });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(
      '<gpx version="1.1" creator="Natural State Trails" xmlns="http://www.topografix.com/GPX/1/1"',
    );
    const contents = parseGpx(xml, parser);
    expect(contents.name).toBe('Cedar Falls <ride> & more');
    expect(contents.lines[0]?.positions).toEqual([
      [-92.9391234, 35.1219876, 251.3, Date.UTC(2025, 9, 4, 15, 0, 0, 250)],
      [-92.9391999, 35.1221, null, Date.UTC(2025, 9, 4, 15, 0, 1, 250)],
      [-92.9393, 35.1223, 253.9, Date.UTC(2025, 9, 4, 15, 0, 2, 250)],
    ]);
    expect(contents.waypoints[0]).toMatchObject({ name: 'Overlook', elevation: 260 });
  });

  it('round-trips a real-world import unchanged in shape', () => {
    const garmin = parseGpx(fixture('garmin-etrex.gpx'), parser);
    const track = garmin.lines[0]!;
    const again = parseGpx(
      buildGpx({
        name: track.name ?? 'x',
        startedAt: track.positions[0]![3],
        positions: track.positions,
      }),
      parser,
    );
    expect(again.lines[0]?.positions).toEqual(track.positions);
  });

  it('names files after the trip and its date', () => {
    expect(gpxFileName("Devil's Den ride!", Date.UTC(2025, 9, 4))).toBe(
      'devil-s-den-ride-2025-10-04.gpx',
    );
    expect(gpxFileName('***', null)).toBe('trip.gpx');
  });
});
