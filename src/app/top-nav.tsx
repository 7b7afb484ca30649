/**
 * Desktop top navigation, 768 px and wider (voice-navigation §2.3): Home, Maps, the category
 * dropdowns, Discover (Browse All Features plus up to 5 recent and popular features), a search
 * button that opens the palette, the sync status indicator (a link to the sync panel on
 * /profile), and the Me menu (account items and Logout when signed in, Login when signed out).
 * Role-filtered.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import {
  Button,
  Link,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
} from 'react-aria-components';
import { ChevronDown, Compass, LogIn, LogOut, Map as MapIcon, Search, User } from 'lucide-react';
import { getFeature } from '../features/directory.ts';
import type { Role } from '../lib/auth/roles.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { SyncStatusIndicator } from '../sync/sync-status-view.tsx';
import { NavMenu, FeatureMenuItem } from './nav-menu.tsx';
import { ADMIN_MENU_KEYS, ME_MENU_KEYS, resolveVisible, TOP_NAV_GROUPS } from './nav-data.ts';
import { openPalette } from './palette-store.ts';
import { discoverFeatures, getRecentKeysSnapshot, subscribeRecentKeys } from './recent-features.ts';
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

/** Discover: Browse All Features, then up to 5 recent and popular features for `role`. */
function DiscoverMenu({ role, currentHref }: { role: Role; currentHref: string }) {
  const recentKeys = useSyncExternalStore(subscribeRecentKeys, getRecentKeysSnapshot, () => []);
  const discover = discoverFeatures(recentKeys, role);
  const allFeatures = getFeature('features');
  return (
    <NavMenu
      label="Discover"
      highlightCurrent={false}
      icon={<Compass aria-hidden="true" size={18} />}
      currentHref={currentHref}
      extra={
        <FeatureMenuItem
          feature={{ ...allFeatures, label: 'Browse All Features' }}
          currentHref={currentHref}
        />
      }
      sections={[
        {
          id: 'discover',
          title: 'Popular & recent',
          items: discover.map((item) => item.feature),
        },
      ]}
    />
  );
}

/** The signed-in Me menu: account items, admin items for admins, then Logout. */
function MeMenu({ role, currentHref }: { role: Role; currentHref: string }) {
  const meItems = resolveVisible(ME_MENU_KEYS, role);
  const adminItems = resolveVisible(ADMIN_MENU_KEYS, role);
  const { logout } = useSession();
  return (
    <MenuTrigger>
      <Button className="nav-trigger nav-trigger--me">
        <User aria-hidden="true" size={18} />
        <span>Me</span>
        <ChevronDown aria-hidden="true" size={16} className="nav-trigger__chevron" />
      </Button>
      <Popover className="nav-popover" placement="bottom end" offset={6}>
        <Menu className="nav-menu" aria-label="Me">
          {meItems.map((feature) => (
            <FeatureMenuItem key={feature.key} feature={feature} currentHref={currentHref} />
          ))}
          {adminItems.length > 0 ? <Separator className="nav-menu__separator" /> : null}
          {adminItems.map((feature) => (
            <FeatureMenuItem key={feature.key} feature={feature} currentHref={currentHref} />
          ))}
          <Separator className="nav-menu__separator" />
          <MenuItem id="logout" textValue="Logout" className="menu-item" onAction={logout}>
            <LogOut className="menu-item__icon" aria-hidden="true" size={18} />
            <span className="menu-item__label">Logout</span>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
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
        <MeMenu role={role} currentHref={currentHref} />
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
        {TOP_NAV_GROUPS.map((group) => (
          <li key={group.id}>
            <NavMenu
              label={group.label}
              currentHref={currentHref}
              sections={[{ id: group.id, items: resolveVisible(group.keys, role) }]}
            />
          </li>
        ))}
        <li>
          <DiscoverMenu role={role} currentHref={currentHref} />
        </li>
      </ul>
      <TopNavActions role={role} currentHref={currentHref} />
    </nav>
  );
}
