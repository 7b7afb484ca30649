/**
 * The rider's active trip plan on the home page (requirements §core-3 "Trip context"
 * `activeTripPlan`): its name, dates and first trail, with links to the whole plan and to
 * navigate the first trail. Renders nothing when no plan saved by the trip planner is active.
 */
import { Link } from '@tanstack/react-router';
import { Navigation, Route as RouteIcon } from 'lucide-react';
import { useTripContext } from '../db-react/trip-context-hooks.ts';
import { isActiveTripPlan } from '../lib/trip-planner/plan-data.ts';

/** The active plan card (see the file comment). */
export function ActivePlanCard() {
  const { context } = useTripContext();
  const active = context?.activeTripPlan;
  if (!isActiveTripPlan(active)) return null;
  const { request, days } = active.planData;
  const firstTrail = days.find((day) => day.trails.length > 0)?.trails[0];
  return (
    <section className="card active-plan-card" aria-labelledby="home-active-plan">
      <p className="eyebrow">
        <RouteIcon size={16} aria-hidden="true" /> Your active plan
      </p>
      <h2 id="home-active-plan">{active.name}</h2>
      <p>
        {request.days.toString()} {request.days === 1 ? 'day' : 'days'} from {request.start.label},
        starting {request.startDate}
        {firstTrail ? `. First trail: ${firstTrail.name}.` : '.'}
      </p>
      <div className="plan-trail__actions">
        <Link className="button" to="/ai-trip-planner">
          View plan
        </Link>
        {firstTrail && (
          <Link
            className="button button--primary"
            to="/navigate/$trailId"
            params={{ trailId: firstTrail.id }}
          >
            <Navigation size={18} aria-hidden="true" /> Navigate the first trail
          </Link>
        )}
      </div>
    </section>
  );
}
