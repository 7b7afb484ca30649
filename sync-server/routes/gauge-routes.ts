/**
 * GET /api/gauges/:siteNumber/latest and GET /api/gauges/latest?sites=a,b,c: the latest
 * discharge and gage height of shipped USGS stream gauges (one, or up to `maxGaugesPerRequest`
 * in one call for pages that list many), fetched by the server from the USGS Instantaneous
 * Values service so the browser never calls USGS itself (the CSP keeps connect-src to 'self').
 * Only the gauges in data/gauges/ may be asked about (400 for a malformed site number or list,
 * 404 for one not shipped); USGS is given a few seconds (502 when it is slow, down or answers
 * nonsense); a good answer is kept in memory for a few minutes, a failure is not kept.
 * Nothing is written to the database.
 */
import type { FastifyInstance } from 'fastify';
import {
  maxGaugesPerRequest,
  type GaugeLatest,
  type GaugeLatestBatch,
} from '../../schemas/gauge-levels.ts';
import { readShippedGaugeSites } from '../../datasets/gauges.ts';
import { sendError } from '../errors.ts';
import { readInstantaneousValues } from './usgs-instantaneous-values.ts';

/** The USGS Instantaneous Values endpoint (USGS_IV_URL overrides it, e.g. in tests). */
export const defaultUsgsIvUrl = 'https://waterservices.usgs.gov/nwis/iv/';

/** Where and how patiently the server asks USGS. */
export interface UsgsSettings {
  /** Base URL of the IV service; the query string is added to it. */
  ivUrl: string;
  /** Give up on USGS after this long; default 5000 ms. */
  timeoutMs?: number;
  /** Keep a good answer this long; default 5 minutes (most sites report every 15 minutes). */
  cacheMs?: number;
}

/** Options of `registerGaugeRoutes`. */
export interface GaugeRouteOptions {
  /** Data folder holding gauges/usgs-gauges-ozark-stream-tracker.geojson. */
  dataDir: string;
  usgs: UsgsSettings;
}

/** USGS site numbers are 8 to 15 digits. */
const siteNumberPattern = /^\d{8,15}$/;

/** Requests per minute per address: each miss costs a call to a public federal service. */
export const gaugeRequestsPerMinute = 60;

/** 502 text when USGS cannot answer. */
export const usgsUnavailableMessage =
  'USGS water data could not be reached; try again later or open the gauge’s USGS page.';

/**
 * One USGS call for every site of `sites` (site number → shipped name); each site's latest
 * readings, with the USGS site name where USGS gives one. Throws when USGS fails or answers
 * nonsense.
 */
async function fetchLatest(
  usgs: UsgsSettings,
  sites: ReadonlyMap<string, string>,
): Promise<Map<string, GaugeLatest>> {
  const url = new URL(usgs.ivUrl);
  url.search = new URLSearchParams({
    format: 'json',
    sites: [...sites.keys()].join(','),
    parameterCd: '00060,00065',
  }).toString();
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(usgs.timeoutMs ?? 5000),
  });
  if (!response.ok) throw new Error(`USGS answered ${response.status}`);
  const answer: unknown = await response.json();
  const fetchedAt = Date.now();
  const latest = new Map<string, GaugeLatest>();
  for (const [siteNumber, shippedName] of sites) {
    const { siteName, readings } = readInstantaneousValues(answer, siteNumber);
    latest.set(siteNumber, { siteNumber, siteName: siteName ?? shippedName, readings, fetchedAt });
  }
  return latest;
}

type CacheEntry = { until: number; answer: Promise<GaugeLatest> };

/**
 * The latest reading of each site, sharing in-flight and fresh answers so a burst of riders
 * costs USGS one call; the sites nobody asked about recently go to USGS together in one call.
 * A failed answer leaves the cache at once, so the next request asks USGS again.
 */
