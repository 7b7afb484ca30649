/**
 * The photo pipeline's public face (trail reports, photos; docs/architecture.md "Photos"):
 * prepare picked photos on the device, queue their upload for a document, show a photo, and the
 * attach field, thumbnails that open the full photo, and the upload progress the sync panel shows.
 */
export { preparePhotos, PhotoNotReadableError, type PreparedPhoto } from './prepare-photos.ts';
export { queuePhotoUploads } from './photo-upload-runner.ts';
export { PhotoStorageFullError } from './photo-store.ts';
export { usePhotoUrl, type PhotoUrlOptions } from './use-photo-url.ts';
export { PhotoAttachField, type PhotoAttachFieldProps } from './photo-attach-field.tsx';
export { DocumentPhotosField, type DocumentPhotosFieldProps } from './document-photos-field.tsx';
export {
  PhotoThumbnailButton,
  PhotoThumbnails,
  type PhotoThumbnailButtonProps,
} from './photo-thumbnails.tsx';
export type { PhotoOwnerDocument } from './upload-queue.ts';
export {
  appPhotoUploadProgress,
  describePhotoUploads,
  type PhotoUploadProgress,
} from './upload-progress.ts';
