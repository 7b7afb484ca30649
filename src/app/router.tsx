/**
 * The app's routes (requirements §voice-2.1, requirements §core-2), code-based TanStack Router.
 * Every page loads lazily and every route of the table has a page of its own. Each route names its directory entry in `staticData.featureKey`, which the root layout uses for the
 * role guard (requirements §core-6), "current page" highlighting and the recent-features list.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  useSearch,
  type AsyncRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SKILLS_SUBPAGES } from '../features/directory.ts';
import type { ParkPageKey } from '../local/parks.ts';
import { validateEquipmentSearch } from '../garage/equipment-search.ts';
import { validateProfileSearch } from '../me/profile-search.ts';
import { GeneralErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RootLayout } from './root-layout.tsx';
import {
  validateAiTrailsSearch,
  validateMapSearch,
  validateTrailsSearch,
  type AiTrailsSearch,
} from './route-search.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Key of the feature directory entry this route shows. */
    featureKey?: string;
    /** The page paints before the database opens; its database parts wait inside. */
    rendersBeforeDatabase?: boolean;
  }
  interface Register {
    router: AppRouter;
  }
}

const HomePage = lazyRouteComponent(() => import('../explore/home-page.tsx'), 'HomePage');
const AiTrailsPage = lazyRouteComponent(
  () => import('../explore/ai-trails-page.tsx'),
  'AiTrailsPage',
);
const TrailDetailPage = lazyRouteComponent(
  () => import('../explore/trail-detail-page.tsx'),
  'TrailDetailPage',
);
const SavedPage = lazyRouteComponent(() => import('../explore/saved-page.tsx'), 'SavedPage');
const CampgroundsPage = lazyRouteComponent(
  () => import('../explore/campgrounds/campgrounds-page.tsx'),
  'CampgroundsPage',
);
const IntelligentAdvisorPage = lazyRouteComponent(
  () => import('../explore/advisor/intelligent-advisor-page.tsx'),
  'IntelligentAdvisorPage',
);
const MapPage = lazyRouteComponent(() => import('../explore/map-page.tsx'), 'MapPage');
const AllFeaturesPage = lazyRouteComponent(
  () => import('./all-features-page.tsx'),
  'AllFeaturesPage',
);
const ProfilePage = lazyRouteComponent(() => import('../me/profile-page.tsx'), 'ProfilePage');
const AchievementsPage = lazyRouteComponent(
  () => import('../me/achievements-page.tsx'),
  'AchievementsPage',
);
// Trail submissions: the rider's form and the admin's review.
const SubmitTrailPage = lazyRouteComponent(
  () => import('../explore/submit-trail-page.tsx'),
  'SubmitTrailPage',
);
const TrailReviewPage = lazyRouteComponent(
  () => import('../admin/trail-review-page.tsx'),
  'TrailReviewPage',
);
const SeasonsPage = lazyRouteComponent(() => import('../admin/seasons-page.tsx'), 'SeasonsPage');
const SafetyPage = lazyRouteComponent(() => import('../safety/safety-page.tsx'), 'SafetyPage');
const EmergencyPage = lazyRouteComponent(
  () => import('../safety/emergency-page.tsx'),
  'EmergencyPage',
);
const EmergencyTestPage = lazyRouteComponent(
  () => import('../safety/emergency-test-page.tsx'),
  'EmergencyTestPage',
);
const importWaterwayPages = () => import('../safety/waterway-pages.tsx');
const waterwayPages = {
  conditions: lazyRouteComponent(importWaterwayPages, 'WaterwayConditionsPage'),
  alerts: lazyRouteComponent(importWaterwayPages, 'WaterSafetyAlertsPage'),
  contacts: lazyRouteComponent(importWaterwayPages, 'EmergencyWaterwayContactsPage'),
  accessPoints: lazyRouteComponent(importWaterwayPages, 'AccessPointMapPage'),
};

/**
 * A route component that renders the lazily loaded `page` with props of its own. It carries the
 * page's `preload`, so the router fetches the page's code while it matches the route, as it does
 * for a bare lazy component; without it the code would load only once this component rendered,
 * after the database had opened, and the page would be revealed late.
 */
