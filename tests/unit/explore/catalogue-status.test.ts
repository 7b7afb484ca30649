import { describe, expect, it } from 'vitest';
import { catalogueStatusMessage } from '../../../src/explore/catalogue-status.ts';

const synced = new Date(2026, 10, 19, 14, 5).getTime();

describe('catalogue status line on the trails page', () => {
  it('tells an offline rider the list is the one saved on the device, and how old it is', () => {
    expect(
      catalogueStatusMessage(false, { lastSyncedAt: synced, error: null, isRefreshing: false }),
    ).toEqual({
      tone: 'warning',
      text: 'Offline: showing trails saved on this device, last updated 11/19/2026 14:05.',
    });
  });

  it('says when the list has never been updated', () => {
    expect(
      catalogueStatusMessage(false, { lastSyncedAt: null, error: null, isRefreshing: false })?.text,
    ).toBe('Offline: showing trails saved on this device, not yet updated from the server.');
  });

  it('reports a failed refresh while online without hiding the saved list', () => {
    const message = catalogueStatusMessage(true, {
      lastSyncedAt: synced,
      error: 'HTTP 503',
      isRefreshing: false,
    });
    expect(message?.tone).toBe('warning');
    expect(message?.text).toContain('HTTP 503');
    expect(message?.text).toContain('Showing trails saved on this device');
  });

  it('is quiet or informative when all is well', () => {
    expect(
      catalogueStatusMessage(true, { lastSyncedAt: null, error: null, isRefreshing: false }),
    ).toBeNull();
    expect(
      catalogueStatusMessage(true, { lastSyncedAt: null, error: null, isRefreshing: true }),
    ).toEqual({
      tone: 'info',
      text: 'Checking for trail updates…',
    });
  });
});
