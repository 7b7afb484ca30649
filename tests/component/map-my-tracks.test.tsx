/**
 * /map draws the rider's own tracks: an imported GPX track and the saved trails go to the map as
 * its overlay, behind a labelled "My tracks" switch that clears them; a trip's page draws its
 * track on the map. The map is the component tests' stand-in (tests/component/map-stand-in.tsx),
 * which lists the overlay it was given. The drawing itself is checked in Chromium
 * (tests/e2e/maps.test.ts), the overlay's building in tests/unit/map/rider-overlay.test.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/db/database.ts';
import { savedTrailsDocumentId } from '../../src/db/saved-trails.ts';
import { importGpxFile } from '../../src/ride/gpx-files.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { clearRiderData, forgetRider, gpxFile } from './rider-fixtures.tsx';

let database: AppDatabase;

beforeEach(async () => {
  database = await databaseWithCatalogues();
  await clearRiderData(database);
  await (await database.getLocal(savedTrailsDocumentId))?.remove();
});

afterEach(forgetRider);

/** What the map's overlay holds now, as [text, emphasis] pairs. */
async function overlayItems(label: RegExp): Promise<[string, string][]> {
  const list = await screen.findByRole('list', { name: label });
  return [...list.querySelectorAll('li')].map((item) => [
    item.textContent ?? '',
    item.dataset.emphasis ?? '',
  ]);
}

describe('my tracks on the map', () => {
  it('draws an imported track and the saved trails, and the switch clears them', async () => {
    const { tripIds } = await importGpxFile(database, gpxFile());
    const mill = (
      await database.trails.find({ selector: { name: 'Mill Creek OHV Trail' } }).exec()
    )[0]!;
    await database.upsertLocal(savedTrailsDocumentId, { trailIds: [mill.id], updatedAt: 1 });

    await renderApp('/map');
    const toggle = await screen.findByRole('switch', { name: /My tracks/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await waitFor(async () =>
      expect(await overlayItems(/^Overlay of Map of Arkansas/)).toEqual([
        ...tripIds.map((id) => [`track:${id}`, 'track']),
        ['Mill Creek OHV Trail', 'marker'],
      ]),
    );
    expect(screen.getByText(`Shown: 1 trip or track, 1 saved trail.`)).toBeTruthy();

    await userEvent.setup({ delay: null }).click(toggle);
    await waitFor(async () =>
      expect(await overlayItems(/^Overlay of Map of Arkansas/)).toEqual([]),
    );
    expect(screen.getByText('Off: the map shows only trails, campgrounds and WMAs.')).toBeTruthy();
  });

  it('says there is nothing to show before the rider has a track or a saved trail', async () => {
    await renderApp('/map');
    await screen.findByRole('switch', { name: /My tracks/ });
    expect(await screen.findByText(/^Nothing of yours yet/)).toBeTruthy();
  });

  it('draws a trip’s track on the map of its page, centred on the track', async () => {
    const { tripIds } = await importGpxFile(database, gpxFile());
    const [tripId] = tripIds;
    await renderApp(`/trips/${tripId}`);
    const items = await overlayItems(/^Overlay of Map of the track of/);
    expect(items[0]).toEqual([`track:${tripId}`, 'track']);
    expect(items.slice(1, 3)).toEqual([
      ['Start', 'marker'],
      ['End', 'marker'],
    ]);
    const trip = (await database.trips.findOne(tripId).exec())!.toJSON();
    const [west, south, east, north] = trip.bbox as number[];
    const list = screen.getByRole('list', { name: /^Overlay of Map of the track of/ });
    const [longitude, latitude] = list.dataset.center!.split(',').map(Number);
    expect(longitude).toBeGreaterThanOrEqual(west!);
    expect(longitude).toBeLessThanOrEqual(east!);
    expect(latitude).toBeGreaterThanOrEqual(south!);
    expect(latitude).toBeLessThanOrEqual(north!);
  });
});
