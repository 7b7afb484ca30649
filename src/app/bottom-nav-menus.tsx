/**
 * The bottom bar's More sheet and Local menu, loaded after the first screen has painted
 * (deferred-trigger.tsx) because they carry react-aria's overlay and menu code.
 */
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
import { HandHeart, MapPinned, Menu as MenuIcon, X } from 'lucide-react';
import { getFeature } from '../features/directory.ts';
import type { Role } from '../lib/auth/roles.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { FeatureMenuItem } from './nav-menu.tsx';
import { MORE_SECTIONS, resolveVisible, TOP_NAV_GROUPS, type NavGroup } from './nav-data.ts';
import { ThemePicker } from './theme/theme-picker.tsx';
import { isCurrentEntry } from './use-current-page.ts';

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

/** One titled section of the More sheet; the current page is marked and not a link. */
function MoreSheetSection({
  section,
  gloveOnly,
  role,
  currentHref,
  onNavigate,
}: {
  section: NavGroup;
  gloveOnly: boolean;
  role: Role;
  currentHref: string;
  onNavigate: () => void;
}) {
  const items = resolveVisible(section.keys, role);
  if (items.length === 0) return null;
  return (
    <section
      className={gloveOnly ? 'sheet-section sheet-section--glove-only' : 'sheet-section'}
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
                <Link className="sheet-link" href={feature.route} onPress={onNavigate}>
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
}

/** The More sheet: Donate, the four sections, Local in glove mode, and the theme picker. */
export function MoreSheet({
  role,
  currentHref,
  defaultOpen = false,
}: {
  role: Role;
  currentHref: string;
  defaultOpen?: boolean;
}) {
  const donate = getFeature('donate');
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
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
                {moreSheetSections.map(({ section, gloveOnly }) => (
                  <MoreSheetSection
                    key={section.id}
                    section={section}
                    gloveOnly={gloveOnly}
                    role={role}
                    currentHref={currentHref}
                    onNavigate={close}
                  />
                ))}
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

/** The Local Areas menu of the bar (hidden in glove mode, where More lists them). */
export function LocalMenu({
  role,
  currentHref,
  defaultOpen = false,
}: {
  role: Role;
  currentHref: string;
  defaultOpen?: boolean;
}) {
  const group = TOP_NAV_GROUPS.find((item) => item.id === 'local');
  const items = group ? resolveVisible(group.keys, role) : [];
  const active = items.some((feature) => isCurrentEntry(feature, currentHref));
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
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
