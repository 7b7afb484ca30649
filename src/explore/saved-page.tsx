/**
 * /saved: the rider's saved trails (requirements §voice-2.1 "Saved trails"), read
 * from RxDB so they are there with no signal. Saving and unsaving go through the same toggle as
 * everywhere else (src/db/saved-trails.ts).
 */
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { Bookmark, HardDrive, Search } from 'lucide-react';
import type { Trail } from '../../schemas/trails.ts';
import { useSavedTrailIds, useTrails } from '../db-react/hooks.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { pluralise } from './featured-locations.ts';
import { SavedTrailMaps } from './saved-trail-maps.tsx';
import { TrailCard } from './trail-card.tsx';
import './explore.css';
import { useTrailReportsByTrail } from '../db-react/trail-reports.ts';

/**
 * Saved trails in the order the saved list gives them, each with an unsave toggle. Ids whose
 * trail is no longer in the catalogue are counted, not silently dropped. Empty state links to
 * /ai-trails.
 */
export function SavedPage() {
  const { savedTrailIds, isLoading: savedLoading } = useSavedTrailIds();
  const { trails, isLoading: trailsLoading } = useTrails();
  const reportsByTrail = useTrailReportsByTrail();

  usePageMeta({
    title: 'Saved Trails',
    description: 'Your saved Arkansas trails, kept on this device so they work offline.',
    keywords: ['saved trails', 'offline trails', 'Arkansas'],
    path: '/saved',
  });

  const { saved, missingCount } = useMemo(() => {
    const byId = new Map(trails.map((trail) => [trail.id, trail]));
    const found: Trail[] = [];
    let missing = 0;
    for (const id of savedTrailIds) {
      const trail = byId.get(id);
      if (trail) found.push(trail);
      else missing += 1;
    }
    return { saved: found, missingCount: missing };
  }, [trails, savedTrailIds]);

  const isLoading = savedLoading || trailsLoading;

  return (
    <div className="explore-page saved-page">
      <header className="page-header">
        <p className="eyebrow">
          <Bookmark size={16} aria-hidden="true" /> Saved
        </p>
        <h1>Saved trails</h1>
        <p className="page-header__lead page-header__lead--with-icon">
          <HardDrive size={18} aria-hidden="true" />
          Saved trails are kept on this device, so they are here even with no signal.
        </p>
      </header>

      {isLoading ? (
        <Spinner label="Loading saved trails…" />
      ) : saved.length === 0 && missingCount === 0 ? (
        <div className="empty-state">
          <Bookmark size={44} aria-hidden="true" className="empty-state__icon" />
          <h2>No saved trails yet</h2>
          <p>Tap the bookmark on any trail to keep it here for your next ride.</p>
          <Link to="/ai-trails" className="button button--primary">
            <Search size={18} aria-hidden="true" />
            Find trails
          </Link>
        </div>
      ) : (
        <section aria-labelledby="saved-count">
          <div className="results__bar">
            <h2 id="saved-count" className="results__count">
              {pluralise(saved.length, 'saved trail')}
            </h2>
            <Link to="/ai-trails" className="button button--ghost">
              <Search size={18} aria-hidden="true" />
              Find more
            </Link>
          </div>
          {missingCount > 0 ? (
            <p className="status-note status-note--info" role="status">
              {missingCount === 1
                ? '1 saved trail is no longer in the trail list on this device.'
                : `${missingCount} saved trails are no longer in the trail list on this device.`}
            </p>
          ) : null}
          <SavedTrailMaps saved={saved} allTrails={trails} />
          <ul className="card-grid" aria-label="Saved trails">
            {saved.map((trail) => (
              <li key={trail.id}>
                <TrailCard trail={trail} isSaved reports={reportsByTrail.get(trail.id) ?? []} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
