/**
 * "Your data, in the rider's hands" on /profile (signed in): "Download my data", an archive
 * built on this device from what it holds (src/db/account-data.ts), with progress and Cancel;
 * and "Delete my account", a dialog stating what is deleted and what is kept, asking for the
 * password again, carried out at once or when the device is back online
 * (account-deletion-flow.ts).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  TextField,
} from 'react-aria-components';
import { Download, Trash2, WifiOff } from 'lucide-react';
import { buildAccountArchive, type ArchiveProgress } from '../db/account-data.ts';
import { useDatabase } from '../db-react/provider.tsx';
import type { SessionValue } from '../lib/auth/session-context.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useSyncStatus } from '../sync/sync-context.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import {
  cancelWaitingDeletion,
  deleteAccount,
  DeviceCopyNotClearedError,
  deletionStatement,
  isPasswordHeld,
  readWaitingDeletion,
  WrongPasswordError,
} from './account-deletion-flow.ts';
import '../ui/modal.css';
import './account-data-section.css';

const count = (value: number) => value.toLocaleString('en-US');

/** The progress line of an archive being made. */
export function progressText(progress: ArchiveProgress): string {
  if (progress.step === 'records') return 'Collecting your records…';
  if (progress.step === 'tracks') {
    return `Reading the track points of ${count(progress.tripsDone)} of ${count(progress.tripsTotal)} trips`;
  }
  return `Preparing ${count(progress.tripsDone)} of ${count(progress.tripsTotal)} trips`;
}

type ArchiveState =
  | { kind: 'idle' }
  | { kind: 'building'; progress: ArchiveProgress }
  | { kind: 'ready'; url: string; fileName: string; size: number }
  | { kind: 'failed'; message: string };

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The archive of `userId`'s data: its state, and starting and cancelling it. */
function useArchive(
  buildArchive: typeof buildAccountArchive,
  userId: string,
  username: string,
  lastSyncedAt: number | null,
) {
  const db = useDatabase();
  const [state, setState] = useState<ArchiveState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const url = state.kind === 'ready' ? state.url : null;

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const start = () => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ kind: 'building', progress: { step: 'records' } });
    const now = Date.now();
    const onProgress = (progress: ArchiveProgress) => {
      if (!abort.signal.aborted) setState({ kind: 'building', progress });
    };
    buildArchive(db, userId, {
      signal: abort.signal,
      lastSyncedAt,
      username,
      now,
      onProgress,
    })
      .then((blob) => {
        if (abort.signal.aborted) return;
        const day = new Date(now).toISOString().slice(0, 10);
        const fileName = `natural-state-trails-data-${day}.zip`;
        setState({ kind: 'ready', url: URL.createObjectURL(blob), fileName, size: blob.size });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const reason = error instanceof Error ? error.message : String(error);
        setState({ kind: 'failed', message: `The archive could not be made: ${reason}` });
      });
  };
  const cancel = () => {
    controller.current?.abort();
    setState({ kind: 'idle' });
  };
  return { state, start, cancel };
}

/**
 * "Download my data": builds the archive on the device, then offers it as a file.
 * `buildArchive` is `buildAccountArchive` unless a test hands in one whose progress it controls.
 */
