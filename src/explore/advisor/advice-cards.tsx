/**
 * The advisor's cards: one card per day with its packing list, and inside it one
 * block per trail with sun times, daylight left, season state and its source, safety figures,
 * and the USGS gauges near the trail and near water trails close to it.
 */
import type { DayAdvice, TrailAdvice } from '../../lib/advisor/advice.ts';
import { formatMinutes, type DaylightLeft } from '../../lib/advisor/sun.ts';
import type { CalendarDay } from '../../lib/hunting/shooting-hours.ts';
import { formatArkansasTime } from '../../lib/hunting/shooting-hours.ts';
import { LiveGaugeLevel } from './live-gauge-level.tsx';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Saturday, December 5, 2026". */
export function formatCalendarDay(day: CalendarDay): string {
  return dayFormat.format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

function daylightLeftText(left: DaylightLeft): string {
  if (left.phase === 'after-sunset') return 'The sun has set.';
  if (left.phase === 'before-sunrise') {
    return `Sunrise in ${formatMinutes(left.minutesToSunrise)}; ${formatMinutes(left.daylightMinutes)} of daylight today.`;
  }
  return `${formatMinutes(left.minutesLeft)} of daylight left.`;
}

const seasonLabels = {
  open: 'Open',
  closed: 'Closed',
  likelyOpen: 'Likely open',
  likelyClosed: 'Likely closed',
  unknown: 'Season unknown',
} as const;

function SunFacts({ advice }: { advice: TrailAdvice }) {
  return (
    <dl className="advisor-facts">
      <div>
        <dt>Sunrise</dt>
        <dd>{formatArkansasTime(advice.sun.sunrise)}</dd>
      </div>
      <div>
        <dt>Sunset</dt>
        <dd>{formatArkansasTime(advice.sun.sunset)}</dd>
      </div>
      <div>
        <dt>Daylight</dt>
        <dd>{formatMinutes(advice.sun.daylightMinutes)}</dd>
      </div>
      {advice.daylightLeft ? (
        <div>
          <dt>Now</dt>
          <dd>{daylightLeftText(advice.daylightLeft)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function GaugeBlock({ advice }: { advice: TrailAdvice }) {
  const { trail, gauges, waterTrails } = advice;
  if (gauges.length === 0 && waterTrails.length === 0) return null;
  return (
    <div className="advisor-block">
      <h4>Water</h4>
      {gauges.length > 0 ? (
        <ul className="advisor-gauges" aria-label={`USGS gauges near ${trail.name}`}>
          {gauges.map(({ gauge, miles }) => (
            <LiveGaugeLevel key={gauge.siteNumber} gauge={gauge} miles={miles} />
          ))}
        </ul>
      ) : null}
      {waterTrails.map((near) => (
        <div key={near.trail.id}>
          <p>
            {near.trail.name}, a water trail {near.miles.toFixed(1)} mi away
            {near.gauges.length === 0 ? ': no gauge of this app within 25 mi.' : ':'}
          </p>
          {near.gauges.length > 0 ? (
            <ul className="advisor-gauges" aria-label={`USGS gauges near ${near.trail.name}`}>
              {near.gauges.map(({ gauge, miles }) => (
                <LiveGaugeLevel key={gauge.siteNumber} gauge={gauge} miles={miles} />
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </div>
  );
}

function TrailBlock({ advice }: { advice: TrailAdvice }) {
  const { trail, season } = advice;
  return (
    <article className="advisor-trail" aria-label={trail.name}>
      <h3>{trail.name}</h3>
      <SunFacts advice={advice} />
      <p className={`advisor-season advisor-season--${season.state}`}>
        <strong>{seasonLabels[season.state]}.</strong> {season.text}
        {season.source ? <span className="advisor-fine"> Source: {season.source}</span> : null}
      </p>
      <div className="advisor-block">
        <h4>Safety</h4>
        <ul>
          {advice.safety.map((figure) => (
            <li key={figure.id}>{figure.text}</li>
          ))}
        </ul>
      </div>
      <GaugeBlock advice={advice} />
    </article>
  );
}

/** One day of advice as a card; `index` numbers the days from 1. */
export function DayCard({ advice, index }: { advice: DayAdvice; index: number }) {
  const titleId = `advisor-day-${index}`;
  return (
    <section className="advisor-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        Day {index}: {formatCalendarDay(advice.day)}
        {advice.isToday ? ' (today)' : ''}
      </h2>
      {advice.trails.map((trail) => (
        <TrailBlock key={trail.trail.id} advice={trail} />
      ))}
      {advice.missingTrailIds.length > 0 ? (
        <p className="advisor-note">
          {advice.missingTrailIds.length} trail{advice.missingTrailIds.length === 1 ? '' : 's'} of
          this day {advice.missingTrailIds.length === 1 ? 'is' : 'are'} not in the trail catalogue
          on this device, so there is no advice for{' '}
          {advice.missingTrailIds.length === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      <div className="advisor-block">
        <h3>What to pack</h3>
        <ul className="advisor-packing">
          {advice.packing.map((entry) => (
            <li key={entry.item}>
              <strong>{entry.item}</strong> <span className="advisor-fine">— {entry.why}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
