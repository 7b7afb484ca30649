/**
 * Photos as thumbnails that open the full photo (trail reports, the rider's own waypoints and
 * trips: photos "see thumbnails, open the full photo"): each thumbnail comes from the device, or
 * from the server when online (with the rider's token, so owner-only photos come too), kept for
 * offline use (usePhotoUrl); the full photo loads only when its dialog opens, and is kept once
 * seen. Photos an admin hid are left out; a photo not on the device while offline says so
 * instead of showing a broken image.
 */
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { PhotoReference } from '../../schemas/photos.ts';
import { usePhotoUrl } from './use-photo-url.ts';
import '../ui/modal.css';
import './photo-thumbnails.css';

/** Props of `PhotoThumbnailButton`. */
export interface PhotoThumbnailButtonProps {
  photo: PhotoReference;
  /** The photo's name, "Photo 2 of 3": the button says "Open photo 2 of 3". */
  name: string;
  /** What the full photo shows, ending its description: "from a rider's report". */
  subject: string;
}

/** One thumbnail as a button, and the dialog with its full photo. */
export function PhotoThumbnailButton({ photo, name, subject }: PhotoThumbnailButtonProps) {
  const thumbnail = usePhotoUrl(photo, { thumbnail: true });
  return (
    <DialogTrigger>
      <Button className="photo-thumbnails__open" aria-label={`Open ${name.toLowerCase()}`}>
        {thumbnail ? (
          <img className="photo-thumbnails__thumbnail" src={thumbnail} alt="" />
        ) : (
          <span className="photo-thumbnails__missing">Photo not on this device yet</span>
        )}
      </Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal-panel">
          <FullPhoto photo={photo} name={name} subject={subject} />
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** The full photo, loaded only when its dialog opens. */
function FullPhoto({ photo, name, subject }: PhotoThumbnailButtonProps) {
  const full = usePhotoUrl(photo);
  return (
    <Dialog className="card photo-dialog">
      {({ close }) => (
        <>
          <Heading slot="title" className="photo-dialog__title">
            {name}
          </Heading>
          {full ? (
            <img
              className="photo-thumbnails__full"
              src={full}
              width={photo.width}
              height={photo.height}
              alt={`${name} ${subject}`}
            />
          ) : (
            <p role="status">
              The full photo loads when this device is online; once seen it is kept here.
            </p>
          )}
          <Button className="button" onPress={close}>
            Close
          </Button>
        </>
      )}
    </Dialog>
  );
}

/**
 * The visible photos (`hidden` ones left out) as thumbnails, each opening its full photo;
 * nothing when there are none. `subject` ends each full photo's description ("from a rider's
 * report").
 */
export function PhotoThumbnails({
  photos,
  subject,
}: {
  photos: readonly PhotoReference[];
  subject: string;
}) {
  const shown = photos.filter((photo) => !photo.hidden);
  if (shown.length === 0) return null;
  return (
    <ul className="photo-thumbnails" aria-label="Photos">
      {shown.map((photo, index) => (
        <li key={photo.hash}>
          <PhotoThumbnailButton
            photo={photo}
            name={`Photo ${index + 1} of ${shown.length}`}
            subject={subject}
          />
        </li>
      ))}
    </ul>
  );
}