export function DownloadMyData({
  userId,
  username,
  buildArchive = buildAccountArchive,
}: {
  userId: string;
  username: string;
  buildArchive?: typeof buildAccountArchive;
}) {
  const { lastSyncedAt } = useSyncStatus();
  const headingId = useId();
  const { state, start, cancel } = useArchive(buildArchive, userId, username, lastSyncedAt);

  return (
    <section className="card account-data" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-card__title">
        <Download aria-hidden="true" size={22} /> Download my data
      </h2>
      <p>
        Everything this device holds for your account,{' '}
        {lastSyncedAt === null
          ? 'not synced with the server since the app was opened'
          : `last synced ${formatDateTime(lastSyncedAt)}`}
        : your trips (also as GPX files), plans, waypoints, reviews, records and achievements, in
        one ZIP file. It is made on this device, so it works offline.
      </p>
      <div className="account-data__actions">
        {state.kind === 'building' ? (
          <>
            <p className="account-data__progress" role="status">
              {progressText(state.progress)}
            </p>
            <Button className="button" onPress={cancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button className="button" onPress={start}>
            <Download aria-hidden="true" size={20} />{' '}
            {state.kind === 'ready' ? 'Make a new archive' : 'Download my data'}
          </Button>
        )}
        {state.kind === 'ready' ? (
          <p role="status">
            Your archive is ready:{' '}
            <a className="button button--primary" href={state.url} download={state.fileName}>
              Save {state.fileName} ({megabytes(state.size)})
            </a>
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <p className="account-form__alert" role="alert">
            {state.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** What is deleted and what is kept, from `deletionStatement`. */
function StatementLists() {
  const statement = deletionStatement();
  return (
    <>
      <h3 className="account-deletion__subtitle">What is deleted</h3>
      <ul className="account-deletion__list">
        {statement.deleted.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3 className="account-deletion__subtitle">What is kept, and why</h3>
      <ul className="account-deletion__list">
        {statement.kept.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** Offline, says exactly what will happen. */
function OfflineDeletionNote() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <p className="account-offline" role="status">
      <WifiOff aria-hidden="true" size={20} />
      You are offline. Your account will be deleted when this device is back online, while the app
      stays open; your password is never stored.
    </p>
  );
}

/** The dialog's body: the statement, the password and the destructive confirm button. */
function DeletionForm({
  session,
  onClose,
  finishing,
}: {
  session: SessionValue;
  onClose: () => void;
  finishing: boolean;
}) {
  const db = useDatabase();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userId = session.user?.id ?? '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Enter your password to delete your account.');
      return;
    }
    setBusy(true);
    setError(null);
    deleteAccount({
      db,
      userId,
      password,
      online: navigator.onLine,
      onDeleted: session.accountDeleted,
      onFailed: (failure) => console.error('The waiting account deletion failed', failure),
    }).then(
      (outcome) => {
        setBusy(false);
        if (outcome === 'waiting') onClose();
      },
      (failure: unknown) => {
        setBusy(false);
        setError(
          failure instanceof WrongPasswordError || failure instanceof DeviceCopyNotClearedError
            ? failure.message
            : `Your account could not be deleted now: ${failure instanceof Error ? failure.message : String(failure)}`,
        );
      },
    );
  };

  return (
    <Form className="account-form" onSubmit={onSubmit} aria-label="Delete my account">
      {finishing ? null : <StatementLists />}
      <OfflineDeletionNote />
      <TextField
        className="account-field"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setError(null);
        }}
        isInvalid={error !== null}
      >
        <Label className="account-field__label">Your password</Label>
        <Input className="account-field__input" />
      </TextField>
      {error ? (
        <p className="account-form__alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="account-deletion__buttons">
        <Button className="button" onPress={onClose} isDisabled={busy}>
          Keep my account
        </Button>
        <Button type="submit" className="button button--danger" isDisabled={busy}>
          <Trash2 aria-hidden="true" size={20} />{' '}
          {busy ? 'Deleting…' : finishing ? 'Finish deleting my account' : 'Delete my account'}
        </Button>
      </div>
    </Form>
  );
}

/** "Delete my account": the button, the dialog and a deletion waiting on this device. */
function DeleteMyAccount({ session }: { session: SessionValue }) {
  const db = useDatabase();
  const userId = session.user?.id ?? '';
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState<'none' | 'held' | 'needsPassword'>('none');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    void readWaitingDeletion(db, userId).then((pending) => {
      if (!current) return;
      setWaiting(pending === null ? 'none' : isPasswordHeld(userId) ? 'held' : 'needsPassword');
    });
    return () => {
      current = false;
    };
  }, [db, userId, version, open]);

  const cancel = () => {
    void cancelWaitingDeletion(db).then(() => setVersion((value) => value + 1));
  };

  return (
    <section className="card account-deletion" aria-labelledby={headingId}>
      <h2 id={headingId} className="account-card__title">
        <Trash2 aria-hidden="true" size={22} /> Delete my account
      </h2>
      {waiting === 'held' ? (
        <p className="account-offline" role="status">
          <WifiOff aria-hidden="true" size={20} />
          Your account will be deleted when this device is back online.
        </p>
      ) : waiting === 'needsPassword' ? (
        <p className="account-offline" role="status">
          Your account deletion is waiting: enter your password to finish it.
        </p>
      ) : (
        <p>
          Deletes your account and everything of it, on the server and on this device. This cannot
          be undone: download your data first if you want to keep it.
        </p>
      )}
      <div className="account-deletion__buttons">
        <DialogTrigger isOpen={open} onOpenChange={setOpen}>
          <Button className="button button--danger">
            <Trash2 aria-hidden="true" size={20} />{' '}
            {waiting === 'needsPassword' ? 'Finish deleting my account' : 'Delete my account'}
          </Button>
          <ModalOverlay className="modal-overlay" isDismissable>
            <Modal className="modal-panel">
              <Dialog className="card account-deletion__dialog">
                <Heading slot="title" className="account-card__title">
                  {waiting === 'needsPassword'
                    ? 'Finish deleting your account'
                    : 'Delete your account?'}
                </Heading>
                <DeletionForm
                  session={session}
                  finishing={waiting === 'needsPassword'}
                  onClose={() => setOpen(false)}
                />
              </Dialog>
            </Modal>
          </ModalOverlay>
        </DialogTrigger>
        {waiting === 'none' ? null : (
          <Button className="button" onPress={cancel}>
            Cancel the deletion
          </Button>
        )}
      </div>
    </section>
  );
}

/** Both cards, for the signed-in profile. */
export function AccountDataSection({ session }: { session: SessionValue }) {
  const user = session.user;
  // Accounts stored by older app versions have no id; signing in again gives one.
  if (!user?.id) return null;
  return (
    <>
      <DownloadMyData userId={user.id} username={user.username} />
      <DeleteMyAccount session={session} />
    </>
  );
}
