/**
 * How far the photo uploads are, for the sync panel (bytes and count): a small store the
 * uploader writes and the panel reads through useSyncExternalStore.
 */

/** The photo uploads' state. Bytes of images (full photos and thumbnails alike). */
export interface PhotoUploadProgress {
  /** Images queued and not yet held by the server (refused ones excluded). */
  pendingCount: number;
  /** Bytes of those images still to send. */
  pendingBytes: number;
  /** Bytes of all of those images, sent or not. */
  totalBytes: number;
  /** Images the server refused for good (too large, not a photo). */
  refusedCount: number;
  /** True while an upload is being sent. */
  uploading: boolean;
  /** Why the last attempt stopped (no network, signed out, daily limit), or null. */
  lastError: string | null;
}

/** A store of the progress: read, replace in part, listen. */
export interface PhotoUploadProgressStore {
  getSnapshot(): PhotoUploadProgress;
  update(patch: Partial<PhotoUploadProgress>): void;
  subscribe(listener: () => void): () => void;
}

export const idlePhotoUploadProgress: PhotoUploadProgress = {
  pendingCount: 0,
  pendingBytes: 0,
  totalBytes: 0,
  refusedCount: 0,
  uploading: false,
  lastError: null,
};

/** A new store, starting idle. */
export function createPhotoUploadProgressStore(): PhotoUploadProgressStore {
  let state = idlePhotoUploadProgress;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    update(patch) {
      state = { ...state, ...patch };
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Bytes in words for riders: "350 KB", "2.4 MB" (decimal units, as phones show storage). */
export function formatPhotoBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The panel's line for `progress`, or null when there is nothing to tell. */
export function describePhotoUploads(progress: PhotoUploadProgress): string | null {
  const parts: string[] = [];
  if (progress.pendingCount > 0) {
    const sent = progress.totalBytes - progress.pendingBytes;
    const images = progress.pendingCount === 1 ? '1 photo' : `${progress.pendingCount} photos`;
    parts.push(
      `${images} waiting to send: ${formatPhotoBytes(sent)} of ${formatPhotoBytes(progress.totalBytes)} sent${progress.uploading ? ', sending now' : ''}.`,
    );
    if (progress.lastError && !progress.uploading) parts.push(progress.lastError);
  }
  if (progress.refusedCount > 0) {
    parts.push(
      `${progress.refusedCount === 1 ? '1 photo was' : `${progress.refusedCount} photos were`} refused by the server and will not be sent.`,
    );
  }
  return parts.length ? parts.join(' ') : null;
}

/** The app's progress store: the upload runner writes it, the sync panel reads it. */
export const appPhotoUploadProgress = createPhotoUploadProgressStore();
