/**
 * The top bar's dropdowns (category groups, Discover, Me), loaded after the first screen has
 * painted (deferred-trigger.tsx) because they carry react-aria's menu code.
 */
import { useSyncExternalStore } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { ChevronDown, Compass, LogOut, User } from 'lucide-react';
import { getFeature } from '../features/directory.ts';
import type { Role } from '../lib/auth/roles.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { NavMenu, FeatureMenuItem } from './nav-menu.tsx';
import { ADMIN_MENU_KEYS, ME_MENU_KEYS, resolveVisible, type NavGroup } from './nav-data.ts';
import { discoverFeatures, getRecentKeysSnapshot, subscribeRecentKeys } from './recent-features.ts';

/** One category dropdown of the top bar, filtered by `role`. */
export function GroupMenu({
  group,
  role,
  currentHref,
  defaultOpen = false,
}: {
  group: NavGroup;
  role: Role;
  currentHref: string;
  defaultOpen?: boolean;
}) {
  return (
    <NavMenu
      label={group.label}
      currentHref={currentHref}
      defaultOpen={defaultOpen}
      sections={[{ id: group.id, items: resolveVisible(group.keys, role) }]}
    />
  );
}

/** Discover: Browse All Features, then up to 5 recent and popular features for `role`. */
export function DiscoverMenu({
  role,
  currentHref,
  defaultOpen = false,
}: {
  role: Role;
  currentHref: string;
  defaultOpen?: boolean;
}) {
  const recentKeys = useSyncExternalStore(subscribeRecentKeys, getRecentKeysSnapshot, () => []);
  const discover = discoverFeatures(recentKeys, role);
  const allFeatures = getFeature('features');
  return (
    <NavMenu
      label="Discover"
      highlightCurrent={false}
      defaultOpen={defaultOpen}
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
export function MeMenu({
  role,
  currentHref,
  defaultOpen = false,
}: {
  role: Role;
  currentHref: string;
  defaultOpen?: boolean;
}) {
  const meItems = resolveVisible(ME_MENU_KEYS, role);
  const adminItems = resolveVisible(ADMIN_MENU_KEYS, role);
  const { logout } = useSession();
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
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
