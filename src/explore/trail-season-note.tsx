/**
 * A trail's season where riders choose a trail: the card line ("Closed until March 14",
 * "Likely closed now (reported, unconfirmed: …)", "Open year-round", "Season not published") and
 * the trail page's callout while the trail is closed, or likely closed, today, with the season's
 * source (src/lib/trail-season.ts).
 */
import type { ReactNode } from 'react';
import { CalendarCheck, CalendarX, CalendarDays } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import {
  closedUntilLabel,
  likelyClosedLabel,
  monthDayLabel,
  seasonCardLabel,
  seasonStatus,
  type SeasonState,
} from '../lib/trail-season.ts';

const seasonIcons: Record<SeasonState, typeof CalendarX> = {
  closed: CalendarX,
  likelyClosed: CalendarX,
  open: CalendarCheck,
  likelyOpen: CalendarDays,
  unknown: CalendarDays,
};

/** The season fact of a trail card, marked as a warning when the trail is (likely) closed on `today`. */
export function TrailSeasonFact({ trail, today }: { trail: Pick<Trail, 'season'>; today: Date }) {
  const state = seasonStatus(trail, today).state;
  const Icon = seasonIcons[state];
  return (
    <div className="trail-card__fact trail-card__fact--wide">
      <dt className="visually-hidden">Season</dt>
      <dd className={`season season--${state}`}>
        <Icon size={16} aria-hidden="true" />
        {seasonCardLabel(trail, today)}
      </dd>
    </div>
  );
}

/**
 * The trail page's warning while the trail is closed on `today` by its published season, or
 * likely closed by a reported, unconfirmed one; names the season's source.
 */
export function ClosedTodayCallout({
  trail,
  today,
}: {
  trail: Pick<Trail, 'name' | 'season'>;
  today: Date;
}) {
  const status = seasonStatus(trail, today);
  if (status.state === 'closed') {
    return (
      <SeasonWarning title={closedUntilLabel(status.opensOn)}>
        {trail.name} is closed for the season today. Source: {status.source}. Seasons change; check
        with the manager before you ride.
      </SeasonWarning>
    );
  }
  if (status.state === 'likelyClosed') {
    return (
      <SeasonWarning title={likelyClosedLabel(status.reportedAs)}>
        {trail.name} is likely closed for the season today, and may open around{' '}
        {monthDayLabel(status.opensOn)}. No manager confirms these dates. Source: {status.source}.
        Call the manager before you ride.
      </SeasonWarning>
    );
  }
  return null;
}

/** The warning callout: a calendar icon, its title and its text. */
function SeasonWarning({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="callout callout--warning" role="note">
      <CalendarX size={22} aria-hidden="true" />
      <div>
        <p className="callout__title">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
