/**
 * The waterway pages (requirements §core-2 Safety and Local; requirements §voice-2.1):
 * /waterway-conditions, /water-safety-alerts, /emergency-waterway-contacts and
 * /access-point-map. Built on the shipped Natural Earth lakes and rivers with their county from
 * the shipped county boundaries, and the shipped USGS stream gauges with their live level from
 * this app's server (gauge-levels.tsx: the last known level, with its age, when offline).
 * The app has no feed of flood warnings or forecasts, so the pages say so plainly and point to
 * the public sources; the data has no agency phone numbers, boat ramps or access points, and
 * none are invented.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { Phone, Waves, WifiOff } from 'lucide-react';
import { useEmergencyContacts } from '../db-react/safety-settings.ts';
import { formatDecimalDegrees, formatDms } from '../lib/outdoor/coordinates.ts';
import { formatPhone } from '../lib/outdoor/emergency-contacts.ts';
import { EMERGENCY_CALL_HREF, telHref } from '../lib/outdoor/emergency-message.ts';
import { countyAt, loadPlaceLookup, type PlaceLookup } from '../lib/outdoor/place-lookup.ts';
import { loadWaterways, WATERWAY_DATA_SOURCE, type Waterway } from '../lib/outdoor/waterways.ts';
import { GAUGE_DATA_SOURCE, loadGauges, type Gauge } from '../lib/hunting/gauges.ts';
import { formatDateTime } from '../lib/format.ts';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { GaugeDataNote, GaugeLevelsTable } from './gauge-levels.tsx';
import { useOnline } from './use-place.ts';
import { WaterMap } from './water-map.tsx';
import './safety.css';

/** Public live sources, named only as where to look (their addresses are their own). */
const LIVE_SOURCES = [
  {
    name: 'USGS Water Data for the Nation (every river gauge)',
    url: 'https://waterdata.usgs.gov/',
  },
  {
    name: 'NOAA National Water Prediction Service (river forecasts)',
    url: 'https://water.noaa.gov/',
  },
  { name: 'National Weather Service (watches and warnings)', url: 'https://www.weather.gov/' },
];

interface WaterwayRow extends Waterway {
  county: string | null;
}

