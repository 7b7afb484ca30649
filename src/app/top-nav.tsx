/**
 * Desktop top navigation, 768 px and wider (requirements §voice-2.3): Home, Maps, the category
 * dropdowns, Discover (Browse All Features plus up to 5 recent and popular features), a search
 * button that opens the palette, the sync status indicator (a link to the sync panel on
 * /profile), and the Me menu (account items and Logout when signed in, Login when signed out).
 * Role-filtered.
 */
import { lazy, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import { ChevronDown, Compass, LogIn, Map as MapIcon, Search, User } from 'lucide-react';
import type { Role } from '../lib/auth/roles.ts';
import { SyncStatusIndicator } from '../sync/sync-status-view.tsx';
import { DeferredTrigger } from './deferred-trigger.tsx';
import { resolveVisible, TOP_NAV_GROUPS } from './nav-data.ts';
import { openPalette } from './palette-store.ts';
import { isCurrentEntry } from './use-current-page.ts';

/** A top-level link; the current page renders as highlighted text with aria-current. */
export function NavLink({
  href,
  label,
  icon,
  currentHref,
  className = 'nav-link',
}: {
  href: string;
  label: string;
  icon?: ReactNode;
  currentHref: string;
  className?: string;
}) {
  if (isCurrentEntry({ route: href }, currentHref)) {
    return (
      <span className={`${className} is-current`} aria-current="page">
        {icon}
        <span className="nav-link__label">{label}</span>
      </span>
    );
  }
  return (
    <Link className={className} href={href}>
      {icon}
      <span className="nav-link__label">{label}</span>
    </Link>
  );
}

const GroupMenu = lazy(() =>
  import('./top-nav-menus.tsx').then((module) => ({ default: module.GroupMenu })),
);
const DiscoverMenu = lazy(() =>
  import('./top-nav-menus.tsx').then((module) => ({ default: module.DiscoverMenu })),
);
const MeMenu = lazy(() =>
  import('./top-nav-menus.tsx').then((module) => ({ default: module.MeMenu })),
);

/** A dropdown trigger's look while its menu loads (deferred-trigger.tsx). */
function PlaceholderTrigger({
  label,
  icon,
  className = 'nav-trigger',
  onPress,
}: {
  label: string;
  icon?: ReactNode;
  className?: string;
  onPress: () => void;
}) {
  return (
    <button type="button" className={className} onClick={onPress}>
      {icon}
      <span>{label}</span>
      <ChevronDown aria-hidden="true" size={16} className="nav-trigger__chevron" />
    </button>
  );
}

/** The right-hand side: sync status, the palette's search button, and Me or Login. */
function TopNavActions({ role, currentHref }: { role: Role; currentHref: string }) {
  return (
    <div className="top-nav__actions">
      <SyncStatusIndicator className="sync-indicator--top" />
      <Button className="search-button" onPress={openPalette} aria-label="Search features">
        <Search aria-hidden="true" size={18} />
        <span className="search-button__text">Search</span>
        <kbd className="search-button__kbd" aria-hidden="true">
          Ctrl K
        </kbd>
      </Button>
      {role !== 'guest' ? (
        <DeferredTrigger
          placeholder={(onPress) => (
            <PlaceholderTrigger
              label="Me"
              icon={<User aria-hidden="true" size={18} />}
              className="nav-trigger nav-trigger--me"
              onPress={onPress}
            />
          )}
          menu={(openAtOnce) => (
            <MeMenu role={role} currentHref={currentHref} defaultOpen={openAtOnce} />
          )}
        />
      ) : (
        <NavLink
          href="/profile"
          label="Login"
          icon={<LogIn aria-hidden="true" size={18} />}
          currentHref={currentHref}
          className="nav-link nav-link--login"
        />
      )}
    </div>
  );
}

/** The desktop bar. `role` filters every list; `currentHref` marks the current page. */
export function TopNav({ role, currentHref }: { role: Role; currentHref: string }) {
  return (
    <nav className="top-nav" aria-label="Main">
      <ul className="top-nav__list">
        <li>
          <NavLink href="/" label="Home" currentHref={currentHref} />
        </li>
        <li>
          <NavLink
            href="/map"
            label="Maps"
            icon={<MapIcon aria-hidden="true" size={18} />}
            currentHref={currentHref}
          />
        </li>
        {TOP_NAV_GROUPS.map((group) =>
          resolveVisible(group.keys, role).length === 0 ? null : (
            <li key={group.id}>
              <DeferredTrigger
                placeholder={(onPress) => (
                  <PlaceholderTrigger label={group.label} onPress={onPress} />
                )}
                menu={(openAtOnce) => (
                  <GroupMenu
                    group={group}
                    role={role}
                    currentHref={currentHref}
                    defaultOpen={openAtOnce}
                  />
                )}
              />
            </li>
          ),
        )}
        <li>
          <DeferredTrigger
            placeholder={(onPress) => (
              <PlaceholderTrigger
                label="Discover"
                icon={<Compass aria-hidden="true" size={18} />}
                onPress={onPress}
              />
            )}
            menu={(openAtOnce) => (
              <DiscoverMenu role={role} currentHref={currentHref} defaultOpen={openAtOnce} />
            )}
          />
        </li>
      </ul>
      <TopNavActions role={role} currentHref={currentHref} />
    </nav>
  );
}
