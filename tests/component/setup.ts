// Component tests render the real app in jsdom: RxDB's Dexie storage runs on fake-indexeddb,
// and every test starts from an unmounted page.
import 'fake-indexeddb/auto';
// CSS.escape, which jsdom lacks and react-aria's popovers and keyboard handling call.
import 'css.escape';
import { cleanup, configure } from '@testing-library/react';
import ResizeObserver from 'resize-observer-polyfill';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import {
  createOnlineQueryClient,
  replaceOnlineQueryClient,
} from '../../src/lib/http/query-client.ts';
import { databaseWithCatalogues, settleDatabase } from './render-app.tsx';
import { clearRiderData } from './rider-fixtures.tsx';

// MapLibre needs WebGL, which jsdom lacks: every map is the stand-in that shows its props.
vi.mock('../../src/map/maplibre-map.tsx', async () => {
  const { MapStandIn } = await import('./map-stand-in.tsx');
  return { MapLibreMap: MapStandIn };
});

// ResizeObserver and scrollIntoView, which jsdom lacks (it lays nothing out) and the command
// palette (cmdk) uses to size its list and keep the chosen entry in view.
globalThis.ResizeObserver ??= ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// findBy and waitFor wait up to 5 s (Testing Library's default is 1 s): a write to the app's
// database and the render after it can take longer on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

// The files of a worker share their modules and database (vitest.config.ts): each file starts
// on a device nobody has ridden with, signed out, with the catalogues stored.
beforeAll(async () => {
  localStorage.clear();
  await clearRiderData(await databaseWithCatalogues());
});

// Every test gets an empty query cache, with the production retry policy (3 retries of a read
// on this desktop-sized jsdom, 1 of a write) but 5 ms between attempts instead of 1 s doubling.
beforeEach(() => {
  replaceOnlineQueryClient(
    createOnlineQueryClient(
      () => false,
      () => 5,
    ),
  );
});

afterEach(() => {
  cleanup();
});

afterAll(async () => {
  await settleDatabase();
});
