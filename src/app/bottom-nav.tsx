/**
 * Mobile bottom navigation, below 768 px (voice-navigation §2.4): Home, Maps, Trails, Safety,
 * Local, Search (opens the palette), More (theme picker and the four sections), Donate (moves
 * into More under 430 px, where nine items would fall below 44 px) and Login or Profile.
 * Role-filtered like every menu.
 */
import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  Link,
  Menu,
  MenuTrigger,
  Modal,
  ModalOverlay,
  Popover,
} from 'react-aria-components';
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
  X,
} from 'lucide-react';
import { getFeature } from '../features/directory.ts';
import type { Role } from '../lib/auth/roles.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { FeatureMenuItem } from './nav-menu.tsx';
import { MORE_SECTIONS, resolveVisible, TOP_NAV_GROUPS } from './nav-data.ts';
import { openPalette } from './palette-store.ts';
import { ThemePicker } from './theme/theme-picker.tsx';
import { isCurrentEntry } from './use-current-page.ts';

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

/**
 * The More sheet's sections. In glove mode the bar has no room for Local (every item is 60 px
 * wide), so its pages are listed here instead; CSS shows that section only in glove mode.
 */
const moreSheetSections = [
  ...MORE_SECTIONS.map((section) => ({ section, gloveOnly: false })),
  ...TOP_NAV_GROUPS.filter((group) => group.id === 'local').map((section) => ({
    section,
    gloveOnly: true,
  })),
];

function MoreSheet({ role, currentHref }: { role: Role; currentHref: string }) {
  const donate = getFeature('donate');
  return (
    <DialogTrigger>
      <Button className="bar-item">
        <MenuIcon aria-hidden="true" size={22} />
        <span className="bar-item__label">More</span>
      </Button>
      <ModalOverlay className="sheet-overlay" isDismissable>
        <Modal className="sheet">
          <Dialog className="sheet__dialog">
            {({ close }) => (
              <>
                <div className="sheet__header">
                  <Heading slot="title" className="sheet__title">
                    More
                  </Heading>
                  <Button className="button button--ghost" aria-label="Close" onPress={close}>
                    <X aria-hidden="true" size={22} />
                  </Button>
                </div>
                <section className="sheet-section sheet-section--donate">
                  <Link
                    className="button button--primary sheet__donate"
                    href={donate.route}
                    onPress={close}
                  >
                    <HandHeart aria-hidden="true" size={20} /> {donate.label}
                  </Link>
                </section>
                {moreSheetSections.map(({ section, gloveOnly }) => {
                  const items = resolveVisible(section.keys, role);
                  if (items.length === 0) return null;
                  return (
                    <section
                      key={section.id}
                      className={
                        gloveOnly ? 'sheet-section sheet-section--glove-only' : 'sheet-section'
                      }
                      aria-labelledby={`more-${section.id}`}
                    >
                      <h3 id={`more-${section.id}`} className="sheet-section__title">
                        {section.label}
                      </h3>
                      <ul className="sheet-links">
                        {items.map((feature) => {
                          const current = isCurrentEntry(feature, currentHref);
                          return (
                            <li key={feature.key}>
                              {current ? (
                                <span className="sheet-link is-current" aria-current="page">
                                  <FeatureIcon name={feature.icon} />
                                  <span className="sheet-link__label">{feature.label}</span>
                                  <FeatureBadges feature={feature} />
                                </span>
                              ) : (
                                <Link className="sheet-link" href={feature.route} onPress={close}>
                                  <FeatureIcon name={feature.icon} />
                                  <span className="sheet-link__label">{feature.label}</span>
                                  <FeatureBadges feature={feature} />
                                </Link>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </section>
                  );
                })}
                <section className="sheet-section">
                  <ThemePicker />
                </section>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function LocalMenu({ role, currentHref }: { role: Role; currentHref: string }) {
  const group = TOP_NAV_GROUPS.find((item) => item.id === 'local');
  const items = group ? resolveVisible(group.keys, role) : [];
  const active = items.some((feature) => isCurrentEntry(feature, currentHref));
  return (
    <MenuTrigger>
      <Button className={`bar-item bar-item--glove-hidden${active ? ' is-active' : ''}`}>
        <MapPinned aria-hidden="true" size={22} />
        <span className="bar-item__label">Local</span>
      </Button>
      <Popover className="nav-popover" placement="top" offset={8}>
        <Menu className="nav-menu" aria-label="Local Areas">
          {items.map((feature) => (
            <FeatureMenuItem key={feature.key} feature={feature} currentHref={currentHref} />
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
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
      <LocalMenu role={role} currentHref={currentHref} />
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
      <MoreSheet role={role} currentHref={currentHref} />
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
