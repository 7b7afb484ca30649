/**
 * The riding park and area pages of the Local category (requirements §voice-2.1:
 * /jerusalem-area-trails, /carters-riding-park, /macks-pines, /hot-springs-offroad-park), built
 * from what this device holds: the trail record (location, activities, length, fee, manager,
 * notes, sources), the offline map around it, and the campgrounds, other trails and Wildlife
 * Management Areas within 15 miles. Values no source gives (fee, season, length) are said to be
 * unknown; a place no source locates says "Location not yet verified" and shows no map.
 */
import { useMemo, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  CalendarX,
  MapPin,
  MapPinOff,
  Navigation,
  Route,
  Tent,
  Trees,
  TriangleAlert,
} from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useCampgrounds, useTrail, useTrails, useWaypoints } from '../db-react/hooks.ts';
import { MapView } from '../map/map-view.tsx';
import {
  activityLabel,
  countyRegionLabel,
  directionsUrl,
  feeLabel,
  formatCoordinates,
  isWebUrl,
  lengthLabel,
  trailKindLabel,
} from '../lib/trail-format.ts';
import { FEATURE_TEXT } from '../features/directory-text.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { formatMiles, parkNearbyRadiusMiles, withinRadius, type Nearby } from './nearby.ts';
import { parkPages, type ParkPageKey } from './parks.ts';
import { SourceList } from './source-list.tsx';
import './local.css';

/** Zoom of the park map: a few miles around the point (region archives start at z10). */
const parkMapZoom = 10;

/** One park or area page, `parkKey` naming it in src/local/parks.ts. */
export function ParkPage({ parkKey }: { parkKey: ParkPageKey }) {
  const park = parkPages[parkKey];
  usePageMeta({
    title: park.title,
    description: `${park.title}, Arkansas: location, trails, fees, season, map, campgrounds nearby and sources, offline.`,
    keywords: [park.title, ...(FEATURE_TEXT[parkKey]?.tags ?? []), 'Arkansas'],
    path: park.path,
  });
  return (
    <article className="local-page" aria-labelledby="park-title">
      <header className="local-page__header">
        <p className="local-eyebrow">Local · Riding parks and areas</p>
        <h1 id="park-title">{park.title}</h1>
        <p className="local-lead">{park.identification}</p>
      </header>
      {park.trailId ? (
        <CatalogueParkBody trailId={park.trailId} claims={park.unverifiedClaims} />
      ) : (
        <UnlocatedParkBody claims={park.unverifiedClaims} />
      )}
    </article>
  );
}

/** The spec's figures for a place, each labelled as not verified by any source. */
function UnverifiedClaims({ claims }: { claims: readonly string[] }) {
  if (claims.length === 0) return null;
  return (
    <section className="local-section" aria-labelledby="claims-title">
      <h2 id="claims-title">Figures we could not verify</h2>
      <ul className="local-claims">
        {claims.map((claim) => (
          <li key={claim}>
            <strong>{claim}</strong> <span className="local-tag">not verified</span>
          </li>
        ))}
      </ul>
      <p className="local-muted">
        These figures come from the app&apos;s original product brief. No public source we found
        confirms them, so do not plan fuel or daylight on them.
      </p>
    </section>
  );
}

function UnlocatedParkBody({ claims }: { claims: readonly string[] }) {
  return (
    <>
      <div className="local-callout local-callout--warning" role="note">
        <MapPinOff size={22} aria-hidden="true" />
        <div>
          <p className="local-callout__title">Location not yet verified</p>
          <p>
            There is no map, no directions, no fee, no season and no campground list for this place
            here, because any of them would be a guess. If you know the park, its operator can tell
            you where it is and when it opens.
          </p>
        </div>
      </div>
      <UnverifiedClaims claims={claims} />
      <section className="local-section" aria-labelledby="instead-title">
        <h2 id="instead-title">Riding you can find here instead</h2>
        <ul className="local-actions">
          <li>
            <Link to="/ai-trails" search={{ activity: 'atv' }} className="button">
              <Route size={18} aria-hidden="true" /> Browse ATV trails in the trail list
            </Link>
          </li>
          <li>
            <Link to="/map" className="button">
              <MapPin size={18} aria-hidden="true" /> Open the map of every trailhead
            </Link>
          </li>
          <li>
            <Link to="/campgrounds" className="button">
              <Tent size={18} aria-hidden="true" /> Browse campgrounds
            </Link>
          </li>
        </ul>
        <p className="local-muted">
          Most trails in the list have no difficulty rating in any source; the trail page says so
          where that is the case.
        </p>
      </section>
    </>
  );
}

