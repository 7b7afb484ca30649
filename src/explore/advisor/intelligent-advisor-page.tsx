/**
 * The intelligent advisor at /intelligent-advisor: advice by day for the rider's
 * active trip plan, the trails of the rider's recent trips, or a trail the rider picks: sun
 * times and daylight left, season and closures, safety figures, what to pack, and USGS gauges
 * near water. Everything is worked out on the device and works offline, except live gauge
 * levels, which need a connection.
 */
import { useEffect, useMemo, useState } from 'react';
import { Input, Label, Radio, RadioGroup, TextField } from 'react-aria-components';
import type { Trail } from '../../../schemas/trails.ts';
import { useTripPlan } from '../../db-react/trip-plans.ts';
import { useTrails } from '../../db-react/hooks.ts';
import { useTripContext } from '../../db-react/trip-context-hooks.ts';
import { useTrips } from '../../db-react/trip-hooks.ts';
import { adviseDays } from '../../lib/advisor/advice.ts';
import { activePlanReference, parseIsoDay, type PlanOutline } from '../../lib/advisor/plan.ts';
import { loadGauges, type Gauge } from '../../lib/hunting/gauges.ts';
import { arkansasDay, type CalendarDay } from '../../lib/hunting/shooting-hours.ts';
import { usePageMeta } from '../../ui/page-meta.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useOnlineStatus } from '../../ui/use-online-status.ts';
import { DayCard } from './advice-cards.tsx';
import {
  planOutline,
  recentTripTrailIds,
  singleDayOutline,
  type AdviceSource,
} from './advisor-outline.ts';
import './advisor.css';

