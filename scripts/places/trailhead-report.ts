/**
 * The reviewable report of `npm run trailheads` (data/places/trailhead-matches.md): what was
 * upgraded and from where, every pair considered with the figures that decided it, what was
 * added, and what was left out and why. A reviewer reads it before trusting the new points.
 */
import { writeFileSync } from 'node:fs';
import { maxMatchKm, minNameScore, type MatchCandidate } from './trailhead-matching.ts';

/** Everything the report lists. Points are [longitude, latitude]. */
export interface ReportInput {
  candidates: MatchCandidate[];
  /** Display name of every place and trailhead id. */
  names: Map<string, string>;
  upgrades: { place: string; trailhead: string; source: string; before: [number, number] }[];
  added: { name: string; county: string; system: string | null }[];
  skipped: { trailhead: string; source: string; reason: string }[];
  unnamedOsm: number;
  counts: { exact: number; approximate: number };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** Writes the report as Markdown to `file`. */
export function writeTrailheadReport(file: string, report: ReportInput): void {
  const lines = [
    '# Trailhead matches (`npm run trailheads`)',
    '',
    `Rule: a trail point and a trailhead match when at least ${Math.round(minNameScore * 100)} % of the`,
    `shorter name's distinctive words appear in the other name and they lie within ${maxMatchKm} km;`,
    'best name agreement first, then the nearest; each trailhead serves one trail.',
    '',
    `After this run: ${report.counts.exact} places exact, ${report.counts.approximate} approximate.`,
    '',
    `## Upgraded to exact (${report.upgrades.length})`,
    '',
    '| place | trailhead | source | earlier approximate point (lat, lon) |',
    '|---|---|---|---|',
    ...report.upgrades.map(
      (row) =>
        `| ${cell(row.place)} | ${cell(row.trailhead)} | ${cell(row.source)} | ${row.before[1]}, ${row.before[0]} |`,
    ),
    '',
    `## Every pair considered (${report.candidates.length})`,
    '',
    '| place | trailhead | name score | km | decision |',
    '|---|---|---|---|---|',
    ...[...report.candidates]
      .sort((a, b) => a.trailId.localeCompare(b.trailId) || a.km - b.km)
      .map(
        (row) =>
          `| ${cell(report.names.get(row.trailId) ?? row.trailId)} | ${cell(report.names.get(row.trailheadId) ?? row.trailheadId)} | ${row.score.toFixed(2)} | ${row.km.toFixed(1)} | ${row.accepted ? 'match' : 'no'}: ${cell(row.reason)} |`,
      ),
    '',
    `## Added as trailheads (${report.added.length})`,
    '',
    '| trailhead | county | serves |',
    '|---|---|---|',
    ...report.added.map(
      (row) =>
        `| ${cell(row.name)} | ${row.county} | ${row.system ? cell(report.names.get(row.system) ?? row.system) : '–'} |`,
    ),
    '',
    `## Left out (${report.skipped.length}, plus ${report.unnamedOsm} unnamed OSM nodes)`,
    '',
    '| trailhead | source | why |',
    '|---|---|---|',
    ...report.skipped.map(
      (row) => `| ${cell(row.trailhead)} | ${cell(row.source)} | ${cell(row.reason)} |`,
    ),
    '',
    'Unnamed OpenStreetMap trailhead nodes are never added: a rider could not tell them apart.',
    '',
  ];
  writeFileSync(file, lines.join('\n'));
}