function latestReadings(
  usgs: UsgsSettings,
  cache: Map<string, CacheEntry>,
  sites: ReadonlyMap<string, string>,
): Promise<GaugeLatest>[] {
  const now = Date.now();
  const missing = new Map([...sites].filter(([site]) => !((cache.get(site)?.until ?? 0) > now)));
  if (missing.size > 0) {
    const batch = fetchLatest(usgs, missing);
    for (const siteNumber of missing.keys()) {
      const entry: CacheEntry = {
        until: now + (usgs.cacheMs ?? 5 * 60_000),
        answer: batch.then((latest) => latest.get(siteNumber)!),
      };
      cache.set(siteNumber, entry);
      entry.answer.catch(() => {
        if (cache.get(siteNumber) === entry) cache.delete(siteNumber);
      });
    }
  }
  return [...sites.keys()].map((siteNumber) => cache.get(siteNumber)!.answer);
}

/**
 * The site numbers of a `sites` query (comma-separated, duplicates dropped), or the reason it is
 * refused: missing, malformed or more than `maxGaugesPerRequest`.
 */
export function parseSitesQuery(sites: unknown): { sites: string[] } | { error: string } {
  if (typeof sites !== 'string' || sites.trim() === '') {
    return { error: 'Name the gauges: ?sites= with USGS site numbers separated by commas.' };
  }
  const list = [...new Set(sites.split(',').map((site) => site.trim()))];
  if (list.length > maxGaugesPerRequest) {
    return { error: `Ask about at most ${maxGaugesPerRequest} gauges at once.` };
  }
  const malformed = list.find((site) => !siteNumberPattern.test(site));
  if (malformed !== undefined) return { error: 'A USGS site number is 8 to 15 digits.' };
  return { sites: list };
}

/** Registers the latest-reading routes for the gauges shipped under `dataDir`. */
export async function registerGaugeRoutes(
  app: FastifyInstance,
  { dataDir, usgs }: GaugeRouteOptions,
): Promise<void> {
  const shipped = readShippedGaugeSites(dataDir);
  const cache = new Map<string, CacheEntry>();
  const rateLimit = { max: gaugeRequestsPerMinute, timeWindow: '1 minute' };

  app.get<{ Params: { siteNumber: string } }>(
    '/api/gauges/:siteNumber/latest',
    { config: { rateLimit } },
    async (request, reply) => {
      const { siteNumber } = request.params;
      if (!siteNumberPattern.test(siteNumber)) {
        return sendError(reply, 400, 'A USGS site number is 8 to 15 digits.');
      }
      const shippedName = shipped.get(siteNumber);
      if (shippedName === undefined) {
        return sendError(reply, 404, `Gauge ${siteNumber} is not one of this app's gauges.`);
      }
      try {
        const [answer] = latestReadings(usgs, cache, new Map([[siteNumber, shippedName]]));
        const latest = await answer!;
        reply.header('cache-control', 'no-cache');
        return latest;
      } catch (error) {
        request.log.warn({ err: error, siteNumber }, 'USGS request failed');
        return sendError(reply, 502, usgsUnavailableMessage);
      }
    },
  );

  // One request for a page that lists many gauges, so the rate limit above counts pages, not
  // gauges. Sites USGS failed for are listed as unavailable; all of them failing is a 502.
  app.get<{ Querystring: { sites?: string } }>(
    '/api/gauges/latest',
    { config: { rateLimit } },
    async (request, reply) => {
      const parsed = parseSitesQuery(request.query.sites);
      if ('error' in parsed) return sendError(reply, 400, parsed.error);
      const unknown = parsed.sites.filter((site) => !shipped.has(site));
      if (unknown.length > 0) {
        return sendError(reply, 404, `Not among this app's gauges: ${unknown.join(', ')}.`);
      }
      const sites = new Map(parsed.sites.map((site) => [site, shipped.get(site)!]));
      const settled = await Promise.allSettled(latestReadings(usgs, cache, sites));
      const answer: GaugeLatestBatch = { gauges: [], unavailable: [] };
      settled.forEach((result, index) => {
        if (result.status === 'fulfilled') answer.gauges.push(result.value);
        else answer.unavailable.push(parsed.sites[index]!);
      });
      if (answer.gauges.length === 0) {
        request.log.warn({ sites: parsed.sites }, 'USGS request failed');
        return sendError(reply, 502, usgsUnavailableMessage);
      }
      reply.header('cache-control', 'no-cache');
      return answer;
    },
  );
}