function CatalogueParkBody({ trailId, claims }: { trailId: string; claims: readonly string[] }) {
  const { trail, isLoading } = useTrail(trailId);
  if (isLoading) return <Spinner label="Loading the park from this device…" />;
  if (!trail) {
    return (
      <>
        <div className="local-callout" role="status">
          <MapPinOff size={22} aria-hidden="true" />
          <div>
            <p className="local-callout__title">Not on this device yet</p>
            <p>
              The trail list has not reached this device. Open the app once with signal and this
              page fills in, then keeps working offline.
            </p>
          </div>
        </div>
        <UnverifiedClaims claims={claims} />
      </>
    );
  }
  return <ParkDetails trail={trail} claims={claims} />;
}

/**
 * Where the park is: county and region, coordinates, whether the point is approximate, a map
 * around it, the trail page and Google Maps directions (online only; the coordinates work
 * offline).
 */
function ParkLocation({ trail }: { trail: Trail }) {
  const approximate = trail.locationConfidence === 'approximate';
  return (
    <section className="local-section" aria-labelledby="location-title">
      <h2 id="location-title">Location</h2>
      <p>
        {countyRegionLabel(trail.county, trail.region)} ·{' '}
        <span className="local-coords">{formatCoordinates(trail.latitude, trail.longitude)}</span>{' '}
        (lat, lon)
      </p>
      {approximate ? (
        <div className="local-callout local-callout--warning" role="note">
          <TriangleAlert size={22} aria-hidden="true" />
          <div>
            <p className="local-callout__title">Location approximate</p>
            <p>
              This point is placed from the sources below, not from a surveyed entrance, and may be
              off by several miles. Confirm the entrance with the operator before you go.
            </p>
          </div>
        </div>
      ) : (
        <p className="local-muted">Point from the place&apos;s own map record (see sources).</p>
      )}
      <div className="local-map" aria-label={`Map around ${trail.name}`} role="region">
        <MapView
          initialView={{ center: [trail.longitude, trail.latitude], zoom: parkMapZoom }}
          label={`Map centred on ${trail.name}`}
          highlightTrailId={trail.id}
        />
      </div>
      <ul className="local-actions">
        <li>
          <Link to="/map/$trailId" params={{ trailId: trail.id }} className="button">
            <Route size={18} aria-hidden="true" /> Trail page: save it, copy coordinates
          </Link>
        </li>
        <li>
          <a
            className="button button--primary"
            href={directionsUrl(trail.latitude, trail.longitude)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Navigation size={18} aria-hidden="true" /> Directions
            <span className="visually-hidden"> (opens Google Maps, needs a network)</span>
          </a>
        </li>
      </ul>
      <p className="local-muted">
        Directions open Google Maps and need signal; the coordinates work offline in any GPS. The
        map shows offline once its region is downloaded on <Link to="/map">the map page</Link>.
      </p>
    </section>
  );
}

/**
 * Kind, allowed activities, length, fee, season, operator and official site as the catalogue
 * has them; each missing value says it is unknown instead of guessing.
 */
function ParkFacts({ trail }: { trail: Trail }) {
  const officialUrl = isWebUrl(trail.officialUrl) ? trail.officialUrl : null;
  return (
    <section className="local-section" aria-labelledby="riding-title">
      <h2 id="riding-title">Riding, fees and season</h2>
      <dl className="local-facts">
        <Fact label="Kind" value={trailKindLabel(trail.kind)} />
        <Fact
          label="Allowed"
          value={trail.activities.map(activityLabel).join(', ') || 'Not listed in the sources'}
        />
        <Fact
          label="Trail length"
          value={lengthLabel(trail.lengthMiles)}
          note={
            trail.lengthMiles !== null && trail.sources.includes('product spec')
              ? 'Not independently verified'
              : undefined
          }
        />
        <Fact
          label="Fee"
          value={feeLabel(trail.fee)}
          note={trail.fee ? undefined : 'No source gives a fee; ask the operator'}
        />
        <Fact
          label="Season and hours"
          value="Unknown"
          note="No source gives open days or hours; check with the operator"
          icon={<CalendarX size={16} aria-hidden="true" />}
        />
        <Fact label="Operator" value={trail.manager ?? 'Unknown'} />
        <div className="local-fact">
          <dt>Official site</dt>
          <dd>
            {officialUrl ? (
              <a href={officialUrl} target="_blank" rel="noopener noreferrer">
                {new URL(officialUrl).hostname.replace(/^www\./, '')}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              'None on record'
            )}
          </dd>
        </div>
      </dl>
      {trail.notes ? <p className="local-notes">{trail.notes}</p> : null}
    </section>
  );
}

/** A park found in the catalogue: location, facts, unverified figures, nearby places, sources. */
function ParkDetails({ trail, claims }: { trail: Trail; claims: readonly string[] }) {
  return (
    <>
      <ParkLocation trail={trail} />
      <ParkFacts trail={trail} />
      <UnverifiedClaims claims={claims} />
      <NearbyPlaces trail={trail} />
      <section className="local-section" aria-labelledby="sources-title">
        <h2 id="sources-title">Sources</h2>
        <SourceList sources={trail.sources} />
        <p className="local-muted">
          Conditions, closures and fees change. Check with the operator before relying on them.
        </p>
      </section>
    </>
  );
}

function Fact({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  icon?: ReactNode;
}) {
  return (
    <div className="local-fact">
      <dt>{label}</dt>
      <dd>
        {icon}
        {value}
        {note ? <span className="local-fact__note">{note}</span> : null}
      </dd>
    </div>
  );
}

/**
 * Campgrounds, other trails (the park itself left out) and WMAs within the 15-mile radius of
 * the park's point, each nearest first.
 */
function useNearbyPlaces(trail: Trail) {
  const { campgrounds, isLoading: campgroundsLoading } = useCampgrounds();
  const { trails } = useTrails();
  const { waypoints: wmas } = useWaypoints({ category: 'wma' });
  const { id, latitude, longitude } = trail;
  const center = useMemo(() => ({ latitude, longitude }), [latitude, longitude]);
  const nearCampgrounds = useMemo(
    () => withinRadius(center, campgrounds, (campground) => campground.location),
    [center, campgrounds],
  );
  const nearTrails = useMemo(
    () =>
      withinRadius(
        center,
        trails.filter((other) => other.id !== id),
        (other) => other,
      ),
    [center, trails, id],
  );
  const nearWmas = useMemo(() => withinRadius(center, wmas, (wma) => wma), [center, wmas]);
  return { campgroundsLoading, nearCampgrounds, nearTrails, nearWmas };
}

/** One nearby list: `empty` when nothing is within the radius, else one item per place. */
function NearbyList<T extends { id: string }>({
  places,
  empty,
  renderItem,
}: {
  places: Nearby<T>[];
  empty: string;
  renderItem: (place: Nearby<T>) => ReactNode;
}) {
  if (places.length === 0) return <p>{empty}</p>;
  return (
    <ul className="local-nearby">
      {places.map((place) => (
        <li key={place.item.id}>{renderItem(place)}</li>
      ))}
    </ul>
  );
}

/** Campgrounds, other trails and WMAs within the radius of the park's point. */
function NearbyPlaces({ trail }: { trail: Trail }) {
  const { campgroundsLoading, nearCampgrounds, nearTrails, nearWmas } = useNearbyPlaces(trail);
  const radius = `${parkNearbyRadiusMiles} miles`;
  return (
    <section className="local-section" aria-labelledby="nearby-title">
      <h2 id="nearby-title">Near {trail.name}</h2>
      <p className="local-muted">
        Straight-line distances from the point above, within {radius}; roads are longer.
      </p>
      <h3>
        <Tent size={18} aria-hidden="true" /> Campgrounds
      </h3>
      {campgroundsLoading ? (
        <Spinner label="Loading campgrounds…" />
      ) : (
        <NearbyList
          places={nearCampgrounds}
          empty={`No campground in the campground list lies within ${radius}.`}
          renderItem={({ item, distanceMiles }) => (
            <>
              <Link to="/campgrounds" search={{ campground: item.id }}>
                {item.name}
              </Link>
              <span>
                {formatMiles(distanceMiles)} · {item.operator ?? 'operator unknown'}
              </span>
            </>
          )}
        />
      )}
      <h3>
        <Route size={18} aria-hidden="true" /> Other trails
      </h3>
      <NearbyList
        places={nearTrails}
        empty={`No other trail in the trail list lies within ${radius}.`}
        renderItem={({ item, distanceMiles }) => (
          <>
            <Link to="/map/$trailId" params={{ trailId: item.id }}>
              {item.name}
            </Link>
            <span>
              {formatMiles(distanceMiles)} · {trailKindLabel(item.kind)}
            </span>
          </>
        )}
      />
      <h3>
        <Trees size={18} aria-hidden="true" /> Wildlife Management Areas
      </h3>
      <NearbyList
        places={nearWmas}
        empty={`No Wildlife Management Area in the list lies within ${radius}.`}
        renderItem={({ item, distanceMiles }) => (
          <>
            <strong>{item.name}</strong>
            <span>
              {formatMiles(distanceMiles)} (to a rough interior point) · AGFC rules and permits
              apply
            </span>
          </>
        )}
      />
      <p>
        <Link to="/arkansas-wma-permits">
          WMA permits <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </p>
    </section>
  );
}
