/**
 * A trip plan day by day: for each day its date, the straight-line
 * drive (labelled as such), the trails with why they were picked and what to check, links to
 * open each trail on the map and to navigate it, nearby campgrounds and, for hunters, WMAs
 * with their season note; the nearer riding areas the dates left out, with why; then the cost
 * estimate from published fees only. Shared by the
 * planner's results and the saved active plan (src/lib/trip-planner/plan-data.ts shapes).
 */
import { Link } from '@tanstack/react-router';
import { format, parseISO } from 'date-fns';
import { AlertTriangle, CalendarX, Map as MapIcon, Navigation, Tent, Trees } from 'lucide-react';
import type {
  LeftOutArea,
  PlanCost,
  PlanDay,
  PlannedTrail,
  TripPlanData,
} from '../lib/trip-planner/plan-data.ts';

function miles(value: number): string {
  return value < 1 ? 'under 1 mi' : `${value.toFixed(value < 10 ? 1 : 0)} mi`;
}

function PlannedTrailItem({ trail }: { trail: PlannedTrail }) {
  return (
    <li className="plan-trail">
      <h4 className="plan-trail__name">{trail.name}</h4>
      <p className="plan-trail__meta">
        Fit {Math.round(trail.score).toString()}/100 ·{' '}
        {trail.lengthMiles === null ? 'length not published' : `${miles(trail.lengthMiles)} long`}
      </p>
      <ul className="plan-trail__reasons" aria-label={`Why ${trail.name}`}>
        {trail.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
        {trail.flags.map((flag) => (
          <li key={flag} className="plan-trail__flag">
            <AlertTriangle size={16} aria-hidden="true" /> {flag}
          </li>
        ))}
      </ul>
      <div className="plan-trail__actions">
        <Link
          className="button"
          to="/map/$trailId"
          params={{ trailId: trail.id }}
          aria-label={`Open on the map: ${trail.name}`}
        >
          <MapIcon size={18} aria-hidden="true" /> Open on the map
        </Link>
        <Link
          className="button button--primary"
          to="/navigate/$trailId"
          params={{ trailId: trail.id }}
          aria-label={`Navigate: ${trail.name}`}
        >
          <Navigation size={18} aria-hidden="true" /> Navigate
        </Link>
      </div>
    </li>
  );
}

function DayNearby({ day }: { day: PlanDay }) {
  return (
    <>
      <h4 className="plan-day__subhead">
        <Tent size={18} aria-hidden="true" /> Campgrounds nearby
      </h4>
      {day.campgrounds.length === 0 ? (
        <p>No campground on this device within 25 mi (straight-line) of the day's first trail.</p>
      ) : (
        <ul className="plan-day__list">
          {day.campgrounds.map((campground) => (
            <li key={campground.id}>
              {campground.name}: {miles(campground.miles)} straight-line ·{' '}
              {campground.fee ? `fee: ${campground.fee}` : 'fee not published'}
            </li>
          ))}
        </ul>
      )}
      {day.wmas.length > 0 && (
        <>
          <h4 className="plan-day__subhead">
            <Trees size={18} aria-hidden="true" /> Wildlife Management Areas nearby
          </h4>
          <ul className="plan-day__list">
            {day.wmas.map((wma) => (
              <li key={wma.id}>
                {wma.name}: {miles(wma.miles)} straight-line. {wma.seasonNote}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function PlanDayItem({ day, distanceLabel }: { day: PlanDay; distanceLabel: string }) {
  const date = format(parseISO(day.date), 'EEEE, MMMM d');
  return (
    <li className="plan-day card">
      <h3 className="plan-day__title">
        Day {day.day.toString()}: {date}
      </h3>
      {day.area ? (
        <p className="plan-day__area">
          Riding area:{' '}
          <Link to="/map/$trailId" params={{ trailId: day.area.id }}>
            {day.area.name}
          </Link>
        </p>
      ) : null}
      {day.trails.length === 0 ? (
        <p>No further trail fits this trip: a rest day, or widen the difficulty or daily miles.</p>
      ) : (
        <>
          <p className="plan-day__drive">
            Drive {miles(day.driveMiles)} from {day.driveFrom} and between the day's trails:{' '}
            {distanceLabel}.
          </p>
          <p>
            {day.trailMiles === null
              ? 'Trail miles not known: a length is not published.'
              : `${miles(day.trailMiles)} of trail (published lengths).`}
          </p>
          <ol className="plan-day__trails" aria-label={`Trails of day ${day.day.toString()}`}>
            {day.trails.map((trail) => (
              <PlannedTrailItem key={trail.id} trail={trail} />
            ))}
          </ol>
        </>
      )}
      <DayNearby day={day} />
    </li>
  );
}

/** The cost line: a total only from published daily trail fees, else "not known". */
export function costText(cost: PlanCost): string {
  if (cost.known) {
    const fees = cost.items.map((item) => `day ${item.day.toString()}: ${item.text}`).join('; ');
    return `Estimated cost: $${cost.knownDollars.toString()} in published trail fees (${fees}). Campground fees are not included.`;
  }
  return `Estimated cost: not known. No daily fee is published for ${cost.unknownFor.join(', ') || 'these trails'}.`;
}

/** The nearer riding areas the trip's dates left out, each with its reason. */
export function LeftOutAreas({ areas }: { areas: readonly LeftOutArea[] }) {
  if (areas.length === 0) return null;
  return (
    <section className="trip-plan__left-out" aria-labelledby="left-out-heading">
      <h3 id="left-out-heading">
        <CalendarX size={18} aria-hidden="true" /> Nearer, but left out
      </h3>
      <ul className="plan-day__list">
        {areas.map((area) => (
          <li key={area.id}>
            <Link to="/map/$trailId" params={{ trailId: area.id }}>
              {area.name}
            </Link>{' '}
            ({miles(area.milesFromStart)} straight-line): {area.reason}.
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The plan's days in order, the nearer riding areas left out, then the cost line. `label` names
 * the list for screen readers.
 */
export function TripPlanView({ planData, label }: { planData: TripPlanData; label: string }) {
  return (
    <div className="trip-plan">
      <ol className="trip-plan__days" aria-label={label}>
        {planData.days.map((day) => (
          <PlanDayItem key={day.day} day={day} distanceLabel={planData.distanceLabel} />
        ))}
      </ol>
      <LeftOutAreas areas={planData.leftOut ?? []} />
      <p className="trip-plan__cost">{costText(planData.cost)}</p>
    </div>
  );
}
