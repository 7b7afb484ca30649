// Hostile input to the sync push and promotion routes on SQLite (tests/integration/storage checks
// the storage layer on both engines): deep nesting and oversized free-form objects, numbers JSON
// cannot carry (1e400), ids outside the id grammar (control characters, NUL, unpaired surrogates,
// ids whose checkpoint would not fit a pull), the 8 MiB push limit's message, and auth before the
// body is read. Every case must be a JSON 4xx that stores nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  documentIdMaxLength,
  isDocumentId,
  replicationBasePath,
  syncInputLimits,
  syncLimits,
  type PullResponse,
} from '../../../schemas/sync-protocol.ts';
import {
  buildAuthTestApp,
  errorMessage,
  login,
  readTable,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';
import { routeSuiteEngines } from '../server/test-server.ts';
import { makeTrip, makeTripPlan } from './sync-fixtures.ts';

const trips = replicationBasePath('trips');
const tripPlans = replicationBasePath('tripPlans');
const tripContext = replicationBasePath('tripContext');

/** `{"a":{"a":…1…}}` nested `depth` levels, as JSON text (JSON.stringify would overflow). */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

describe.each(routeSuiteEngines)('hostile sync input on %s', (engine) => {
  let server: AuthTestApp;
  let token: string;

  beforeEach(async () => {
    server = await buildAuthTestApp({}, {}, engine);
    await registerUser(server.app, 'Ridge');
    token = (await login(server.app, 'Ridge')).accessToken;
  });
  afterEach(async () => {
    await server.close();
  });

  /** Sends `body` (JSON text, so values JSON.stringify cannot write survive) to `url`. */
  function postText(
    app: FastifyInstance,
    url: string,
    body: string,
    bearer: string | null = token,
  ) {
    return app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      payload: body,
    });
  }

  /** A push of one document whose JSON text is `documentJson`. */
  function pushDocumentText(base: string, documentJson: string) {
    return postText(server.app, `${base}/push`, `{"rows":[{"newDocumentState":${documentJson}}]}`);
  }

  /** JSON text of `document` with `_deleted: false` and `field` replaced by raw JSON `raw`. */
  function withRawField(document: Record<string, unknown>, field: string, raw: string): string {
    const marker = '"__raw_field__"';
    return JSON.stringify({ ...document, [field]: '__raw_field__', _deleted: false }).replace(
      marker,
      raw,
    );
  }

  async function storedDocuments() {
    return readTable(server.workspace, 'user_documents');
  }

  it('refuses a trip plan whose plan data is nested thousands of levels deep, naming the field', async () => {
    const plan = makeTripPlan('plan-deep');
    for (const depth of [syncInputLimits.maxFreeFormDepth + 1, 5_000, 100_000]) {
      const response = await pushDocumentText(
        tripPlans,
        withRawField(plan, 'planData', nestedJson(depth)),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(errorMessage(response)).toMatch(/planData.*nested deeper than/);
    }
    // The assumed master state is free-form too: a deep copy of it must not crash the compare.
    const deepAssumed = `{"rows":[{"assumedMasterState":${withRawField(plan, 'planData', nestedJson(50_000))},"newDocumentState":${JSON.stringify({ ...plan, _deleted: false })}}]}`;
    const assumed = await postText(server.app, `${tripPlans}/push`, deepAssumed);
    expect(assumed.statusCode, assumed.body).toBe(400);
    expect(errorMessage(assumed)).toMatch(/assumedMasterState\.planData.*nested deeper than/);
    // The trip context's free-form fields get the same limit.
    const context = {
      id: 'current',
      currentRecommendations: null,
      activeTripPlan: null,
      recentRecommendedTrails: [],
      tripPlannerHistory: [],
      navigationContext: null,
      updatedAt: 1,
    };
    const deepContext = await pushDocumentText(
      tripContext,
      withRawField(context, 'navigationContext', nestedJson(20_000)),
    );
    expect(deepContext.statusCode, deepContext.body).toBe(400);
    expect(errorMessage(deepContext)).toMatch(/navigationContext.*nested deeper than/);

    // Within the limits the same plan is stored.
    const shallow = await pushDocumentText(
      tripPlans,
      withRawField(plan, 'planData', nestedJson(syncInputLimits.maxFreeFormDepth)),
    );
    expect(shallow.statusCode, shallow.body).toBe(200);
    expect((await storedDocuments()).map((row) => row.id)).toEqual(['plan-deep']);
  });

  it('refuses a free-form object larger than the size limit, naming the field', async () => {
    const plan = makeTripPlan('plan-large', {
      planData: { notes: 'x'.repeat(syncInputLimits.maxFreeFormJsonLength) },
    });
    const response = await pushDocumentText(
      tripPlans,
      JSON.stringify({ ...plan, _deleted: false }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(errorMessage(response)).toMatch(/planData is larger than/);
    expect(await storedDocuments()).toEqual([]);
  });

  it('refuses numbers JSON cannot carry (1e400) instead of storing null', async () => {
    const trip = makeTrip('trip-infinite');
    const plan = makeTripPlan('plan-infinite');
    const cases = [
      { base: trips, text: withRawField(trip, 'distanceMiles', '1e400'), field: /distanceMiles/ },
      { base: trips, text: withRawField(trip, 'maxSpeedMph', '-1e400'), field: /maxSpeedMph/ },
      {
        base: tripPlans,
        text: withRawField(plan, 'planData', '{"days":2,"budget":1e400}'),
        field: /planData\.budget/,
      },
    ];
    for (const { base, text, field } of cases) {
      const response = await pushDocumentText(base, text);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorMessage(response)).toMatch(field);
      expect(errorMessage(response)).toMatch(/finite number/);
    }
    expect(await storedDocuments()).toEqual([]);
  });

  it('refuses document ids outside the id grammar, so every stored id has a valid checkpoint', async () => {
    const badIds = [
      'trip-\u0000-nul',
      'trip-\u0001-control',
      'trip-\u007f-delete',
      'trip with space',
      'trip-\ud800-unpaired',
      'trip-\udbff-unpaired',
      'trip-"quoted"',
      'trip-back\\slash',
      'trip-é',
      // Escaped in a checkpoint this id is 600 characters, past the pull's limit.
      '\u0001'.repeat(100),
      't'.repeat(documentIdMaxLength + 1),
      '',
    ];
    for (const id of badIds) {
      const response = await pushDocumentText(
        trips,
        JSON.stringify({ ...makeTrip(id), _deleted: false }),
      );
      expect(response.statusCode, `${JSON.stringify(id)}: ${response.body}`).toBe(400);
      expect(errorMessage(response)).toMatch(
        /newDocumentState\/id (is not a valid id: ids are 1 to 128 visible ASCII|must NOT have)/,
      );
      // A good row naming a bad assumed master is refused too.
      const good = { ...makeTrip('trip-fine'), _deleted: false };
      const assumed = await postText(
        server.app,
        `${trips}/push`,
        JSON.stringify({
          rows: [{ assumedMasterState: { ...good, id }, newDocumentState: good }],
        }),
      );
      expect(assumed.statusCode, `${JSON.stringify(id)}: ${assumed.body}`).toBe(400);
    }
    expect(await storedDocuments()).toEqual([]);

    // The longest id the grammar allows is stored, and a pull resuming at it is answered.
    const longest = `trip-${'z'.repeat(documentIdMaxLength - 5)}`;
    expect(isDocumentId(longest)).toBe(true);
    const stored = await pushDocumentText(
      trips,
      JSON.stringify({ ...makeTrip(longest, { updatedAt: 1 }), _deleted: false }),
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const first = await server.app.inject({
      method: 'GET',
      url: `${trips}/pull`,
      headers: { authorization: `Bearer ${token}` },
    });
    const checkpoint = first.json<PullResponse>().checkpoint!;
    expect(checkpoint.id).toBe(longest);
    const resumed = await server.app.inject({
      method: 'GET',
      url: `${trips}/pull?${new URLSearchParams({ checkpoint: JSON.stringify({ ...checkpoint, serverTime: Number.MAX_SAFE_INTEGER }) })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
  });

  it('refuses promotion temp ids outside the id grammar and mints nothing for them', async () => {
    for (const tempId of [
      'temp-\u0000',
      'temp-\u001b[31m',
      'temp-\ud800',
      'temp-\udfff',
      `temp-${'\u0001'.repeat(100)}`,
    ]) {
      const response = await postText(
        server.app,
        '/api/sync/promotions',
        JSON.stringify({ collection: 'trips', tempIds: ['temp-good', tempId] }),
      );
      expect(response.statusCode, `${JSON.stringify(tempId)}: ${response.body}`).toBe(400);
      expect(errorMessage(response)).toMatch(/tempIds\/1 is not a valid id/);
    }
    expect(await readTable(server.workspace, 'id_promotions')).toEqual([]);
  });

  it('names the 8 MiB limit when a push is too large', async () => {
    const response = await postText(
      server.app,
      `${trips}/push`,
      JSON.stringify({
        rows: [
          {
            newDocumentState: {
              ...makeTrip('trip-huge'),
              notes: 'x'.repeat(syncLimits.maxPushBodyBytes),
              _deleted: false,
            },
          },
        ],
      }),
    );
    expect(response.statusCode).toBe(413);
    expect(errorMessage(response)).toMatch(/8 MiB limit/);
  });

  it('answers an anonymous push or promotion with 401 before reading its body', async () => {
    const anonymous = [
      { url: `${trips}/push`, body: 'this is not JSON' },
      { url: `${trips}/push`, body: '{"rows":"not rows"}' },
      { url: `${tripPlans}/push`, body: `{"rows":[{"newDocumentState":${nestedJson(50_000)}}]}` },
      { url: '/api/sync/promotions', body: '{"collection":"users","tempIds":[]}' },
      { url: '/api/sync/promotions', body: '{' },
    ];
    for (const { url, body } of anonymous) {
      const response = await postText(server.app, url, body, null);
      expect(response.statusCode, `${url} ${body.slice(0, 40)}: ${response.body}`).toBe(401);
      expect(errorMessage(response)).toMatch(/Sign in required/);
    }
    const tooLarge = await postText(
      server.app,
      `${trips}/push`,
      JSON.stringify({ rows: [], padding: 'x'.repeat(syncLimits.maxPushBodyBytes) }),
      null,
    );
    expect(tooLarge.statusCode).toBe(401);
  });
});
