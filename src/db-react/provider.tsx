/**
 * React access to the app database (requirements §core-8: context hooks used outside their
 * provider throw). The provider opens the browser's one database once and hands it down; every
 * hook in src/db reads it through `useDatabase`.
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import type { AppDatabase } from '../db/database.ts';

const DatabaseContext = createContext<AppDatabase | null>(null);

type OpenState = { database: AppDatabase; error: null } | { database: null; error: Error | null };

/** Props of `DatabaseProvider`. */
export interface DatabaseProviderProps {
  children: ReactNode;
  /** An already open database (tests, storybook-like harnesses); skips opening the singleton. */
  database?: AppDatabase;
  /** Rendered while the database opens (default: nothing). */
  fallback?: ReactNode;
  /**
   * Renders `children` at once, before the database opens (the shell and static
   * content paint without waiting for RxDB); parts that need the database wait inside
   * `WhenDatabaseOpen` and read it with `useDatabase`, or with `useOptionalDatabase` meanwhile.
   */
  renderBeforeOpen?: boolean;
  /** Opening (and loading RxDB) starts once this settles, e.g. after the first screen painted. */
  openAfter?: Promise<unknown>;
}

/**
 * Provides the app database to its children. Without a `database` prop it opens the browser's
 * singleton (`getAppDatabase`, which also runs the one-time legacy migration) once, rendering
 * `fallback` meanwhile; if opening fails it renders an alert explaining that offline storage is
 * unavailable, with the underlying error message.
 */
export function DatabaseProvider({
  children,
  database,
  fallback = null,
  renderBeforeOpen = false,
  openAfter,
}: DatabaseProviderProps) {
  const [state, setState] = useState<OpenState>({ database: null, error: null });

  useEffect(() => {
    if (database) return;
    let cancelled = false;
    // Imported on demand so RxDB and Dexie load in parallel with the first page's chunk
    // instead of inside the entry bundle.
    Promise.resolve(openAfter)
      .then(() => import('../db/database.ts'))
      .then((module) => module.getAppDatabase())
      .then(
        (opened) => {
          // A transition: every page and watcher that waited for the database renders in
          // slices that yield to input, not in one task of the whole app.
          if (!cancelled) startTransition(() => setState({ database: opened, error: null }));
        },
        (error: unknown) => {
          if (!cancelled) {
            setState({
              database: null,
              error: error instanceof Error ? error : new Error(String(error)),
            });
          }
        },
      );
    return () => {
      cancelled = true;
    };
  }, [database, openAfter]);

  const current = database ?? state.database;
  if (current || (renderBeforeOpen && !state.error)) {
    return <DatabaseContext.Provider value={current}>{children}</DatabaseContext.Provider>;
  }
  if (state.error) return <DatabaseError error={state.error} />;
  return <>{fallback}</>;
}

/** Why the app cannot work: the browser refused its offline storage. */
function DatabaseError({ error }: { error: Error }) {
  return (
    <div role="alert" className="database-error">
      <h1>Offline storage is unavailable</h1>
      <p>
        Natural State Trails keeps trails, maps and your trips on this device, and the browser
        refused to open that storage. Private browsing or blocked site data can cause this: allow
        storage for this site and reload the page.
      </p>
      <p>
        <small>Details: {error.message}</small>
      </p>
    </div>
  );
}

/**
 * Renders `children` once the nearest `DatabaseProvider` has opened the database, `fallback`
 * until then (only differs from its children under a `renderBeforeOpen` provider).
 */
export function WhenDatabaseOpen({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useContext(DatabaseContext) ? <>{children}</> : <>{fallback}</>;
}

/** The app database, or null while a `renderBeforeOpen` provider is still opening it. */
export function useOptionalDatabase(): AppDatabase | null {
  return useContext(DatabaseContext);
}

/**
 * The app database from the nearest `DatabaseProvider`.
 * Throws 'useDatabase must be used within a DatabaseProvider' outside one (requirements §core-8).
 */
export function useDatabase(): AppDatabase {
  const database = useContext(DatabaseContext);
  if (!database) throw new Error('useDatabase must be used within a DatabaseProvider');
  return database;
}
