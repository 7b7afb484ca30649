/**
 * General error fallback (requirements §core-2 "Error and loading screens"): used as the router's
 * default error component and by the root error boundary.
 */
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { TriangleAlert } from 'lucide-react';
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';

/**
 * Logs `error` for the operator (src/app/error-report.ts, loaded only now) and returns what the
 * screen then says about it; null until that has settled.
 */
function useErrorReport(error: unknown, routeId: string | null): string | null {
  const [sentence, setSentence] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    import('./error-report.ts')
      .then(({ reportAppError }) => reportAppError(error, routeId))
      .then(
        (said) => shown && setSentence(said),
        () => shown && setSentence('It could not be logged on this device.'),
      );
    return () => {
      shown = false;
    };
  }, [error, routeId]);
  return sentence;
}

/**
 * The spec's general fallback: 'Something went wrong' with Try Again (calls `onRetry`) and
 * Go Home (a plain link to / so it works even when the router itself failed). It logs `error`
 * for the operator and says "This has been logged for investigation." only once that is true;
 * when the browser asks not to be tracked, or the device cannot store it, it says that instead.
 * `routeId` is the route the error showed on (null outside the router).
 */
export function GeneralErrorFallback({
  error,
  routeId,
  onRetry,
}: {
  error: unknown;
  routeId: string | null;
  onRetry: () => void;
}) {
  const reportSentence = useErrorReport(error, routeId);
  return (
    <section className="error-panel" role="alert">
      <TriangleAlert className="error-panel__icon" aria-hidden="true" size={40} />
      <h1 className="error-panel__title">Something went wrong</h1>
      <p className="error-panel__text">
        An unexpected error occurred.{reportSentence ? ` ${reportSentence}` : ''}
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
  const routeId = useRouterState({
    select: (state) => (state.matches.at(-1)?.routeId as string | undefined) ?? null,
  });
  useEffect(() => console.error('Route error', error), [error]);
  return <GeneralErrorFallback error={error} routeId={routeId} onRetry={reset} />;
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
          <GeneralErrorFallback
            error={this.state.error}
            routeId={null}
            onRetry={() => this.setState({ error: null })}
          />
        </main>
      );
    }
    return this.props.children;
  }
}
