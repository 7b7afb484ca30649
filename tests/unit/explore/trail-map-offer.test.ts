import { describe, expect, it, vi } from 'vitest';
import type { MapRegion } from '../../../schemas/map-regions.ts';
import { savedTrailToast } from '../../../src/explore/trail-map-offer.ts';

function region(id: string, name: string, bytes: number): MapRegion {
  return {
    id,
    name,
    bbox: [-94, 35, -93, 36],
    minZoom: 10,
    maxZoom: 14,
    bytes,
    url: `/tiles/${id}.pmtiles`,
    version: 'b'.repeat(64),
    basemap: null,
    status: 'not-downloaded',
    downloadedBytes: 0,
    downloadedVersion: null,
    storageKey: null,
    error: null,
    updatedAt: 0,
  };
}

const ozarks = region('ozarks', 'Ozarks', 260_701);
const valley = region('arkansas-river-valley', 'Arkansas River Valley', 184_652);

describe('the toast confirming a saved trail', () => {
  it('says the trail and its map work offline when its region is on the device', () => {
    const toast = savedTrailToast(
      'Mill Creek OHV Trail',
      { onDevice: [ozarks], toDownload: [], outsideCount: 0 },
      { online: true, onDownload: vi.fn() },
    );
    expect(toast.description).toBe(
      'Mill Creek OHV Trail and its map work offline: the Ozarks map is on this device.',
    );
    expect(toast.action).toBeUndefined();
  });

  it('offers the missing region in one tap with its size, and says what will not work offline', () => {
    const onDownload = vi.fn();
    const toast = savedTrailToast(
      'Mill Creek OHV Trail',
      { onDevice: [], toDownload: [ozarks], outsideCount: 0 },
      { online: true, onDownload },
    );
    expect(toast.description).toBe(
      'The map of Mill Creek OHV Trail will not show offline until the Ozarks region is downloaded. ' +
        'Its details, your saved list and navigation text work offline.',
    );
    expect(toast.action?.label).toBe('Download Ozarks map (261 KB)');
    toast.action!.onPress();
    expect(onDownload).toHaveBeenCalledWith([ozarks]);
  });

  it('offers two regions as one download with their total size', () => {
    const toast = savedTrailToast(
      'Long Line',
      { onDevice: [], toDownload: [ozarks, valley], outsideCount: 0 },
      { online: true, onDownload: vi.fn() },
    );
    expect(toast.action?.label).toBe('Download Ozarks and Arkansas River Valley maps (445 KB)');
    expect(toast.description).toContain(
      'until the Ozarks and Arkansas River Valley regions are downloaded',
    );
  });

  it('offline, gives no button but the size and where to download it with signal', () => {
    const toast = savedTrailToast(
      'Mill Creek OHV Trail',
      { onDevice: [], toDownload: [ozarks], outsideCount: 0 },
      { online: false, onDownload: vi.fn() },
    );
    expect(toast.action).toBeUndefined();
    expect(toast.description).toContain('will not show offline until the Ozarks region');
    expect(toast.description).toContain('Download it (261 KB) from Offline maps');
  });

  it('with no region catalog, says the region could not be checked and is offered once online', () => {
    const toast = savedTrailToast('Mill Creek OHV Trail', null, {
      online: false,
      onDownload: vi.fn(),
    });
    expect(toast.description).toContain('Its map region could not be checked');
    expect(toast.description).toContain('Once you are online, Saved trails offers');
    expect(toast.action).toBeUndefined();
  });

  it('says a trail outside every region has its map only with signal', () => {
    const toast = savedTrailToast(
      'Far Trail',
      { onDevice: [], toDownload: [], outsideCount: 1 },
      { online: true, onDownload: vi.fn() },
    );
    expect(toast.description).toContain('outside every offline map region');
  });
});
