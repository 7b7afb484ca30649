/** A trail's summary card, used by the trails finder and the saved list. */
import { Link } from '@tanstack/react-router';
import { ChevronRight, MapPin, Megaphone, Ruler, Ticket, TriangleAlert } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import {
  currentTrailStatus,
  trailStatusSentence,
  type StatusReport,
} from '../lib/trail-reports/trail-status.ts';
import { ActivityIcon } from './activity-icon.tsx';
import { SaveTrailButton } from './save-trail-button.tsx';
import { TrailSeasonFact } from './trail-season-note.tsx';
import {
  activityLabel,
  countyRegionLabel,
  trailDifficultyLabel,
  feeLabel,
  lengthLabel,
  trailKindLabel,
} from './trail-format.ts';

/** Props: the trail, its saved state, and an optional "12 mi from Hot Springs" line. */
export interface TrailCardProps {
  trail: Trail;
  isSaved: boolean;
  distanceLabel?: string | null;
  /** The day the season is judged on (default: now, on the device's calendar). */
  today?: Date;
  /** Riders' reports of this trail on the device (`useTrailReportsByTrail`); none when absent. */
  reports?: readonly StatusReport[];
}

/**
 * Name (a link to /map/{id}), kind, activities with icons, difficulty, length, county and region,
 * fee, the season ("Closed until …" when closed today), riders' reports of the last 14 days
 * ("Closed now (rider report, 2 days ago)"), the approximate-trailhead note where
 * the point is approximate, and a save toggle.
 * Unknown values are written out ("Length unknown") rather than hidden.
 */
export function TrailCard({
  trail,
  isSaved,
  distanceLabel = null,
  today = new Date(),
  reports = [],
}: TrailCardProps) {
  const difficultyClass = trail.difficulty
    ? `difficulty difficulty--${trail.difficulty}`
    : 'difficulty difficulty--unrated';
  return (
    <article className="trail-card" aria-labelledby={`trail-${trail.id}-name`}>
      <header className="trail-card__header">
        <div className="trail-card__heading">
          <p className="trail-card__kind">{trailKindLabel(trail.kind)}</p>
          <h3 className="trail-card__name" id={`trail-${trail.id}-name`}>
            <Link to="/map/$trailId" params={{ trailId: trail.id }} className="trail-card__link">
              {trail.name}
            </Link>
          </h3>
        </div>
        <SaveTrailButton trailId={trail.id} trailName={trail.name} isSaved={isSaved} compact />
      </header>

      <ul className="activity-list" aria-label="Activities">
        {trail.activities.map((activity) => (
          <li key={activity} className="activity-list__item">
            <ActivityIcon activity={activity} size={16} />
            {activityLabel(activity)}
          </li>
        ))}
      </ul>

      <TrailCardFacts
        trail={trail}
        difficultyClass={difficultyClass}
        distanceLabel={distanceLabel}
        today={today}
      />
      <TrailReportFact reports={reports} now={today.getTime()} />

      {trail.locationConfidence === 'approximate' ? (
        <p className="approximate-note">
          <TriangleAlert size={16} aria-hidden="true" />
          Trailhead location approximate
        </p>
      ) : null}

      <Link
        to="/map/$trailId"
        params={{ trailId: trail.id }}
        className="trail-card__more"
        aria-label={`Details for ${trail.name}`}
      >
        Trail details
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
    </article>
  );
}

/**
 * The trail's status from riders' reports of the last 14 days ("Closed now (rider report, 2 days
 * ago)"), said as a rider's unconfirmed report; nothing when no report counts.
 */
function TrailReportFact({ reports, now }: { reports: readonly StatusReport[]; now: number }) {
  const status = currentTrailStatus(reports, now);
  if (status.report === null) return null;
  return (
    <p className={`trail-card__report trail-card__report--${status.status}`}>
      <Megaphone size={16} aria-hidden="true" />
      {trailStatusSentence(status, now)}
      <span className="visually-hidden">: reported by a rider, unconfirmed</span>
    </p>
  );
}

/** Difficulty, length, fee, county and region with the distance, and the season. */
function TrailCardFacts({
  trail,
  difficultyClass,
  distanceLabel,
  today,
}: {
  trail: Trail;
  difficultyClass: string;
  distanceLabel: string | null;
  today: Date;
}) {
  return (
    <dl className="trail-card__facts">
      <div className="trail-card__fact">
        <dt className="visually-hidden">Difficulty</dt>
        <dd>
          <span className={difficultyClass} title={trail.difficultySource ?? undefined}>
            {trailDifficultyLabel(trail)}
          </span>
        </dd>
      </div>
      <div className="trail-card__fact">
        <dt className="visually-hidden">Length</dt>
        <dd>
          <Ruler size={16} aria-hidden="true" />
          {lengthLabel(trail.lengthMiles)}
        </dd>
      </div>
      <div className="trail-card__fact">
        <dt className="visually-hidden">Fee</dt>
        <dd>
          <Ticket size={16} aria-hidden="true" />
          {feeLabel(trail.fee)}
        </dd>
      </div>
      <div className="trail-card__fact trail-card__fact--wide">
        <dt className="visually-hidden">County and region</dt>
        <dd>
          <MapPin size={16} aria-hidden="true" />
          <span>
            {countyRegionLabel(trail.county, trail.region)}
            {distanceLabel ? (
              <span className="trail-card__distance"> · {distanceLabel}</span>
            ) : null}
          </span>
        </dd>
      </div>
      <TrailSeasonFact trail={trail} today={today} />
    </dl>
  );
}
