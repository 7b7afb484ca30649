/**
 * "Recently recommended" on the trail finder (requirements §core-3, §core-4 "Trip context"): the
 * trails the finder suggested for the rider's recent searches, newest first, from the trip
 * context's `recentRecommendedTrails` resolved against the catalogue on this device.
 */
import { useId, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from 'react-aria-components';
import { ChevronDown, ChevronUp, History, HardDrive } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useTripContext } from '../db-react/trip-context-hooks.ts';
import { formatDateTime } from '../lib/format.ts';
import { closedUntilLabel, likelyClosedLabel, seasonStatus } from '../lib/trail-season.ts';
import { recentRecommendedTrails } from '../lib/trip-context/trip-context-rules.ts';
import { resolveRecentTrails } from './recent-recommendations.ts';
import { trailDifficultyLabel } from './trail-format.ts';

/** Trails shown before "Show all". */
const collapsedCount = 6;

/**
 * The section: a heading, up to 6 recent trails as links to their detail page (name,
 * difficulty, region, when suggested) and a toggle to show all (at most 20). Renders nothing
 * until there is a recent trail in the catalogue, except a warning when the device's storage
 * is full and recommendations cannot be kept. `trails` is the catalogue (useTrails).
 */
export function RecentlyRecommended({ trails }: { trails: readonly Trail[] }) {
  const headingId = useId();
  const listId = useId();
  const { context, saveError } = useTripContext();
  const [showAll, setShowAll] = useState(false);
  const recent = useMemo(
    () => (context ? resolveRecentTrails(recentRecommendedTrails(context), trails) : []),
    [context, trails],
  );

  const storageFull = saveError?.quotaExceeded ? (
    <p className="status-note status-note--warning" role="status">
      <HardDrive size={18} aria-hidden="true" />
      This device&rsquo;s storage is full, so recent recommendations are kept only until the app
      closes. Free some space (for example an offline map region) to keep them.
    </p>
  ) : null;
  if (recent.length === 0) return storageFull;

  const visible = showAll ? recent : recent.slice(0, collapsedCount);
  return (
    <section className="recent-recommended" aria-labelledby={headingId}>
      <div className="recent-recommended__bar">
        <h2 id={headingId} className="recent-recommended__title">
          <History size={20} aria-hidden="true" /> Recently recommended
        </h2>
        <p className="recent-recommended__lead">
          Trails the finder suggested for your recent searches, newest first.
        </p>
      </div>
      {storageFull}
      <ol className="recent-recommended__list" id={listId}>
        {visible.map(({ trail, recommendedAt }) => (
          <li key={trail.id}>
            <Link to="/map/$trailId" params={{ trailId: trail.id }} className="recent-trail">
              <span className="recent-trail__name">{trail.name}</span>
              <span className="recent-trail__meta">
                {trailDifficultyLabel(trail)} · {trail.region}
                {closedNote(trail)}
              </span>
              {recommendedAt > 0 ? (
                <span className="recent-trail__time">
                  Suggested{' '}
                  <time dateTime={new Date(recommendedAt).toISOString()}>
                    {formatDateTime(recommendedAt)}
                  </time>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ol>
      {recent.length > collapsedCount ? (
        <Button
          className="button button--ghost recent-recommended__toggle"
          aria-expanded={showAll}
          aria-controls={listId}
          onPress={() => setShowAll((value) => !value)}
        >
          {showAll ? (
            <>
              <ChevronUp size={18} aria-hidden="true" /> Show fewer
            </>
          ) : (
            <>
              <ChevronDown size={18} aria-hidden="true" /> Show all {recent.length}
            </>
          )}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * " · Closed until April 1" for a trail closed today by its season, " · Likely closed now
 * (reported, unconfirmed: …)" by a reported window, else nothing.
 */
function closedNote(trail: Pick<Trail, 'season'>): string {
  const status = seasonStatus(trail, new Date());
  if (status.state === 'closed') return ` · ${closedUntilLabel(status.opensOn)}`;
  if (status.state === 'likelyClosed') return ` · ${likelyClosedLabel(status.reportedAs)}`;
  return '';
}
