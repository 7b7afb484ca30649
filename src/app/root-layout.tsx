/**
 * The app shell around every page (requirements §voice-2.3, §voice-2.4; requirements §core-2): skip
 * link, top navigation (768 px and wider) or bottom navigation (narrower), command palette, toasts,
 * PWA update prompt, error boundary and the Suspense skeleton for lazily loaded pages. It opens
 * the database, starts the trail catalogue refresh and the generic trip plan purge once it is
 * open, applies the theme, guards routes by role, scrolls to the top on every route change and
 * remembers visited features. The shell and pages marked `rendersBeforeDatabase` (home, the
 * trail finder, the Safety Center, the skills lessons) paint before RxDB has loaded; other pages, the voice assistant, the outdoor settings provider and
 * the service worker registration follow once the database is open.
 */
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { Button, Link, RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Search } from 'lucide-react';
import {
  DatabaseProvider,
  useDatabase,
  useOptionalDatabase,
  WhenDatabaseOpen,
} from '../db-react/provider.tsx';
import { SyncEngineRunner } from '../sync/sync-engine-runner.tsx';
import { SkeletonPage } from '../ui/skeleton-page.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BottomNav } from './bottom-nav.tsx';
import { CommandPaletteLauncher } from './command-palette-launcher.tsx';
import { RootErrorBoundary } from './error-page.tsx';
import { openPalette } from './palette-store.ts';
import { FirstScreenMark, firstScreenPainted, useFirstScreenPainted } from './first-screen.tsx';
import { registerServiceWorkerEarly } from './pwa/service-worker-registration.ts';
import { RoleGate } from './role-gate.tsx';
import { useCurrentRole } from './session/role-context.tsx';
import { SessionProvider } from './session/session-provider.tsx';
import { ThemeProvider } from './theme/theme-provider.tsx';
import { OutdoorContext, type OutdoorContextValue } from '../safety/outdoor-context.ts';
import { useCurrentFeatureKey, useCurrentHref } from './use-current-page.ts';
import './layout.css';

// The desktop bar (hidden on a phone) and the sync indicator (nothing for a signed-out rider with
// nothing waiting) are not needed to paint the first screen: they load beside it. A pre-rendered
// page keeps their HTML until their code arrives (React hydrates them then).
const TopNav = lazy(() => import('./top-nav.tsx').then((module) => ({ default: module.TopNav })));
const SyncStatusIndicator = lazy(() =>
  import('../sync/sync-status-view.tsx').then((module) => ({
    default: module.SyncStatusIndicator,
  })),
);

// Achievement progress, its toast and haptic pulse: after the first screen, like haptics.
const AchievementWatch = lazy(() =>
  import('../me/achievement-watch.tsx').then((module) => ({
    default: module.AchievementWatch,
  })),
);
// The notification centre's event watcher (sync errors, achievements, seasons opening).
const NotificationWatch = lazy(() =>
  import('../me/notification-watch.tsx').then((module) => ({
    default: module.NotificationWatch,
  })),
);
// First-party page-view counting: after the first screen, never in its bytes.
const UsageReporter = lazy(() =>
  import('./usage-reporter.tsx').then((module) => ({ default: module.UsageReporter })),
);
// Trail submission reviews pulled by the sync become notifications.
const SubmissionReviewWatch = lazy(() =>
  import('../me/submission-review-watch.tsx').then((module) => ({
    default: module.SubmissionReviewWatch,
  })),
);
// The voice assistant (and its speech engines) loads after the first screen.
const VoiceAssistant = lazy(() => import('../voice/voice-assistant-root.tsx'));
// Toasts come from what the rider does: their host loads after the first paint (the store keeps
// any toast raised before it, src/lib/toast.ts).
const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));
// workbox-window and the update prompt load after the first paint.
const PwaUpdatePrompt = lazy(() =>
  import('./pwa/pwa-update-prompt.tsx').then((module) => ({ default: module.PwaUpdatePrompt })),
);
// Haptics, wake lock, fall detection and safety check-ins load after the first paint.
const importOutdoorSettings = () => import('../safety/outdoor-settings-provider.tsx');
type OutdoorSettingsHostComponent = Awaited<
  ReturnType<typeof importOutdoorSettings>
