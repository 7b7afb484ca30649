/**
 * The body of the trail page (/map/$trailId) once the trail is loaded: its facts, sources and
 * actions (save, directions, Copy coordinates) and the trail map. The page itself
 * (trail-detail-page.tsx) loads the trail and handles not-found and errors.
 */
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import {
  ArrowLeft,
  Copy,
  ExternalLink,
  FileText,
  Globe,
  Navigation,
  Route,
  TriangleAlert,
  WifiOff,
} from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { showToast } from '../lib/toast.ts';
import { ActivityIcon } from './activity-icon.tsx';
import {
  activityLabel,
  describeSource,
  difficultyLabel,
  trailDifficultyLabel,
  directionsUrl,
  feeLabel,
  formatCoordinates,
  isWebUrl,
  lengthLabel,
  trailKindLabel,
} from './trail-format.ts';
import { SaveTrailButton } from './save-trail-button.tsx';
import { SystemTrailsSection, TrailLineSection } from './trail-line-facts.tsx';
import { TrailMap } from './trail-map.tsx';
import { TrailReportsSection } from './trail-reports/trail-reports-section.tsx';
import { ClosedTodayCallout } from './trail-season-note.tsx';
import { seasonLabel } from '../lib/trail-season.ts';

async function copyCoordinates(trail: Trail): Promise<void> {
  // requirements §voice-7.2: "Copy GPS writes 'lat,lng' to the clipboard".
  const text = `${trail.latitude},${trail.longitude}`;
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    showToast({ title: 'Coordinates copied', description: text });
  } catch {
    // Plain-HTTP pages and some browsers have no clipboard API: show the text to copy by hand.
    showToast({
      title: 'Could not copy coordinates',
      description: `Copy them by hand: ${text}`,
      variant: 'destructive',
    });
  }
}

/** Kind, region, name and activity icons. */
function TrailHeader({ trail }: { trail: Trail }) {
  return (
    <header className="trail-detail__header">
      <p className="eyebrow">
        {trailKindLabel(trail.kind)} · {trail.region}
      </p>
      <h1>{trail.name}</h1>
      <ul className="activity-list activity-list--large" aria-label="Activities">
        {trail.activities.map((activity) => (
          <li key={activity} className="activity-list__item">
            <ActivityIcon activity={activity} />
            {activityLabel(activity)}
          </li>
        ))}
      </ul>
    </header>
  );
}

/** Says plainly that an approximate trailhead point may be kilometres off. */
function ApproximateLocationCallout() {
  return (
    <div className="callout callout--warning" role="note">
      <TriangleAlert size={22} aria-hidden="true" />
      <div>
        <p className="callout__title">Trailhead location approximate</p>
        <p>
          This point comes from a nearby record (see sources), not a surveyed trailhead, and may be
          off by several kilometres. Confirm the trailhead with the manager before you go.
        </p>
      </div>
    </div>
  );
}

/** Save, Copy coordinates, Navigate and Directions (which needs a network), with that note. */
function TrailActions({ trail, isSaved }: { trail: Trail; isSaved: boolean }) {
  return (
    <>
      <div className="action-row">
        <SaveTrailButton trailId={trail.id} trailName={trail.name} isSaved={isSaved} />
        <Button className="button" onPress={() => void copyCoordinates(trail)}>
          <Copy size={18} aria-hidden="true" />
          Copy coordinates
        </Button>
        <Link className="button" to="/navigate/$trailId" params={{ trailId: trail.id }}>
          <Route size={18} aria-hidden="true" />
          Navigate
        </Link>
        <a
          className="button button--primary"
          href={directionsUrl(trail.latitude, trail.longitude)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Navigation size={18} aria-hidden="true" />
          Directions
          <span className="visually-hidden"> (opens Google Maps, needs a network connection)</span>
        </a>
      </div>
      <p className="action-row__note">
        <WifiOff size={16} aria-hidden="true" />
        Directions open Google Maps and need a network connection. The coordinates work offline in
        any GPS.
      </p>
    </>
  );
}

/** The official site link, or that there is none on record. */
function OfficialSiteFact({ url }: { url: string | null }) {
  return (
    <div className="fact">
      <dt>Official site</dt>
      <dd>
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="external-link">
            {new URL(url).hostname.replace(/^www\./, '')}
            <ExternalLink size={14} aria-hidden="true" />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="fact__unknown">No official site on record</span>
        )}
      </dd>
    </div>
  );
}

/** The trailhead (or line start) in decimal degrees, saying where the point comes from. */
function StartPointFact({ trail, approximate }: { trail: Trail; approximate: boolean }) {
  return (
    <div className="fact fact--wide">
      <dt>{trail.path ? 'Start of the line (lat, lon)' : 'Trailhead coordinates (lat, lon)'}</dt>
      <dd>
        <span className="coordinates">{formatCoordinates(trail.latitude, trail.longitude)}</span>
        <span className="fact__hint">
          {approximate
            ? 'Approximate point'
            : trail.path
              ? 'First point of the published line'
              : 'Point from the trailhead’s own record'}{' '}
          · decimal degrees WGS84
        </span>
      </dd>
    </div>
  );
}