function useWaterways(): WaterwayRow[] | null {
  const [data, setData] = useState<{ waterways: Waterway[]; places: PlaceLookup } | null>(null);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([loadWaterways(), loadPlaceLookup()]).then(([waterways, places]) => {
      if (!cancelled) setData({ waterways, places });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return useMemo(
    () =>
      data
        ? data.waterways.map((waterway) => ({
            ...waterway,
            county: countyAt(waterway.point, data.places.counties)?.name ?? null,
          }))
        : null,
    [data],
  );
}

/** The shipped USGS gauges, by name; null while the chunk loads. */
function useGauges(): Gauge[] | null {
  const [gauges, setGauges] = useState<Gauge[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    void loadGauges().then((loaded) => {
      if (!cancelled) setGauges(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return gauges;
}

function DataFreshness() {
  return (
    <p className="safety-muted">
      Data: {WATERWAY_DATA_SOURCE.name}, bundled on{' '}
      {formatDateTime(`${WATERWAY_DATA_SOURCE.bundledOn}T00:00:00`).slice(0, 10)}.{' '}
      {WATERWAY_DATA_SOURCE.note} {GAUGE_DATA_SOURCE}
    </p>
  );
}

/** Where to look for what this app has no feed of (forecasts, warnings), with the network state. */
function LiveDataNotice({ what }: { what: string }) {
  const online = useOnline();
  return (
    <div className="safety-note" role="note">
      <p>
        <WifiOff aria-hidden="true" className="inline-icon" />{' '}
        <strong>{what}: this app has no feed for them,</strong> so nothing here is a forecast or a
        warning.{' '}
        {online
          ? 'You are online: check the public sources below before you launch or cross.'
          : 'You are offline now: check the public sources below when you have signal.'}
      </p>
      <ul className="source-links">
        {LIVE_SOURCES.map((source) => (
          <li key={source.url}>
            <a href={source.url} target="_blank" rel="noreferrer">
              {source.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Every shipped gauge with its latest level, under a heading. */
function GaugeSection({ title }: { title: string }) {
  const gauges = useGauges();
  return (
    <section className="safety-card" aria-labelledby="gauge-levels-title">
      <h2 id="gauge-levels-title">{title}</h2>
      <GaugeDataNote />
      {gauges ? (
        <GaugeLevelsTable
          gauges={gauges}
          caption={`The ${gauges.length} USGS stream gauges this app lists, most on Ozark and Ouachita float streams`}
        />
      ) : (
        <Spinner label="Loading the gauges…" />
      )}
    </section>
  );
}

function WaterwayTable({
  caption,
  filter,
}: {
  caption: string;
  filter?: (row: WaterwayRow) => boolean;
}) {
  const rows = useWaterways();
  if (!rows) return <Spinner label="Loading lakes and rivers…" />;
  const shown = filter ? rows.filter(filter) : rows;
  return (
    <div className="table-scroll">
      <table className="waterway-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Point (decimal)</th>
            <th scope="col">Point (DMS)</th>
            <th scope="col">County (Arkansas)</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const [longitude, latitude] = row.point;
            return (
              <tr key={`${row.kind}-${row.name}`}>
                <th scope="row">{row.name}</th>
                <td>
                  {row.kind === 'river'
                    ? `River (${Math.round(row.mappedMiles ?? 0)} mi mapped here)`
                    : row.kind === 'reservoir'
                      ? 'Reservoir'
                      : 'Lake'}
                </td>
                <td>{formatDecimalDegrees(latitude, longitude, 'approximate')}</td>
                <td>{formatDms(latitude, longitude, 'approximate')}</td>
                <td>{row.county ?? 'Outside Arkansas'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="safety-muted">
        Points are a vertex average of each lake outline or the middle of a river's longest mapped
        segment: good for orientation, not for navigation to a shore.
      </p>
    </div>
  );
}

function PageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="safety-page__header">
      <h1>
        <Waves aria-hidden="true" className="inline-icon" /> {title}
      </h1>
      <p className="safety-muted">{lead}</p>
      <DataFreshness />
    </header>
  );
}

/** /waterway-conditions: live gauge levels (last known offline) and the shipped waters. */
export function WaterwayConditionsPage() {
  usePageMeta({
    title: 'Waterway Conditions',
    description:
      'Latest USGS river levels at Arkansas stream gauges, the last known levels offline, and the lakes and rivers on the device.',
    keywords: ['river levels', 'lake', 'flow', 'water', 'USGS gauges'],
    path: '/waterway-conditions',
  });
  return (
    <OnlineQueries>
      <div className="safety-page">
        <PageHeader
          title="Waterway Conditions"
          lead="The latest level at each USGS stream gauge the app lists, and the lakes and rivers in and around Arkansas stored on this device."
        />
        <GaugeSection title="River levels at USGS gauges" />
        <LiveDataNotice what="River forecasts and flood warnings" />
        <WaterwayTable caption="Lakes and rivers in the shipped map data" />
      </div>
    </OnlineQueries>
  );
}

/** /water-safety-alerts: no alert feed, so the gauge levels and where alerts are published. */
export function WaterSafetyAlertsPage() {
  usePageMeta({
    title: 'Water Safety Alerts',
    description:
      'Where to find live flood and water safety alerts for Arkansas rivers, with the latest USGS gauge levels.',
    keywords: ['river', 'lake', 'flood', 'water', 'alerts'],
    path: '/water-safety-alerts',
  });
  return (
    <OnlineQueries>
      <div className="safety-page">
        <PageHeader title="Water Safety Alerts" lead="No alerts are stored on this device." />
        <LiveDataNotice what="Flood warnings and water safety alerts" />
        <GaugeSection title="River levels at USGS gauges" />
        <section className="safety-card">
          <h2>Rivers in the shipped data</h2>
          <WaterwayTable caption="Rivers" filter={(row) => row.kind === 'river'} />
        </section>
      </div>
    </OnlineQueries>
  );
}

/** /emergency-waterway-contacts. */
export function EmergencyWaterwayContactsPage() {
  usePageMeta({
    title: 'Waterway Emergency Contacts',
    description: 'Who to call for an emergency on or near the water.',
    keywords: ['river', 'rescue', 'contacts', 'phone'],
    path: '/emergency-waterway-contacts',
  });
  const { contacts } = useEmergencyContacts();
  return (
    <div className="safety-page">
      <PageHeader
        title="Waterway Emergency Contacts"
        lead="For anyone in the water or missing on it, call 911 first: dispatch alerts the rescue teams."
      />
      <a className="button button--danger-strong" href={EMERGENCY_CALL_HREF}>
        <Phone aria-hidden="true" /> Call 911
      </a>
      <section className="safety-card">
        <h2>Your emergency contacts</h2>
        {contacts.length === 0 ? (
          <p>
            None yet. Add them on the <Link href="/safety">Safety page</Link>.
          </p>
        ) : (
          <ul className="contact-list">
            {contacts.map((contact) => (
              <li key={contact.id} className="contact-list__item">
                <span className="contact-list__who">
                  <strong>{contact.name}</strong>
                  <span>{contact.relation}</span>
                </span>
                <a className="button" href={telHref(contact.phone)}>
                  Call {formatPhone(contact.phone)}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="safety-muted">
          The app ships no phone numbers for marinas, lake offices or river outfitters: no source in
          its data lists them, and a wrong number in an emergency is worse than none.
        </p>
      </section>
      <p>
        <Link href="/emergency">Open the Emergency screen</Link> for your coordinates and what to
        tell the dispatcher.
      </p>
    </div>
  );
}

/** /access-point-map: the gauges and lakes on the offline map, with the same points listed. */
export function AccessPointMapPage() {
  usePageMeta({
    title: 'Water Access Points',
    description:
      'USGS stream gauges with their latest level and the lakes of Arkansas on a map; the shipped data has no boat ramps or access points.',
    keywords: ['boat ramp', 'river', 'launch', 'kayak', 'access', 'USGS gauges'],
    path: '/access-point-map',
  });
  return (
    <OnlineQueries>
      <div className="safety-page">
        <PageHeader
          title="Water Access Points"
          lead="The shipped map data has no boat ramps or river access points, so none are shown. The map shows what it does have: the USGS stream gauges, with their latest level, and the lakes."
        />
        <AccessPointMap />
        <WaterwayTable caption="Lakes and rivers with coordinates" />
      </div>
    </OnlineQueries>
  );
}

function AccessPointMap() {
  const gauges = useGauges();
  const waterways = useWaterways();
  const lakes = useMemo(
    () => waterways?.filter((waterway) => waterway.kind !== 'river') ?? null,
    [waterways],
  );
  if (!gauges || !lakes) return <Spinner label="Loading the gauges and lakes…" />;
  return (
    <section className="safety-card" aria-labelledby="water-map-title">
      <h2 id="water-map-title">Gauges and lakes on the map</h2>
      <GaugeDataNote />
      <WaterMap gauges={gauges} lakes={lakes} />
    </section>
  );
}
