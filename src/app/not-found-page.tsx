/** 404 page for any path not in the route table (requirements §voice-2.1). */
import { Link } from 'react-aria-components';
import { MapPinOff } from 'lucide-react';
import { usePageMeta } from '../ui/page-meta.ts';

/** '404 Page Not Found' with Back to Home (/) and Browse Trails (/ai-trails). */
export function NotFoundPage() {
  usePageMeta({
    title: 'Page Not Found',
    description: 'This page does not exist. Find Arkansas trails instead.',
    path: typeof window === 'undefined' ? '/' : window.location.pathname,
  });
  return (
    <section className="error-panel">
      <MapPinOff className="error-panel__icon" aria-hidden="true" size={44} />
      <h1 className="error-panel__title">404 Page Not Found</h1>
      <p className="error-panel__text">
        The page you are looking for does not exist. Let&apos;s get you back on the trail: browse
        Arkansas trails to find your next ride.
      </p>
      <div className="error-panel__actions">
        <Link className="button" href="/">
          Back to Home
        </Link>
        <Link className="button button--primary" href="/ai-trails">
          Browse Trails
        </Link>
      </div>
    </section>
  );
}
