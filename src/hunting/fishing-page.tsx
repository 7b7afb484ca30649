/**
 * /fishing (requirements §voice-2.1; requirements §core-2 "Learn"): the
 * shipped lakes and rivers of Arkansas (Natural Earth 10m, clipped to the state) with the USGS
 * stream gauges on or near each (data/gauges/, USGS NWIS site facts), sortable by distance from
 * the rider. Gauge readings are live at USGS and need signal; the lists work offline.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, Label, SearchField } from 'react-aria-components';
import distance from '@turf/distance';
import { Crosshair, ExternalLink } from 'lucide-react';
import {
  gaugesForWaterway,
  loadGauges,
  type Gauge,
  type WaterwayGauge,
} from '../lib/hunting/gauges.ts';
import { AGFC_URL } from '../lib/hunting/duck-season.ts';
import { loadWaterways, type Waterway } from '../lib/outdoor/waterways.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { LocatorMap, type MapPoint } from './locator-map.tsx';
import { useLocate } from './use-locate.ts';
import './hunting.css';

interface WaterRow {
  waterway: Waterway;
  gauges: WaterwayGauge[];
  milesFromRider: number | null;
}

function GaugeLink({ gauge }: { gauge: Gauge }) {
  return (
    <a href={gauge.url} target="_blank" rel="noopener noreferrer">
      {gauge.name} (USGS {gauge.siteNumber})
      <ExternalLink size={12} aria-hidden="true" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

const KIND_WORDS: Record<Waterway['kind'], string> = {
  lake: 'Lake',
  reservoir: 'Reservoir',
  river: 'River',
};

type FishingData = { waterways: Waterway[]; gauges: Gauge[] };
type RiderPoint = [longitude: number, latitude: number];

/** The shipped lakes, rivers and gauges, loaded once; null while loading. */
function useFishingData(): FishingData | null {
  const [data, setData] = useState<FishingData | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all([loadWaterways(), loadGauges()]).then(([waterways, gauges]) => {
      if (current) setData({ waterways, gauges });
    });
    return () => {
      current = false;
    };
  }, []);
  return data;
}

/** Waters whose name contains `text`, nearest to the rider first (A to Z without a fix). */
function waterRows(data: FishingData, text: string, rider: RiderPoint | null): WaterRow[] {
  const query = text.trim().toLowerCase();
  return data.waterways
    .filter((waterway) => waterway.name.toLowerCase().includes(query))
    .map((waterway) => ({
      waterway,
      gauges: gaugesForWaterway(data.gauges, waterway),
      milesFromRider: rider ? distance(rider, waterway.point, { units: 'miles' }) : null,
    }))
    .sort((a, b) =>
      a.milesFromRider !== null && b.milesFromRider !== null
        ? a.milesFromRider - b.milesFromRider
        : a.waterway.name.localeCompare(b.waterway.name),
    );
}

/** The gauges as map points, plus the rider's position when known. */
function gaugePoints(gauges: Gauge[], rider: RiderPoint | null): MapPoint[] {
  const points: MapPoint[] = gauges.map((gauge) => ({
    id: gauge.siteNumber,
    name: gauge.name,
    longitude: gauge.point[0],
    latitude: gauge.point[1],
    kind: 'gauge' as const,
  }));
  if (rider) {
    points.push({ id: 'me', name: 'You', longitude: rider[0], latitude: rider[1], kind: 'picked' });
  }
  return points;
}

