/**
 * The 2025-26 duck season facts of requirements §voice-9, said in the right tense:
 * as last season's once it ended (Feb 8, 2026), with the next season's dates "not yet
 * published by AGFC" until the shipped data holds them or this installation publishes them.
 */
import { useState } from 'react';
import { format, parseISO } from 'date-fns';
import { usePublishedDuckSeasons } from '../db-react/published-regulations.ts';
import { type PublishedDuckSeason } from '../db/published-regulations.ts';
import {
  AGFC_URL,
  DATES_NOT_PUBLISHED,
  DUCK_SEASON_LABEL,
  duckSeasonHeadline,
  duckSeasonLimits,
  duckSeasonPeriods,
  duckSeasonStatus,
} from '../lib/hunting/duck-season.ts';

/** A calendar date YYYY-MM-DD as "Nov 21, 2026" (local, no time zone shift). */
function dayText(day: string): string {
  return format(parseISO(day), 'MMM d, yyyy');
}

/**
 * A season this installation's operator published (src/db/published-regulations.ts), with
 * who stands behind it: the operator, on a day, from a named source.
 */
function PublishedSeasonFacts({ published }: { published: PublishedDuckSeason }) {
  const { season, publishedAt } = published;
  return (
    <section className="hunt-card" aria-labelledby="season-facts-title">
      <h2 id="season-facts-title">The {season.seasonLabel} season</h2>
      <p className="hunt-note">
        <span>
          Published by this installation on {format(publishedAt, 'MMMM d, yyyy')} (source:{' '}
          {season.source}). Check the official text at the{' '}
          <a href={AGFC_URL} target="_blank" rel="noopener noreferrer">
            Arkansas Game and Fish Commission
          </a>{' '}
          before you hunt.
        </span>
      </p>
      <h3>Dates</h3>
      <ul className="hunt-season-list">
        {season.periods.map((period) => (
          <li key={`${period.label}-${period.opens}`}>
            <span className="hunt-season-list__label">{period.label}</span>
            <span>
              {dayText(period.opens)} to {dayText(period.closes)}
            </span>
          </li>
        ))}
      </ul>
      <h3>Limits and hours</h3>
      <ul className="hunt-limit-list">
        {season.limits.map((limit) => (
          <li key={limit}>{limit}</li>
        ))}
        <li>{season.shootingHours}</li>
      </ul>
    </section>
  );
}

/**
 * The facts section; reads the clock once per mount. Once the shipped season is over, a
 * season this installation published for the next one replaces "dates not yet published".
 */
export function SeasonFacts() {
  const [now] = useState(() => new Date());
  const status = duckSeasonStatus(now);
  const headline = duckSeasonHeadline(now);
  const over = status.state === 'ended';
  const published = usePublishedDuckSeasons().get(headline.label);
  if (over && published) return <PublishedSeasonFacts published={published} />;
  return (
    <section className="hunt-card" aria-labelledby="season-facts-title">
      <h2 id="season-facts-title">
        {over ? `Season dates: ${headline.label}` : `The ${DUCK_SEASON_LABEL} season`}
      </h2>
      {over ? (
        <p className="hunt-note hunt-note--warning">
          <span>
            {headline.label}: {DATES_NOT_PUBLISHED}. The {DUCK_SEASON_LABEL} season ended on{' '}
            {format(status.endedOn, 'MMMM d, yyyy')}; its dates and limits below are last
            season&apos;s, kept for planning. New dates come from the{' '}
            <a href={AGFC_URL} target="_blank" rel="noopener noreferrer">
              Arkansas Game and Fish Commission
            </a>
            .
          </span>
        </p>
      ) : null}
      <h3>{over ? `How the ${DUCK_SEASON_LABEL} season ran` : 'Dates'}</h3>
      <ul className="hunt-season-list">
        {duckSeasonPeriods.map((period) => (
          <li key={period.label}>
            <span className="hunt-season-list__label">{period.label}</span>
            <span>{period.text}</span>
          </li>
        ))}
      </ul>
      <h3>{over ? `${DUCK_SEASON_LABEL} limits and hours` : 'Limits and hours'}</h3>
      <ul className="hunt-limit-list">
        <li>{duckSeasonLimits.pintail}</li>
        <li>{duckSeasonLimits.daily}</li>
        <li>{duckSeasonLimits.geese}</li>
        <li>{duckSeasonLimits.shootingHours}</li>
      </ul>
      <p className="hunt-fine">
        Source: the Arkansas Game and Fish Commission&apos;s {DUCK_SEASON_LABEL} waterfowl season,
        as summarised in this app&apos;s shipped season data; the official text is on agfc.com.
      </p>
    </section>
  );
}