/** The catalogue's facts, each saying so where the sources are silent. */
function TrailFactsSection({
  trail,
  officialUrl,
  approximate,
}: {
  trail: Trail;
  officialUrl: string | null;
  approximate: boolean;
}) {
  return (
    <section className="detail-section" aria-labelledby="facts-heading">
      <h2 id="facts-heading">Trail facts</h2>
      <dl className="fact-grid">
        <Fact label="Kind" value={trailKindLabel(trail.kind)} />
        <Fact
          label="Difficulty"
          value={
            trail.difficultySource
              ? `${trailDifficultyLabel(trail)}: ${trail.difficultySource}`
              : difficultyLabel(trail.difficulty)
          }
          muted={trail.difficulty === null}
        />
        <Fact
          label="Length"
          value={lengthLabel(trail.lengthMiles)}
          muted={trail.lengthMiles === null}
        />
        <Fact label="Fee" value={feeLabel(trail.fee)} muted={!trail.fee} />
        <Fact
          label="Season"
          value={`${seasonLabel(trail.season)}${trail.season ? ` (${trail.season.source})` : ''}`}
          muted={trail.season === null}
        />
        <Fact label="County" value={`${trail.county} County`} />
        <Fact label="Region" value={trail.region} />
        <Fact label="Manager" value={trail.manager ?? 'Manager unknown'} muted={!trail.manager} />
        <OfficialSiteFact url={officialUrl} />
        <StartPointFact trail={trail} approximate={approximate} />
      </dl>
    </section>
  );
}

/** Every source of the record, links opening in a new tab, and a reminder to check. */
function TrailSources({ sources }: { sources: readonly string[] }) {
  return (
    <section className="detail-section" aria-labelledby="sources-heading">
      <h2 id="sources-heading">Sources</h2>
      {sources.length === 0 ? (
        <p className="fact__unknown">No sources recorded.</p>
      ) : (
        <ul className="source-list">
          {sources.map((source) => {
            const entry = describeSource(source);
            return (
              <li key={source}>
                {entry.kind === 'link' ? (
                  <a
                    href={entry.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="external-link"
                  >
                    <Globe size={16} aria-hidden="true" />
                    {entry.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="source-list__text">
                    <FileText size={16} aria-hidden="true" />
                    {entry.text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="fact__hint">
        Conditions, closures and fees change. Check with the manager before relying on them.
      </p>
    </section>
  );
}

/**
 * Everything the catalogue knows about one trail (schemas/trails.ts): kind, region, activities,
 * difficulty, length, fee, trailhead coordinates with Copy and Directions, sources, the save
 * toggle and the offline map centred on the trailhead. `isSaved` is whether the rider saved it.
 */
export function TrailFacts({
  trail,
  isSaved,
  fromServer = false,
}: {
  trail: Trail;
  isSaved: boolean;
  /** The trail came straight from the server: the device's trail list is still being stored. */
  fromServer?: boolean;
}) {
  const approximate = trail.locationConfidence === 'approximate';
  const officialUrl = isWebUrl(trail.officialUrl) ? trail.officialUrl : null;
  return (
    <div className="explore-page trail-detail">
      <Link to="/ai-trails" className="back-link">
        <ArrowLeft size={18} aria-hidden="true" />
        All trails
      </Link>

      <TrailHeader trail={trail} />

      {fromServer ? (
        <p className="callout" role="status">
          Shown from the server while the Arkansas trail list is saved to this device. Until then
          this page needs a signal.
        </p>
      ) : null}

      <ClosedTodayCallout trail={trail} today={new Date()} />

      <TrailMap trail={trail} />

      {approximate ? <ApproximateLocationCallout /> : null}

      <TrailActions trail={trail} isSaved={isSaved} />

      <TrailReportsSection trail={trail} />

      <TrailFactsSection trail={trail} officialUrl={officialUrl} approximate={approximate} />

      <TrailLineSection trail={trail} />
      <SystemTrailsSection systemId={trail.id} />

      {trail.notes ? (
        <section className="detail-section" aria-labelledby="notes-heading">
          <h2 id="notes-heading">Notes</h2>
          <p className="trail-detail__notes">{trail.notes}</p>
        </section>
      ) : null}

      <TrailSources sources={trail.sources} />
    </div>
  );
}

/** One fact; `muted` greys a value that only says it is unknown. */
function Fact({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd className={muted ? 'fact__unknown' : undefined}>{value}</dd>
    </div>
  );
}
