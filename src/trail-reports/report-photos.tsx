/**
 * The photos of a trail report (trail reports from the field): the thumbnails, which the device
 * keeps for offline use, each opening the full photo in a dialog (from the device, or from the
 * server when online, kept once viewed: usePhotoUrl). Photos an admin hid are left out; a photo
 * not on the device while offline says so instead of showing a broken image.
 */
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { PhotoReference } from '../../schemas/photos.ts';
import { usePhotoUrl } from '../photos/index.ts';

/** One thumbnail and the dialog with its full photo. */
function ReportPhoto({
  photo,
  position,
  count,
}: {
  photo: PhotoReference;
  position: number;
  count: number;
}) {
  const thumbnail = usePhotoUrl(photo, { thumbnail: true });
  const name = `Photo ${position} of ${count}`;
  return (
    <li className="report-photos__item">
      <DialogTrigger>
        <Button className="report-photos__open" aria-label={`Open ${name.toLowerCase()}`}>
          {thumbnail ? (
            <img className="report-photos__thumbnail" src={thumbnail} alt="" />
          ) : (
            <span className="report-photos__missing">Photo not on this device yet</span>
          )}
        </Button>
        <ModalOverlay className="report-dialog__overlay" isDismissable>
          <Modal className="report-dialog__modal">
            <FullPhoto photo={photo} name={name} />
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
    </li>
  );
}

/** The full photo, loaded only when its dialog opens. */
function FullPhoto({ photo, name }: { photo: PhotoReference; name: string }) {
  const full = usePhotoUrl(photo);
  return (
    <Dialog className="card report-dialog">
      {({ close }) => (
        <>
          <Heading slot="title" className="report-dialog__title">
            {name}
          </Heading>
          {full ? (
            <img
              className="report-photos__full"
              src={full}
              width={photo.width}
              height={photo.height}
              alt={`${name} from a rider's report`}
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

/** The visible photos of a report as thumbnails; nothing when it has none. */
export function ReportPhotos({ photos }: { photos: readonly PhotoReference[] }) {
  const shown = photos.filter((photo) => !photo.hidden);
  if (shown.length === 0) return null;
  return (
    <ul className="report-photos" aria-label="Photos">
      {shown.map((photo, index) => (
        <ReportPhoto key={photo.hash} photo={photo} position={index + 1} count={shown.length} />
      ))}
    </ul>
  );
}
