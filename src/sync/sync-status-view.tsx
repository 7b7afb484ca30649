/**
 * The sync status on screen (docs/architecture.md#sync
 * "Status"): the full panel on the Me page and the compact indicator in the top bar. Both read
 * the engine's status store (src/sync/sync-context.tsx) and the pending count from the database,
 * and never wait on the network: pressing "Sync now" only asks the engine to start.
 */
import { useId, useSyncExternalStore } from 'react';
import { Button, Link } from 'react-aria-components';
import {
  Camera,
  CircleAlert,
  Clock,
  CloudAlert,
  CloudCheck,
  CloudOff,
  CloudUpload,
  LogIn,
  RefreshCw,
  type LucideIcon,
} from 'lucide-react';
import { usePendingSyncCount } from '../db-react/pending-sync.ts';
import { appPhotoUploadProgress, describePhotoUploads } from '../photos/upload-progress.ts';
import { useSyncEngine, useSyncStatus } from './sync-context.tsx';
import type { SyncStatus } from './sync-status.ts';
import {
  describeSyncStatus,
  type SyncStatusDescription,
  type SyncTone,
} from './sync-status-text.ts';
import './sync-status-view.css';

/** Where the compact indicator leads: the panel on the Me page. */
export const syncStatusHref = '/profile#sync';

const toneIcons: Record<SyncTone, LucideIcon> = {
  synced: CloudCheck,
  pending: CloudUpload,
  syncing: RefreshCw,
  offline: CloudOff,
  error: CloudAlert,
  signedOut: LogIn,
};

function subscribeToClock(onTick: () => void): () => void {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}
function subscribeToNothing(): () => void {
  return () => undefined;
}
/** Epoch ms rounded down to the second: stable between ticks, as useSyncExternalStore needs. */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

/**
 * The current time (epoch ms, to the second), re-rendering every second while `ticking` (a
 * retry countdown is shown) so "Next try in 12 s" counts down.
 */
function useNow(ticking: boolean): number {
  return useSyncExternalStore(
    ticking ? subscribeToClock : subscribeToNothing,
    currentSecond,
    currentSecond,
  );
}

/** The engine's status and the pending count, described at the current time. */
function useSyncDescription(): { status: SyncStatus; description: SyncStatusDescription } {
  const status = useSyncStatus();
  const { count, isLoading } = usePendingSyncCount();
  const now = useNow(status.nextRetryAt !== null);
  return { status, description: describeSyncStatus(status, isLoading ? null : count, now) };
}

/** Props of `SyncStatusView`. */
export interface SyncStatusViewProps {
  description: SyncStatusDescription;
  /** Asks the engine to sync now; only called while the button is enabled. */
  onSyncNow: () => void;
  /** Heading level of the panel title (default 2). */
  headingLevel?: 2 | 3;
  /** The photo uploads' line (bytes and count, upload-progress.ts), or null when none wait. */
  photoUploads?: string | null;
}

/**
 * The panel's markup for a described status: heading, pending count (a polite live region),
 * what is happening, last sync time, last error, retry time, and "Sync now" with the reason it
 * is disabled written beside it. Presentational: `SyncStatusPanel` connects it.
 */
export function SyncStatusView({
  description,
  onSyncNow,
  headingLevel = 2,
  photoUploads = null,
}: SyncStatusViewProps) {
  const headingId = useId();
  const reasonId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Icon = toneIcons[description.tone];
  const disabled = description.syncNowDisabledReason !== null;
  return (
    <section
      id="sync"
      className={`sync-panel sync-panel--${description.tone}`}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className="sync-panel__title">
        <RefreshCw size={22} aria-hidden="true" /> Sync
      </Heading>
      <div className="sync-panel__summary" role="status" aria-live="polite">
        <span className="sync-panel__icon" aria-hidden="true">
          <Icon size={28} />
        </span>
        <div className="sync-panel__lines">
          <p className="sync-panel__pending">{description.pending}</p>
          {description.state ? <p className="sync-panel__state">{description.state}</p> : null}
        </div>
      </div>
      {photoUploads ? (
        <p className="sync-panel__line sync-panel__photos" role="status" aria-live="polite">
          <Camera size={18} aria-hidden="true" />
          {photoUploads}
        </p>
      ) : null}
      <p className="sync-panel__line">
        <Clock size={18} aria-hidden="true" />
        {description.lastSynced}
      </p>
      {description.error ? (
        <p className="sync-panel__line sync-panel__error">
          <CircleAlert size={18} aria-hidden="true" />
          <span>
            <span className="sync-panel__error-label">Last problem: </span>
            {description.error}
          </span>
        </p>
      ) : null}
      {description.retry ? (
        <p className="sync-panel__line">
          <RefreshCw size={18} aria-hidden="true" />
          {description.retry}
        </p>
      ) : null}
      <div className="sync-panel__actions">
        <Button
          className="button button--primary sync-panel__sync-now"
          isDisabled={disabled}
          onPress={onSyncNow}
          aria-describedby={disabled ? reasonId : undefined}
        >
          <RefreshCw
            size={20}
            aria-hidden="true"
            className={description.tone === 'syncing' ? 'sync-spin' : undefined}
          />
          Sync now
        </Button>
        {disabled ? (
          <p id={reasonId} className="sync-panel__reason">
            {description.syncNowDisabledReason}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The sync panel (Me page): the engine's status and the pending count, live, with "Sync now".
 * Needs a `SyncEngineProvider` and a `DatabaseProvider` above it (throws otherwise, requirements
 * §core-8).
 */
export function SyncStatusPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { syncNow } = useSyncEngine();
  const { description } = useSyncDescription();
  const photoProgress = useSyncExternalStore(
    appPhotoUploadProgress.subscribe,
    appPhotoUploadProgress.getSnapshot,
    appPhotoUploadProgress.getSnapshot,
  );
  return (
    <SyncStatusView
      description={description}
      onSyncNow={syncNow}
      headingLevel={headingLevel}
      photoUploads={describePhotoUploads(photoProgress)}
    />
  );
}

/**
 * The compact indicator's markup: a link to the panel with an icon, a few words and a count
 * badge; its accessible name is the full sentence (`description.label`). Renders nothing for
 * a signed-out rider with nothing waiting: the bar's Login link already says what to do.
 */
export function SyncStatusIndicatorView({
  description,
  className = '',
}: {
  description: SyncStatusDescription;
  className?: string;
}) {
  if (description.tone === 'signedOut' && description.badge === null) return null;
  // Signed out with work waiting: the count is the news, the panel asks to sign in.
  const Icon = description.tone === 'signedOut' ? CloudUpload : toneIcons[description.tone];
  return (
    <Link
      href={syncStatusHref}
      className={`sync-indicator sync-indicator--${description.tone} ${className}`.trim()}
      aria-label={description.label}
    >
      <Icon
        size={20}
        aria-hidden="true"
        className={description.tone === 'syncing' ? 'sync-spin' : undefined}
      />
      <span className="sync-indicator__text" aria-hidden="true">
        {description.short}
      </span>
      {description.badge ? (
        <span className="sync-indicator__badge" aria-hidden="true">
          {description.badge}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The compact sync indicator for the app's top bar, linking to the panel on /profile.
 * `className` adds placement classes (e.g. one for the phone header).
 */
export function SyncStatusIndicator({ className }: { className?: string }) {
  const { description } = useSyncDescription();
  return <SyncStatusIndicatorView description={description} className={className} />;
}
