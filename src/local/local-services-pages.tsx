/**
 * /local-services and /local-shopping-network (requirements §voice-2.1 "Local
 * pages"). No source we ship names towing companies, fuel stops, repair shops or stores, and
 * the app takes a business only from a public source or a rider's submission an admin has
 * reviewed, so both pages say plainly that their list is empty and never show an invented
 * business. What they do offer is real: the campgrounds within 15 miles of any trail in the
 * catalogue (with the phone and website their source gives), and what a rider can prepare.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Fuel, Store, Tent, Wrench } from 'lucide-react';
import type { Campground } from '../../schemas/campgrounds.ts';
import type { Trail } from '../../schemas/trails.ts';
import { useCampgrounds, useTrails } from '../db-react/hooks.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { OnlineQueries } from '../lib/http/online-queries.tsx';
import { useApprovedShopsRefresh } from '../lib/repair-shops/repair-shop-queries.ts';
import { isWebUrl } from '../lib/trail-format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { storeApprovedShops } from '../db/repair-shops.ts';
import { useStoredApprovedShops } from '../db-react/repair-shops.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { formatMiles, parkNearbyRadiusMiles, withinRadius, type Nearby } from './nearby.ts';
import './local.css';

/** The honest empty state of a business list, with the rule a listing must pass. */
function NoListingsYet({ what }: { what: string }) {
  return (
    <div className="local-callout" role="status">
      <Store size={22} aria-hidden="true" />
      <div>
        <p className="local-callout__title">No {what} listed yet</p>
        <p>
          We list a business only when a public source names it or when an admin has reviewed a
          rider&apos;s submission. None has passed that check yet, so this list is empty rather than
          guessed. Nothing here is paid placement.
        </p>
      </div>
    </div>
  );
}

/** One nearby campground: its page, distance, operator, and the phone and website its source gives. */
function NearbyCampgroundItem({ item, distanceMiles }: Nearby<Campground>) {
  const website = isWebUrl(item.contact.website) ? item.contact.website : null;
  return (
    <li>
      <Link to="/campgrounds" search={{ campground: item.id }}>
        {item.name}
      </Link>
      <span>
        {formatMiles(distanceMiles)} · {item.operator ?? 'operator unknown'}
        {item.contact.phone ? ` · phone ${item.contact.phone} (from its source)` : ''}
      </span>
      {website ? (
        <a href={website} target="_blank" rel="noopener noreferrer">
          Website
          <span className="visually-hidden"> of {item.name} (opens in a new tab)</span>
        </a>
      ) : null}
    </li>
  );
}

/**
 * The campgrounds within 15 miles (straight line) of the chosen trail, nearest first, or a
 * sentence saying there are none; announced politely as the choice changes.
 */
