/**
 * `usePhotoUrl`: an address an <img> can show for a photo: from the device's photo store when it
 * is there (taken on this device, or viewed before), else fetched from the server when online
 * (with the rider's token, so their own waypoints' photos work too) and kept on the device, so
 * it shows offline next time.
 */
import { useEffect, useState } from 'react';
import type { PhotoReference } from '../../schemas/photos.ts';
import { appPhotoDatabase, type PhotoDatabase, type StoredPhoto } from '../db/photo-database.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { keepViewedPhoto, readStoredPhoto } from './photo-store.ts';
import { fetchPhotoFromServer } from './server-photo.ts';

export interface PhotoUrlOptions {
  /** With a reference: show its thumbnail (`thumbnailHash`) rather than the full photo. */
  thumbnail?: boolean;
  /** The photo store (default the app's); give the same one at every render. */
  database?: PhotoDatabase;
}

/**
 * An object URL of the image `photo` names (a hash, or a reference: its full photo, or its
 * thumbnail with `thumbnail: true`), or null while it loads or when it cannot be shown (not on
 * the device and offline, or hidden on the server). The URL is revoked when the component unmounts
 * or the photo changes. A reference an admin hid (`hidden`) shows nothing, even where the device
 * kept the photo.
 */
export function usePhotoUrl(
  photo: string | PhotoReference | null | undefined,
  { thumbnail = false, database }: PhotoUrlOptions = {},
): string | null {
  const hash =
    photo == null || (typeof photo === 'object' && photo.hidden)
      ? null
      : typeof photo === 'string'
        ? photo
        : thumbnail
          ? photo.thumbnailHash
          : photo.hash;
  // Coming back online retries a photo that was neither on the device nor reachable.
  const online = useOnlineStatus();
  const [shown, setShown] = useState<{ hash: string; url: string } | null>(null);
  useEffect(() => {
    if (!hash) return;
    let cancelled = false;
    let url: string | null = null;
    const store = database ?? appPhotoDatabase();
    void (async () => {
      let image: Omit<StoredPhoto, 'origin' | 'storedAt' | 'thumbnailOf'> | undefined | null =
        await readStoredPhoto(store, hash);
      if (!image && online && !cancelled) {
        image = await fetchPhotoFromServer(hash);
        if (image) await keepViewedPhoto(store, image);
      }
      if (!image || cancelled) return;
      url = URL.createObjectURL(new Blob([image.data], { type: image.type }));
      setShown({ hash, url });
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [hash, database, online]);
  return shown && shown.hash === hash ? shown.url : null;
}
