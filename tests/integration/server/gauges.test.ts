/**
 * GET /api/gauges/:siteNumber/latest against a local fake USGS serving a recorded test answer:
 * the server reduces the USGS answer to the reading the app shows, refuses malformed and
 * unknown sites without calling USGS, answers 502 when USGS is down, slow or garbled, keeps a
 * good answer briefly but never a failure, and stores nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GaugeLatest, GaugeLatestBatch } from '../../../schemas/gauge-levels.ts';
import { startFakeUsgs, type FakeUsgs } from '../../fixtures/fake-usgs.ts';
import { buildTestApp, createWorkspace, type TestWorkspace } from './test-server.ts';

let workspace: TestWorkspace;
let usgs: FakeUsgs;

beforeAll(async () => {
  workspace = await createWorkspace();
  usgs = await startFakeUsgs();
});

afterAll(async () => {
  await usgs?.close();
  await workspace?.remove();
});

/** A fresh app (so a fresh cache) on the shared workspace, asking the fake USGS. */
async function appWith(options: { timeoutMs?: number; cacheMs?: number } = {}) {
  return buildTestApp(workspace, { staticDir: null, usgs: { ivUrl: usgs.ivUrl, ...options } });
}

describe('live gauge levels', () => {
  let app: FastifyInstance | null = null;
  beforeEach(async () => {
    await app?.close();
    app = null;
    usgs.setMode('ok');
    usgs.requests.length = 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the latest discharge and gage height of a shipped gauge from USGS', async () => {
    app = await appWith();
    const response = await app.inject('/api/gauges/07252000/latest');
    expect(response.statusCode).toBe(200);
    const body = response.json<GaugeLatest>();
    expect(body).toMatchObject({
      siteNumber: '07252000',
      siteName: 'MULBERRY RIVER NEAR MULBERRY, AR',
      readings: [
        {
          parameterCode: '00060',
          label: 'Discharge',
          unit: 'ft3/s',
          value: 187,
          time: '2026-11-23T14:15:00.000-06:00',
          provisional: true,
        },
        { parameterCode: '00065', label: 'Gage height', unit: 'ft', value: 2.41 },
      ],
    });
    expect(usgs.requests).toHaveLength(1);
    expect(usgs.requests[0]!.get('sites')).toBe('07252000');
    expect(usgs.requests[0]!.get('parameterCd')).toBe('00060,00065');
    expect(usgs.requests[0]!.get('format')).toBe('json');
    // A second rider within the cache time costs USGS nothing.
    expect((await app.inject('/api/gauges/07252000/latest')).statusCode).toBe(200);
    expect(usgs.requests).toHaveLength(1);
  });

  it('refuses a malformed site number with 400 and an unknown one with 404, without asking USGS', async () => {
    app = await appWith();
    for (const bad of ['abc', '0725', '07252000;rm', '1234567890123456']) {
      const response = await app.inject(`/api/gauges/${encodeURIComponent(bad)}/latest`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const unknown = await app.inject('/api/gauges/07263450/latest');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not one of this app's gauges/);
    expect(usgs.requests).toHaveLength(0);
  });

  it('answers 502 when USGS is down, garbled or too slow, and retries USGS on the next request', async () => {
    app = await appWith({ timeoutMs: 300 });
    for (const mode of ['down', 'garbage', 'hang'] as const) {
      usgs.setMode(mode);
      const response = await app.inject('/api/gauges/07252000/latest');
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    }
    usgs.setMode('ok');
    const recovered = await app.inject('/api/gauges/07252000/latest');
    expect(recovered.statusCode).toBe(200);
    expect(usgs.requests).toHaveLength(4);
  });

  it('stores nothing: the catalogue counts are the same after any number of requests', async () => {
    app = await appWith();
    const before = (await app.inject('/api/health')).json().counts;
    await app.inject('/api/gauges/07252000/latest');
    await app.inject('/api/gauges/abc/latest');
    usgs.setMode('down');
    await app.inject('/api/gauges/07055660/latest');
    expect((await app.inject('/api/health')).json().counts).toEqual(before);
  });
});

describe('live gauge levels of a whole page in one request', () => {
  let app: FastifyInstance | null = null;
  beforeEach(async () => {
    await app?.close();
    app = null;
    usgs.setMode('ok');
    usgs.requests.length = 0;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers every named gauge from one USGS call, and reuses fresh answers', async () => {
    app = await appWith();
    // The single-gauge route warms the cache for Mulberry; only the other site goes to USGS.
    await app.inject('/api/gauges/07252000/latest');
    const response = await app.inject('/api/gauges/latest?sites=07252000,07055660,07252000');
    expect(response.statusCode).toBe(200);
    const body = response.json<GaugeLatestBatch>();
    expect(body.unavailable).toEqual([]);
    expect(body.gauges.map((gauge) => gauge.siteNumber)).toEqual(['07252000', '07055660']);
    expect(body.gauges[0]).toMatchObject({
      siteName: 'MULBERRY RIVER NEAR MULBERRY, AR',
      readings: [
        { label: 'Discharge', value: 187 },
        { label: 'Gage height', value: 2.41 },
      ],
    });
    // A site USGS has no series for still answers, with its shipped name and no readings.
    expect(body.gauges[1]).toMatchObject({ siteNumber: '07055660', readings: [] });
    expect(usgs.requests.map((query) => query.get('sites'))).toEqual(['07252000', '07055660']);

    usgs.requests.length = 0;
    const again = await app.inject('/api/gauges/latest?sites=07055660,07252000');
    expect(again.statusCode).toBe(200);
    expect(usgs.requests).toHaveLength(0);
  });

  it('asks USGS once for all the sites it has no fresh answer for', async () => {
    app = await appWith();
    const response = await app.inject('/api/gauges/latest?sites=07252000,07055660');
    expect(response.statusCode).toBe(200);
    expect(usgs.requests.map((query) => query.get('sites'))).toEqual(['07252000,07055660']);
  });

  it('refuses a missing, malformed, too long or unknown list with a JSON 4xx, without asking USGS', async () => {
    app = await appWith();
    const tooMany = Array.from({ length: 41 }, (_, index) => String(10_000_000 + index)).join(',');
    for (const query of [
      '',
      '?sites=',
      '?sites=abc',
      '?sites=07252000,0725',
      `?sites=${tooMany}`,
    ]) {
      const response = await app.inject(`/api/gauges/latest${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const unknown = await app.inject('/api/gauges/latest?sites=07252000,07263450');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/07263450/);
    expect(usgs.requests).toHaveLength(0);
  });

  it('answers 502 when USGS cannot be reached for any site, and asks again next time', async () => {
    app = await appWith({ timeoutMs: 300 });
    usgs.setMode('down');
    const response = await app.inject('/api/gauges/latest?sites=07252000,07055660');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    usgs.setMode('ok');
    const recovered = await app.inject('/api/gauges/latest?sites=07252000,07055660');
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json<GaugeLatestBatch>().gauges).toHaveLength(2);
  });
});
