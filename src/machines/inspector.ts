/**
 * The one `inspect` option every actor of the app is created with (docs/architecture.md "Machines":
 * in development the machines are visible in the Stately inspector, @statelyai/inspect).
 *
 * Spread `inspectOption` into the options of `createActor`, `useActorRef` or `useMachine`. In a
 * development build it forwards every inspection event to one browser inspector, loaded on the
 * first event; events that arrive while it loads are kept and replayed, so the inspector also
 * learns about actors created before it was ready. Production builds (`import.meta.env.DEV` is
 * false) and tests get an empty object, and the bundler drops the inspector code entirely.
 */
import type { InspectionEvent } from 'xstate';

type InspectListener = (event: InspectionEvent) => void;

function createLazyInspector(): InspectListener {
  let forward: InspectListener | null = null;
  let waiting: InspectionEvent[] | null = null;
  return (event) => {
    if (forward) {
      forward(event);
      return;
    }
    if (waiting) {
      waiting.push(event);
      return;
    }
    waiting = [event];
    import('@statelyai/inspect').then(
      ({ createBrowserInspector }) => {
        const inspector = createBrowserInspector();
        forward = (next) => inspector.inspect.next?.(next);
        for (const held of waiting ?? []) forward(held);
        waiting = null;
      },
      (error: unknown) => {
        // Development only: a missing inspector must not break the app, so actors run on.
        console.warn('Stately inspector could not be loaded', error);
        forward = () => undefined;
        waiting = null;
      },
    );
  };
}

/**
 * `{ inspect }` in development builds running in a browser, `{}` in production and in tests.
 * Shape: `Pick<ActorOptions, 'inspect'>`.
 */
export const inspectOption: { inspect?: InspectListener } =
  import.meta.env.DEV && import.meta.env.MODE !== 'test' && typeof window !== 'undefined'
    ? { inspect: createLazyInspector() }
    : {};
