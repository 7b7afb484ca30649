/**
 * The waterway pages (requirements §core-2 Safety and Local; requirements §voice-2.1):
 * /waterway-conditions, /water-safety-alerts, /emergency-waterway-contacts and
 * /access-point-map. Built on the shipped Natural Earth lakes and rivers with their county from
 * the shipped county boundaries. Live river levels and alerts need a network and this app has
 * no feed for them, so the pages say so plainly and point to the public sources; the data has
 * no gauges, agency phone numbers or access points, and none are invented.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
import { Phone, Waves, WifiOff } from 'lucide-react';
import { useEmergencyContacts } from '../db/safety-settings.ts';
import { formatDecimalDegrees, formatDms } from '../lib/outdoor/coordinates.ts';
import { formatPhone } from '../lib/outdoor/emergency-contacts.ts';
import { EMERGENCY_CALL_HREF, telHref } from '../lib/outdoor/emergency-message.ts';
import { countyAt, loadPlaceLookup, type PlaceLookup } from '../lib/outdoor/place-lookup.ts';
import { loadWaterways, WATERWAY_DATA_SOURCE, type Waterway } from '../lib/outdoor/waterways.ts';
import { formatDateTime } from '../lib/format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useOnline } from './use-place.ts';
import './safety.css';

/** Public live sources, named only as where to look (their addresses are their own). */
const LIVE_SOURCES = [
  { name: 'USGS Water Data for the Nation (river gauges)', url: 'https://waterdata.usgs.gov/' },
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

function DataFreshness() {
  return (
    <p className="safety-muted">
      Data: {WATERWAY_DATA_SOURCE.name}, bundled on{' '}
      {formatDateTime(`${WATERWAY_DATA_SOURCE.bundledOn}T00:00:00`).slice(0, 10)}.{' '}
      {WATERWAY_DATA_SOURCE.note}
    </p>
  );
}

function LiveDataNotice({ what }: { what: string }) {
  const online = useOnline();
  return (
    <div className="safety-note" role="note">
      <p>
        <WifiOff aria-hidden="true" className="inline-icon" />{' '}
        <strong>{what} need a network.</strong> This app has no live feed for them, so nothing here
        is a current level, flow or alert.{' '}
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

/** /waterway-conditions. */
export function WaterwayConditionsPage() {
  usePageMeta({
    title: 'Waterway Conditions',
    description: 'Arkansas lakes and rivers on the device, and where to check live levels.',
    keywords: ['river levels', 'lake', 'flow', 'water'],
    path: '/waterway-conditions',
  });
  return (
    <div className="safety-page">
      <PageHeader
        title="Waterway Conditions"
        lead="The lakes and rivers in and around Arkansas stored on this device."
      />
      <LiveDataNotice what="Live river levels and flows" />
      <WaterwayTable caption="Lakes and rivers in the shipped map data" />
    </div>
  );
}

/** /water-safety-alerts. */
export function WaterSafetyAlertsPage() {
  usePageMeta({
    title: 'Water Safety Alerts',
    description: 'Where to find live flood and water safety alerts for Arkansas rivers and lakes.',
    keywords: ['river', 'lake', 'flood', 'water', 'alerts'],
    path: '/water-safety-alerts',
  });
  return (
    <div className="safety-page">
      <PageHeader title="Water Safety Alerts" lead="No alerts are stored on this device." />
      <LiveDataNotice what="Flood warnings and water safety alerts" />
      <section className="safety-card">
        <h2>Rivers in the shipped data</h2>
        <WaterwayTable caption="Rivers" filter={(row) => row.kind === 'river'} />
      </section>
    </div>
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

/** /access-point-map. */
export function AccessPointMapPage() {
  usePageMeta({
    title: 'Water Access Points',
    description:
      'Lakes and rivers with coordinates; the shipped data has no boat ramps or access points.',
    keywords: ['boat ramp', 'river', 'launch', 'kayak', 'access'],
    path: '/access-point-map',
  });
  return (
    <div className="safety-page">
      <PageHeader
        title="Water Access Points"
        lead="The shipped map data has no boat ramps or river access points, so none are shown. Here are the lakes and rivers it does have, with coordinates."
      />
      <WaterwayTable caption="Lakes and rivers with coordinates" />
    </div>
  );
}
