/**
 * The routes a newcomer lands on, pre-rendered to HTML at build time (vite.config.ts hands them
 * to scripts/prerender-build.ts; docs/architecture.md#pre-rendered-first-screens). Pages that
 * wait for the device database pre-render as the shell with the boot screen, as their first
 * render in the browser shows them; the home page (with the build's catalogue figures), the trail
 * finder (its results once the device's catalogue answers), the Safety Center (its forms once the
 * device's settings are read) and the skills lessons render before the database.
 */
import { SKILLS_SUBPAGES } from '../../features/directory.ts';

/** A route to pre-render. */
export interface PrerenderedRoute {
  /** The route's path; a parameter segment is written `$name` (`/map/$trailId`). */
  path: string;
  /** The concrete path rendered for a route with a parameter (`/map/mill-creek-ohv-trail`). */
  renderAt?: string;
  /**
   * Source modules (from the project root) of what the route's first render shows beyond the
   * shell, whose stylesheets go inline: the page itself when it renders before the database.
   */
  pageModules?: string[];
}

/** Every pre-rendered route. */
export const prerenderedRoutes: readonly PrerenderedRoute[] = [
  { path: '/', pageModules: ['src/explore/home-page.tsx'] },
  { path: '/ai-trails', pageModules: ['src/explore/ai-trails-page.tsx'] },
  { path: '/map' },
  // Every trail's page shares one shell (the boot screen until the database opens).
  { path: '/map/$trailId', renderAt: '/map/mill-creek-ohv-trail' },
  { path: '/safety', pageModules: ['src/safety/safety-page.tsx'] },
  // The learn pages; the lessons render before the database.
  { path: '/arkansas-skills', pageModules: ['src/learn/skills-page.tsx'] },
  ...SKILLS_SUBPAGES.map((subpage) => ({
    path: `/arkansas-skills/${subpage}`,
    pageModules: ['src/learn/skills-page.tsx'],
  })),
  { path: '/riding-techniques' },
  { path: '/game' },
  { path: '/trail-riding-game' },
];
