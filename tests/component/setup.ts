// Component tests render the real app in jsdom: RxDB's Dexie storage runs on fake-indexeddb,
// and every test starts from an unmounted page.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
