/**
 * GET /api/gauges/:siteNumber/latest: the latest discharge and
 * gage height of a shipped USGS stream gauge, fetched by the server from the USGS Instantaneous
 * Values service so the browser never calls USGS itself (the CSP keeps connect-src to 'self').
 * Only the gauges in data/gauges/ may be asked about (400 for a malformed site number, 404 for
 * one not shipped); USGS is given a few seconds (502 when it is slow, down or answers
 * nonsense); a good answer is kept in memory for a few minutes, a failure is not kept.
 * Nothing is written to the database.
 */
import type { FastifyInstance } from 'fastify';
import type { GaugeLatest } from '../../schemas/gauge-levels.ts';
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

async function fetchLatest(
  usgs: UsgsSettings,
  siteNumber: string,
  shippedName: string,
): Promise<GaugeLatest> {
  const url = new URL(usgs.ivUrl);
  url.search = new URLSearchParams({
    format: 'json',
    sites: siteNumber,
    parameterCd: '00060,00065',
  }).toString();
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(usgs.timeoutMs ?? 5000),
  });
  if (!response.ok) throw new Error(`USGS answered ${response.status}`);
  const { siteName, readings } = readInstantaneousValues(await response.json(), siteNumber);
  return { siteNumber, siteName: siteName ?? shippedName, readings, fetchedAt: Date.now() };
}

/** Registers the latest-reading route for the gauges shipped under `dataDir`. */
export async function registerGaugeRoutes(
  app: FastifyInstance,
  { dataDir, usgs }: GaugeRouteOptions,
): Promise<void> {
  const sites = readShippedGaugeSites(dataDir);
  const cache = new Map<string, { until: number; answer: Promise<GaugeLatest> }>();

  app.get<{ Params: { siteNumber: string } }>(
    '/api/gauges/:siteNumber/latest',
    { config: { rateLimit: { max: gaugeRequestsPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { siteNumber } = request.params;
      if (!siteNumberPattern.test(siteNumber)) {
        return sendError(reply, 400, 'A USGS site number is 8 to 15 digits.');
      }
      const shippedName = sites.get(siteNumber);
      if (shippedName === undefined) {
        return sendError(reply, 404, `Gauge ${siteNumber} is not one of this app's gauges.`);
      }
      const cached = cache.get(siteNumber);
      // In-flight and fresh answers are shared, so a burst of riders costs USGS one call.
      const entry =
        cached && cached.until > Date.now()
          ? cached
          : {
              until: Date.now() + (usgs.cacheMs ?? 5 * 60_000),
              answer: fetchLatest(usgs, siteNumber, shippedName),
            };
      cache.set(siteNumber, entry);
      try {
        const answer = await entry.answer;
        reply.header('cache-control', 'no-cache');
        return answer;
      } catch (error) {
        if (cache.get(siteNumber) === entry) cache.delete(siteNumber);
        request.log.warn({ err: error, siteNumber }, 'USGS request failed');
        return sendError(reply, 502, usgsUnavailableMessage);
      }
    },
  );
}