>['OutdoorSettingsHost'];

/** Lets react-aria links and menu items navigate through the TanStack router (no reloads). */
function AriaRouterBridge({ children }: { children: ReactNode }) {
  const router = useRouter();
  return (
    <AriaRouterProvider
      navigate={(href) => {
        void router.navigate({ href });
      }}
    >
      {children}
    </AriaRouterProvider>
  );
}

/**
 * Runs a background task loaded on demand once the first screen is painted, so the entry bundle
 * does not carry it: `load` imports the module and starts the task, resolving to the function
 * that stops it, which runs on unmount (or at once, when the component went first). The task
 * restarts when `input` (what `load` works on) changes.
 */
function useDeferredTask(load: () => Promise<() => void>, input: unknown = null): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    void firstScreenPainted.then(load).then((stopTask) => {
      if (unmounted) stopTask();
      else stop = stopTask;
    });
    return () => {
      unmounted = true;
      stop?.();
    };
    // `load` is an inline arrow over `input`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input]);
}

/**
 * Purges trip plans with outdated generic names at start and whenever some arrive (requirements
 * §core-5).
 */
function GenericTripPlanPurge() {
  const db = useDatabase();
  useDeferredTask(
    () =>
      import('../db/trip-plan-purge.ts').then(({ startGenericTripPlanPurge }) =>
        startGenericTripPlanPurge(db),
      ),
    db,
  );
  return null;
}

/**
 * Holds the outdoor settings context from the first paint (null until read) and loads its
 * provider once the database is open; pages that read it wait in `PageGate`.
 */
