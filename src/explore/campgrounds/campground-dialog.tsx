/**
 * The campground details dialog (requirements §voice-2.6): five tabs (Overview,
 * Activities, Amenities, Pricing, Contact) over the facts the sources give, with "not
 * published" for the rest, then the rider's own review and, for admins, the review
 * moderation list. Opened from a directory card and from a campground tapped on the map.
 */
import { useMemo, type ReactNode } from 'react';
import { distance } from '@turf/distance';
import {
  Button,
  Dialog,
  Heading,
  Modal,
  ModalOverlay,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from 'react-aria-components';
import { format } from 'date-fns';
import { Copy, ExternalLink, Navigation, Phone, Mail, Globe, X } from 'lucide-react';
import { nearbyAttractionRadiusMiles, type Campground } from '../../../schemas/campgrounds.ts';
import { useTrails } from '../../db-react/hooks.ts';
import { publishedNightlyFee } from '../../lib/campgrounds/directory.ts';
import {
  amenityLabels,
  attractionTypeLabel,
  campgroundTypeLabel,
  countText,
  directionsUrl,
  gpsClipboardText,
  gpsText,
  notPublished,
  osmFactSource,
  ratingText,
  sourceUrl,
  yesNo,
} from './campground-format.ts';
import { CampgroundReviewPanel } from './campground-review-panel.tsx';
import { ReviewModeration } from './review-moderation.tsx';
import { showToast } from '../../lib/toast.ts';

/** One labelled fact. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="campground-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="campground-link" href={href} target="_blank" rel="noreferrer">
      {children} <ExternalLink size={14} aria-hidden="true" />
    </a>
  );
}

function Overview({ campground }: { campground: Campground }) {
  const { location, ratings } = campground;
  const scores = [
    ['Cleanliness', ratings.cleanliness],
    ['Facilities', ratings.facilities],
    ['Location', ratings.location],
    ['Value', ratings.value],
  ] as const;
  return (
    <>
      {campground.description ? (
        <p className="campground-dialog__description">{campground.description}</p>
      ) : (
        <p className="campground-dialog__description">Description {notPublished}.</p>
      )}
      <dl className="campground-facts">
        <Fact label="Address">{location.address ?? notPublished}</Fact>
        <Fact label="City">{location.city ?? notPublished}</Fact>
        <Fact label="County">{location.county ?? notPublished}</Fact>
        <Fact label="Region">{location.region ?? 'unknown'}</Fact>
        <Fact label="GPS">{gpsText(campground)}</Fact>
        <Fact label="Operator">{campground.operator ?? notPublished}</Fact>
        <Fact label="Type">{campgroundTypeLabel(campground.type)}</Fact>
      </dl>
      <h3 className="campground-dialog__subheading">Rating from riders</h3>
      <p>{ratingText(campground)}</p>
      {ratings.reviewsCount > 0 ? (
        <dl className="campground-facts">
          {scores.map(([label, value]) => (
            <Fact key={label} label={label}>
              {value === null ? notPublished : `${value.toFixed(1)} ★`}
            </Fact>
          ))}
        </dl>
      ) : null}
      <h3 className="campground-dialog__subheading">Natural features</h3>
      <p>Waterfront, views and access are {notPublished} by the sources.</p>
      <h3 className="campground-dialog__subheading">Nearby attractions (within 15 miles)</h3>
      {campground.nearbyAttractions.length === 0 ? (
        <p>No trail, WMA, lake or river in the app's data within 15 miles.</p>
      ) : (
        <ul className="campground-attractions">
          {campground.nearbyAttractions.map((attraction) => (
            <li key={`${attraction.type}:${attraction.name}`}>
              <span>{attraction.name}</span>
              <span className="campground-attractions__meta">
                {attractionTypeLabel(attraction.type)} · {attraction.distanceMiles.toFixed(1)} mi
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="campground-dialog__note">
        Distances are straight-line from the campground point to the app's trailhead and WMA points
        (often approximate) and Natural Earth lake shores and rivers.
      </p>
      <h3 className="campground-dialog__subheading">Sources</h3>
      <ul className="campground-sources">
        {campground.sources.map((source) => {
          const url = sourceUrl(source);
          return (
            <li key={source}>
              {url ? <ExternalAnchor href={url}>{source}</ExternalAnchor> : source}
            </li>
          );
        })}
      </ul>
      <p className="campground-dialog__note">
        Recreation.gov RIDB (public domain) and © OpenStreetMap contributors (ODbL).
      </p>
    </>
  );
}

/**
 * The ATV trails of the catalogue on this device within the nearby-attraction radius of the
 * campground (straight-line miles from its point to each trail's trailhead point), nearest first.
 */
function AtvTrailsNearby({ campground }: { campground: Campground }) {
  const { trails } = useTrails();
  const near = useMemo(() => {
    const from: [number, number] = [campground.location.longitude, campground.location.latitude];
    return trails
      .filter((trail) => !trail.systemId && trail.kind !== 'trailhead')
      .filter((trail) => trail.activities.includes('atv'))
      .map((trail) => ({
        trail,
        miles: distance(from, [trail.longitude, trail.latitude], { units: 'miles' }),
      }))
      .filter((entry) => entry.miles <= nearbyAttractionRadiusMiles)
      .sort((a, b) => a.miles - b.miles);
  }, [trails, campground]);
  if (near.length === 0) {
    return <>None within {nearbyAttractionRadiusMiles} miles among the trails on this device</>;
  }
  return (
    <>
      Within {nearbyAttractionRadiusMiles} miles (straight-line):{' '}
      {near.map((entry) => `${entry.trail.name} (${entry.miles.toFixed(1)} mi)`).join(', ')}
    </>
  );
}

function Activities({ campground }: { campground: Campground }) {
  const wmas = campground.nearbyAttractions.filter((attraction) => attraction.type === 'wma');
  return (
    <dl className="campground-facts">
      <Fact label="Swimming">{yesNo(campground.amenities.swimming)}</Fact>
      <Fact label="Fishing">{yesNo(campground.amenities.fishing)}</Fact>
      <Fact label="Boating">
        {yesNo(campground.amenities.boating ?? campground.amenities.boat_launch)}
      </Fact>
      <Fact label="Hiking">{yesNo(campground.amenities.hiking_trails)}</Fact>
      <Fact label="Biking">{notPublished}</Fact>
      <Fact label="ATV trails nearby">
        <AtvTrailsNearby campground={campground} />
      </Fact>
      <Fact label="Hunting nearby">
        {wmas.length > 0
          ? `Wildlife Management Area within 15 miles: ${wmas
              .map((wma) => `${wma.name} (${wma.distanceMiles.toFixed(1)} mi)`)
              .join(', ')}`
          : notPublished}
      </Fact>
      <Fact label="Best months">{notPublished}</Fact>
      <Fact label="Peak season">{notPublished}</Fact>
      <Fact label="Winter access">{notPublished}</Fact>
    </dl>
  );
}

function Amenities({ campground }: { campground: Campground }) {
  const { siteCounts, amenities } = campground;
  const facilities = [
    'restrooms',
    'showers',
    'drinking_water',
    'dump_station',
    'wifi',
    'boat_launch',
  ] as const;
  const hookups = ['electric_hookups', 'water_hookups', 'sewer_hookups'] as const;
  const siteFeatures = [
    'fire_rings',
    'picnic_tables',
    'tents_allowed',
    'rvs_allowed',
    'pet_friendly',
    'accessible',
  ] as const;
  const group = (title: string, flags: readonly (keyof Campground['amenities'])[]) => (
    <>
      <h3 className="campground-dialog__subheading">{title}</h3>
      <dl className="campground-facts">
        {flags.map((flag) => (
          <Fact key={flag} label={amenityLabels[flag]}>
            {yesNo(amenities[flag])}
          </Fact>
        ))}
      </dl>
    </>
  );
  return (
    <>
      <h3 className="campground-dialog__subheading">Site counts</h3>
      <dl className="campground-facts">
        <Fact label="Total sites">{countText(siteCounts.total)}</Fact>
        <Fact label="Tent sites">{countText(siteCounts.tent)}</Fact>
        <Fact label="RV sites">{countText(siteCounts.rv)}</Fact>
        <Fact label="Cabins">{countText(siteCounts.cabins)}</Fact>
      </dl>
      {group('Facilities', facilities)}
      {group('Hookups', hookups)}
      {group('Site features', siteFeatures)}
      <dl className="campground-facts">
        <Fact label="Road surface">{campground.roadSurface ?? notPublished}</Fact>
      </dl>
    </>
  );
}

function Pricing({ campground }: { campground: Campground }) {
  const fee = publishedNightlyFee(campground);
  return (
    <>
      <dl className="campground-facts">
        <Fact label="Published fee">
          {campground.fee ? `${campground.fee} (${osmFactSource})` : notPublished}
        </Fact>
        <Fact label="Tent site per night">
          {fee === null ? notPublished : `$${fee.toFixed(2)} (the one fee published)`}
        </Fact>
        <Fact label="RV site per night">
          {fee === null ? notPublished : `$${fee.toFixed(2)} (the one fee published)`}
        </Fact>
        <Fact label="Cabin per night">{notPublished}</Fact>
        <Fact label="Operating season">{notPublished}</Fact>
        <Fact label="Reservation policy">{notPublished}</Fact>
        <Fact label="Availability">
          Live availability is {notPublished} by any source this app has; check the reservation
          page.
        </Fact>
      </dl>
      {campground.contact.reservationUrl ? (
        <a
          className="button button--primary campground-dialog__action"
          href={campground.contact.reservationUrl}
          target="_blank"
          rel="noreferrer"
        >
          Make Reservation <ExternalLink size={16} aria-hidden="true" />
        </a>
      ) : (
        <p>Reservation link {notPublished}.</p>
      )}
    </>
  );
}

function Contact({ campground }: { campground: Campground }) {
  const { contact } = campground;
  const copyGps = async () => {
    try {
      await navigator.clipboard.writeText(gpsClipboardText(campground));
      showToast({ title: `Copied GPS ${gpsClipboardText(campground)}` });
    } catch {
      showToast({
        title: `Could not copy; the GPS is ${gpsClipboardText(campground)}`,
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <dl className="campground-facts">
        <Fact label="Phone">
          {contact.phone ? (
            <a className="campground-link" href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>
              <Phone size={14} aria-hidden="true" /> {contact.phone}
            </a>
          ) : (
            notPublished
          )}
        </Fact>
        <Fact label="Website">
          {contact.website ? (
            <ExternalAnchor href={contact.website}>
              <Globe size={14} aria-hidden="true" /> {contact.website}
            </ExternalAnchor>
          ) : (
            notPublished
          )}
        </Fact>
        <Fact label="Email">
          {contact.email ? (
            <a className="campground-link" href={`mailto:${contact.email}`}>
              <Mail size={14} aria-hidden="true" /> {contact.email}
            </a>
          ) : (
            notPublished
          )}
        </Fact>
        <Fact label="GPS">{gpsText(campground)}</Fact>
        <Fact label="Last updated">
          {/* 0: the list bundled with the app (use-directory-campgrounds.ts), no server time. */}
          {campground.updatedAt > 0
            ? format(campground.updatedAt, 'MMM d, yyyy')
            : 'Bundled with the app; updated at your first sync'}
        </Fact>
      </dl>
      <div className="campground-dialog__actions">
        <Button className="button" onPress={() => void copyGps()}>
          <Copy size={16} aria-hidden="true" /> Copy GPS
        </Button>
        <a className="button" href={directionsUrl(campground)} target="_blank" rel="noreferrer">
          <Navigation size={16} aria-hidden="true" /> Directions
        </a>
      </div>
      <p className="campground-dialog__note">
        Phone, website and e-mail come from {osmFactSource} tags where mappers added them.
      </p>
    </>
  );
}

/** Props of the details dialog. */
export interface CampgroundDialogProps {
  /** The campground to show; null keeps the dialog closed. */
  campground: Campground | null;
  onClose: () => void;
}

/** The five-tab details dialog of §voice-2.6, plus the rider's review and admin moderation. */
export function CampgroundDialog({ campground, onClose }: CampgroundDialogProps) {
  return (
    <ModalOverlay
      className="campground-overlay"
      isDismissable
      isOpen={campground !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="campground-modal">
        <Dialog className="campground-dialog">
          {campground ? (
            <>
              <div className="campground-dialog__header">
                <div>
                  <Heading slot="title" className="campground-dialog__title">
                    {campground.name}
                  </Heading>
                  <p className="campground-badge">{campgroundTypeLabel(campground.type)}</p>
                </div>
                <Button className="button button--ghost" slot="close" aria-label="Close details">
                  <X size={20} aria-hidden="true" />
                </Button>
              </div>
              <Tabs key={campground.id} defaultSelectedKey="overview">
                <TabList className="campground-tabs" aria-label="Campground details">
                  <Tab id="overview" className="campground-tab">
                    Overview
                  </Tab>
                  <Tab id="activities" className="campground-tab">
                    Activities
                  </Tab>
                  <Tab id="amenities" className="campground-tab">
                    Amenities
                  </Tab>
                  <Tab id="pricing" className="campground-tab">
                    Pricing
                  </Tab>
                  <Tab id="contact" className="campground-tab">
                    Contact
                  </Tab>
                </TabList>
                <TabPanel id="overview" className="campground-tab-panel">
                  <Overview campground={campground} />
                </TabPanel>
                <TabPanel id="activities" className="campground-tab-panel">
                  <Activities campground={campground} />
                </TabPanel>
                <TabPanel id="amenities" className="campground-tab-panel">
                  <Amenities campground={campground} />
                </TabPanel>
                <TabPanel id="pricing" className="campground-tab-panel">
                  <Pricing campground={campground} />
                </TabPanel>
                <TabPanel id="contact" className="campground-tab-panel">
                  <Contact campground={campground} />
                </TabPanel>
              </Tabs>
              <CampgroundReviewPanel campground={campground} />
              <ReviewModeration campgroundId={campground.id} />
            </>
          ) : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
