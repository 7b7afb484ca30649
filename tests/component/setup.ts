// Component tests render the real app in jsdom: RxDB's Dexie storage runs on fake-indexeddb,
// and every test starts from an unmounted page.
import 'fake-indexeddb/auto';
// CSS.escape, which jsdom lacks and react-aria's popovers and keyboard handling call.
import 'css.escape';
import { cleanup, configure } from '@testing-library/react';
import ResizeObserver from 'resize-observer-polyfill';
import { afterAll, afterEach } from 'vitest';
import { settleDatabase } from './render-app.tsx';

// ResizeObserver and scrollIntoView, which jsdom lacks (it lays nothing out) and the command
// palette (cmdk) uses to size its list and keep the chosen entry in view.
globalThis.ResizeObserver ??= ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// findBy and waitFor wait up to 5 s (Testing Library's default is 1 s): a write to the app's
// database and the render after it can take longer on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});

afterAll(async () => {
  await settleDatabase();
});
