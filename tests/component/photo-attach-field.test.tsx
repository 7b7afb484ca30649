// PhotoAttachField: photos from the camera or the gallery become thumbnails with Remove, at most
// `max`, and a failure (a full storage) leaves the attached photos as they were and says why.
// The test hands the field its own `prepare` (the real one needs a browser's worker and
// OffscreenCanvas); thumbnails come from the device's photo store on fake-indexeddb.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoReference } from '../../schemas/photos.ts';
import { appPhotoDatabase } from '../../src/db/photo-database.ts';
import { PhotoAttachField } from '../../src/photos/photo-attach-field.tsx';
import { PhotoStorageFullError, storePreparedPhotos } from '../../src/photos/photo-store.ts';

let imageNumber = 0;
/** Stores a made-up photo and thumbnail on the device, as preparePhotos would, and refers to it. */
async function storeOnDevice(): Promise<PhotoReference> {
  imageNumber += 1;
  const image = (side: number) => {
    const data = new Uint8Array(64).fill(imageNumber).buffer;
    const hash =
      `${imageNumber.toString(16).padStart(4, '0')}${side.toString(16).padStart(4, '0')}`.padEnd(
        64,
        'a',
      );
    return { hash, data, type: 'image/jpeg' as const, width: side, height: (side * 3) / 4 };
  };
  const [reference] = await storePreparedPhotos(appPhotoDatabase(), [
    { full: image(1600), thumbnail: image(320) },
  ]);
  return reference!;
}

/** The field holding its own value, as a form would. */
function Form({
  initial = [],
  prepare,
  max,
}: {
  initial?: PhotoReference[];
  prepare: (files: File[]) => Promise<PhotoReference[]>;
  max?: number;
}) {
  const [photos, setPhotos] = useState<PhotoReference[]>(initial);
  return (
    <PhotoAttachField
      value={photos}
      onChange={setPhotos}
      prepare={prepare}
      {...(max ? { max } : {})}
    />
  );
}

const picture = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
/** The image of the thumbnail button "Open photo N of M", or null while it shows none. */
const thumbnailImage = (name: string) =>
  screen.getByRole('button', { name: `Open ${name.toLowerCase()}` }).querySelector('img');
const fileInputs = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLInputElement>('input[type="file"]'));

describe('PhotoAttachField', () => {
  // jsdom has no object URLs; the thumbnails only need an address to show.
  const original = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeAll(() => {
    let next = 0;
    URL.createObjectURL = () => `blob:thumbnail-${(next += 1)}`;
    URL.revokeObjectURL = () => undefined;
  });
  afterAll(() => {
    URL.createObjectURL = original;
    URL.revokeObjectURL = originalRevoke;
  });

  it('offers the camera and the gallery for images only', () => {
    const { container } = render(<Form prepare={async () => []} />);
    const [camera, gallery] = fileInputs(container);
    expect(camera).toHaveProperty('accept', 'image/*');
    expect(camera!.getAttribute('capture')).toBe('environment');
    expect(gallery!.multiple).toBe(true);
    expect(gallery!.hasAttribute('capture')).toBe(false);
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose photos' })).toBeTruthy();
  });

  it('shows picked photos as thumbnails, each with a Remove button', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    const { container } = render(
      <Form
        prepare={async (files) => {
          picked.push(...files.map((file) => file.name));
          return Promise.all(files.map(() => storeOnDevice()));
        }}
      />,
    );
    await user.upload(fileInputs(container)[1]!, [picture('creek.jpg'), picture('tree.jpg')]);
    expect(picked).toEqual(['creek.jpg', 'tree.jpg']);
    const group = screen.getByRole('group', { name: 'Photos' });
    // The thumbnail shows once it is read from the device's photo store.
    await waitFor(() => expect(thumbnailImage('Photo 2 of 2')?.src).toMatch(/^blob:thumbnail-/));
    expect(within(group).getByText('2 of 4 photos')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(within(group).getByText('1 of 4 photos')).toBeTruthy();
    expect(within(group).queryByRole('button', { name: 'Remove photo 2' })).toBeNull();

    // A thumbnail opens its full photo from the device.
    await user.click(within(group).getByRole('button', { name: 'Open photo 1 of 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 1' });
    await waitFor(() =>
      expect(within(dialog).getByRole('img', { name: 'Photo 1 of 1 you attached' })).toBeTruthy(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes only as many photos as fit, says so, and then offers no more', async () => {
    const user = userEvent.setup();
    const initial = [await storeOnDevice(), await storeOnDevice(), await storeOnDevice()];
    let prepared = 0;
    const { container } = render(
      <Form
        initial={initial}
        prepare={async (files) => {
          prepared += files.length;
          return Promise.all(files.map(() => storeOnDevice()));
        }}
      />,
    );
    await user.upload(fileInputs(container)[1]!, [picture('a.jpg'), picture('b.jpg')]);
    expect(prepared).toBe(1);
    expect(await screen.findByText('Only 4 photos fit; 1 not added.')).toBeTruthy();
    expect(screen.getByText('4 of 4 photos (the most that fit)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take photo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Choose photos' })).toHaveProperty('disabled', true);
  });

  it('shows no image for a photo an admin hid, even though the device holds it', async () => {
    const shown = await storeOnDevice();
    const hidden = { ...(await storeOnDevice()), hidden: true };
    render(<Form initial={[shown, hidden]} prepare={async () => []} />);
    await waitFor(() => expect(thumbnailImage('Photo 1 of 2')?.src).toMatch(/^blob:/));
    expect(thumbnailImage('Photo 2 of 2')).toBeNull();
    expect(screen.getByText('Photo not on this device yet')).toBeTruthy();
  });

  it('on a full storage keeps the attached photos and says what happened', async () => {
    const user = userEvent.setup();
    const initial = [await storeOnDevice()];
    const { container } = render(
      <Form initial={initial} prepare={() => Promise.reject(new PhotoStorageFullError())} />,
    );
    await user.upload(fileInputs(container)[0]!, picture('camera.jpg'));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /storage is full.*Everything saved before is kept/,
    );
    expect(screen.getByText('1 of 4 photos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open photo 1 of 1' })).toBeTruthy();
  });
});
