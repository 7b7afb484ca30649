/**
 * The 2025-26 duck season facts of requirements §voice-9, said in the right tense:
 * as last season's once it ended (Feb 8, 2026), with the next season's dates "not yet
 * published by AGFC" until the shipped data holds them.
 */
import { useState } from 'react';
import { format } from 'date-fns';
import {
  AGFC_URL,
  DATES_NOT_PUBLISHED,
  DUCK_SEASON_LABEL,
  duckSeasonHeadline,
  duckSeasonLimits,
  duckSeasonPeriods,
  duckSeasonStatus,
} from '../lib/hunting/duck-season.ts';

/** The facts section; reads the clock once per mount. */
export function SeasonFacts() {
  const [now] = useState(() => new Date());
  const status = duckSeasonStatus(now);
  const headline = duckSeasonHeadline(now);
  const over = status.state === 'ended';
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
