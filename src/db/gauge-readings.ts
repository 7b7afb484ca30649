/**
 * The last reading of each USGS gauge the rider has seen, kept on the device in the local
 * document `gauge-readings` (privacy policy: stored-data.ts) so the waterway pages show the last
 * known level, with its age, offline or when USGS cannot be reached.
 */
import { map, type Observable } from 'rxjs';
import type { GaugeLatest } from '../../schemas/gauge-levels.ts';
import { mergeGaugeReadings, type StoredGaugeReadings } from '../lib/hunting/gauge-readings.ts';
import type { AppDatabase } from './database.ts';
import { localDocumentData } from './local-document-write.ts';
import { modifyLocalDocument } from './local-document-write.ts';

/** Local document id of the kept readings. */
export const gaugeReadingsDocumentId = 'gauge-readings';

/** The stored document: the kept readings by USGS site number. */
export interface StoredGaugeReadingsDocument {
  readings: StoredGaugeReadings;
}

/**
 * Keeps `fresh` answers (a reading replaces the kept one of its site only when it is at least
 * as recent; an answer without readings keeps the old one). Rejects when the database is closed.
 */
export async function keepGaugeReadings(
  db: AppDatabase,
  fresh: readonly GaugeLatest[],
): Promise<void> {
  await modifyLocalDocument<StoredGaugeReadingsDocument>(
    db,
    gaugeReadingsDocumentId,
    (current) => ({
      readings: mergeGaugeReadings(current?.readings ?? null, fresh),
    }),
  );
}

/** The kept readings document on every change; null until something was kept. */
export function observeKeptGaugeReadings(
  db: AppDatabase,
): Observable<StoredGaugeReadingsDocument | null> {
  return db
    .getLocal$<StoredGaugeReadingsDocument>(gaugeReadingsDocumentId)
    .pipe(map((document) => localDocumentData(document)));
}
