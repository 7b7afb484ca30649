/**
 * `DocumentPhotosField`: the photos of a document the rider already saved (their own waypoints
 * and trips; photos "attached to the rider's own waypoints and trips use the same photo
 * pipeline"): `PhotoAttachField` whose every change is stored in the document at once (offline
 * too; the sync engine sends it) and whose new photos are queued for upload, resumable, sent once
 * the rider is signed in and online. A failed save leaves the stored photos as they were and
 * says why.
 */
import { useState } from 'react';
import type { PhotoReference } from '../../schemas/photos.ts';
import { PhotoAttachField } from './photo-attach-field.tsx';
import { queuePhotoUploads } from './photo-upload-runner.ts';
import type { PhotoOwnerDocument } from './upload-queue.ts';

/** Props of `DocumentPhotosField`. */
export interface DocumentPhotosFieldProps {
  /** The field's visible label, e.g. "Photos of Ridge stand". */
  label: string;
  /** The document the photos belong to (its collection and id; a temp- id is fine). */
  owner: PhotoOwnerDocument;
  /** The document's stored photos. */
  photos: readonly PhotoReference[];
  /** Stores `photos` as the document's photos; rejects with an Error whose message is shown. */
  save(photos: PhotoReference[]): Promise<unknown>;
  /** What the photos show, ending a full photo's description ("of your waypoint"). */
  subject: string;
  /** Most photos (default 4). */
  max?: number;
  /** Prepares picked files (default the photo worker's `preparePhotos`). */
  prepare?: (files: File[]) => Promise<PhotoReference[]>;
  /** Queues photos for upload (default the app's `queuePhotoUploads`). */
  queueUploads?: (photos: readonly PhotoReference[], owner: PhotoOwnerDocument) => Promise<void>;
}

/** The field; see the file comment. */
export function DocumentPhotosField({
  label,
  owner,
  photos,
  save,
  subject,
  max,
  prepare,
  queueUploads = queuePhotoUploads,
}: DocumentPhotosFieldProps) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function change(next: PhotoReference[]) {
    setSaving(true);
    setFailure(null);
    try {
      await save(next);
      // Photos already queued or already on the server are skipped (upload-queue.ts).
      await queueUploads(next, owner);
    } catch (error) {
      setFailure(
        `The photos could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="document-photos">
      <PhotoAttachField
        label={label}
        value={photos}
        onChange={(next) => void change(next)}
        subject={subject}
        isDisabled={saving}
        {...(max !== undefined ? { max } : {})}
        {...(prepare ? { prepare } : {})}
      />
      {failure ? (
        <p className="photo-attach__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
