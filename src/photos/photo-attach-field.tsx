/**
 * `PhotoAttachField`: attach up to `max` photos to a document (trail reports, the rider's own
 * waypoints and trips; photos "camera or gallery"): "Take photo" opens the camera, "Choose
 * photos" the gallery; each photo is prepared on the device (resized, metadata stripped:
 * prepare-photos.ts) and shown as a thumbnail that opens the full photo, with Remove. Buttons keep the touch-target preset (44 px, 60 px in glove mode).
 */
import { useId, useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { Camera, ImagePlus, X } from 'lucide-react';
import type { PhotoReference } from '../../schemas/photos.ts';
import { preparePhotos } from './prepare-photos.ts';
import { PhotoThumbnailButton } from './photo-thumbnails.tsx';
import './photo-attach-field.css';

export interface PhotoAttachFieldProps {
  /** The field's visible label (default "Photos"). */
  label?: string;
  /** The attached photos, in order. */
  value: readonly PhotoReference[];
  onChange(value: PhotoReference[]): void;
  /** What the photos show, ending a full photo's description (default "you attached"). */
  subject?: string;
  /** Most photos attached (default 4). */
  max?: number;
  isDisabled?: boolean;
  /**
   * Prepares and stores picked files, resolving to their references (default `preparePhotos`);
   * throws an Error whose message the field shows.
   */
  prepare?: (files: File[]) => Promise<PhotoReference[]>;
}

/** One attached photo: its thumbnail (opening the full photo) and its Remove button. */
function AttachedPhoto({
  photo,
  position,
  count,
  subject,
  onRemove,
  isDisabled,
}: {
  photo: PhotoReference;
  position: number;
  count: number;
  subject: string;
  onRemove(): void;
  isDisabled: boolean;
}) {
  return (
    <li className="photo-attach__item">
      <PhotoThumbnailButton
        photo={photo}
        name={`Photo ${position} of ${count}`}
        subject={subject}
      />
      <Button
        className="button photo-attach__remove"
        aria-label={`Remove photo ${position}`}
        onPress={onRemove}
        isDisabled={isDisabled}
      >
        <X size={20} aria-hidden="true" />
        Remove
      </Button>
    </li>
  );
}

/** "Take photo" (the camera) and "Choose photos" (the gallery, several at once). */
function PhotoSourceButtons({
  isDisabled,
  onSelect,
}: {
  isDisabled: boolean;
  onSelect(files: FileList | null): void;
}) {
  return (
    <div className="photo-attach__actions">
      <FileTrigger acceptedFileTypes={['image/*']} defaultCamera="environment" onSelect={onSelect}>
        <Button className="button" isDisabled={isDisabled}>
          <Camera size={20} aria-hidden="true" />
          Take photo
        </Button>
      </FileTrigger>
      <FileTrigger acceptedFileTypes={['image/*']} allowsMultiple onSelect={onSelect}>
        <Button className="button" isDisabled={isDisabled}>
          <ImagePlus size={20} aria-hidden="true" />
          Choose photos
        </Button>
      </FileTrigger>
    </div>
  );
}

/**
 * The field. Picked files beyond `max` are left out (the field says so); a file that is no
 * photo, or a full storage, leaves the attached photos as they were and shows why.
 */
export function PhotoAttachField({
  label = 'Photos',
  value,
  onChange,
  subject = 'you attached',
  max = 4,
  isDisabled = false,
  prepare = preparePhotos,
}: PhotoAttachFieldProps) {
  const labelId = useId();
  const [preparing, setPreparing] = useState(false);
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);
  const room = max - value.length;
  const full = room <= 0;

  async function attach(files: FileList | null) {
    const picked = Array.from(files ?? []);
    if (picked.length === 0 || full) return;
    const taken = picked.slice(0, room);
    setPreparing(true);
    setMessage(null);
    try {
      const prepared = await prepare(taken);
      onChange([...value, ...prepared]);
      if (taken.length < picked.length) {
        setMessage({
          text: `Only ${max} photos fit; ${picked.length - taken.length} not added.`,
          alert: false,
        });
      }
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), alert: true });
    } finally {
      setPreparing(false);
    }
  }

  const buttonsDisabled = isDisabled || preparing || full;
  return (
    <div className="photo-attach" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="photo-attach__label">
        {label}
      </span>
      <p className="photo-attach__count">
        {value.length} of {max} photos{full ? ' (the most that fit)' : ''}
      </p>
      {value.length > 0 ? (
        <ul className="photo-attach__list">
          {value.map((photo, index) => (
            <AttachedPhoto
              key={photo.hash}
              photo={photo}
              position={index + 1}
              count={value.length}
              subject={subject}
              isDisabled={isDisabled || preparing}
              onRemove={() => onChange(value.filter((_, other) => other !== index))}
            />
          ))}
        </ul>
      ) : null}
      <PhotoSourceButtons isDisabled={buttonsDisabled} onSelect={(files) => void attach(files)} />
      <p className="photo-attach__status" role="status" aria-live="polite">
        {preparing ? 'Preparing photos…' : message && !message.alert ? message.text : ''}
      </p>
      {message?.alert ? (
        <p className="photo-attach__error" role="alert">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