function rendersLazyPage(
  render: () => ReactNode,
  page: AsyncRouteComponent<never>,
): AsyncRouteComponent<object> {
  return Object.assign(render, { preload: () => page.preload?.() ?? Promise.resolve() });
}

/** A route of the root layout showing the lazily loaded `component` of directory entry `featureKey`. */
function pageRoute<TPath extends string>(
  path: TPath,
  featureKey: string,
  component: ReturnType<typeof lazyRouteComponent>,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { featureKey },
    component,
  });
}

const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

// Local: riding park and area pages, services, shopping and the founder's story.
const ParkPage = lazyRouteComponent(() => import('../local/park-page.tsx'), 'ParkPage');
const LocalServicesPage = lazyRouteComponent(
  () => import('../local/local-services-pages.tsx'),
  'LocalServicesPage',
);
const LocalShoppingPage = lazyRouteComponent(
  () => import('../local/local-services-pages.tsx'),
  'LocalShoppingPage',
);
const FounderStoryPage = lazyRouteComponent(
  () => import('../local/founder-story-page.tsx'),
  'FounderStoryPage',
);

/** A riding park or area page (src/local/parks.ts) at the spec path of its directory entry. */
function parkRoute<TPath extends string>(path: TPath, parkKey: ParkPageKey) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { featureKey: parkKey },
    component: rendersLazyPage(function ParkRoute() {
      return <ParkPage parkKey={parkKey} />;
    }, ParkPage),
  });
}

// Garage: hub, diagnostic wizard, equipment pages, repair shops, riding techniques.
const GaragePage = lazyRouteComponent(() => import('../garage/garage-page.tsx'), 'GaragePage');
const DiagnosticPage = lazyRouteComponent(
  () => import('../garage/diagnostic-page.tsx'),
  'DiagnosticPage',
);
const EquipmentPage = lazyRouteComponent(
  () => import('../garage/equipment-page.tsx'),
  'EquipmentPage',
);
const EquipmentGuidePage = lazyRouteComponent(
  () => import('../garage/equipment-guide-page.tsx'),
  'EquipmentGuidePage',
);
const RepairShopsPage = lazyRouteComponent(
  () => import('../garage/repair-shops-page.tsx'),
  'RepairShopsPage',
);
const RidingTechniquesPage = lazyRouteComponent(
  () => import('../garage/riding-techniques-page.tsx'),
  'RidingTechniquesPage',
);

/** /equipment-intelligence and its alias /equipment, with the `?category=` query. */
function equipmentRoute<TPath extends '/equipment-intelligence' | '/equipment'>(path: TPath) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { featureKey: 'equipment-intelligence' },
    validateSearch: validateEquipmentSearch,
    component: rendersLazyPage(function EquipmentRoute() {
      // Both paths share this component, so read the search loosely and validate it again.
      const { category } = validateEquipmentSearch(useSearch({ strict: false }));
      return <EquipmentPage path={path} category={category} />;
    }, EquipmentPage),
  });
}

const DuckHuntingPage = lazyRouteComponent(
  () => import('../explore/duck-hunting-page.tsx'),
  'DuckHuntingPage',
);
const duckHuntingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/duck-hunting',
  staticData: { featureKey: 'duck-hunting' },
  component: DuckHuntingPage,
});

/** Hunting and fishing pages, in src/hunting; one lazy chunk per page. */
const importHuntingPages = {
  hunting: () => import('../hunting/hunting-page.tsx'),
  duckGuide: () => import('../hunting/duck-hunting-guide-page.tsx'),
  scouting: () => import('../hunting/scouting-guide-page.tsx'),
  fishing: () => import('../hunting/fishing-page.tsx'),
  wmaPermits: () => import('../hunting/wma-permits-page.tsx'),
};
const huntingPages = {
  hunting: lazyRouteComponent(importHuntingPages.hunting, 'HuntingPage'),
  duckGuide: lazyRouteComponent(importHuntingPages.duckGuide, 'DuckHuntingGuidePage'),
  scouting: lazyRouteComponent(importHuntingPages.scouting, 'ScoutingGuidePage'),
  fishing: lazyRouteComponent(importHuntingPages.fishing, 'FishingPage'),
  wmaPermits: lazyRouteComponent(importHuntingPages.wmaPermits, 'WmaPermitsPage'),
};

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { featureKey: 'home', rendersBeforeDatabase: true },
  component: HomePage,
});

const aiTrailsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai-trails',
  // The finder paints at once; its results wait for the catalogue on the device.
  staticData: { featureKey: 'ai-trails', rendersBeforeDatabase: true },
  validateSearch: (search: Record<string, unknown>): AiTrailsSearch =>
    validateAiTrailsSearch(search),
  component: AiTrailsPage,
});

/** /navigate without a trail shows the AI trails page so the rider can pick one first. */
const navigateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/navigate',
  staticData: { featureKey: 'navigate' },
  validateSearch: (search: Record<string, unknown>): AiTrailsSearch =>
    validateAiTrailsSearch(search),
  component: AiTrailsPage,
});

const trailsRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trails',
  validateSearch: validateTrailsSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/ai-trails', search, replace: true });
  },
});

const mapTrailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/map/$trailId',
  staticData: { featureKey: 'map' },
  component: TrailDetailPage,
});

const mapRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/map',
  staticData: { featureKey: 'map' },
  validateSearch: validateMapSearch,
  component: MapPage,
});

const savedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/saved',
  staticData: { featureKey: 'saved' },
  component: SavedPage,
});

/** /campgrounds: the campground directory; `?campground=<id>` opens that campground's details. */
const campgroundsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/campgrounds',
  staticData: { featureKey: 'campgrounds' },
  validateSearch: (search: Record<string, unknown>): { campground?: string } =>
    typeof search.campground === 'string' && search.campground.length <= 128
      ? { campground: search.campground }
      : {},
  component: CampgroundsPage,
});

const featuresRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/features',
  staticData: { featureKey: 'features' },
  component: AllFeaturesPage,
});

/** /profile: sign-in, registration and account; `redirect` is the page to open after sign-in. */
const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  staticData: { featureKey: 'profile' },
  validateSearch: validateProfileSearch,
  component: ProfilePage,
});

// Ride: recorder, live GPS, trip pages and navigation.
const RecordPage = lazyRouteComponent(() => import('../ride/record-page.tsx'), 'RecordPage');
const RealTrailRidingPage = lazyRouteComponent(
  () => import('../ride/record-page.tsx'),
  'RealTrailRidingPage',
);
// Group rides: create and list, and one ride's page from its share link.
const GroupRidePage = lazyRouteComponent(
  () => import('../ride/group-ride-page.tsx'),
  'GroupRidePage',
);
const GroupDetailPage = lazyRouteComponent(
  () => import('../ride/group-detail-page.tsx'),
  'GroupDetailPage',
);
const TripDetailPage = lazyRouteComponent(
  () => import('../ride/trip-detail-page.tsx'),
  'TripDetailPage',
);
const NavigatePage = lazyRouteComponent(() => import('../ride/navigate-page.tsx'), 'NavigatePage');
// Explore: the offline trip planner.
const TripPlannerPage = lazyRouteComponent(
  () => import('../explore/trip-planner-page.tsx'),
  'TripPlannerPage',
);

const recordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/record',
  staticData: { featureKey: 'record' },
  component: RecordPage,
});

/** A group ride's page (/group/{id}), the link riders share (directory entry group-ride). */
const groupDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/group/$id',
  staticData: { featureKey: 'group-ride' },
  component: GroupDetailPage,
});

/** A recorded or imported trip (the route table has no trip page; this one belongs to /record). */
const tripDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/trips/$tripId',
  staticData: { featureKey: 'record' },
  component: TripDetailPage,
});

const realTrailRidingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/real-trail-riding',
  staticData: { featureKey: 'real-trail-riding' },
  component: rendersLazyPage(function RealTrailRidingRoute() {
    return <RealTrailRidingPage path="/real-trail-riding" />;
  }, RealTrailRidingPage),
});

const gpsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/gps',
  staticData: { featureKey: 'real-trail-riding' },
  component: rendersLazyPage(function GpsRoute() {
    return <RealTrailRidingPage path="/gps" />;
  }, RealTrailRidingPage),
});

/** The Safety Center paints at once; its contact and settings forms wait for the device's data. */
const safetyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/safety',
  staticData: { featureKey: 'safety', rendersBeforeDatabase: true },
  component: SafetyPage,
});

const navigateTrailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/navigate/$trailId',
  staticData: { featureKey: 'navigate' },
  component: NavigatePage,
});

const importLearnPages = () => import('../learn/skills-page.tsx');
const SkillsPage = lazyRouteComponent(importLearnPages, 'SkillsPage');
const GamePage = lazyRouteComponent(() => import('../learn/game-page.tsx'), 'GamePage');

/**
 * A skills page: the lesson `featureKey` ('arkansas-skills' or a subpage slug). The lesson paints
 * before the database opens (its progress and quiz follow), so it is pre-rendered whole.
 */
function skillsRoute<TPath extends string>(path: TPath, featureKey: string) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { featureKey, rendersBeforeDatabase: true },
    component: rendersLazyPage(function SkillsRoute() {
      return <SkillsPage lessonId={featureKey} />;
    }, SkillsPage),
  });
}

/** The safety game under one of its two addresses (requirements §voice-2.1). */
function gameRoute<TPath extends string>(path: TPath) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { featureKey: 'game' },
    component: rendersLazyPage(function GameRoute() {
      return <GamePage path={path} />;
    }, GamePage),
  });
}

const skillsRoutes = SKILLS_SUBPAGES.map((subpage) =>
  skillsRoute(`/arkansas-skills/${subpage}`, subpage),
);

// Me: donate, privacy policy and terms; admin-and-test device checks.
const aboutPages = {
  donate: lazyRouteComponent(() => import('../me/donate-page.tsx'), 'DonatePage'),
  privacy: lazyRouteComponent(() => import('../me/privacy-policy-page.tsx'), 'PrivacyPolicyPage'),
  terms: lazyRouteComponent(() => import('../me/terms-of-service-page.tsx'), 'TermsOfServicePage'),
};
const notificationPages = {
  center: lazyRouteComponent(
    () => import('../me/notification-center-page.tsx'),
    'NotificationCenterPage',
  ),
  preferences: lazyRouteComponent(
    () => import('../me/notification-preferences-page.tsx'),
    'NotificationPreferencesPage',
  ),
};
const devicePages = {
  bluetooth: lazyRouteComponent(
    () => import('../admin/bluetooth-test-page.tsx'),
    'BluetoothTestPage',
  ),
  performance: lazyRouteComponent(
    () => import('../admin/mobile-performance-test-page.tsx'),
    'MobilePerformanceTestPage',
  ),
};

// Admin tools: the installation's fleet and its first-party usage counts.
const adminPages = {
  fleet: lazyRouteComponent(() => import('../admin/fleet-page.tsx'), 'FleetPage'),
  analytics: lazyRouteComponent(
    () => import('../admin/analytics-dashboard-page.tsx'),
    'AnalyticsDashboardPage',
  ),
};

