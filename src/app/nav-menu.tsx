/**
 * One dropdown of the desktop top navigation: a react-aria MenuTrigger whose items link to
 * directory entries with their icons and New/Beta badges. The current page's item is shown
 * highlighted and disabled (requirements §voice-2.3: highlighted and not clickable).
 */
import type { ReactNode } from 'react';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
} from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import type { FeatureEntry } from '../features/directory.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { isCurrentEntry } from './use-current-page.ts';

/** A titled section inside a dropdown. */
export interface NavMenuSection {
  id: string;
  title?: string;
  items: readonly FeatureEntry[];
}

/** A menu item for a directory entry; the current page is disabled and marked. */
export function FeatureMenuItem({
  feature,
  currentHref,
  hint,
}: {
  feature: FeatureEntry;
  currentHref: string;
  hint?: string;
}) {
  const current = isCurrentEntry(feature, currentHref);
  return (
    <MenuItem
      id={feature.key}
      textValue={feature.label}
      className={current ? 'menu-item is-current' : 'menu-item'}
      isDisabled={current}
      {...(current ? {} : { href: feature.route })}
    >
      <FeatureIcon name={feature.icon} className="menu-item__icon" />
      <span className="menu-item__label">{feature.label}</span>
      {hint ? <span className="menu-item__hint">{hint}</span> : null}
      <FeatureBadges feature={feature} />
      {current ? <span className="visually-hidden">(current page)</span> : null}
    </MenuItem>
  );
}

/** A top-navigation dropdown. Highlights its trigger when one of its items is the current page. */
export function NavMenu({
  label,
  icon,
  sections,
  currentHref,
  extra,
  highlightCurrent = true,
  defaultOpen = false,
}: {
  label: string;
  icon?: ReactNode;
  sections: readonly NavMenuSection[];
  currentHref: string;
  /** Items rendered before the sections (e.g. "Browse All Features"). */
  extra?: ReactNode;
  /** Whether the trigger lights up when it lists the current page (off for Discover). */
  highlightCurrent?: boolean;
  /** Open on mount: the rider pressed the trigger while the menu was still loading. */
  defaultOpen?: boolean;
}) {
  const containsCurrent =
    highlightCurrent &&
    sections.some((section) =>
      section.items.some((feature) => isCurrentEntry(feature, currentHref)),
    );
  if (sections.every((section) => section.items.length === 0) && !extra) return null;
  return (
    <MenuTrigger defaultOpen={defaultOpen}>
      <Button className={containsCurrent ? 'nav-trigger is-active' : 'nav-trigger'}>
        {icon}
        <span>{label}</span>
        <ChevronDown aria-hidden="true" size={16} className="nav-trigger__chevron" />
      </Button>
      <Popover className="nav-popover" placement="bottom start" offset={6}>
        <Menu className="nav-menu" aria-label={label}>
          {extra}
          {sections.map((section) =>
            section.items.length === 0 ? null : (
              <MenuSection key={section.id} id={section.id} className="nav-menu__section">
                {section.title ? (
                  <Header className="nav-menu__header">{section.title}</Header>
                ) : null}
                {section.items.map((feature) => (
                  <FeatureMenuItem key={feature.key} feature={feature} currentHref={currentHref} />
                ))}
              </MenuSection>
            ),
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
