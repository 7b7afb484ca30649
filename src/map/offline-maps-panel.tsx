/**
 * The Offline maps panel: every region of the catalog with its size and status;
 * download with a progress bar (bytes of total), cancel, resume, update when the catalog has a
 * newer version, delete, retry after a failure; and the device's storage estimate. Downloads
 * run in the region store, so they continue while the rider uses other pages.
 */
import { useEffect, useState } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import {
  CheckCircle2,
  Download,
  HardDrive,
  Pause,
  Play,
  RefreshCw,
  Trash2,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { MapRegion } from '../../schemas/map-regions.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { useMapRegions } from '../db-react/map-regions.ts';
import { formatBytes } from './format-bytes.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { statewideRegionId } from '../../schemas/map-catalog.ts';
import { getRegionDownloader } from './region-store.ts';

const statusLabels: Record<MapRegion['status'], string> = {
  'not-downloaded': 'Not downloaded',
  downloading: 'Downloading',
  paused: 'Paused',
  downloaded: 'Downloaded',
  'update-available': 'Update available',
  failed: 'Failed',
};

/** The device's storage use and quota (navigator.storage.estimate), refreshed with the regions. */
function useStorageEstimate(refreshKey: string): { usage: number; quota: number } | null {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    let cancelled = false;
    navigator.storage
      ?.estimate()
      .then(({ usage, quota }) => {
        if (!cancelled && usage !== undefined && quota !== undefined) setEstimate({ usage, quota });
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);
  return estimate;
}

/** The button that starts a download in each status that allows one (label, icon, look). */
const startActions: Partial<
  Record<
    MapRegion['status'],
    { label: string; ariaLabel: (name: string) => string; Icon: LucideIcon; primary: boolean }
  >
> = {
  'not-downloaded': {
    label: 'Download',
    ariaLabel: (name) => `Download ${name}`,
    Icon: Download,
    primary: true,
  },
  paused: {
    label: 'Resume',
    ariaLabel: (name) => `Resume ${name} download`,
    Icon: Play,
    primary: true,
  },
  'update-available': {
    label: 'Update',
    ariaLabel: (name) => `Update ${name}`,
    Icon: RefreshCw,
    primary: true,
  },
  failed: {
    label: 'Retry',
    ariaLabel: (name) => `Retry ${name} download`,
    Icon: RefreshCw,
    primary: false,
  },
};

/** Cancel, the status's start button (off while offline) and Delete, as they apply. */
function RegionActions({ region, online }: { region: MapRegion; online: boolean }) {
  const db = useDatabase();
  const run = (action: 'start' | 'cancel' | 'remove') => {
    void getRegionDownloader(db).then((downloader) => {
      if (action === 'start') return downloader.start(region.id);
      if (action === 'cancel') return downloader.cancel(region.id);
      return downloader.remove(region.id);
    });
  };
  const start = startActions[region.status];
  return (
    <div className="region-row__actions">
      {region.status === 'downloading' ? (
        <Button
          className="button"
          onPress={() => run('cancel')}
          aria-label={`Cancel ${region.name} download`}
        >
          <Pause size={16} aria-hidden="true" /> Cancel
        </Button>
      ) : null}
      {start ? (
        <Button
          className={start.primary ? 'button button--primary' : 'button'}
          isDisabled={!online}
          onPress={() => run('start')}
          aria-label={start.ariaLabel(region.name)}
        >
          <start.Icon size={16} aria-hidden="true" /> {start.label}
        </Button>
      ) : null}
      {region.storageKey || region.status === 'paused' ? (
        <Button
          className="button button--ghost"
          onPress={() => run('remove')}
          aria-label={`Delete ${region.name}`}
        >
          <Trash2 size={16} aria-hidden="true" /> Delete
        </Button>
      ) : null}
    </div>
  );
}

/** Bytes stored of the archive's size, as a labelled progress bar (also on Saved trails). */
export function RegionProgress({ region }: { region: MapRegion }) {
  const progressText = `${formatBytes(region.downloadedBytes)} of ${formatBytes(region.bytes)}`;
  return (
    <ProgressBar
      className="region-progress"
      value={region.downloadedBytes}
      maxValue={region.bytes}
      valueLabel={progressText}
      aria-label={`${region.name} download`}
    >
      {({ percentage }) => (
        <>
          <div className="region-progress__track">
            <div className="region-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
          <span className="region-progress__text">{progressText}</span>
        </>
      )}
    </ProgressBar>
  );
}

/** One region: name, status and size, its actions, progress while downloading and any error. */
function RegionRow({ region, online }: { region: MapRegion; online: boolean }) {
  const showProgress =
    region.status === 'downloading' || (region.status === 'paused' && region.downloadedBytes > 0);
  return (
    <li className="region-row" data-region={region.id} data-status={region.status}>
      <div className="region-row__head">
        <div>
          <p className="region-row__name">
            {region.name}
            {region.id === statewideRegionId ? (
              <span className="region-row__tag">
                Overview, zoom {region.minZoom}–{region.maxZoom}
              </span>
            ) : null}
          </p>
          <p className="region-row__meta">
            <span className={`region-status region-status--${region.status}`}>
              {region.status === 'downloaded' ? (
                <CheckCircle2 size={14} aria-hidden="true" />
              ) : null}
              {statusLabels[region.status]}
            </span>
            {' · '}
            {formatBytes(region.bytes)}
          </p>
        </div>
        <RegionActions region={region} online={online} />
      </div>
      {showProgress ? <RegionProgress region={region} /> : null}
      {region.error ? (
        <p className="region-row__error" role="alert">
          <TriangleAlert size={14} aria-hidden="true" /> {region.error}
        </p>
      ) : null}
    </li>
  );
}

/** The panel: storage estimate, then one row per region (statewide first). */
export function OfflineMapsPanel() {
  const { regions, isLoading } = useMapRegions();
  const online = useOnlineStatus();
  const estimate = useStorageEstimate(
    regions.map((region) => `${region.id}:${region.status}`).join(),
  );
  const stored = regions
    .filter((region) => region.storageKey)
    .reduce((sum, region) => sum + region.bytes, 0);
  return (
    <section className="offline-maps" aria-labelledby="offline-maps-heading">
      <h2 id="offline-maps-heading">Offline maps</h2>
      <p className="offline-maps__intro">
        Download the regions you will ride before you lose signal. Downloaded maps pan and zoom with
        no connection; elsewhere the statewide overview shows.
      </p>
      <p className="offline-maps__storage">
        <HardDrive size={16} aria-hidden="true" />
        Maps on this device: {formatBytes(stored)}
        {estimate
          ? ` · Storage used by the app: ${formatBytes(estimate.usage)} of about ${formatBytes(estimate.quota)} available`
          : ' · Storage estimate unavailable in this browser'}
      </p>
      {!online ? (
        <p className="offline-maps__offline" role="status">
          You are offline: downloads start when a connection is back.
        </p>
      ) : null}
      {isLoading ? null : regions.length === 0 ? (
        <p className="offline-maps__empty">
          {online
            ? 'Loading the list of map regions…'
            : 'The list of map regions loads the first time you open the map with a connection.'}
        </p>
      ) : (
        <ul className="region-list">
          {regions.map((region) => (
            <RegionRow key={region.id} region={region} online={online} />
          ))}
        </ul>
      )}
    </section>
  );
}
