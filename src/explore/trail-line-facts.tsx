/**
 * The trail page's line sections: for a trail with a line (a USFS OHV trail), its
 * measured length, number, vehicle classes, trail class, season, data date, source and
 * elevation profile; for a system, the list of its trails with their lengths, classes and
 * seasons. Facts come from schemas/trails.ts documents; unknown values are said to be unknown.
 */
import { Link } from '@tanstack/react-router';
import { Mountain, Route } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useSystemTrails, useTrail } from '../db-react/hooks.ts';
import { elevationProfile, type ElevationProfile } from '../lib/geo/trail-lines.ts';
import { dataDateLabel, lengthLabel, vehicleClassesLabel } from './trail-format.ts';
import { seasonLabel } from '../lib/trail-season.ts';

function Fact({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd className={muted ? 'fact__unknown' : undefined}>{value}</dd>
    </div>
  );
}

/** Width and height of the profile drawing in SVG units (it scales to the page width). */
const profileSize = { width: 320, height: 120 };

/** An elevation profile as an SVG line, described in words for screen readers. */
function ProfileChart({ profile }: { profile: ElevationProfile }) {
  const range = Math.max(profile.maxFeet - profile.minFeet, 1);
  const points = profile.points
    .map(({ miles, feet }) => {
      const x = (miles / Math.max(profile.totalMiles, 1e-9)) * profileSize.width;
      const y = profileSize.height - ((feet - profile.minFeet) / range) * profileSize.height;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  const summary = `Elevation from ${Math.round(profile.minFeet).toLocaleString('en-US')} to ${Math.round(profile.maxFeet).toLocaleString('en-US')} ft over ${lengthLabel(profile.totalMiles)}, ${Math.round(profile.gainFeet).toLocaleString('en-US')} ft of climbing`;
  return (
    <figure className="elevation-profile">
      <svg
        viewBox={`0 0 ${profileSize.width} ${profileSize.height}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} />
      </svg>
      <figcaption>{summary}.</figcaption>
    </figure>
  );
}

/**
 * The "Trail line" section of a trail with a `path`: length measured from the line, USFS
 * facts, source and data date, and the elevation profile, or "Elevation not published for this
 * line" when the path has no elevations. Renders nothing for a trail without a line.
 */
export function TrailLineSection({ trail }: { trail: Trail }) {
  const { trail: system } = useTrail(trail.systemId ?? '');
  if (!trail.path) return null;
  const profile = elevationProfile(trail.path);
  return (
    <section className="detail-section" aria-labelledby="trail-line-heading">
      <h2 id="trail-line-heading">
        <Route size={20} aria-hidden="true" /> Trail line
      </h2>
      {trail.systemId ? (
        <p>
          Part of{' '}
          <Link to="/map/$trailId" params={{ trailId: trail.systemId }}>
            {system?.name ?? 'its trail system'}
          </Link>
          .
        </p>
      ) : null}
      <dl className="fact-grid">
        <Fact label="Length of the line" value={lengthLabel(trail.lengthMiles)} />
        <Fact
          label="Trail number"
          value={trail.trailNumber ?? 'Not published'}
          muted={!trail.trailNumber}
        />
        <Fact
          label="Open to"
          value={vehicleClassesLabel(trail.vehicleClasses)}
          muted={trail.vehicleClasses === null}
        />
        <Fact
          label="Trail class"
          value={trail.trailClass ?? 'Not published'}
          muted={!trail.trailClass}
        />
        <Fact label="Season" value={seasonLabel(trail.season)} muted={!trail.season} />
        <Fact label="Date of the data" value={dataDateLabel(trail.dataDate)} />
      </dl>
      {trail.season ? <p className="fact__hint">Season: {trail.season.source}</p> : null}
      <p className="fact__hint">
        Line from {trail.sources[0] ?? 'the sources below'}; the length is measured along it.
        Seasons and open classes may have changed since the data&rsquo;s date: check with the
        manager.
      </p>
      <h3>
        <Mountain size={18} aria-hidden="true" /> Elevation
      </h3>
      {profile ? (
        <ProfileChart profile={profile} />
      ) : (
        <p className="fact__unknown">Elevation not published for this line.</p>
      )}
    </section>
  );
}

function SystemTrailItem({ trail }: { trail: Trail }) {
  return (
    <li className="system-trails__item">
      <Link to="/map/$trailId" params={{ trailId: trail.id }} className="system-trails__link">
        {trail.name}
      </Link>
      <span className="system-trails__facts">
        {lengthLabel(trail.lengthMiles)} · {vehicleClassesLabel(trail.vehicleClasses)} ·{' '}
        {seasonLabel(trail.season)}
      </span>
    </li>
  );
}

/** A trailhead of the system: its name (a link to its page) and where its point comes from. */
function SystemTrailheadItem({ trailhead }: { trailhead: Trail }) {
  return (
    <li className="system-trails__item">
      <Link to="/map/$trailId" params={{ trailId: trailhead.id }} className="system-trails__link">
        {trailhead.name}
      </Link>
      <span className="system-trails__facts">{trailhead.sources.join(' · ')}</span>
    </li>
  );
}

/**
 * The "Trails of this system" section of a system page: each trail line of the system (link,
 * length, vehicle classes, season) and their total length, then the system's own trailheads
 * (exact trailheads). Renders nothing for a trail with neither.
 */
export function SystemTrailsSection({ systemId }: { systemId: string }) {
  const { trails: parts } = useSystemTrails(systemId);
  const trails = parts.filter((part) => part.kind !== 'trailhead');
  const trailheads = parts.filter((part) => part.kind === 'trailhead');
  if (parts.length === 0) return null;
  const totalMiles = trails.reduce((sum, trail) => sum + (trail.lengthMiles ?? 0), 0);
  const dates = [...new Set(trails.map((trail) => dataDateLabel(trail.dataDate)))];
  return (
    <section className="detail-section" aria-labelledby="system-trails-heading">
      <h2 id="system-trails-heading">Trails of this system</h2>
      {trails.length > 0 ? (
        <>
          <p>
            {trails.length} USFS trail lines, {lengthLabel(totalMiles)} in all, as the Forest
            Service&rsquo;s trail layer draws them (data of {dates.join(', ')}; seasons may have
            changed). They may not be every trail the system has.
          </p>
          <ul className="system-trails" aria-label="Trail lines">
            {trails.map((trail) => (
              <SystemTrailItem key={trail.id} trail={trail} />
            ))}
          </ul>
        </>
      ) : null}
      {trailheads.length > 0 ? (
        <>
          <h3>Trailheads</h3>
          <ul className="system-trails" aria-label="Trailheads">
            {trailheads.map((trailhead) => (
              <SystemTrailheadItem key={trailhead.id} trailhead={trailhead} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