function NearbyCampgrounds({ trail, near }: { trail: Trail; near: Nearby<Campground>[] }) {
  return (
    <div aria-live="polite">
      {near.length === 0 ? (
        <p>
          No campground in the campground list lies within {parkNearbyRadiusMiles} miles of{' '}
          {trail.name}.
        </p>
      ) : (
        <>
          <p className="local-muted">
            {near.length} within {parkNearbyRadiusMiles} miles of {trail.name} (straight line
            {trail.locationConfidence === 'approximate'
              ? ', from an approximate trailhead point'
              : ''}
            ).
          </p>
          <ul className="local-nearby">
            {near.map((nearby) => (
              <NearbyCampgroundItem key={nearby.item.id} {...nearby} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * Picks a trail from the catalogue on this device (a labelled native select, usable with
 * gloves) and lists the campgrounds within 15 miles of it, nearest first.
 */
function CampgroundsNearTrail() {
  const selectId = useId();
  const { trails, isLoading: trailsLoading } = useTrails();
  const { campgrounds, isLoading: campgroundsLoading } = useCampgrounds();
  const [trailId, setTrailId] = useState('');
  const trail = trails.find((item) => item.id === trailId) ?? null;
  const near = useMemo(
    () => (trail ? withinRadius(trail, campgrounds, (campground) => campground.location) : []),
    [trail, campgrounds],
  );
  if (trailsLoading || campgroundsLoading)
    return <Spinner label="Loading trails and campgrounds…" />;
  if (trails.length === 0) {
    return (
      <p>
        The trail list has not reached this device yet. Open the app once with signal; after that
        this works offline.
      </p>
    );
  }
  return (
    <>
      <label htmlFor={selectId} className="local-field__label">
        Trail or park you are riding
      </label>
      <select
        id={selectId}
        className="local-select"
        value={trailId}
        onChange={(event) => setTrailId(event.target.value)}
      >
        <option value="">Choose a trail…</option>
        {trails.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
      {trail ? <NearbyCampgrounds trail={trail} near={near} /> : null}
    </>
  );
}

/**
 * How many repair shops riders suggested and an admin approved (the device's copy of the list,
 * refreshed while online with the query policy), pointing there for the list and for
 * suggesting one.
 */
function RepairShopsSummary() {
  return (
    <OnlineQueries>
      <RepairShopsCount />
    </OnlineQueries>
  );
}

/** The count of approved shops on the device, refreshed while online. */
function RepairShopsCount() {
  const db = useDatabase();
  const { shops } = useStoredApprovedShops();
  useApprovedShopsRefresh(useOnlineStatus(), (fresh) => storeApprovedShops(db, fresh));
  const link = <Link to="/arkansas-repair-shops">Repair Shops</Link>;
  if (shops.length === 0) {
    return (
      <p>
        No repair shops are listed yet. Riders can suggest one on {link}; an admin checks each
        before it is listed.
      </p>
    );
  }
  return (
    <p>
      {shops.length === 1 ? 'One repair shop' : `${shops.length} repair shops`} suggested by riders
      and checked by an admin: see {link}.
    </p>
  );
}

/** /local-services: towing, fuel, lodging and more near the trails (directory "Local Services"). */
export function LocalServicesPage() {
  usePageMeta({
    title: 'Local Services',
    description:
      'Services Arkansas riders need near the trails: campgrounds within 15 miles of any trail, offline, and how we list towing, fuel and repair businesses.',
    keywords: ['towing', 'fuel', 'lodging', 'campgrounds', 'Arkansas trails'],
    path: '/local-services',
  });
  return (
    <article className="local-page" aria-labelledby="services-title">
      <header className="local-page__header">
        <p className="local-eyebrow">Local</p>
        <h1 id="services-title">Local Services</h1>
        <p className="local-lead">
          Where to sleep near a trail, and what to sort out before you lose signal.
        </p>
      </header>
      <NoListingsYet what="towing or fuel businesses" />
      <section className="local-section" aria-labelledby="lodging-title">
        <h2 id="lodging-title">
          <Tent size={20} aria-hidden="true" /> Camping near a trail
        </h2>
        <CampgroundsNearTrail />
      </section>
      <section className="local-section" aria-labelledby="prepare-title">
        <h2 id="prepare-title">
          <Fuel size={20} aria-hidden="true" /> Before you lose signal
        </h2>
        <ul className="local-checklist">
          <li>
            Fill up in the last town with a station and note its name: trailheads rarely sell fuel.
          </li>
          <li>
            Download the map region of your ride on <Link to="/map">the map page</Link>, so the map
            works with no signal.
          </li>
          <li>
            Save the trail (<Link to="/saved">Saved trails</Link>) and copy its coordinates from the
            trail page; any GPS takes them offline.
          </li>
          <li>
            Fill in your <Link to="/safety">emergency contacts and card</Link>. The app cannot send
            a text or place a call by itself: it opens your phone&apos;s messages or dialler for
            you, and sending still needs a signal.
          </li>
          <li>Carry a tow strap and a tyre plug kit; a tow truck may not reach a trail.</li>
        </ul>
      </section>
      <section className="local-section" aria-labelledby="repairs-title">
        <h2 id="repairs-title">
          <Wrench size={20} aria-hidden="true" /> Repairs
        </h2>
        <RepairShopsSummary />
      </section>
    </article>
  );
}

/** /local-shopping-network: shops for parts, gear and supplies (directory "Local Shopping"). */
export function LocalShoppingPage() {
  usePageMeta({
    title: 'Local Shopping',
    description:
      'Parts, gear and supplies near Arkansas trails: how we list shops, and a packing list that works offline.',
    keywords: ['shops', 'parts', 'gear', 'supplies', 'Arkansas'],
    path: '/local-shopping-network',
  });
  return (
    <article className="local-page" aria-labelledby="shopping-title">
      <header className="local-page__header">
        <p className="local-eyebrow">Local</p>
        <h1 id="shopping-title">Local Shopping</h1>
        <p className="local-lead">Parts, gear and supplies for a day on Arkansas trails.</p>
      </header>
      <NoListingsYet what="shops" />
      <section className="local-section" aria-labelledby="pack-title">
        <h2 id="pack-title">Buy before you leave town</h2>
        <p className="local-muted">
          A list to shop from, since there may be no store between the last town and the trail.
        </p>
        <PackingList />
      </section>
      <section className="local-section" aria-labelledby="shop-more-title">
        <h2 id="shop-more-title">Riding parks with their own facilities</h2>
        <p>
          Some private riding parks run their own camping or store; what each one&apos;s sources say
          is on its page: <Link to="/hot-springs-offroad-park">Hot Springs Off-Road Park</Link>,{' '}
          <Link to="/macks-pines">Mack&apos;s Pines</Link>.
        </p>
        <p>
          For gear to fit your machine, see the <Link to="/equipment-guide">Equipment Guide</Link>{' '}
          and your <Link to="/garage">Garage</Link>.
        </p>
      </section>
    </article>
  );
}

/** Things a rider commonly buys before a trail day, grouped; ticks are for this visit only. */
const packingGroups: readonly { title: string; items: readonly string[] }[] = [
  {
    title: 'Machine',
    items: [
      'Fuel and a spare can',
      'Two-stroke or engine oil',
      'Tyre plug kit and a pump',
      'Tow strap',
    ],
  },
  {
    title: 'Rider',
    items: ['Drinking water for the whole day', 'Food that keeps', 'First-aid kit', 'Rain layer'],
  },
  {
    title: 'Navigation',
    items: ['Phone charger or power bank', 'Paper map of the area', 'Headlamp and batteries'],
  },
];

function PackingList() {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const baseId = useId();
  const toggle = (item: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(item)) next.delete(item);
      else next.add(item);
      return next;
    });
  const total = packingGroups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <>
      <p aria-live="polite">
        {ticked.size} of {total} packed
      </p>
      {packingGroups.map((group) => (
        <fieldset key={group.title} className="local-fieldset">
          <legend>{group.title}</legend>
          {group.items.map((item, index) => {
            const id = `${baseId}-${group.title}-${index}`;
            return (
              <div key={item} className="local-check">
                <input
                  id={id}
                  type="checkbox"
                  checked={ticked.has(item)}
                  onChange={() => toggle(item)}
                />
                <label htmlFor={id}>{item}</label>
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}
