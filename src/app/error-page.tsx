/**
 * General error fallback (requirements §core-2 "Error and loading screens"): used as the router's
 * default error component and by the root error boundary.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { TriangleAlert } from 'lucide-react';
import type { ErrorComponentProps } from '@tanstack/react-router';

/**
 * The spec's general fallback: 'Something went wrong' with Try Again (calls `onRetry`) and
 * Go Home (a plain link to / so it works even when the router itself failed).
 */
export function GeneralErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="error-panel" role="alert">
      <TriangleAlert className="error-panel__icon" aria-hidden="true" size={40} />
      <h1 className="error-panel__title">Something went wrong</h1>
      <p className="error-panel__text">
        An unexpected error occurred. This has been logged for investigation.
      </p>
      <div className="error-panel__actions">
        <Button className="button button--primary" onPress={onRetry}>
          Try Again
        </Button>
        <Link className="button" href="/">
          Go Home
        </Link>
      </div>
    </section>
  );
}

/** Router `defaultErrorComponent`: logs the error and retries by resetting the failed match. */
export function GeneralErrorPage({ error, reset }: ErrorComponentProps) {
  console.error('Route error', error);
  return <GeneralErrorFallback onRetry={reset} />;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Root error boundary: catches render errors outside the router's own boundaries (layout,
 * providers) and shows the general fallback; Try Again re-renders the children.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <main className="app-main">
          <GeneralErrorFallback onRetry={() => this.setState({ error: null })} />
        </main>
      );
    }
    return this.props.children;
  }
}
