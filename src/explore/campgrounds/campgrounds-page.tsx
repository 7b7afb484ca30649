/**
 * /campgrounds: the campground directory on its own page (requirements §voice-2.6),
 * the same directory the home page shows. `?campground=<id>` opens one campground's
 * details, as a tap on the map does.
 */
import { useSearch } from '@tanstack/react-router';
import { CampgroundDirectory } from './campground-directory.tsx';
import { usePageMeta } from '../../ui/page-meta.ts';

/** The campgrounds page. */
export function CampgroundsPage() {
  const search = useSearch({ strict: false }) as { campground?: string };
  usePageMeta({
    title: 'Arkansas Campgrounds',
    description:
      'Search 224 Arkansas campgrounds from Recreation.gov and OpenStreetMap offline: amenities, contact, reservation links and ratings from riders.',
    keywords: [
      'Arkansas campgrounds',
      'Corps of Engineers camping',
      'state park camping',
      'offline',
    ],
    path: '/campgrounds',
  });
  return (
    <div className="campgrounds-page" style={{ padding: 'var(--space-3)' }}>
      <CampgroundDirectory headingLevel={1} initialCampgroundId={search.campground ?? null} />
    </div>
  );
}
