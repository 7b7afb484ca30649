import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  describePhotoUploads,
  idlePhotoUploadProgress,
} from '../../../src/photos/upload-progress.ts';
import { fitWithin } from '../../../src/photos/prepare-image.ts';
import { describeSyncStatus } from '../../../src/sync/sync-status-text.ts';
import { initialSyncStatus } from '../../../src/sync/sync-status.ts';
import { SyncStatusView } from '../../../src/sync/sync-status-view.tsx';

describe('the photo uploads line of the sync panel', () => {
  it('says nothing when no photo waits', () => {
    expect(describePhotoUploads(idlePhotoUploadProgress)).toBeNull();
  });

  it('counts the photos and bytes waiting and how much is sent', () => {
    const line = describePhotoUploads({
      ...idlePhotoUploadProgress,
      pendingCount: 6,
      totalBytes: 2_400_000,
      pendingBytes: 1_900_000,
      uploading: true,
    });
    expect(line).toBe('6 photos waiting to send: 500 KB of 2.4 MB sent, sending now.');
  });

  it('says why sending stopped, and which photos the server refused', () => {
    const line = describePhotoUploads({
      ...idlePhotoUploadProgress,
      pendingCount: 1,
      totalBytes: 350_000,
      pendingBytes: 350_000,
      refusedCount: 2,
      lastError: 'No connection: photos are sent when the device is online.',
    });
    expect(line).toBe(
      '1 photo waiting to send: 0 bytes of 350 KB sent. No connection: photos are sent when the device is online. 2 photos were refused by the server and will not be sent.',
    );
  });

  it('is shown in the panel as a polite status line', () => {
    const html = renderToStaticMarkup(
      <SyncStatusView
        description={describeSyncStatus(initialSyncStatus, 0, Date.now())}
        onSyncNow={() => undefined}
        photoUploads="2 photos waiting to send: 0 bytes of 700 KB sent."
      />,
    );
    expect(html).toMatch(
      /class="sync-panel__line sync-panel__photos" role="status" aria-live="polite">.*2 photos waiting to send/,
    );
  });
});

describe('fitWithin', () => {
  it('scales the long side down to the limit, keeping the proportions', () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 320)).toEqual({ width: 240, height: 320 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });
});