function DeferredOutdoorSettings({ children }: { children: ReactNode }) {
  const [value, setValue] = useState<OutdoorContextValue | null>(null);
  const [Host, setHost] = useState<OutdoorSettingsHostComponent | null>(null);
  // The settings' arrival and every change re-render each page and watcher that reads them:
  // as transitions, in slices that yield to input.
  const showValue = useCallback(
    (next: OutdoorContextValue) => startTransition(() => setValue(next)),
    [],
  );
  // Every page but the home page waits for these settings. Their code loads beside the
  // database's, and into state rather than through React.lazy: a suspended lazy component is
  // revealed up to 300 ms late (React's Suspense throttling), which every page load would pay.
  useEffect(() => {
    let mounted = true;
    void firstScreenPainted.then(importOutdoorSettings).then((module) => {
      if (mounted) startTransition(() => setHost(() => module.OutdoorSettingsHost));
    });
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <OutdoorContext.Provider value={value}>
      {children}
      {Host ? (
        <WhenDatabaseOpen>
          <Host onValue={showValue} shown={value} />
        </WhenDatabaseOpen>
      ) : null}
    </OutdoorContext.Provider>
  );
}

/**
 * Renders the current page once the database and the outdoor settings are ready, at once for a
 * route marked `rendersBeforeDatabase`; the boot screen meanwhile.
 */
function PageGate({ children }: { children: ReactNode }) {
  const rendersBeforeDatabase = useRouterState({
    select: (state) => state.matches.at(-1)?.staticData.rendersBeforeDatabase === true,
  });
  const database = useOptionalDatabase();
  const outdoor = useContext(OutdoorContext);
  const ready = database !== null && outdoor !== null;
  return (
    <>
      {rendersBeforeDatabase || ready ? children : <BootScreen />}
      <FirstScreenMark />
    </>
  );
}

/** Shown while the local database opens (usually a fraction of a second). */
function BootScreen() {
  return (
    <div className="boot-screen">
      <img src="/favicon.svg" alt="" width={72} height={72} />
      <p className="boot-screen__name">Natural State Trails</p>
      <Spinner label="Opening your offline trail data…" />
    </div>
  );
}

function Brand() {
  return (
    <Link href="/" className="brand" aria-label="Natural State Trails home">
      <img src="/favicon.svg" alt="" width={36} height={36} className="brand__logo" />
      <span className="brand__name">
        Natural State <span className="brand__accent">Trails</span>
      </span>
    </Link>
  );
}

function Shell() {
  const afterFirstScreen = useFirstScreenPainted();
  const role = useCurrentRole();
  const currentHref = useCurrentHref();
  const featureKey = useCurrentFeatureKey();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  useEffect(() => {
    // requirements §voice-2.1: every route change scrolls to the top.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  useEffect(() => {
    // The Discover menu's module keeps it, loaded after the first screen like the menus.
    if (featureKey) {
      void firstScreenPainted
        .then(() => import('./recent-features.ts'))
        .then(({ recordFeatureVisit }) => recordFeatureVisit(featureKey));
    }
  }, [featureKey]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Brand />
          <Suspense fallback={<div className="top-nav" />}>
            <TopNav role={role} currentHref={currentHref} />
          </Suspense>
          <Suspense fallback={null}>
            <SyncStatusIndicator className="sync-indicator--mobile" />
          </Suspense>
          <Button
            className="search-button search-button--mobile"
            onPress={openPalette}
            aria-label="Search features"
          >
            <Search aria-hidden="true" size={20} />
            <span className="search-button__text">Search</span>
          </Button>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <RoleGate featureKey={featureKey} role={role}>
          <Suspense fallback={<SkeletonPage />}>
            <PageGate>
              <Outlet />
            </PageGate>
          </Suspense>
        </RoleGate>
      </main>
      <BottomNav role={role} currentHref={currentHref} />
      <WhenDatabaseOpen>
        <Suspense fallback={null}>
          <VoiceAssistant />
          {afterFirstScreen ? (
            <>
              <AchievementWatch />
              <NotificationWatch />
            </>
          ) : null}
        </Suspense>
      </WhenDatabaseOpen>
      <CommandPaletteLauncher />
      {afterFirstScreen ? (
        <Suspense fallback={null}>
          <Toaster />
          <PwaUpdatePrompt />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Starts the cached-answer cleanup of requirements §core-4 "Page lifecycle" (memory check every
 * 30 s, hidden-page cleanup after 5 s; src/lib/http/page-lifecycle.ts) once the first screen is
 * painted; stops it on unmount.
 */
function usePageLifecycleCleanup(): void {
  useDeferredTask(() =>
    import('../lib/http/page-lifecycle.ts').then(({ startPageLifecycleCleanup }) =>
      startPageLifecycleCleanup(),
    ),
  );
}

/** Root route component. */
export function RootLayout() {
  // The service worker's install runs beside the database and the catalogue's first pull, not
  // after them (offline-ready sooner), but never competes with the first screen. Its few lines
  // come with the shell: loaded after the paint, they waited behind the ~70 scripts that load
  // then (about 0.3 s on a desktop), and the install is what offline-ready waits for last.
  useEffect(() => {
    void firstScreenPainted.then(registerServiceWorkerEarly);
  }, []);
  usePageLifecycleCleanup();
  return (
    <RootErrorBoundary>
      <AriaRouterBridge>
        <SessionProvider>
          <DatabaseProvider renderBeforeOpen openAfter={firstScreenPainted}>
            <WhenDatabaseOpen>
              <GenericTripPlanPurge />
              <Suspense fallback={null}>
                <SubmissionReviewWatch />
              </Suspense>
              <Suspense fallback={null}>
                <UsageReporter />
              </Suspense>
            </WhenDatabaseOpen>
            <ThemeProvider>
              <DeferredOutdoorSettings>
                <SyncEngineRunner loadAfter={firstScreenPainted}>
                  <Shell />
                </SyncEngineRunner>
              </DeferredOutdoorSettings>
            </ThemeProvider>
          </DatabaseProvider>
        </SessionProvider>
      </AriaRouterBridge>
    </RootErrorBoundary>
  );
}
