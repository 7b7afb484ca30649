/**
 * Mobile bottom navigation, below 768 px (requirements §voice-2.4): Home, Maps, Trails, Safety,
 * Local, Search (opens the palette), More (theme picker and the four sections), Donate (moves
 * into More under 430 px, where nine items would fall below 44 px) and Login or Profile.
 * Role-filtered like every menu.
 */
import { lazy, type ReactNode } from 'react';
import { Button, Link } from 'react-aria-components';
import {
  CircleUser,
  HandHeart,
  House,
  LifeBuoy,
  LogIn,
  Map as MapIcon,
  MapPinned,
  Menu as MenuIcon,
  Search,
  Sparkles,
} from 'lucide-react';
import type { Role } from '../lib/auth/roles.ts';
import { DeferredTrigger } from './deferred-trigger.tsx';
import { openPalette } from './palette-store.ts';
import { isCurrentEntry } from './use-current-page.ts';

/** One bar entry; the current page renders as highlighted text with aria-current. */
function BarLink({
  href,
  label,
  icon,
  currentHref,
  className = '',
}: {
  href: string;
  label: string;
  icon: ReactNode;
  currentHref: string;
  className?: string;
}) {
  if (isCurrentEntry({ route: href }, currentHref)) {
    return (
      <span className={`bar-item is-current ${className}`} aria-current="page">
        {icon}
        <span className="bar-item__label">{label}</span>
      </span>
    );
  }
  return (
    <Link className={`bar-item ${className}`} href={href}>
      {icon}
      <span className="bar-item__label">{label}</span>
    </Link>
  );
}

const MoreSheet = lazy(() =>
  import('./bottom-nav-menus.tsx').then((module) => ({ default: module.MoreSheet })),
);
const LocalMenu = lazy(() =>
  import('./bottom-nav-menus.tsx').then((module) => ({ default: module.LocalMenu })),
);

/** A bar button that looks like its menu's trigger while the menu loads (deferred-trigger.tsx). */
function PlaceholderBarButton({
  label,
  icon,
  className,
  onPress,
}: {
  label: string;
  icon: ReactNode;
  className: string;
  onPress: () => void;
}) {
  return (
    <button type="button" className={className} onClick={onPress}>
      {icon}
      <span className="bar-item__label">{label}</span>
    </button>
  );
}

/** The Local menu, loaded after the first screen. */
function DeferredLocalMenu({ role, currentHref }: { role: Role; currentHref: string }) {
  return (
    <DeferredTrigger
      placeholder={(onPress) => (
        <PlaceholderBarButton
          label="Local"
          icon={<MapPinned aria-hidden="true" size={22} />}
          className="bar-item bar-item--glove-hidden"
          onPress={onPress}
        />
      )}
      menu={(openAtOnce) => (
        <LocalMenu role={role} currentHref={currentHref} defaultOpen={openAtOnce} />
      )}
    />
  );
}

/** The More sheet, loaded after the first screen. */
function DeferredMoreSheet({ role, currentHref }: { role: Role; currentHref: string }) {
  return (
    <DeferredTrigger
      placeholder={(onPress) => (
        <PlaceholderBarButton
          label="More"
          icon={<MenuIcon aria-hidden="true" size={22} />}
          className="bar-item"
          onPress={onPress}
        />
      )}
      menu={(openAtOnce) => (
        <MoreSheet role={role} currentHref={currentHref} defaultOpen={openAtOnce} />
      )}
    />
  );
}

/** The mobile bar. */
export function BottomNav({ role, currentHref }: { role: Role; currentHref: string }) {
  const signedIn = role !== 'guest';
  return (
    <nav className="bottom-nav" aria-label="Main">
      <BarLink
        href="/"
        label="Home"
        icon={<House aria-hidden="true" size={22} />}
        currentHref={currentHref}
      />
      <BarLink
        href="/map"
        label="Maps"
        icon={<MapIcon aria-hidden="true" size={22} />}
        currentHref={currentHref}
      />
      <BarLink
        href="/ai-trails"
        label="Trails"
        icon={<Sparkles aria-hidden="true" size={22} />}
        currentHref={currentHref}
      />
      <BarLink
        href="/safety"
        label="Safety"
        icon={<LifeBuoy aria-hidden="true" size={22} />}
        currentHref={currentHref}
      />
      <DeferredLocalMenu role={role} currentHref={currentHref} />
      <Button
        className="bar-item bar-item--glove-hidden"
        onPress={openPalette}
        aria-label="Search trails and features"
      >
        <Search aria-hidden="true" size={22} />
        <span className="bar-item__label" aria-hidden="true">
          Search
        </span>
      </Button>
      <DeferredMoreSheet role={role} currentHref={currentHref} />
      <BarLink
        href="/donate"
        label="Donate"
        icon={<HandHeart aria-hidden="true" size={22} />}
        currentHref={currentHref}
        className="bar-item--donate bar-item--glove-hidden"
      />
      <BarLink
        href="/profile"
        label={signedIn ? 'Profile' : 'Login'}
        icon={
          signedIn ? (
            <CircleUser aria-hidden="true" size={22} />
          ) : (
            <LogIn aria-hidden="true" size={22} />
          )
        }
        currentHref={currentHref}
      />
    </nav>
  );
}
