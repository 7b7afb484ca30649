// The public catalogue as a client sees it through the app factory (requirements §core-7): every
// trail, the WMAs, merged campgrounds and the achievement catalogue, on SQLite
// (tests/integration/storage checks the storage layer on both engines).
import { readFileSync } from 'node:fs';
import { distance } from '@turf/distance';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievementCategories, type Achievement } from '../../../schemas/achievements.ts';
import type { Campground } from '../../../schemas/campgrounds.ts';
import type { Trail } from '../../../schemas/trails.ts';
import type { Wma } from '../../../schemas/wmas.ts';
import { validateDocument } from '../../../sync-server/validation.ts';
import {
  buildTestApp,
  createWorkspace,
  routeSuiteEngines,
  type TestWorkspace,
} from './test-server.ts';

/** A name reduced to what identifies the place, for spotting duplicates in the answer. */
function placeName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(campgrounds?|park|recreation area)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function keysDeep(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysDeep);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysDeep(inner)]);
  }
  return [];
}

describe.each(routeSuiteEngines)('on %s', (engine) => {
  let workspace: TestWorkspace;
  let app: FastifyInstance;

  beforeAll(async () => {
    workspace = await createWorkspace({ engine });
    app = await buildTestApp(workspace);
  });

  afterAll(async () => {
    await app?.close();
    await workspace?.remove();
  });

  async function getJson<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<T>();
  }

  describe('GET /api/trails', () => {
    it('answers all 246 trails (103 trails, 70 trailheads, 73 USFS lines), each with its sources and a valid schema document', async () => {
      const trails = await getJson<Trail[]>('/api/trails');
      expect(trails).toHaveLength(246);
      expect(new Set(trails.map((trail) => trail.id)).size).toBe(246);
      for (const trail of trails) {
        expect(trail.sources.length, trail.id).toBeGreaterThan(0);
        expect(validateDocument('trails', trail), trail.id).toEqual({ valid: true });
        // Only the USFS lines (issue 15) have geometry; places stay points.
        expect(trail.path === null, trail.id).toBe(trail.kind !== 'ohv_trail');
      }
    });

    it('maps the dataset fields to the schema (Mill Creek OHV Trail)', async () => {
      const trails = await getJson<Trail[]>('/api/trails');
      const millCreek = trails.find((trail) => trail.id === 'mill-creek-ohv-trail');
      expect(millCreek).toMatchObject({
        name: 'Mill Creek OHV Trail',
        kind: 'ohv_trail_system',
        activities: ['atv', 'utv', 'dirt_bike'],
        lengthMiles: 50,
        fee: '$3/day',
        county: 'Madison',
        region: 'Ozarks',
        officialUrl: 'https://www.recreation.gov/activitypass/AP2877',
        locationConfidence: 'approximate',
        longitude: -93.83392,
        latitude: 35.8242,
      });
      expect(millCreek?.sources).toContain('product spec');
      expect(typeof millCreek?.updatedAt).toBe('number');
    });

    it('answers one trail by id, and a JSON 404 for an unknown id', async () => {
      const trail = await getJson<Trail>('/api/trails/mill-creek-ohv-trail');
      expect(trail.name).toBe('Mill Creek OHV Trail');

      const missing = await app.inject({ method: 'GET', url: '/api/trails/no-such-trail' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
      expect(missing.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: expect.stringContaining('no-such-trail'),
      });
    });
  });

  describe('GET /api/wmas', () => {
    it('answers the 33 WMAs, 24 of them waterfowl areas', async () => {
      const wmas = await getJson<Wma[]>('/api/wmas');
      expect(wmas).toHaveLength(33);
      expect(wmas.filter((wma) => wma.waterfowl)).toHaveLength(24);
      for (const wma of wmas) {
        expect(wma.county).toBeTruthy();
        expect(wma.region).toBeTruthy();
        expect(wma.locationConfidence).toBe('approximate');
        expect(wma.sources.length).toBeGreaterThan(0);
        expect(validateDocument('wmas', wma), wma.id).toEqual({ valid: true });
      }
      expect(wmas.find((wma) => wma.id === 'bayou-meto-wma')).toMatchObject({
        name: 'George H. Dunklin Jr. Bayou Meto WMA',
        county: 'Jefferson',
        waterfowl: true,
      });
    });
  });

  describe('GET /api/campgrounds', () => {
    let campgrounds: Campground[];
    beforeAll(async () => {
      campgrounds = await getJson<Campground[]>('/api/campgrounds');
    });

    it('answers valid campground documents with unique ids', () => {
      expect(campgrounds.length).toBeGreaterThan(150);
      expect(new Set(campgrounds.map((campground) => campground.id)).size).toBe(campgrounds.length);
      for (const campground of campgrounds) {
        expect(validateDocument('campgrounds', campground), campground.id).toEqual({ valid: true });
        expect(campground.sources.length).toBeGreaterThan(0);
      }
    });

    it('keeps every RIDB campground exactly once, no ranger district office, and lists no campground twice at one place', () => {
      const ridb = JSON.parse(
        readFileSync(
          new URL('../../../data/campgrounds/ridb-arkansas.geojson', import.meta.url),
          'utf8',
        ),
      ) as { features: { properties: { facility_id: string; name: string } }[] };
      const allSources = campgrounds.flatMap((campground) => campground.sources);
      for (const feature of ridb.features) {
        const source = `RIDB facility ${feature.properties.facility_id}`;
        // The four Ouachita NF district offices RIDB lists are offices, not campgrounds.
        const office = /Ranger District$/.test(feature.properties.name);
        expect(
          allSources.filter((listed) => listed === source),
          source,
        ).toHaveLength(office ? 0 : 1);
      }
      expect(new Set(allSources).size).toBe(allSources.length);

      for (let i = 0; i < campgrounds.length; i++) {
        for (let j = i + 1; j < campgrounds.length; j++) {
          const a = campgrounds[i]!;
          const b = campgrounds[j]!;
          if (placeName(a.name) !== placeName(b.name)) continue;
          const km = distance(
            [a.location.longitude, a.location.latitude],
            [b.location.longitude, b.location.latitude],
            { units: 'kilometers' },
          );
          expect(km, `${a.id} and ${b.id} look like one campground`).toBeGreaterThan(1.5);
        }
      }
    });

    it('merges a RIDB facility and the OSM node that links to it into one document', () => {
      // OSM node 1467129701 ("Upper Campground Loop") has website recreation.gov/camping/campgrounds/250010.
      const matches = campgrounds.filter((campground) =>
        campground.sources.includes('OSM node 1467129701'),
      );
      expect(matches).toHaveLength(1);
      const blanchard = matches[0]!;
      expect(blanchard.sources).toContain('RIDB facility 250010');
      expect(blanchard).toMatchObject({
        name: 'Blanchard Springs Recreation Area',
        type: 'national_forest',
        ridbFacilityId: '250010',
        osmNodeId: 1467129701,
        operator: 'US Forest Service',
        roadSurface: 'paved',
        contact: { phone: '+1-870-757-2211' },
        location: { county: 'Stone' },
      });
      // RIDB lists toilets and picnic tables; OSM adds the phone number.
      expect(blanchard.amenities.restrooms).toBe(true);
      expect(blanchard.amenities.picnic_tables).toBe(true);
    });

    it('merges near-identical names within 1.5 km (OSM "Toad Suck Ferry Campground" and RIDB "TOAD SUCK")', () => {
      const toadSuck = campgrounds.filter((campground) => /toad suck/i.test(campground.name));
      expect(toadSuck).toHaveLength(1);
      expect(toadSuck[0]!.sources).toEqual(
        expect.arrayContaining(['RIDB facility 232721', 'OSM node 843180542']),
      );
    });

    it('keeps distinct campgrounds that share words apart (Dam Site Lake and Dam Site River)', () => {
      const lake = campgrounds.find((campground) =>
        campground.sources.includes('RIDB facility 234651'),
      );
      const river = campgrounds.find((campground) =>
        campground.sources.includes('RIDB facility 233099'),
      );
      expect(lake).toBeDefined();
      expect(river).toBeDefined();
      expect(lake!.id).not.toBe(river!.id);
    });

    it('holds only facts from the records: plain-text descriptions, no prices or availability, ratings only from riders', () => {
      for (const campground of campgrounds) {
        // Ratings exist only as the aggregate of riders' reviews (issue 14): none on a new server.
        const { ratings, ...facts } = campground;
        expect(ratings).toEqual({
          overall: null,
          cleanliness: null,
          facilities: null,
          location: null,
          value: null,
          reviewsCount: 0,
        });
        const keys = keysDeep(facts);
        expect(
          keys.filter((key) => /rating|review|price|pricing|availability|cost/i.test(key)),
        ).toEqual([]);
        if (campground.description) expect(campground.description).not.toMatch(/<\/?[a-z][^>]*>/i);
      }
      const carterCove = campgrounds.find((campground) => campground.osmNodeId === 359011685);
      expect(carterCove).toMatchObject({
        type: 'corps_of_engineers',
        location: { county: 'Yell', city: 'Plainview', address: '10692 Carter Cove Road' },
        contact: { phone: '+1 479-272-4983' },
        amenities: { showers: true, electric_hookups: true, dump_station: true, wifi: null },
      });
      // No source says anything about Wi-Fi or swimming at a RIDB-only campground: unknown.
      const pineRidge = campgrounds.find((campground) =>
        campground.sources.includes('RIDB facility 232671'),
      );
      expect(pineRidge).toMatchObject({
        fee: null,
        contact: { phone: null },
        amenities: { wifi: null, swimming: null, showers: true },
      });
    });
  });

  describe('GET /api/achievements', () => {
    it('answers the catalogue sorted by sortOrder, covering every category', async () => {
      const achievements = await getJson<Achievement[]>('/api/achievements');
      expect(achievements.length).toBeGreaterThanOrEqual(20);
      expect(achievements.length).toBeLessThanOrEqual(30);
      const orders = achievements.map((achievement) => achievement.sortOrder);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(new Set(achievements.map((achievement) => achievement.category))).toEqual(
        new Set(achievementCategories),
      );
      for (const achievement of achievements) {
        expect(validateDocument('achievements', achievement), achievement.id).toEqual({
          valid: true,
        });
      }
    });
  });
});
