/**
 * The sync benchmark's printed table: docs/s of ours, PouchDB and the raw ceiling for push and
 * pull, then the two ratios the issue sets targets for, each marked PASS or MISS.
 */
import type { DirectionFigure } from './pouchdb-baseline.ts';

/** Ours / PouchDB must be at least this (issue 4). */
export const pouchDbTarget = 2;
/** Raw / ours must be at most this (issue 4). */
export const rawTarget = 3;

/** One contender's figures in both directions. */
export interface ContenderFigures {
  push: DirectionFigure;
  pull: DirectionFigure;
}

/** A contender as printed: a short name for the table and what exactly was measured. */
export interface Contender {
  name: string;
  description: string;
  figures: ContenderFigures;
}

/** Everything the report prints. */
export interface SyncReportInput {
  trips: number;
  /** Measured rounds; every figure is the median of its direction over them. */
  rounds: number;
  /** The judged "ours"; null figures when it could not run, with `oursError` saying why. */
  ours: { name: string; description: string; figures: ContenderFigures | null };
  oursError: string | null;
  pouchDb: Contender;
  raw: Contender;
  /** Printed for information and never judged (e.g. ours on the app's own storage). */
  extra: Contender[];
}

const nameWidth = 30;
const columnWidth = 24;

/** `text` wrapped to lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function rate(direction: DirectionFigure): string {
  const perSecond = Math.round(direction.docsPerSecond).toLocaleString('en-US');
  return `${perSecond}/s (${(direction.ms / 1000).toFixed(2)} s)`.padEnd(columnWidth);
}

function verdict(value: number, passes: boolean): string {
  return `${value.toFixed(2)}x ${passes ? 'PASS' : 'MISS'}`.padEnd(columnWidth);
}

/**
 * The report as lines for console.log, headed `heading` (e.g. "4. Sync"): what each contender
 * was, its docs/s and seconds per direction, then ours / PouchDB (target >= 2) and raw / ours
 * (target <= 3) for push and pull. A missing "ours" is a MISS, never a silent gap.
 */
export function syncReportLines(input: SyncReportInput, heading: string): string[] {
  const judged = [input.ours, ...input.extra, input.pouchDb, input.raw];
  const lines = [
    `${heading} of ${input.trips.toLocaleString('en-US')} trips over loopback, documents per second (median of ${input.rounds} rounds)`,
    ...judged.flatMap((contender) =>
      wrap(contender.description, 80).map(
        (line, index) => `   ${(index === 0 ? `${contender.name}:` : '').padEnd(16)}${line}`,
      ),
    ),
    `   ${''.padEnd(nameWidth)}${'push'.padEnd(columnWidth)}pull`,
  ];
  const row = (name: string, figures: ContenderFigures) =>
    `   ${name.padEnd(nameWidth)}${rate(figures.push)}${rate(figures.pull)}`.trimEnd();
  const ours = input.ours.figures;
  if (ours) lines.push(row(input.ours.name, ours));
  else {
    lines.push(
      `   ${input.ours.name.padEnd(nameWidth)}not measured: ${input.oursError ?? 'unknown error'}`,
    );
  }
  for (const contender of [...input.extra, input.pouchDb, input.raw]) {
    lines.push(row(contender.name, contender.figures));
  }
  const pouchLabel = `${input.ours.name} / ${input.pouchDb.name} (>= ${pouchDbTarget.toFixed(1)})`;
  const rawLabel = `${input.raw.name} / ${input.ours.name} (<= ${rawTarget.toFixed(1)})`;
  if (!ours) {
    lines.push(`   ${pouchLabel.padEnd(nameWidth)}MISS (not measured)`);
    lines.push(`   ${rawLabel.padEnd(nameWidth)}MISS (not measured)`);
    return lines;
  }
  const overPouch = (direction: 'push' | 'pull') =>
    ours[direction].docsPerSecond / input.pouchDb.figures[direction].docsPerSecond;
  const rawOver = (direction: 'push' | 'pull') =>
    input.raw.figures[direction].docsPerSecond / ours[direction].docsPerSecond;
  lines.push(
    `   ${pouchLabel.padEnd(nameWidth)}${verdict(overPouch('push'), overPouch('push') >= pouchDbTarget)}${verdict(overPouch('pull'), overPouch('pull') >= pouchDbTarget)}`.trimEnd(),
  );
  lines.push(
    `   ${rawLabel.padEnd(nameWidth)}${verdict(rawOver('push'), rawOver('push') <= rawTarget)}${verdict(rawOver('pull'), rawOver('pull') <= rawTarget)}`.trimEnd(),
  );
  return lines;
}
