// A seeded fuzz run over every auth route (issue 3): wrong types, missing and extra fields, huge
// strings, deep nesting, invalid JSON, prototype pollution, wrong content types and bodies over
// 1 MiB. Every answer must be a client error (4xx JSON) or, for well-formed requests, an
// ordinary answer, never a 5xx; the server must stay healthy and the users table unchanged.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAuthTestApp,
  login,
  readTable,
  registerUser,
  type AuthTestApp,
  type LoginAnswer,
} from './auth-test-server.ts';

/** Change the seed to explore other inputs; a failure prints the case to replay. */
const seed = 0x5eed_2025;
const bodyCases = 1_200;
const headerCases = 200;

/** mulberry32: small, fast, deterministic. */
function createRandom(initial: number) {
  let state = initial >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

interface FuzzCase {
  description: string;
  method: 'POST' | 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** True when the request is malformed and must be refused with a 4xx. */
  mustBeRefused: boolean;
}

const bodyRoutes = {
  '/api/auth/register': {
    username: 'fuzz-rider',
    email: 'fuzz@example.com',
    password: 'fuzz password',
    vehicleType: 'atv',
  },
  '/api/auth/login': { username: 'fuzz-owner', password: 'some password' },
  '/api/auth/refresh': { refreshToken: 'A'.repeat(43) },
  '/api/auth/logout': { refreshToken: 'A'.repeat(43) },
} as const;
type BodyRoute = keyof typeof bodyRoutes;

const maximumLengths: Record<string, number> = {
  username: 64,
  email: 254,
  password: 1024,
  vehicleType: 40,
  refreshToken: 256,
};

function randomString(random: Random, length: number): string {
  const alphabet = 'abcXYZ019 _-.@"\\/{}[]:,\u00e9\u4e2d\u{1f6fb}\u0000\u001f\ud800';
  let text = '';
  for (let index = 0; index < length; index += 1) text += random.pick([...alphabet]);
  return text;
}

function deeplyNested(random: Random): string {
  const depth = random.int(1_000, 150_000);
  return random.next() < 0.5
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

function wrongTypedValue(random: Random): string {
  return random.pick([
    '0',
    '-1e308',
    '1e999',
    'true',
    'false',
    'null',
    '[]',
    '["x"]',
    '{}',
    '{"$gt":""}',
    '[[[[["deep"]]]]]',
    deeplyNested(random),
  ]);
}

/** A JSON object text from entries whose values are already JSON texts. */
function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

function mutatedBody(
  random: Random,
  route: BodyRoute,
): { text: string; what: string; malformed: boolean } {
  const template = bodyRoutes[route] as Record<string, string>;
  const entries = Object.entries(template).map(
    ([key, value]) => [key, JSON.stringify(value)] as [string, string],
  );
  const fields = entries.map(([key]) => key);
  const field = random.pick(fields);
  const index = fields.indexOf(field);
  switch (random.int(0, 6)) {
    case 0:
      entries[index] = [field, wrongTypedValue(random)];
      return { text: objectText(entries), what: `wrong type for ${field}`, malformed: true };
    case 1: {
      const required =
        route === '/api/auth/register' ? fields.filter((key) => key !== 'vehicleType') : fields;
      const missing = random.pick(required);
      return {
        text: objectText(entries.filter(([key]) => key !== missing)),
        what: `missing ${missing}`,
        malformed: true,
      };
    }
    case 2:
      entries.push([
        random.pick(['roleId', 'role', 'id', '__proto__', 'constructor', 'x']),
        '"admin"',
      ]);
      return { text: objectText(entries), what: 'extra property', malformed: true };
    case 3: {
      const length =
        random.next() < 0.8
          ? random.int(maximumLengths[field]! + 1, 20_000)
          : random.int(200_000, 900_000);
      entries[index] = [field, JSON.stringify('x'.repeat(length))];
      return {
        text: objectText(entries),
        what: `${field} of ${length} characters`,
        malformed: true,
      };
    }
    case 4:
      entries[index] = [field, '""'];
      return { text: objectText(entries), what: `empty ${field}`, malformed: true };
    case 5:
      if (route === '/api/auth/register') {
        const invalidValues: Record<string, string[]> = {
          username: [' ', '   ', '\u0000\u0001', 'a\u007fb', 'tab\there'],
          email: [randomString(random, random.int(1, 30)).replace(/@/g, ''), 'a@', '@b'],
          password: ['1234567', 'short', '\ud800'],
          vehicleType: ['', '\u0000', 'a\u007fb'],
        };
        entries[index] = [field, JSON.stringify(random.pick(invalidValues[field]!))];
        return { text: objectText(entries), what: `invalid ${field}`, malformed: true };
      }
      // Well-formed but wrong values: ordinary 401/204/429 answers, never a 5xx.
      entries[index] = [
        field,
        JSON.stringify(randomString(random, random.int(1, maximumLengths[field]!))),
      ];
      return { text: objectText(entries), what: `random ${field}`, malformed: false };
    default:
      entries[index] = [field, deeplyNested(random)];
      return { text: objectText(entries), what: `deeply nested ${field}`, malformed: true };
  }
}

function rawBody(random: Random, route: BodyRoute): { text: string | Buffer; what: string } {
  const valid = JSON.stringify(bodyRoutes[route]);
  switch (random.int(0, 7)) {
    case 0:
      return { text: valid.slice(0, random.int(0, valid.length - 1)), what: 'truncated JSON' };
    case 1:
      return { text: randomString(random, random.int(1, 500)), what: 'garbage text' };
    case 2:
      return {
        text: Buffer.from(Array.from({ length: random.int(1, 2_000) }, () => random.int(0, 255))),
        what: 'random bytes',
      };
    case 3:
      return {
        text: random.pick(['1', '"text"', 'null', 'true', '[]', '[{}]', '-0']),
        what: 'not an object',
      };
    case 4:
      return { text: deeplyNested(random), what: 'deep nesting' };
    case 5:
      return {
        text: random.pick([
          '{"__proto__":{"roleId":"admin"}}',
          '{"constructor":{"prototype":{"roleId":"admin"}}}',
          `{"username":"a","password":"bbbbbbbb","__proto__":{"isAdmin":true}}`,
        ]),
        what: 'prototype pollution',
      };
    case 6:
      return { text: `${valid}${random.pick(['}', ',', ' x', '{}'])}`, what: 'trailing garbage' };
    default:
      return {
        text: JSON.stringify({
          ...bodyRoutes[route],
          padding: 'p'.repeat(1024 * 1024 + random.int(1, 4096)),
        }),
        what: 'over 1 MiB',
      };
  }
}

function buildBodyCase(random: Random): FuzzCase {
  const url = random.pick(Object.keys(bodyRoutes) as BodyRoute[]);
  const json = { 'content-type': 'application/json' };
  const roll = random.next();
  if (roll < 0.5) {
    const { text, what, malformed } = mutatedBody(random, url);
    return {
      description: `${url}: ${what}`,
      method: 'POST',
      url,
      headers: json,
      payload: text,
      mustBeRefused: malformed,
    };
  }
  if (roll < 0.85) {
    const { text, what } = rawBody(random, url);
    return {
      description: `${url}: ${what}`,
      method: 'POST',
      url,
      headers: json,
      payload: text,
      mustBeRefused: true,
    };
  }
  const contentType = random.pick([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/octet-stream',
    'application/json; charset=utf-8',
    'application/vnd.api+json',
    ';;;',
    '',
  ]);
  // A JSON content type gets a form body; other types get either (a valid JSON text included,
  // which must still be refused because it is not labelled JSON).
  const payload =
    contentType.startsWith('application/json') || random.next() < 0.5
      ? 'username=a&password=b'
      : JSON.stringify(bodyRoutes[url]);
  return {
    description: `${url}: content type "${contentType}"`,
    method: 'POST',
    url,
    headers: contentType === '' ? {} : { 'content-type': contentType },
    payload,
    mustBeRefused: true,
  };
}

function buildHeaderCase(random: Random, validToken: string): FuzzCase {
  const url = random.pick([
    '/api/auth/user',
    '/api/admin/users',
    '/api/diagnostics',
    `/api/users/${encodeURIComponent(randomString(random, random.int(1, 100)).toWellFormed())}`,
    '/api/users/%E0%A4%A',
    `/api/users/${'x'.repeat(random.int(65, 5_000))}`,
  ]);
  const [header, payload] = validToken.split('.');
  const authorization = random.pick([
    '',
    'Bearer',
    'Bearer ',
    `Bearer ${randomString(random, random.int(1, 300)).replace(/[^\x21-\x7e]/g, 'z')}`,
    `Bearer ${header}.${payload}.`,
    `Bearer ${header}.${payload}.${'A'.repeat(43)}`,
    `Bearer ${'eyJ'.repeat(random.int(100, 3_000))}`,
    `Basic ${Buffer.from('fuzz-owner:pw').toString('base64')}`,
    `bearer  ${validToken.slice(0, -2)}`,
  ]);
  return {
    description: `GET ${url.slice(0, 60)} with "${authorization.slice(0, 40)}"`,
    method: 'GET',
    url,
    headers: authorization === '' ? {} : { authorization },
    mustBeRefused: true,
  };
}

let server: AuthTestApp;
let owner: LoginAnswer;

beforeAll(async () => {
  server = await buildAuthTestApp({ loginThrottle: { maxFailures: 1_000_000, windowMs: 60_000 } });
  await registerUser(server.app, 'fuzz-owner', 'the real owner password');
  owner = await login(server.app, 'fuzz-owner', 'the real owner password');
});

afterAll(async () => {
  await server?.close();
});

describe('fuzzing the auth routes', () => {
  it(`answers ${bodyCases + headerCases} malformed or hostile requests without a single 5xx`, async () => {
    const usersBefore = await readTable(server.workspace, 'users');
    const tokensBefore = await readTable(server.workspace, 'refresh_tokens');
    const random = createRandom(seed);
    const cases = [
      ...Array.from({ length: bodyCases }, () => buildBodyCase(random)),
      ...Array.from({ length: headerCases }, () => buildHeaderCase(random, owner.accessToken)),
    ];
    const refusedStatuses = new Map<number, number>();
    const failures: string[] = [];
    for (const [index, fuzzCase] of cases.entries()) {
      let response: LightMyRequestResponse;
      try {
        response = await server.app.inject({
          method: fuzzCase.method,
          url: fuzzCase.url,
          headers: fuzzCase.headers,
          ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
        });
      } catch (error) {
        failures.push(`#${index} ${fuzzCase.description}: threw ${String(error)}`);
        continue;
      }
      const status = response.statusCode;
      refusedStatuses.set(status, (refusedStatuses.get(status) ?? 0) + 1);
      const refused = status >= 400 && status < 500;
      if (status >= 500 || (fuzzCase.mustBeRefused && !refused)) {
        failures.push(
          `#${index} ${fuzzCase.description}: ${status} ${response.body.slice(0, 200)}`,
        );
        continue;
      }
      if (refused) {
        const body = response.json<Record<string, unknown>>();
        if (
          body.statusCode !== status ||
          typeof body.message !== 'string' ||
          /\bat .*:\d+:\d+/.test(response.body)
        ) {
          failures.push(
            `#${index} ${fuzzCase.description}: bad error body ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // The run really exercised the different refusals, not one path a thousand times.
    for (const status of [400, 401, 413, 415])
      expect(refusedStatuses.get(status) ?? 0).toBeGreaterThan(10);

    const health = await server.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    expect(await readTable(server.workspace, 'users')).toEqual(usersBefore);
    expect(await readTable(server.workspace, 'refresh_tokens')).toEqual(tokensBefore);
    // The owner still signs in and is still a plain user: no fuzzed body changed the account.
    const again = await login(server.app, 'fuzz-owner', 'the real owner password');
    expect(again.user).toEqual(owner.user);
  });
});
