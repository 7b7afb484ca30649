/**
 * The published seasons and regulations routes (sync-server/routes/regulation-routes.ts), for
 * the admin page. Online only: each throws HttpError for a refused request (its message is the
 * server's) and the fetch TypeError when offline. Devices receive publications through the sync
 * engine (src/sync/published-regulations-refresh.ts), not through these.
 */
import type {
  DuckSeasonPublication,
  PublishedRegulation,
  PublishedRegulations,
  TrailSeasonPublication,
} from '../../../schemas/published-regulations.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { apiRequest } from '../http/request.ts';

/** Query key of the publications list. */
export const regulationsQueryKey = ['regulations'] as const;

/** Every publication in force, newest first. */
export async function fetchPublishedRegulations(): Promise<PublishedRegulation[]> {
  const answer = await apiRequest<PublishedRegulations>('GET', '/api/regulations', undefined, {
    bypassQueue: true,
  });
  return answer.regulations;
}

/** Publishes a duck season (admins); resolves to the stored publication. */
export async function publishDuckSeason(
  season: DuckSeasonPublication,
): Promise<PublishedRegulation> {
  const answer = await apiRequest<{ regulation: PublishedRegulation }>(
    'POST',
    '/api/admin/regulations/duck-season',
    season,
  );
  return answer.regulation;
}

/** Publishes a catalogue trail's season (admins); resolves to it and the trail as devices see it. */
export async function publishTrailSeason(
  season: TrailSeasonPublication,
): Promise<{ regulation: PublishedRegulation; trail: Trail }> {
  return apiRequest<{ regulation: PublishedRegulation; trail: Trail }>(
    'POST',
    '/api/admin/regulations/trail-season',
    season,
  );
}
