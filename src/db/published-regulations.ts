/**
 * The seasons and regulations this installation's operator published (GET /api/regulations,
 * schemas/published-regulations.ts), kept on the device in the local document
 * `published-regulations` so the duck page shows them offline. The sync engine refreshes it
 * after every successful catalogue pull (src/sync/published-regulations-refresh.ts); trail
 * seasons need no copy here: they arrive inside the trail catalogue.
 */
import { map, type Observable } from 'rxjs';
import type {
  DuckSeasonPublication,
  PublishedRegulation,
} from '../../schemas/published-regulations.ts';
import type { AppDatabase } from './database.ts';
import { localDocumentData } from './local-document-write.ts';

/** Local document id of the kept listing (privacy policy: src/lib/privacy/stored-data.ts). */
export const publishedRegulationsDocumentId = 'published-regulations';

/** The kept listing and when it was fetched (epoch ms). */
export interface KeptRegulations {
  fetchedAt: number;
  regulations: PublishedRegulation[];
}

/** Replaces the kept listing with `regulations`, fetched at `fetchedAt` (epoch ms). */
export async function keepPublishedRegulations(
  db: AppDatabase,
  regulations: PublishedRegulation[],
  fetchedAt: number,
): Promise<void> {
  await db.upsertLocal<KeptRegulations>(publishedRegulationsDocumentId, {
    fetchedAt,
    regulations,
  });
}

/** A published duck season with when it was published (epoch ms). */
export interface PublishedDuckSeason {
  season: DuckSeasonPublication;
  publishedAt: number;
}

/** The kept duck seasons by season label ("2026-27"); empty before the first fetch. */
export function observePublishedDuckSeasons(
  db: AppDatabase,
): Observable<Map<string, PublishedDuckSeason>> {
  return db.getLocal$<KeptRegulations>(publishedRegulationsDocumentId).pipe(
    map((document) => {
      const kept = localDocumentData<KeptRegulations>(document);
      const seasons = new Map<string, PublishedDuckSeason>();
      for (const regulation of kept?.regulations ?? []) {
        if (regulation.kind !== 'duck-season') continue;
        seasons.set(regulation.data.seasonLabel, {
          season: regulation.data,
          publishedAt: regulation.publishedAt,
        });
      }
      return seasons;
    }),
  );
}
