/**
 * Skeleton page (requirements §core-2 "Error and loading screens"): shown while a page chunk loads.
 */
import './skeleton.css';

/**
 * A page-shaped placeholder (heading, text lines, cards) that tells screen readers the page is
 * loading. Used as the Suspense fallback of the route outlet.
 */
export function SkeletonPage() {
  return (
    <div className="skeleton-page" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">Loading page…</span>
      <div className="skeleton skeleton--title" aria-hidden="true" />
      <div className="skeleton skeleton--line" aria-hidden="true" />
      <div className="skeleton skeleton--line skeleton--short" aria-hidden="true" />
      <div className="skeleton-page__cards" aria-hidden="true">
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
      </div>
    </div>
  );
}