/** One lake or river with its kind, distance and gauges. */
function WaterListItem({ row: { waterway, gauges, milesFromRider } }: { row: WaterRow }) {
  return (
    <li className="water-list__item">
      <strong>{waterway.name}</strong>
      <span className="hunt-fine">
        {KIND_WORDS[waterway.kind]}
        {waterway.mappedMiles !== null
          ? ` · ${Math.round(waterway.mappedMiles)} mapped miles in Arkansas`
          : ''}
        {milesFromRider !== null ? ` · ${Math.round(milesFromRider)} mi from you` : ''}
      </span>
      {gauges.length > 0 ? (
        <ul className="gauge-list" aria-label={`USGS gauges for ${waterway.name}`}>
          {gauges.map(({ gauge, miles, onWaterway }) => (
            <li key={gauge.siteNumber}>
              <GaugeLink gauge={gauge} />{' '}
              <span className="hunt-fine">
                {onWaterway
                  ? 'on this river'
                  : `${Math.round(miles)} mi from the ${waterway.kind === 'river' ? 'middle of its mapped line' : 'middle of the lake'}`}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="hunt-fine">
          No gauge in this app&apos;s list is on or within 25 miles of it.
        </span>
      )}
    </li>
  );
}

/** Search, "Nearest to me" and the list of lakes and rivers. */
function WatersSection({
  data,
  locator: { state: fix, locate },
  rider,
}: {
  data: FishingData | null;
  locator: ReturnType<typeof useLocate>;
  rider: RiderPoint | null;
}) {
  const [text, setText] = useState('');
  const rows = useMemo(() => (data ? waterRows(data, text, rider) : []), [data, text, rider]);
  return (
    <section className="hunt-card" aria-labelledby="waters-title">
      <h2 id="waters-title">Lakes and rivers</h2>
      <div className="hunt-form">
        <SearchField value={text} onChange={setText} className="hunt-field">
          <Label>Find a lake or river</Label>
          <Input placeholder="e.g. Greers Ferry or White" />
        </SearchField>
        <Button className="button" onPress={locate}>
          <Crosshair size={18} aria-hidden="true" />
          Nearest to me
        </Button>
      </div>
      {fix.status === 'locating' ? <p role="status">Finding your position…</p> : null}
      {fix.status === 'failed' ? (
        <p role="alert" className="hunt-note hunt-note--warning">
          {fix.message}
        </p>
      ) : null}
      {!data ? (
        <Spinner label="Loading lakes and rivers…" />
      ) : (
        <>
          <p className="hunt-fine" aria-live="polite">
            {rows.length} of {data.waterways.length} waters
            {rider ? ', nearest first (straight-line miles)' : ', A to Z'}.
          </p>
          <ul className="water-list">
            {rows.map((row) => (
              <WaterListItem key={`${row.waterway.kind}:${row.waterway.name}`} row={row} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Every shipped gauge on the map and as links, with the data's sources. */
function GaugesSection({ data, rider }: { data: FishingData | null; rider: RiderPoint | null }) {
  const points = useMemo(() => gaugePoints(data?.gauges ?? [], rider), [data, rider]);
  return (
    <section className="hunt-card" aria-labelledby="gauges-title">
      <h2 id="gauges-title">USGS stream gauges</h2>
      <p>
        Gauges on Ozark and Ouachita streams, most of them float and fishing rivers. A gauge is a
        USGS measuring station; its page shows the water level and flow.
      </p>
      <LocatorMap points={points} label="Map of Arkansas with the USGS stream gauges" />
      {data ? (
        <ul className="gauge-list">
          {data.gauges.map((gauge) => (
            <li key={gauge.siteNumber}>
              <GaugeLink gauge={gauge} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="hunt-fine">
        Source: USGS National Water Information System site facts (public domain), via the
        ozark_stream_tracker project (MIT). Lakes and rivers: Natural Earth 10m (public domain).
      </p>
    </section>
  );
}

/** The fishing page. */
export function FishingPage() {
  usePageMeta({
    title: 'Fishing in Arkansas',
    description:
      'Arkansas lakes and rivers with the USGS stream gauges near them, sorted by distance from you, offline.',
    keywords: ['fishing', 'Arkansas lakes', 'rivers', 'USGS gauges', 'river levels'],
    path: '/fishing',
  });
  const online = useOnlineStatus();
  const data = useFishingData();
  const locator = useLocate();
  const fix = locator.state;
  const rider = useMemo<RiderPoint | null>(
    () => (fix.status === 'located' ? [fix.longitude, fix.latitude] : null),
    [fix],
  );

  return (
    <div className="hunt-page">
      <header className="hunt-page__header">
        <p className="hunt-eyebrow">Fishing</p>
        <h1>Fishing Arkansas lakes and rivers</h1>
        <p>
          The big lakes and rivers of the state, with the USGS stream gauges on or near each so you
          can check the water before you drive. The lists are on your phone; gauge readings are live
          on the USGS site.
        </p>
        {!online ? (
          <p className="hunt-note hunt-note--warning">
            You are offline: the lists below work, but the USGS gauge pages need signal.
          </p>
        ) : null}
      </header>
      <WatersSection data={data} locator={locator} rider={rider} />
      <GaugesSection data={data} rider={rider} />
      <section className="hunt-card" aria-labelledby="fishing-rules-title">
        <h2 id="fishing-rules-title">Licences and limits</h2>
        <p>
          Who needs a fishing licence, trout permits, creel and length limits are set by the
          Arkansas Game and Fish Commission and are not held in this app, so check them there before
          you fish.
        </p>
        <a className="button" href={AGFC_URL} target="_blank" rel="noopener noreferrer">
          Fishing rules at agfc.com
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </section>
    </div>
  );
}
