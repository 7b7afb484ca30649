/**
 * The "Report conditions" dialog around ReportConditionsForm, opened from a trail's page, from a
 * long press on the map and from the recording screen. It knows who is signed in (a guest is
 * asked to sign in), which trails the device holds (for the nearest-line suggestion) and tells
 * the rider where the report went: "Saved on this device; waiting to send" offline.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from 'react-aria-components';
import { useTrails } from '../db-react/hooks.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { showToast } from '../lib/toast.ts';
import {
  ReportConditionsForm,
  type ReportPlace,
  type SuggestableTrail,
} from './report-conditions-form.tsx';
import '../ui/modal.css';

export interface ReportConditionsDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Where the report may be filed (the first is chosen); empty while the position is found. */
  places: readonly ReportPlace[];
  /** The trail the rider came from, or null. */
  trail: SuggestableTrail | null;
  /** Shown instead of the form while `places` is empty ("Finding your position…"). */
  placeMessage?: string;
}

/** The dialog; see the file comment. */
export function ReportConditionsDialog(props: ReportConditionsDialogProps) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const { trails } = useTrails();
  const close = () => props.onOpenChange(false);
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
    >
      <Modal className="modal-panel">
        <Dialog className="card report-dialog">
          <Heading slot="title" className="report-dialog__title">
            Report conditions
          </Heading>
          {!userId ? (
            <>
              <p>Sign in on the Profile page to report trail conditions for other riders.</p>
              <Button className="button" onPress={close}>
                Close
              </Button>
            </>
          ) : props.places.length === 0 ? (
            <>
              <p role="status">{props.placeMessage ?? 'Finding your position…'}</p>
              <Button className="button" onPress={close}>
                Cancel
              </Button>
            </>
          ) : (
            <ReportConditionsForm
              userId={userId}
              places={props.places}
              trail={props.trail}
              trails={trails}
              onCancel={close}
              onFiled={() => {
                close();
                showToast({
                  title: navigator.onLine
                    ? 'Report saved; sending it to other riders.'
                    : 'Report saved on this device; waiting to send until you are back online.',
                });
              }}
            />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