const routeTree = rootRoute.addChildren([
  indexRoute,
  aiTrailsRoute,
  navigateRoute,
  trailsRedirectRoute,
  mapTrailRoute,
  savedRoute,
  campgroundsRoute,
  featuresRoute,
  // Explore
  pageRoute('/ai-trip-planner', 'ai-trip-planner', TripPlannerPage),
  pageRoute('/intelligent-advisor', 'intelligent-advisor', IntelligentAdvisorPage),
  mapRoute,
  pageRoute('/submit-trail', 'submit-trail', SubmitTrailPage),
  // Ride
  navigateTrailRoute,
  recordRoute,
  tripDetailRoute,
  realTrailRidingRoute,
  gpsRoute,
  pageRoute('/group-ride', 'group-ride', GroupRidePage),
  groupDetailRoute,
  // Safety
  safetyRoute,
  pageRoute('/emergency', 'emergency', EmergencyPage),
  pageRoute('/emergency-test', 'emergency-test', EmergencyTestPage),
  pageRoute('/water-safety-alerts', 'water-safety-alerts', waterwayPages.alerts),
  pageRoute('/emergency-waterway-contacts', 'emergency-waterway-contacts', waterwayPages.contacts),
  pageRoute('/access-point-map', 'access-point-map', waterwayPages.accessPoints),
  // Learn
  skillsRoute('/arkansas-skills', 'arkansas-skills'),
  ...skillsRoutes,
  pageRoute('/fishing', 'fishing', huntingPages.fishing),
  pageRoute('/riding-techniques', 'riding-techniques', RidingTechniquesPage),
  pageRoute('/blog', 'blog', FounderStoryPage),
  gameRoute('/game'),
  gameRoute('/trail-riding-game'),
  // Hunting
  duckHuntingRoute,
  pageRoute('/duck-hunting-guide', 'duck-hunting-guide', huntingPages.duckGuide),
  pageRoute('/hunting', 'hunting', huntingPages.hunting),
  pageRoute('/scouting-guide', 'scouting-guide', huntingPages.scouting),
  // Garage
  pageRoute('/garage', 'garage', GaragePage),
  equipmentRoute('/equipment-intelligence'),
  equipmentRoute('/equipment'),
  pageRoute('/diagnostic', 'diagnostic', DiagnosticPage),
  pageRoute('/equipment-guide', 'equipment-guide', EquipmentGuidePage),
  pageRoute('/arkansas-repair-shops', 'arkansas-repair-shops', RepairShopsPage),
  // Local
  pageRoute('/local-shopping-network', 'local-shopping-network', LocalShoppingPage),
  pageRoute('/local-services', 'local-services', LocalServicesPage),
  pageRoute('/arkansas-wma-permits', 'arkansas-wma-permits', huntingPages.wmaPermits),
  parkRoute('/jerusalem-area-trails', 'jerusalem-area-trails'),
  parkRoute('/carters-riding-park', 'carters-riding-park'),
  parkRoute('/macks-pines', 'macks-pines'),
  parkRoute('/hot-springs-offroad-park', 'hot-springs-offroad-park'),
  pageRoute('/waterway-conditions', 'waterway-conditions', waterwayPages.conditions),
  // Me
  profileRoute,
  pageRoute('/achievements', 'achievements', AchievementsPage),
  pageRoute('/notification-preferences', 'notification-preferences', notificationPages.preferences),
  pageRoute('/notification-center', 'notification-center', notificationPages.center),
  pageRoute('/donate', 'donate', aboutPages.donate),
  pageRoute('/privacy-policy', 'privacy-policy', aboutPages.privacy),
  pageRoute('/terms-of-service', 'terms-of-service', aboutPages.terms),
  // Admin and test pages
  pageRoute('/fleet', 'fleet', adminPages.fleet),
  pageRoute('/analytics-dashboard', 'analytics-dashboard', adminPages.analytics),
  pageRoute('/admin/trail-review', 'admin-trail-review', TrailReviewPage),
  pageRoute('/admin/seasons', 'admin-seasons', SeasonsPage),
  pageRoute('/bluetooth-test', 'bluetooth-test', devicePages.bluetooth),
  pageRoute('/mobile-performance-test', 'mobile-performance-test', devicePages.performance),
]);

/**
 * Builds the app router. `history` defaults to the browser's; tests pass createMemoryHistory.
 * Unknown paths render the 404 page inside the layout; route errors render the general
 * fallback (requirements §core-2 "Error and loading screens").
 */
export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    defaultErrorComponent: GeneralErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
  });
}

/** The app router's type, registered for typed links, `useSearch` and `getRouteApi`. */
export type AppRouter = ReturnType<typeof createAppRouter>;
