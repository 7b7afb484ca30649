/**
 * Live USGS gauge levels on the waterway pages (requirements §core-2 Safety and Local;
 * §core-9 "Query cache" for the request): the latest gage height and discharge of each gauge the
 * page lists, with the time USGS observed it and its age; each answer is kept on the device
 * (src/db/gauge-readings.ts), so offline or when USGS cannot be reached the page shows the last
 * known values marked as such with their age, or says that none is kept yet. Pages using these
 * sit inside `<OnlineQueries>`.
 */
import { useEffect, useMemo } from 'react';
import { ExternalLink } from 'lucide-react';
import { usgsSitePageUrl, type GaugeLatest } from '../../schemas/gauge-levels.ts';
import { keepGaugeReadings } from '../db/gauge-readings.ts';
import { useKeptGaugeReadings } from '../db-react/gauge-readings.ts';
import { useOptionalDatabase } from '../db-react/provider.tsx';
import { useGaugeReadings } from '../lib/hunting/gauge-queries.ts';
import {
  formatGaugeReading,
  formatObservedAt,
  gaugeLevelShown,
  lastKnownLabel,
  noReadingText,
  observedAt,
  type GaugeLevelShown,
  type LiveRequestStatus,
} from '../lib/hunting/gauge-readings.ts';
import type { Gauge } from '../lib/hunting/gauges.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { useNow } from './use-place.ts';

/** The level to show for each gauge, by site number, and the clock the ages are counted to. */
export interface GaugeLevels {
  levels: ReadonlyMap<string, GaugeLevelShown>;
  now: number;
}

/**
 * Asks the server for the live readings of `gauges` (one request for all of them), keeps every
 * answer on the device, and says what to show for each. Ages follow the clock every 30 s.
 */
export function useGaugeLevels(gauges: readonly Gauge[]): GaugeLevels {
  const siteNumbers = useMemo(() => gauges.map((gauge) => gauge.siteNumber), [gauges]);
  const online = useOnlineStatus();
  const query = useGaugeReadings(siteNumbers);
  const kept = useKeptGaugeReadings();
  const db = useOptionalDatabase();
  const now = useNow(30_000);
  const answer = query.data;
  useEffect(() => {
    if (!db || !answer) return;
    keepGaugeReadings(db, answer.gauges).catch((error: unknown) => {
      // The live values still show; only the offline copy is missing.
      console.warn('Could not keep the gauge readings on the device', error);
    });
  }, [db, answer]);
  // A refetch in flight keeps the answer shown: it carries its own observation time and age.
  const status: LiveRequestStatus = query.isPending
    ? 'pending'
    : query.isError
      ? 'error'
      : 'success';
  const levels = useMemo(() => {
    const live = new Map((answer?.gauges ?? []).map((latest) => [latest.siteNumber, latest]));
    return new Map(
      siteNumbers.map((site) => [
        site,
        gaugeLevelShown({
          live: status === 'success' ? live.get(site) : undefined,
          stored: kept.readings[site],
          online,
          status,
        }),
      ]),
    );
  }, [answer, siteNumbers, kept.readings, online, status]);
  return { levels, now };
}

function ReadingValues({ latest }: { latest: GaugeLatest }) {
  return (
    <span className="gauge-level__values">
      {latest.readings.map(formatGaugeReading).join(' · ')}
    </span>
  );
}

/** One gauge's level: values, observation time and age, or why there is none. */
export function GaugeLevel({ level, now }: { level: GaugeLevelShown | undefined; now: number }) {
  if (!level) return null;
  if (level.kind === 'none') {
    return <span className="gauge-level gauge-level--none">{noReadingText(level.reason)}</span>;
  }
  const time = observedAt(level.latest);
  const observed = time === null ? null : formatObservedAt(time, now);
  const provisional = level.latest.readings.some((reading) => reading.provisional);
  if (level.kind === 'last-known') {
    return (
      <span className="gauge-level gauge-level--kept">
        <strong className="gauge-level__kept-label">
          {lastKnownLabel(level.latest, level.reason, now)}
        </strong>
        <ReadingValues latest={level.latest} />
        <span className="safety-muted">
          Observed {observed ?? 'at an unknown time'}
          {provisional ? '; provisional USGS data' : ''}. Not the current level.
        </span>
      </span>
    );
  }
  return (
    <span className="gauge-level">
      <ReadingValues latest={level.latest} />
      <span className="safety-muted">
        USGS reading, {observed}
        {provisional ? '; provisional data' : ''}
      </span>
    </span>
  );
}

/** A gauge's name as a link to its USGS page. */
export function GaugeLink({ gauge }: { gauge: Gauge }) {
  return (
    <a href={usgsSitePageUrl(gauge.siteNumber)} target="_blank" rel="noopener noreferrer">
      {gauge.name} (USGS {gauge.siteNumber})
      <ExternalLink size={12} aria-hidden="true" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * What the readings are and are not, in the app's own terms: USGS provisional data passed on
 * by this app's server, kept on the device, and no safety guarantee.
 */
export function GaugeDataNote() {
  return (
    <p className="safety-note" role="note">
      Gauge readings are USGS provisional data, subject to revision, fetched by this app&apos;s
      server from USGS when you open the page with signal. The last reading of each gauge is kept on
      this device and shown with its age when USGS or the network cannot be reached. A reading is
      not a safety guarantee: water can rise fast after rain upstream, a gauge may be miles from
      where you are, and this app sends no flood alerts.
    </p>
  );
}

/** The gauges as a table: name and USGS page, latest level, observation time. */
export function GaugeLevelsTable({
  gauges,
  caption,
}: {
  gauges: readonly Gauge[];
  caption: string;
}) {
  const { levels, now } = useGaugeLevels(gauges);
  return (
    <div className="table-scroll">
      <table className="waterway-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Gauge</th>
            <th scope="col">Latest level</th>
          </tr>
        </thead>
        <tbody>
          {gauges.map((gauge) => (
            <tr key={gauge.siteNumber}>
              <th scope="row">
                <GaugeLink gauge={gauge} />
              </th>
              <td>
                <GaugeLevel level={levels.get(gauge.siteNumber)} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
