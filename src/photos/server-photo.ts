/**
 * A photo's bytes from the server (GET /api/photos/{hash}, with the rider's token so their own
 * waypoints' photos come too), for showing it and keeping it on the device.
 */
import { photoUrl } from '../../schemas/photos.ts';
import { sendAuthorized } from '../lib/http/request.ts';
import { appPhotoDatabase, type PhotoDatabase, type StoredPhoto } from '../db/photo-database.ts';
import { keepViewedPhoto, readStoredPhoto } from './photo-store.ts';

/** The image's bytes from the server, or null when it has none to show (404) or is unreachable. */
export async function fetchPhotoFromServer(
  hash: string,
): Promise<Omit<StoredPhoto, 'origin' | 'storedAt' | 'thumbnailOf'> | null> {
  try {
    const response = await sendAuthorized('GET', photoUrl(hash));
    if (!response.ok) return null;
    const type =
      response.headers.get('content-type') === 'image/webp' ? 'image/webp' : 'image/jpeg';
    return { hash, data: await response.arrayBuffer(), type, width: 0, height: 0 };
  } catch {
    return null;
  }
}

/** A photo as `fetchPhotoFromServer` gives it, or null. */
type FetchedPhoto = Awaited<ReturnType<typeof fetchPhotoFromServer>>;

/**
 * Fetches and keeps on the device each of `hashes` it does not hold yet (other riders' report
 * thumbnails, so they show offline), one at a time. Stops at the first photo the server does not
 * give (offline, or no longer served), to try again at the next call. Resolves to how many were
 * kept; a full storage keeps nothing more and is no error (keepViewedPhoto).
 */
export async function keepPhotosOnDevice(
  hashes: readonly string[],
  database: PhotoDatabase = appPhotoDatabase(),
  fetchPhoto: (hash: string) => Promise<FetchedPhoto> = fetchPhotoFromServer,
): Promise<number> {
  let kept = 0;
  for (const hash of new Set(hashes)) {
    if (await readStoredPhoto(database, hash)) continue;
    const photo = await fetchPhoto(hash);
    if (!photo) break;
    await keepViewedPhoto(database, photo);
    kept += 1;
  }
  return kept;
}
