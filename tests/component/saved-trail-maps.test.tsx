/**
 * Saving a trail offers its offline map: the toast says the trail and its map work offline when
 * its region is on the device, offers "Download <Region> map (<size>)" as one tap (which starts
 * the Offline maps panel's download, its progress and outcome in the toast) when it is not, and
 * says the region could not be checked with no region catalog; /saved offers what the saved
 * trails still need. Which region holds a trail is unit-tested in
 * tests/unit/map/trail-regions.test.ts, the downloader in tests/unit/map/region-downloads.test.ts.
 */
import { mapRegionRepository } from '../../src/db/map-regions.ts';
import { Blob as NodeBlob } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapRegion } from '../../schemas/map-regions.ts';
import type { AppDatabase } from '../../src/db/database.ts';
import { savedTrailsDocumentId } from '../../src/db/saved-trails.ts';
import { formatBytes } from '../../src/map/format-bytes.ts';
import { fixtureArchive } from '../unit/map/archive-fixtures.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { clearRiderData, forgetRider, renderAppWithApi, setOnline } from './rider-fixtures.tsx';

/** Mill Creek OHV Trail: a trailhead without a line, in the Ozarks region only. */
const trailName = 'Mill Creek OHV Trail';
const archive = fixtureArchive(6, 10);

/** A region of the shipped catalog's shape, served by the stubbed server at /tiles/<id>. */
function region(
  id: string,
  name: string,
  bbox: [number, number, number, number],
  onDevice: boolean,
): MapRegion {
  return {
    id,
    name,
    bbox,
    minZoom: 6,
    maxZoom: 10,
    bytes: archive.bytes.length,
    url: `/tiles/${id}.pmtiles`,
    version: archive.sha256,
    basemap: null,
    status: onDevice ? 'downloaded' : 'not-downloaded',
    downloadedBytes: onDevice ? archive.bytes.length : 0,
    downloadedVersion: onDevice ? archive.sha256 : null,
    storageKey: onDevice ? `${id}@${archive.sha256}` : null,
    error: null,
    updatedAt: 0,
  };
}

function catalog(ozarksOnDevice: boolean): MapRegion[] {
  return [
    region('statewide', 'Arkansas statewide', [-96, 32, -88.6, 37.5], true),
    region('ozarks', 'Ozarks', [-94.6208, 35.2396, -91.2, 36.7455], ozarksOnDevice),
    region('arkansas-river-valley', 'Arkansas River Valley', [-94.43, 34.5, -92.5, 35.799], false),
  ];
}

let database: AppDatabase;

/** Stores the device's region catalog. */
async function storeCatalog(ozarksOnDevice: boolean): Promise<void> {
  await mapRegionRepository(database).put(catalog(ozarksOnDevice));
}

beforeEach(async () => {
  database = await databaseWithCatalogues();
  await clearRiderData(database);
  await (await database.getLocal(savedTrailsDocumentId))?.remove();
});

const jsdomBlob = globalThis.Blob;

afterEach(() => {
  vi.stubGlobal('Blob', jsdomBlob);
  forgetRider();
});

/** Opens the trail finder on Mill Creek and presses its save toggle. */
async function saveMillCreek(user: ReturnType<typeof userEvent.setup>) {
  await renderApp(`/ai-trails?q=${encodeURIComponent('Mill Creek')}`);
  await user.click(await screen.findByRole('button', { name: `Save ${trailName}` }));
  return within(screen.getByRole('region', { name: 'Notifications' }));
}

/**
 * The archive server: `/tiles/ozarks.pmtiles` answers the fixture archive once `release` is
 * called (so a test sees the download under way), the rest fails. `asked` lists the archive
 * requests only: the app's other requests (sync, analytics) go through the same mock on their
 * own timers. The downloaded parts are
 * stored as Node's Blobs: jsdom's Blob does not survive fake-indexeddb's structured clone (a
 * browser stores Blobs in IndexedDB as they are).
 */
function serveArchive(): { asked: string[]; release: () => void } {
  vi.stubGlobal('Blob', NodeBlob);
  const asked: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.mocked(globalThis.fetch).mockImplementation(async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), location.href)
      .pathname;
    if (path.startsWith('/tiles/')) asked.push(path);
    if (path !== '/tiles/ozarks.pmtiles') throw new TypeError(`Failed to fetch ${path}`);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await released;
        controller.enqueue(archive.bytes.slice());
        controller.close();
      },
    });
    return new Response(body, { status: 200 });
  });
  return { asked, release };
}

