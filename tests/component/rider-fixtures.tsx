/**
 * Rider fixtures for component tests, on top of render-app.tsx: a signed-in rider (the stored
 * session the app reads at start, as left by a sign-in), the device's network state, a GPX file
 * to import, and a `fetch` that answers chosen API routes (everything else fails as with no
 * signal) for pages whose behaviour depends on a server answer.
 */
import { mapRegionsDocumentId } from '../../src/db/map-regions.ts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { SESSION_CLEANUP_MARKER, SESSION_STORAGE_KEYS } from '../../src/lib/auth/session-store.ts';
import type { SessionUser } from '../../src/lib/auth/session-types.ts';
import { OFFLINE_SPEECH_CONSENT_KEY } from '../../src/lib/voice/offline-model-consent.ts';
import type { AppDatabase } from '../../src/db/database.ts';
import { gaugeReadingsDocumentId } from '../../src/db/gauge-readings.ts';
import { groupRidesDocumentId } from '../../src/db/group-rides.ts';
import {
  notificationLogDocumentId,
  notificationPreferencesKey,
} from '../../src/db/notifications.ts';
import { preRideChecklistKey } from '../../src/db/pre-ride-checks.ts';
import { settingDocumentId } from '../../src/db/settings.ts';
import { savedTrailsDocumentId } from '../../src/db/saved-trails.ts';
import { recordingSessionDocumentId } from '../../src/db/trips/recording-session.ts';
import { renderApp, type RenderedApp } from './render-app.tsx';

/** A rider as the server describes them at sign-in. */
export interface TestRider extends SessionUser {
  id: string;
  username: string;
}

let riderCount = 0;

/**
 * Stores a signed-in session for `rider` (a fresh id and username by default) the way a sign-in
 * leaves it: the user, an access token valid for an hour, a refresh token and the one-time
 * cleanup marker. Call before renderApp; the app starts signed in (offline too).
 */
export function signInRider(rider: Partial<TestRider> = {}): TestRider {
  riderCount += 1;
  const user: TestRider = {
    id: rider.id ?? `rider-${riderCount}-${Date.now().toString(36)}`,
    username: rider.username ?? `rider${riderCount}`,
    email: null,
    vehicleType: 'atv',
    roleId: null,
    createdAt: Date.now(),
    ...rider,
  };
  const keys = SESSION_STORAGE_KEYS;
  localStorage.setItem(keys.cleanupMarker, SESSION_CLEANUP_MARKER);
  localStorage.setItem(keys.user, JSON.stringify(user));
  localStorage.setItem(keys.refreshToken, `refresh-${user.id}`);
  localStorage.setItem(keys.expiresAt, String(Date.now() + 60 * 60 * 1000));
  localStorage.setItem(keys.accessToken, `access-${user.id}`);
  return user;
}

/** Forgets the stored session (and everything else in localStorage) and goes back online. */
export function forgetRider(): void {
  localStorage.clear();
  setOnline(true);
}

/** Collections holding what riders did on the device (the catalogues stay). */
const riderCollections = [
  'trips',
  'trackChunks',
  'records',
  'tripPlans',
  'tripContext',
  'waypoints',
  'campgroundReviews',
  'trailReports',
] as const;

/** Device-only documents of the rider: the notification log and its preferences, and more. */
const riderLocalDocuments = [
  gaugeReadingsDocumentId,
  mapRegionsDocumentId,
  savedTrailsDocumentId,
  notificationLogDocumentId,
  settingDocumentId(notificationPreferencesKey),
  groupRidesDocumentId,
  recordingSessionDocumentId,
  settingDocumentId(preRideChecklistKey),
  settingDocumentId(OFFLINE_SPEECH_CONSENT_KEY),
];

/**
 * Removes every document of `name`. The app may still be writing one (an achievement's progress
 * after the last page went): that removal then meets a conflict, and the next try, once the
 * database is idle, removes the newer revision.
 */
async function removeAll(
  database: AppDatabase,
  name: (typeof riderCollections)[number],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await database.requestIdlePromise();
    try {
      await database[name].find().remove();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Empties the device of rider data (trips, achievements, records, plans, notifications...),
 * keeping the catalogues, so a test starts as on a device nobody has ridden with. The database
 * lives for the whole test file; call it (with nothing rendered) where a test needs that.
 */
export async function clearRiderData(database: AppDatabase): Promise<void> {
  for (const name of riderCollections) await removeAll(database, name);
  for (const id of riderLocalDocuments) await (await database.getLocal(id))?.remove();
}

/**
 * Sets what `navigator.onLine` says and tells the app (the `online`/`offline` event), as a
 * phone losing or finding its signal does. It leaves `fetch` as it is.
 */
export function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A GPX file from tests/fixtures/gpx/, as a rider's file picker hands it to the page. */
export function gpxFile(name = 'garmin-etrex.gpx'): File {
  // A path, not a URL object: jsdom's URL class is not the one node:fs accepts.
  const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'gpx');
  const text = readFileSync(join(folder, name), 'utf8');
  return new File([text], name, { type: 'application/gpx+xml' });
}

/** A request the app sent to the stubbed server. */
export interface ApiRequest {
  method: string;
  /** Path and query, e.g. /api/group-rides/abc. */
  path: string;
  /** The parsed JSON body, when there was one. */
  body: unknown;
}

/** What a route answers: a status (200) and a JSON body, or raw `text` of `contentType`. */
export interface ApiAnswer {
  status?: number;
  body?: unknown;
  /** A body sent as is (e.g. a Server-Sent Events stream's text) instead of `body` as JSON. */
  text?: string;
  contentType?: string;
}

/** One stubbed route: `method` and a path pattern matched against the path (without query). */
export interface ApiRoute {
  method?: string;
  path: string | RegExp;
  answer: ApiAnswer | ((request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>);
}

/** The app's fetch answering `routes` (first match wins); any other request fails. */
function apiFetch(routes: readonly ApiRoute[], requests: ApiRequest[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      window.location.href,
    );
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    let body: unknown = undefined;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: ApiRequest = { method, path: `${url.pathname}${url.search}`, body };
    requests.push(request);
    const route = routes.find(
      (candidate) =>
        (candidate.method ?? 'GET').toUpperCase() === method &&
        (typeof candidate.path === 'string'
          ? candidate.path === url.pathname
          : candidate.path.test(url.pathname)),
    );
    if (!route) throw new TypeError(`Failed to fetch ${method} ${request.path} (not stubbed)`);
    const answer = typeof route.answer === 'function' ? await route.answer(request) : route.answer;
    const status = answer.status ?? 200;
    const text = answer.text ?? JSON.stringify(answer.body ?? {});
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': answer.contentType ?? 'application/json' },
    });
  };
}

/**
 * renderApp with a server that answers `routes` (every other request fails as offline). The
 * returned `requests` lists what the app asked, in order.
 */
export async function renderAppWithApi(
  path: string,
  routes: readonly ApiRoute[],
): Promise<RenderedApp & { requests: ApiRequest[] }> {
  const requests: ApiRequest[] = [];
  const implementation = apiFetch(routes, requests);
  // renderApp stubs fetch before its first await; answer from the first request on.
  const rendering = renderApp(path);
  vi.mocked(globalThis.fetch).mockImplementation(implementation);
  const rendered = await rendering;
  if (vi.isMockFunction(globalThis.fetch)) {
    vi.mocked(globalThis.fetch).mockImplementation(implementation);
  }
  return { ...rendered, requests };
}
