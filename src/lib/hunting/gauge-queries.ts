/**
 * The live readings of the gauges a page shows, in one request to
 * GET /api/gauges/latest?sites=… (the server asks USGS), through TanStack Query with the app's
 * policy (src/lib/http/query-client.ts, requirements §core-9 "Query cache"): the page must sit
 * inside `<OnlineQueries>`. Offline the request waits rather than fails (network mode online).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { maxGaugesPerRequest, type GaugeLatestBatch } from '../../../schemas/gauge-levels.ts';
import { queryStaleTimeMs } from '../http/query-client.ts';
import { apiRequest } from '../http/request.ts';

/** The query key of the readings of `siteNumbers` (sorted, so the order shown does not matter). */
export function gaugeReadingsQueryKey(siteNumbers: readonly string[]): readonly string[] {
  return ['gauges', 'latest', [...siteNumbers].sort().join(',')];
}

/**
 * Fetches the latest readings of up to `maxGaugesPerRequest` sites. Throws HttpError for a
 * refused request (400/404) or when USGS answered for none of them (502), and the fetch
 * TypeError without a connection.
 */
export function fetchGaugeReadings(
  siteNumbers: readonly string[],
  signal?: AbortSignal,
): Promise<GaugeLatestBatch> {
  const sites = [...siteNumbers].sort().slice(0, maxGaugesPerRequest).join(',');
  return apiRequest<GaugeLatestBatch>('GET', `/api/gauges/latest?sites=${sites}`, undefined, {
    ...(signal ? { signal } : {}),
  });
}

/**
 * The live readings of `siteNumbers` (nothing is asked for an empty list), asked again each
 * time the answer turns stale while the page stays open and visible: most gauges report every
 * 15 minutes, and the policy itself refetches on no event.
 */
export function useGaugeReadings(siteNumbers: readonly string[]): UseQueryResult<GaugeLatestBatch> {
  return useQuery({
    queryKey: gaugeReadingsQueryKey(siteNumbers),
    queryFn: ({ signal }) => fetchGaugeReadings(siteNumbers, signal),
    enabled: siteNumbers.length > 0,
    refetchInterval: queryStaleTimeMs,
  });
}