describe('saving a trail offers its map region', () => {
  it('says the trail and its map work offline when its region is on the device', async () => {
    await storeCatalog(true);
    const toasts = await saveMillCreek(userEvent.setup({ delay: null }));
    expect(
      await toasts.findByText(
        `${trailName} and its map work offline: the Ozarks map is on this device.`,
      ),
    ).toBeTruthy();
    expect(toasts.queryByRole('button', { name: /^Download/ })).toBeNull();
  });

  it('offers the region with its size, and one tap downloads it with progress in the toast', async () => {
    await storeCatalog(false);
    const user = userEvent.setup({ delay: null });
    const toasts = await saveMillCreek(user);
    expect(
      await toasts.findByText(
        `The map of ${trailName} will not show offline until the Ozarks region is downloaded. ` +
          'Its details, your saved list and navigation text work offline.',
      ),
    ).toBeTruthy();
    const offer = toasts.getByRole('button', {
      name: `Download Ozarks map (${formatBytes(archive.bytes.length)})`,
    });

    const { asked, release } = serveArchive();
    await user.click(offer);
    const progress = await toasts.findByRole('progressbar', { name: 'Downloading the Ozarks map' });
    expect(progress.getAttribute('aria-valuetext')).toBe(
      `0 B of ${formatBytes(archive.bytes.length)}`,
    );
    expect(toasts.queryByRole('button', { name: /^Download/ })).toBeNull();
    release();
    expect(await toasts.findByText('Ozarks map downloaded', {}, { timeout: 10_000 })).toBeTruthy();
    expect(toasts.getByText(`${trailName} and its map work offline.`)).toBeTruthy();
    expect(asked).toEqual(['/tiles/ozarks.pmtiles']);
    const stored = (await mapRegionRepository(database).get('ozarks'))!;
    expect(stored).toMatchObject({ status: 'downloaded', downloadedVersion: archive.sha256 });
  });

  it('with no region catalog on the device while online, fetches it, then offers the region', async () => {
    const { requests } = await renderAppWithApi(
      `/ai-trails?q=${encodeURIComponent('Mill Creek')}`,
      [
        {
          path: '/api/map-regions',
          answer: {
            body: {
              attribution: '© OpenStreetMap contributors',
              // The catalog as the server answers it: no download state.
              regions: catalog(false).map(
                ({ id, name, bbox, minZoom, maxZoom, bytes, url, version }) => ({
                  id,
                  name,
                  bbox,
                  minZoom,
                  maxZoom,
                  bytes,
                  url,
                  version,
                }),
              ),
            },
          },
        },
      ],
    );
    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: `Save ${trailName}` }));
    const toasts = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(
      await toasts.findByRole('button', {
        name: `Download Ozarks map (${formatBytes(archive.bytes.length)})`,
      }),
    ).toBeTruthy();
    expect(requests.map((request) => request.path)).toContain('/api/map-regions');
    // A fetched catalog starts the statewide download (it fails here, with no archive served):
    // let it end before the next test empties the device.
    await waitFor(async () => {
      const statewide = await mapRegionRepository(database).get('statewide');
      expect(['paused', 'failed']).toContain(statewide?.status);
    });
  });

  it('with no region catalog on the device, says the region could not be checked', async () => {
    setOnline(false);
    const toasts = await saveMillCreek(userEvent.setup({ delay: null }));
    expect(await toasts.findByText(/Its map region could not be checked/)).toBeTruthy();
    expect(
      toasts.getByText(/Once you are online, Saved trails offers the region's map\./),
    ).toBeTruthy();
    expect(toasts.queryByRole('button', { name: /^Download/ })).toBeNull();
  });
});

describe('the saved trails page', () => {
  it('offers the regions the saved trails still need, then says they are all on the device', async () => {
    await storeCatalog(false);
    const mill = (await database.trails.find({ selector: { name: trailName } }).exec())[0]!;
    await database.upsertLocal(savedTrailsDocumentId, { trailIds: [mill.id], updatedAt: 1 });
    await renderApp('/saved');
    const list = await screen.findByRole('list', { name: 'Map regions your saved trails need' });
    expect(within(list).getByText(`Map of ${trailName}`)).toBeTruthy();
    const button = within(list).getByRole('button', {
      name: `Download Ozarks map (${formatBytes(archive.bytes.length)})`,
    });

    serveArchive().release();
    await userEvent.setup({ delay: null }).click(button);
    expect(
      await screen.findByText(
        /The maps of all your saved trails are on\s+this device/,
        {},
        {
          timeout: 10_000,
        },
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: /saved trails need/ })).toBeNull(),
    );
  });
});
