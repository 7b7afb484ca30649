/**
 * /ai-trip-planner (requirements §core-3–§core-5): plans a trip offline
 * from the catalogues on this device. The rider picks a start, activity or vehicle, days,
 * difficulty and date; the planner (src/lib/trip-planner) ranks trails and lays them out day by
 * day with campgrounds, WMAs for hunters and straight-line drives. Saving stores a trip plan
 * (temp- id offline, synced later), makes it the trip context's active plan and adds it to the
 * history; the active plan is shown at the top with links to the map and navigation.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { format } from 'date-fns';
import { Route as RouteIcon } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useCampgrounds, useTrails, useWmas } from '../db-react/hooks.ts';
import { useTripContext } from '../db-react/trip-context-hooks.ts';
import { buildTripPlan } from '../lib/trip-planner/itinerary.ts';
import {
  isActiveTripPlan,
  type PlanStart,
  type TripPlanData,
} from '../lib/trip-planner/plan-data.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { knownTowns } from './trail-search.ts';
import {
  TripPlannerForm,
  type PickerOption,
  type PlannerFormValues,
} from './trip-planner-form.tsx';
import { SavePlanForm } from './trip-plan-save.tsx';
import { LeftOutAreas, TripPlanView } from './trip-plan-view.tsx';
import { useRiderPosition } from './use-rider-position.ts';
import './explore.css';
import './trip-planner.css';
import { useTrailReportsByTrail } from '../db-react/trail-reports.ts';

const townOptions: PickerOption[] = knownTowns.map((town, index) => ({
  id: index.toString(),
  label:
    town.state && town.state !== 'AR'
      ? `${town.name}, ${town.state}`
      : town.county
        ? `${town.name} (${town.county} County)`
        : town.name,
}));

function initialValues(): PlannerFormValues {
  return {
    startKind: 'town',
    townKey: null,
    trailId: null,
    activity: 'atv',
    days: 2,
    difficulty: 'any',
    startDate: format(new Date(), 'yyyy-MM-dd'),
    dailyTrailMiles: 25,
    hunting: false,
  };
}

type StartResult = { start: PlanStart } | { problem: string };

function resolveStart(
  values: PlannerFormValues,
  trails: readonly Trail[],
  position: ReturnType<typeof useRiderPosition>,
): StartResult {
  if (values.startKind === 'town') {
    const town = values.townKey === null ? undefined : knownTowns[Number(values.townKey)];
    if (!town) return { problem: 'Choose the town the trip starts from.' };
    return {
      start: { kind: 'town', label: town.name, longitude: town.longitude, latitude: town.latitude },
    };
  }
  if (values.startKind === 'trail') {
    const trail = trails.find((candidate) => candidate.id === values.trailId);
    if (!trail) return { problem: 'Choose the trail the trip starts from.' };
    return {
      start: {
        kind: 'trail',
        label: trail.name,
        trailId: trail.id,
        longitude: trail.longitude,
        latitude: trail.latitude,
      },
    };
  }
  if (position.status === 'located') {
    return { start: { kind: 'fix', label: 'your position', ...position.position } };
  }
  if (position.status === 'failed') return { problem: position.message };
  return { problem: 'Finding your position… plan again once it is found, or pick a town.' };
}

function ActivePlan() {
  const { context } = useTripContext();
  const active = context?.activeTripPlan;
  if (!isActiveTripPlan(active)) return null;
  return (
    <section className="planner-active" aria-labelledby="active-plan-heading">
      <h2 id="active-plan-heading">Active plan: {active.name}</h2>
      <p>
        {active.planData.request.days.toString()} days from {active.planData.request.start.label},
        starting {active.planData.request.startDate}. Saved on this device; it syncs when you are
        signed in and online.
      </p>
      <TripPlanView planData={active.planData} label={`Days of ${active.name}`} />
    </section>
  );
}

function usePlannerCatalogues() {
  const { trails, isLoading: trailsLoading } = useTrails();
  const { campgrounds } = useCampgrounds();
  const { wmas } = useWmas();
  const trailOptions = useMemo(
    () =>
      trails
        .filter((trail) => trail.kind !== 'trailhead')
        .map((trail) => ({ id: trail.id, label: trail.name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'en')),
    [trails],
  );
  return { trails, campgrounds, wmas, trailOptions, trailsLoading };
}

function PlannerHeader() {
  return (
    <header className="page-header">
      <p className="eyebrow">
        <RouteIcon size={16} aria-hidden="true" /> Explore · Beta
      </p>
      <h1>AI Trip Planner</h1>
      <p className="page-header__lead">
        Plans from the trails, campgrounds and WMAs on this device, so it works with no signal.
        Trails are grouped by trail system and ranked by straight-line distance from your start,
        activity and vehicle class, whether their season is open on your dates, and difficulty.
      </p>
    </header>
  );
}

/** The trip planner page (see the file comment). */
export function TripPlannerPage() {
  usePageMeta({
    title: 'AI Trip Planner',
    description: 'Plan a day-by-day Arkansas trail trip offline: trails, campgrounds and WMAs.',
    keywords: ['trip planner', 'ATV trip', 'Arkansas trails', 'offline'],
    path: '/ai-trip-planner',
  });
  const catalogues = usePlannerCatalogues();
  const [values, setValues] = useState(initialValues);
  const [plan, setPlan] = useState<TripPlanData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const position = useRiderPosition(values.startKind === 'fix');
  const reportsByTrail = useTrailReportsByTrail();

  const onSubmit = () => {
    const resolved = resolveStart(values, catalogues.trails, position);
    if ('problem' in resolved) {
      setProblem(resolved.problem);
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate)) {
      setProblem('Choose the day the trip starts.');
      return;
    }
    setProblem(null);
    setSaved(null);
    const request = {
      start: resolved.start,
      activity: values.activity,
      days: Math.min(7, Math.max(1, Math.round(values.days))),
      difficulty: values.difficulty === 'any' ? null : values.difficulty,
      startDate: values.startDate,
      dailyTrailMiles: values.dailyTrailMiles,
      hunting: values.hunting,
    };
    setPlan(
      buildTripPlan(request, {
        ...catalogues,
        trailReports: { byTrail: reportsByTrail, now: Date.now() },
      }),
    );
  };

  return (
    <div className="explore-page planner-page">
      <PlannerHeader />
      {saved && (
        <p className="status-note status-note--info" role="status">
          Saved “{saved}”. It is now your active plan.
        </p>
      )}
      <ActivePlan />
      <TripPlannerForm
        values={values}
        onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
        onSubmit={onSubmit}
        towns={townOptions}
        trails={catalogues.trailOptions}
        isBusy={catalogues.trailsLoading}
      />
      {problem && (
        <p className="status-note status-note--warning" role="alert">
          {problem}
        </p>
      )}
      {plan && (
        <PlanResults
          plan={plan}
          onSaved={(name) => {
            setPlan(null);
            setSaved(name);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </div>
  );
}

/**
 * The plan just made, brought into view with its heading focused: on a phone the form fills the
 * screen, and a plan appearing below it would go unseen (and unheard by a screen reader).
 */
function PlanResults({ plan, onSaved }: { plan: TripPlanData; onSaved: (name: string) => void }) {
  const trailCount = plan.days.reduce((sum, day) => sum + day.trails.length, 0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [plan]);
  return (
    <section className="planner-results" aria-labelledby="plan-results-heading">
      <h2 id="plan-results-heading" ref={heading} tabIndex={-1}>
        Your {plan.request.days.toString()}-day plan
      </h2>
      {trailCount === 0 ? (
        <>
          <p role="status">
            No trail on this device fits: try another activity, any difficulty, or other dates.
          </p>
          <LeftOutAreas areas={plan.leftOut ?? []} />
        </>
      ) : (
        <>
          <TripPlanView planData={plan} label="Planned days" />
          <SavePlanForm plan={plan} onSaved={onSaved} />
        </>
      )}
    </section>
  );
}
