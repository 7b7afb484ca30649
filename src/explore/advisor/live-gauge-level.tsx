/**
 * One USGS gauge with its live level: online, the latest discharge and gage height
 * from the server's GET /api/gauges/:siteNumber/latest (the server asks USGS; the browser never
 * does), with the time of the reading; offline, a plain "needs a network connection" line. The
 * link to the gauge's USGS page is always there.
 */
import { useEffect, useState } from 'react';
import {
  usgsSitePageUrl,
  type GaugeLatest,
  type GaugeReading,
} from '../../../schemas/gauge-levels.ts';
import type { Gauge } from '../../lib/hunting/gauges.ts';
import { formatArkansasTime } from '../../lib/hunting/shooting-hours.ts';
import { apiRequest, HttpError } from '../../lib/http/request.ts';
import { useOnlineStatus } from '../../ui/use-online-status.ts';

type LevelState =
  | { status: 'loading' }
  | { status: 'loaded'; latest: GaugeLatest }
  | { status: 'failed'; message: string };

const unitWords: Record<string, string> = { 'ft3/s': 'ft³/s', ft: 'ft' };

function readingText(reading: GaugeReading): string {
  const value = reading.value === null ? 'no data' : reading.value.toLocaleString('en-US');
  return `${reading.label}: ${value}${reading.value === null ? '' : ` ${unitWords[reading.unit] ?? reading.unit}`}`;
}

function LevelLines({ latest }: { latest: GaugeLatest }) {
  if (latest.readings.length === 0) {
    return <p className="advisor-fine">USGS reports no current discharge or gage height here.</p>;
  }
  const first = latest.readings[0]!;
  return (
    <p className="advisor-gauge__level">
      {latest.readings.map(readingText).join(' · ')}
      <span className="advisor-fine">
        {' '}
        — read {formatArkansasTime(new Date(first.time))}
        {latest.readings.some((reading) => reading.provisional) ? ', provisional USGS data' : ''}
      </span>
    </p>
  );
}

type Loaded = Exclude<LevelState, { status: 'loading' }>;

function useLiveLevel(siteNumber: string, online: boolean): LevelState {
  // Keyed by site, so a new site reads as loading without resetting state inside the effect.
  const [answer, setAnswer] = useState<{ siteNumber: string; state: Loaded } | null>(null);
  useEffect(() => {
    if (!online) return;
    let current = true;
    const settle = (state: Loaded) => {
      if (current) setAnswer({ siteNumber, state });
    };
    apiRequest<GaugeLatest>('GET', `/api/gauges/${siteNumber}/latest`).then(
      (latest) => settle({ status: 'loaded', latest }),
      (error: unknown) =>
        settle({
          status: 'failed',
          message:
            error instanceof HttpError && error.status === 502
              ? 'USGS could not be reached just now; its page may still open.'
              : 'this app’s server could not be reached.',
        }),
    );
    return () => {
      current = false;
    };
  }, [siteNumber, online]);
  return answer?.siteNumber === siteNumber ? answer.state : { status: 'loading' };
}

/** A gauge, its distance in miles from the trail, its live level and its USGS page. */
export function LiveGaugeLevel({ gauge, miles }: { gauge: Gauge; miles: number }) {
  const online = useOnlineStatus();
  const level = useLiveLevel(gauge.siteNumber, online);
  return (
    <li className="advisor-gauge">
      <a href={usgsSitePageUrl(gauge.siteNumber)} target="_blank" rel="noopener noreferrer">
        {gauge.name} (USGS {gauge.siteNumber})
      </a>
      <span className="advisor-fine"> {miles.toFixed(1)} mi straight-line</span>
      {!online ? (
        <p className="advisor-fine">Live levels need a network connection.</p>
      ) : level.status === 'loading' ? (
        <p className="advisor-fine" role="status">
          Asking USGS for the latest level…
        </p>
      ) : level.status === 'failed' ? (
        <p className="advisor-fine">Live level unavailable: {level.message}</p>
      ) : (
        <LevelLines latest={level.latest} />
      )}
    </li>
  );
}
