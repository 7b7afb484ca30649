/**
 * What the navigation page says about a catalogue trail before and while guiding:
 * the warning shown before guidance starts on a trail closed (or likely closed) today by its
 * season, and the note for a trail without a published line (guidance to its trailhead, and a
 * system's segments that do have lines).
 */
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ArrowLeft, CalendarX, Navigation, Route } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { likelyClosedLabel, monthDayLabel } from '../lib/trail-season.ts';

/** Text of the trailhead-guidance note. */
export const NO_LINE_TEXT = 'No trail line published: guiding to the trailhead';

/**
 * "<name> is closed until <Month day> (<source>)", or, for a reported and unconfirmed window
 * (`reportedAs`), "Likely closed now (reported, unconfirmed: …)" with the approximate opening;
 * with Go on anyway (calls `onProceed`, then guidance starts) and Go back (to the trail's page).
 * Guidance, and so the GPS watch, has not started while this shows.
 */
export function ClosedTrailWarning({
  trail,
  opensOn,
  source,
  reportedAs = null,
  onProceed,
}: {
  trail: Pick<Trail, 'id' | 'name'>;
  opensOn: Date;
  source: string;
  reportedAs?: string | null;
  onProceed: () => void;
}) {
  return (
    <div className="ride-page">
      <header className="ride-header">
        <p className="eyebrow">
          <Navigation size={14} aria-hidden="true" /> Navigate
        </p>
        <h1>{trail.name}</h1>
      </header>
      <section
        className="ride-alert ride-alert--warning nav-closed"
        role="alertdialog"
        aria-labelledby="closed-trail-title"
        aria-describedby="closed-trail-text"
      >
        <h2 id="closed-trail-title" className="nav-closed__title">
          <CalendarX size={22} aria-hidden="true" />{' '}
          {reportedAs ? likelyClosedLabel(reportedAs) : 'Trail closed for the season'}
        </h2>
        {reportedAs ? (
          <p id="closed-trail-text">
            {trail.name} may open around {monthDayLabel(opensOn)}, but no manager confirms these
            dates ({source}). Call the trail's manager before you ride.
          </p>
        ) : (
          <p id="closed-trail-text">
            {trail.name} is closed until {monthDayLabel(opensOn)} ({source}). Seasons can change;
            check with the trail's manager before you ride.
          </p>
        )}
        <div className="ride-actions">
          <Link
            className="button button--primary"
            to="/map/$trailId"
            params={{ trailId: trail.id }}
          >
            <ArrowLeft size={18} aria-hidden="true" /> Go back
          </Link>
          <Button className="button" onPress={onProceed}>
            Go on anyway
          </Button>
        </div>
      </section>
    </div>
  );
}

/**
 * The note under the heading when guidance leads to a trailhead: no line is published, and a
 * trail system's segments that have lines, each a link to navigate along it.
 */
export function TrailheadGuidanceNote({
  approximate,
  segments,
}: {
  approximate: boolean;
  segments: readonly Pick<Trail, 'id' | 'name'>[];
}) {
  return (
    <>
      <p className="ride-muted">
        {NO_LINE_TEXT}.{approximate ? ' Trailhead location approximate.' : ''}
      </p>
      {segments.length > 0 ? (
        <nav className="nav-segments" aria-labelledby="segments-heading">
          <h2 id="segments-heading">Trails of this system with a line</h2>
          <ul>
            {segments.map((segment) => (
              <li key={segment.id}>
                <Link className="button" to="/navigate/$trailId" params={{ trailId: segment.id }}>
                  <Route size={18} aria-hidden="true" /> Navigate {segment.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
