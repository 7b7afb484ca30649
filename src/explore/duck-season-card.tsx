/**
 * The duck-season card of the home page and /duck-hunting (requirements
 * §voice-2.2, §voice-9). While the shipped 2025-26 season runs it says which period is open or
 * next; once it is over it leads with the next season, whose dates are not in the shipped data,
 * says "dates not yet published by AGFC" and keeps 2025-26 below as last season's dates and limits.
 */
import { Link } from '@tanstack/react-router';
import { ArrowRight, Bird, ExternalLink } from 'lucide-react';
import { useVisitDate } from '../ui/hydration.ts';
import {
  AGFC_URL,
  DATES_NOT_PUBLISHED,
  DUCK_SEASON_LABEL,
  duckSeasonHeadline,
  duckSeasonLimits,
  duckSeasonPeriods,
  duckSeasonStatus,
} from '../lib/hunting/duck-season.ts';

function AgfcLink() {
  return (
    <a href={AGFC_URL} target="_blank" rel="noopener noreferrer" className="external-link">
      Arkansas Game and Fish Commission
      <ExternalLink size={14} aria-hidden="true" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * "February 8, 2026": the platform's own month names, so the home page's first screen does not
 * load a date library's locale data for one date.
 */
function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/**
 * The card. `headingLevel` 2 on the home page, where it is a section; `showGuideLink` adds the
 * button to /duck-hunting (off on that page itself). Reads the clock once per mount.
 */
export function DuckSeasonCard({
  headingLevel = 2,
  showGuideLink = true,
}: {
  headingLevel?: 1 | 2;
  showGuideLink?: boolean;
}) {
  const now = useVisitDate();
  const status = duckSeasonStatus(now);
  const headline = duckSeasonHeadline(now);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const SubHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="duck-card" aria-labelledby="duck-title">
      <div className="duck-card__head">
        <span className="duck-card__icon" aria-hidden="true">
          <Bird size={28} />
        </span>
        <div>
          <p className="eyebrow">Duck season</p>
          <Heading id="duck-title">{headline.label} Arkansas duck season</Heading>
        </div>
      </div>

      {status.state === 'ended' ? (
        <p className="status-note status-note--warning">
          {/* One flex item: the note lays out its children in a row, which would tear the
              sentence around the link into columns. */}
          <span>
            {headline.label}: {DATES_NOT_PUBLISHED}. The {DUCK_SEASON_LABEL} season is over (it
            ended {longDate(status.endedOn)}). Check the <AgfcLink /> for new dates.
          </span>
        </p>
      ) : status.state === 'open' ? (
        <p className="status-note status-note--info">
          Open now: {status.period.label} ({status.period.text}).
        </p>
      ) : status.state === 'between' ? (
        <p className="status-note status-note--info">
          Next: {status.next.label} ({status.next.text}).
        </p>
      ) : (
        <p className="status-note status-note--info">The season opens with teal season.</p>
      )}

      <div className="duck-card__grid">
        <div>
          <SubHeading className="duck-card__subtitle">
            {headline.published ? 'Dates' : `Last season's dates (${DUCK_SEASON_LABEL})`}
          </SubHeading>
          <ul className="season-list">
            {duckSeasonPeriods.map((period) => (
              <li key={period.label}>
                <span className="season-list__label">{period.label}</span>
                <span>{period.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <SubHeading className="duck-card__subtitle">
            {headline.published ? 'Limits' : `Last season's limits (${DUCK_SEASON_LABEL})`}
          </SubHeading>
          <ul className="limit-list">
            <li>{duckSeasonLimits.pintail}</li>
            <li>{duckSeasonLimits.daily}</li>
            <li>{duckSeasonLimits.geese}</li>
            <li>{duckSeasonLimits.shootingHours}</li>
          </ul>
        </div>
      </div>

      {showGuideLink ? (
        <Link to="/duck-hunting" className="button duck-card__button">
          Duck hunting guide
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
      ) : null}
    </section>
  );
}
