// Photos on the rider's own waypoints and trips: the scouting guide's new-waypoint form takes
// photos (stored with the waypoint, their upload queued), each saved waypoint's photos are shown,
// opened, removed and added in its list entry, and a trip's page does the same for the trip.
// The screens get their own `prepare` (the real one needs a browser's worker); photos live in
// the device's photo store on fake-indexeddb, with no network, as on a phone with no signal.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReference } from '../../schemas/photos.ts';
import { appPhotoDatabase } from '../../src/db/photo-database.ts';
import type { AppDatabase } from '../../src/db/database.ts';
import { DatabaseProvider } from '../../src/db-react/provider.tsx';
import { useTrip } from '../../src/db-react/trip-hooks.ts';
import {
  MarkWaypointSection,
  YourWaypointsSection,
} from '../../src/hunting/scouting-guide-page.tsx';
import { storePreparedPhotos } from '../../src/photos/photo-store.ts';
import { pendingUploads } from '../../src/photos/upload-queue.ts';
import { TripPhotos } from '../../src/ride/trip-detail-page.tsx';
import { makeTrip } from '../integration/sync/sync-fixtures.ts';
import { databaseWithCatalogues } from './render-app.tsx';
import { clearRiderData } from './rider-fixtures.tsx';

let imageNumber = 0;
/** Stores a made-up photo and its thumbnail on the device, as preparePhotos would. */
async function prepare(files: File[]): Promise<PhotoReference[]> {
  const image = (side: number) => {
    const data = new Uint8Array(64).fill(imageNumber).buffer;
    const hash =
      `${imageNumber.toString(16).padStart(4, '0')}${side.toString(16).padStart(4, '0')}`.padEnd(
        64,
        'b',
      );
    return { hash, data, type: 'image/jpeg' as const, width: side, height: (side * 3) / 4 };
  };
  return storePreparedPhotos(
    appPhotoDatabase(),
    files.map(() => {
      imageNumber += 1;
      return { full: image(1600), thumbnail: image(320) };
    }),
  );
}

const picture = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
/** The gallery input of the field labelled `label` (its second file input). */
const galleryOf = (label: string) =>
  screen
    .getByRole('group', { name: label })
    .querySelectorAll<HTMLInputElement>('input[type="file"]')[1]!;
/** The hashes waiting for upload that belong to `collection`. */
async function queuedFor(collection: string): Promise<string[]> {
  const uploads = await pendingUploads(appPhotoDatabase());
  return uploads
    .filter((upload) => upload.ownerDocument.collection === collection)
    .map((upload) => upload.hash);
}

describe("photos on the rider's own waypoints and trips", () => {
  let database: AppDatabase;
  const original = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeAll(async () => {
    database = await databaseWithCatalogues();
    let next = 0;
    URL.createObjectURL = () => `blob:photo-${(next += 1)}`;
    URL.revokeObjectURL = () => undefined;
  });
  afterAll(() => {
    URL.createObjectURL = original;
    URL.revokeObjectURL = originalRevoke;
  });
  afterEach(async () => {
    await clearRiderData(database);
    await appPhotoDatabase().uploads.clear();
  });

  it('saves a new waypoint with its photos offline, queues their upload, and edits them in the list', async () => {
    const user = userEvent.setup();
    render(
      <DatabaseProvider database={database}>
        <MarkWaypointSection prepare={prepare} />
        <YourWaypointsSection prepare={prepare} />
      </DatabaseProvider>,
    );
    await user.type(screen.getByLabelText('Or type latitude, longitude'), '34.52, -91.55');
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Ridge stand');
    await user.upload(galleryOf('Photos (optional)'), [picture('a.jpg'), picture('b.jpg')]);
    await within(screen.getByRole('group', { name: 'Photos (optional)' })).findByText(
      '2 of 4 photos',
    );
    await user.click(screen.getByRole('button', { name: 'Save waypoint' }));
    await screen.findByText('Saved “Ridge stand” on this device.');

    const [stored] = (await database.waypoints.find().exec()).map((document) => document.toJSON());
    expect(stored!.id).toMatch(/^temp-/);
    expect(stored!.photos).toHaveLength(2);
    // Each photo and its thumbnail wait for the server.
    expect((await queuedFor('waypoints')).sort()).toEqual(
      stored!.photos!.flatMap((photo) => [photo.hash, photo.thumbnailHash]).sort(),
    );
    // The form is empty again.
    expect(
      within(screen.getByRole('group', { name: 'Photos (optional)' })).getByText('0 of 4 photos'),
    ).toBeTruthy();

    // In the list: thumbnails that open the full photo, Remove, and more photos.
    const field = await screen.findByRole('group', { name: 'Photos of Ridge stand' });
    await waitFor(() =>
      expect(
        within(field).getByRole('button', { name: 'Open photo 2 of 2' }).querySelector('img'),
      ).toBeTruthy(),
    );
    await user.click(within(field).getByRole('button', { name: 'Open photo 1 of 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 2' });
    await within(dialog).findByRole('img', { name: 'Photo 1 of 2 of your waypoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(field).getByRole('button', { name: 'Remove photo 1' }));
    await within(field).findByText('1 of 4 photos');
    const afterRemoval = (await database.waypoints.findOne(stored!.id).exec())!.toJSON();
    expect(afterRemoval.photos!.map((photo) => photo.hash)).toEqual([stored!.photos![1]!.hash]);

    await user.upload(galleryOf('Photos of Ridge stand'), [picture('c.jpg')]);
    await within(field).findByText('2 of 4 photos');
    const afterAdding = (await database.waypoints.findOne(stored!.id).exec())!.toJSON();
    expect(afterAdding.photos).toHaveLength(2);
    expect(await queuedFor('waypoints')).toContain(afterAdding.photos![1]!.hash);
  });

  it('attaches photos to a saved trip, at most 4, and removes one', async () => {
    const user = userEvent.setup();
    await database.trips.insert(makeTrip('temp-trip-photos', { name: 'Sunday loop' }));
    function LiveTripPhotos() {
      const { trip } = useTrip('temp-trip-photos');
      return trip ? <TripPhotos trip={trip} prepare={prepare} /> : null;
    }
    render(
      <DatabaseProvider database={database}>
        <LiveTripPhotos />
      </DatabaseProvider>,
    );
    const label = 'Up to 4 photos from this trip';
    await screen.findByRole('group', { name: label });
    await user.upload(
      galleryOf(label),
      [1, 2, 3, 4, 5].map((n) => picture(`${n}.jpg`)),
    );
    const field = screen.getByRole('group', { name: label });
    await within(field).findByText('4 of 4 photos (the most that fit)');
    const trip = (await database.trips.findOne('temp-trip-photos').exec())!.toJSON();
    expect(trip.photos).toHaveLength(4);
    expect(await queuedFor('trips')).toHaveLength(8);

    await user.click(within(field).getByRole('button', { name: 'Remove photo 4' }));
    await within(field).findByText('3 of 4 photos');
    const after = (await database.trips.findOne('temp-trip-photos').exec())!.toJSON();
    expect(after.photos!.map((photo) => photo.hash)).toEqual(
      trip.photos!.slice(0, 3).map((photo) => photo.hash),
    );
  });
});
