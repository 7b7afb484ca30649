/**
 * React access to the app database (core-platform §8: context hooks used outside their
 * provider throw). The provider opens the browser's one database once and hands it down; every
 * hook in src/db reads it through `useDatabase`.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { AppDatabase } from './database.ts';

const DatabaseContext = createContext<AppDatabase | null>(null);

type OpenState = { database: AppDatabase; error: null } | { database: null; error: Error | null };

/** Props of `DatabaseProvider`. */
export interface DatabaseProviderProps {
  children: ReactNode;
  /** An already open database (tests, storybook-like harnesses); skips opening the singleton. */
  database?: AppDatabase;
  /** Rendered while the database opens (default: nothing). */
  fallback?: ReactNode;
}

/**
 * Provides the app database to its children. Without a `database` prop it opens the browser's
 * singleton (`getAppDatabase`, which also runs the one-time legacy migration) once, rendering
 * `fallback` meanwhile; if opening fails it renders an alert explaining that offline storage is
 * unavailable, with the underlying error message.
 */
export function DatabaseProvider({ children, database, fallback = null }: DatabaseProviderProps) {
  const [state, setState] = useState<OpenState>({ database: null, error: null });

  useEffect(() => {
    if (database) return;
    let cancelled = false;
    // Imported on demand so RxDB and Dexie load in parallel with the first page's chunk
    // instead of inside the entry bundle.
    import('./database.ts')
      .then((module) => module.getAppDatabase())
      .then(
        (opened) => {
          if (!cancelled) setState({ database: opened, error: null });
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
  }, [database]);

  const current = database ?? state.database;
  if (current) {
    return <DatabaseContext.Provider value={current}>{children}</DatabaseContext.Provider>;
  }
  if (state.error) {
    return (
      <div role="alert" className="database-error">
        <h1>Offline storage is unavailable</h1>
        <p>
          Natural State Trails keeps trails, maps and your trips on this device, and the browser
          refused to open that storage. Private browsing or blocked site data can cause this: allow
          storage for this site and reload the page.
        </p>
        <p>
          <small>Details: {state.error.message}</small>
        </p>
      </div>
    );
  }
  return <>{fallback}</>;
}

/**
 * The app database from the nearest `DatabaseProvider`.
 * Throws 'useDatabase must be used within a DatabaseProvider' outside one (core-platform §8).
 */
export function useDatabase(): AppDatabase {
  const database = useContext(DatabaseContext);
  if (!database) throw new Error('useDatabase must be used within a DatabaseProvider');
  return database;
}