function isoDay(day: CalendarDay): string {
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/** The current time, refreshed every minute so "daylight left" stays true. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function useShippedGauges(): Gauge[] {
  const [gauges, setGauges] = useState<Gauge[]>([]);
  useEffect(() => {
    let current = true;
    void loadGauges().then((loaded) => current && setGauges(loaded));
    return () => {
      current = false;
    };
  }, []);
  return gauges;
}

interface SourceOutline {
  source: AdviceSource;
  title: string;
  outline: PlanOutline | null;
  note: string | null;
}

/** The outline for the chosen source, with the title and caveat the page shows above it. */
function useSourceOutline(choice: AdviceSource | null, day: CalendarDay, trailId: string) {
  const { context, isLoading: contextLoading } = useTripContext();
  const activeTripPlan = context?.activeTripPlan ?? null;
  const active = useMemo(() => activePlanReference(activeTripPlan), [activeTripPlan]);
  const { plan } = useTripPlan(active?.id ?? null);
  const { trips } = useTrips();
  const historyIds = useMemo(() => recentTripTrailIds(trips), [trips]);
  const source: AdviceSource =
    choice ?? (active ? 'plan' : historyIds.length > 0 ? 'history' : 'trail');
  const result: SourceOutline = useMemo(() => {
    if (source === 'plan') {
      if (!active) return { source, title: 'Active plan', outline: null, note: null };
      const outline = planOutline(active, plan, day);
      return {
        source,
        title: plan?.name ?? active.name ?? 'Your active plan',
        outline,
        note: outline.datesKnown ? null : 'This plan names no dates, so the advice starts today.',
      };
    }
    if (source === 'history') {
      return {
        source,
        title: 'Trails of your recent trips',
        outline: historyIds.length > 0 ? singleDayOutline(historyIds, day) : null,
        note: null,
      };
    }
    return {
      source,
      title: 'A trail you pick',
      outline: trailId ? singleDayOutline([trailId], day) : null,
      note: null,
    };
  }, [source, active, plan, day, historyIds, trailId]);
  return { ...result, hasPlan: active !== null, contextLoading, historyCount: historyIds.length };
}

function SourcePicker(props: {
  source: AdviceSource;
  onChange: (source: AdviceSource) => void;
  hasPlan: boolean;
  historyCount: number;
}) {
  return (
    <RadioGroup
      className="advisor-sources"
      value={props.source}
      onChange={(value) => props.onChange(value as AdviceSource)}
    >
      <Label>Advise me on</Label>
      <Radio value="plan" className="advisor-source" isDisabled={!props.hasPlan}>
        My active trip plan{props.hasPlan ? '' : ' (none yet)'}
      </Radio>
      <Radio value="history" className="advisor-source" isDisabled={props.historyCount === 0}>
        Trails of my recent trips{props.historyCount === 0 ? ' (none recorded on a trail)' : ''}
      </Radio>
      <Radio value="trail" className="advisor-source">
        A trail I pick
      </Radio>
    </RadioGroup>
  );
}

function DayAndTrailFields(props: {
  source: AdviceSource;
  dateText: string;
  onDate: (text: string) => void;
  trailId: string;
  onTrail: (id: string) => void;
  trails: readonly Trail[];
}) {
  if (props.source === 'plan') return null;
  return (
    <div className="advisor-form">
      <TextField
        value={props.dateText}
        onChange={props.onDate}
        type="date"
        className="advisor-field"
      >
        <Label>Date</Label>
        <Input />
      </TextField>
      {props.source === 'trail' ? (
        <div className="advisor-field">
          <label htmlFor="advisor-trail">Trail</label>
          <select
            id="advisor-trail"
            value={props.trailId}
            onChange={(event) => props.onTrail(event.target.value)}
          >
            <option value="">Choose a trail…</option>
            {props.trails.map((trail) => (
              <option key={trail.id} value={trail.id}>
                {trail.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

function AdviceList(props: { outline: PlanOutline; trails: readonly Trail[]; now: Date }) {
  const gauges = useShippedGauges();
  const days = useMemo(
    () =>
      adviseDays(props.outline.days, {
        trails: props.trails,
        gauges,
        now: props.now,
        people: props.outline.people,
        minutesPerDay: props.outline.minutesPerDay,
      }),
    [props.outline, props.trails, gauges, props.now],
  );
  return (
    <div className="advisor-days">
      {days.map((day, index) => (
        <DayCard key={isoDay(day.day)} advice={day} index={index + 1} />
      ))}
    </div>
  );
}

/** The page. */
export function IntelligentAdvisorPage() {
  usePageMeta({
    title: 'Intelligent Advisor',
    description:
      'Sunrise, sunset, daylight, closures, safety figures, packing list and river gauges for your trip plan, offline.',
    keywords: ['trip advice', 'sunset', 'daylight', 'packing list', 'USGS gauges', 'closures'],
    path: '/intelligent-advisor',
  });
  const now = useMinuteClock();
  const online = useOnlineStatus();
  const [choice, setChoice] = useState<AdviceSource | null>(null);
  const [dateText, setDateText] = useState(() => isoDay(arkansasDay(new Date())));
  const [trailId, setTrailId] = useState('');
  const { trails, isLoading } = useTrails();
  const day = useMemo(() => parseIsoDay(dateText) ?? arkansasDay(new Date()), [dateText]);
  const chosen = useSourceOutline(choice, day, trailId);

  return (
    <div className="advisor-page">
      <header className="advisor-header">
        <h1>Intelligent advisor</h1>
        <p>
          Advice for your trip, day by day: sun times and daylight, whether each trail is open,
          safety figures, what to pack, and river gauges near the water. It is worked out on this
          phone and works with no signal; only live gauge levels need a connection.
        </p>
        {!online ? (
          <p className="advisor-note">
            You are offline: everything below works except live gauge levels.
          </p>
        ) : null}
      </header>
      <section className="advisor-card" aria-label="What to advise on">
        <SourcePicker
          source={chosen.source}
          onChange={setChoice}
          hasPlan={chosen.hasPlan}
          historyCount={chosen.historyCount}
        />
        <DayAndTrailFields
          source={chosen.source}
          dateText={dateText}
          onDate={setDateText}
          trailId={trailId}
          onTrail={setTrailId}
          trails={trails}
        />
        {parseIsoDay(dateText) === null && chosen.source !== 'plan' ? (
          <p role="alert" className="advisor-note">
            Enter a date as year, month and day; showing today.
          </p>
        ) : null}
      </section>
      <h2 className="advisor-title">{chosen.title}</h2>
      {chosen.note ? <p className="advisor-note">{chosen.note}</p> : null}
      {isLoading || chosen.contextLoading ? (
        <Spinner label="Loading your trails and plan…" />
      ) : chosen.outline ? (
        <AdviceList outline={chosen.outline} trails={trails} now={now} />
      ) : (
        <p className="advisor-note">Choose a trail above to see advice for it.</p>
      )}
    </div>
  );
}
