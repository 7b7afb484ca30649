/**
 * A trail's season where riders choose a trail: the
 * card line ("Closed until March 14", "Open year-round", "Season not published") and the trail
 * page's closed-today callout with the season's source (src/lib/trail-season.ts).
 */
import { CalendarCheck, CalendarX, CalendarDays } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { closedUntilLabel, seasonCardLabel, seasonStatus } from '../lib/trail-season.ts';

/** The season fact of a trail card, marked as a warning when the trail is closed on `today`. */
export function TrailSeasonFact({ trail, today }: { trail: Pick<Trail, 'season'>; today: Date }) {
  const state = seasonStatus(trail, today).state;
  const Icon = state === 'closed' ? CalendarX : state === 'open' ? CalendarCheck : CalendarDays;
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

/** The trail page's warning while the trail is closed on `today`, naming the season's source. */
export function ClosedTodayCallout({
  trail,
  today,
}: {
  trail: Pick<Trail, 'name' | 'season'>;
  today: Date;
}) {
  const status = seasonStatus(trail, today);
  if (status.state !== 'closed') return null;
  return (
    <div className="callout callout--warning" role="note">
      <CalendarX size={22} aria-hidden="true" />
      <div>
        <p className="callout__title">{closedUntilLabel(status.opensOn)}</p>
        <p>
          {trail.name} is closed for the season today. Source: {status.source}. Seasons change;
          check with the manager before you ride.
        </p>
      </div>
    </div>
  );
}
