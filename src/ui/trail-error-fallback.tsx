/** Trail fallback (requirements §core-2 "Error and loading screens"). */
import { Button } from 'react-aria-components';
import { TriangleAlert } from 'lucide-react';

/**
 * Shown when trail data cannot be loaded: the spec's exact title and text with a Retry button
 * that calls `onRetry` (e.g. reset an error boundary or re-run a query).
 */
export function TrailErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="error-panel" role="alert">
      <TriangleAlert className="error-panel__icon" aria-hidden="true" size={40} />
      <h2 className="error-panel__title">Trail Loading Error</h2>
      <p className="error-panel__text">
        Unable to load trail data. Please check your connection and try again.
      </p>
      <div className="error-panel__actions">
        <Button className="button button--primary" onPress={onRetry}>
          Retry
        </Button>
      </div>
    </section>
  );
}
