/**
 * Photos riders attach to trail reports (and, later, their own waypoints and trips): the
 * reference a document carries, and the limits the device and the server share. The photo
 * bytes travel apart from the documents, through the resumable upload of
 * sync-server/routes/photo-routes.ts, addressed by their SHA-256 so a retried or repeated upload
 * is stored once.
 */

/**
 * One photo as a document refers to it. `hash` and `thumbnailHash`: lower-case hex SHA-256 of the
 * full image's and the thumbnail's bytes; `width`/`height`: px of the full image; `bytes`: size of
 * the full image; `hidden`: server-owned, an admin hid this photo.
 */
export interface PhotoReference {
  hash: string;
  thumbnailHash: string;
  width: number;
  height: number;
  bytes: number;
  type: 'image/jpeg' | 'image/webp';
  hidden: boolean;
}
export const photoReferenceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['hash', 'thumbnailHash', 'width', 'height', 'bytes', 'type', 'hidden'],
  properties: {
    hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    thumbnailHash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    width: { type: 'integer', minimum: 1, maximum: 1600 },
    height: { type: 'integer', minimum: 1, maximum: 1600 },
    bytes: { type: 'integer', minimum: 1, maximum: 10485760 },
    type: { type: 'string', enum: ['image/jpeg', 'image/webp'] },
    hidden: { type: 'boolean' },
  },
} as const;

/** The image types a photo may have (checked by content on the server, never by name). */
export type PhotoType = PhotoReference['type'];

/** A SHA-256 in lower-case hex: how photos are addressed. */
export const photoHashPattern = /^[0-9a-f]{64}$/;

/** Longest side of a full photo as the device prepares it, px. */
export const photoLongSidePixels = 1600;

/** Longest side of a thumbnail, px. */
export const thumbnailLongSidePixels = 320;

/** Largest photo the server accepts, bytes (10 MiB). */
export const maximumPhotoBytes = 10 * 1024 * 1024;

/**
 * Largest side the server accepts, px: more lenient than the device's 1,600 so a client that
 * resizes differently still works, small enough that no header can ask for a giant decode.
 */
export const maximumServerPhotoSidePixels = 4096;

/** Most photos a rider's own waypoint or trip holds (their schemas' `photos.maxItems`). */
export const ownDocumentMaxPhotos = 4;

/** Full photos (not thumbnails) one rider may upload per Arkansas calendar day. */
export const photosPerRiderPerDay = 40;

/** Photo bytes (full photos and thumbnails) one rider may upload per Arkansas calendar day. */
export const photoBytesPerRiderPerDay = 200 * 1024 * 1024;

/**
 * Largest chunk of one upload request, bytes: a whole photo may go in one request; the app sends
 * 1 MiB chunks so a lost signal costs at most one chunk.
 */
export const maximumPhotoChunkBytes = maximumPhotoBytes;

/**
 * `GET /api/photos/{hash}/upload`: how far the server got with a photo — the bytes it holds of an
 * unfinished upload (0 when none), or `complete` when it stores the photo already.
 * The same shape answers each `PUT` of a chunk.
 */
export type PhotoUploadStatus = { received: number; complete?: false } | { complete: true };

/** Where a photo's bytes are served (cacheable for ever: the address is the content's hash). */
export function photoUrl(hash: string): string {
  return `/api/photos/${hash}`;
}

/** Where a photo's resumable upload lives. */
export function photoUploadUrl(hash: string): string {
  return `/api/photos/${hash}/upload`;
}
