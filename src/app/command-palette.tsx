/**
 * The command palette (requirements §core-2 "Command palette"): cmdk inside a react-aria modal
 * dialog. Ctrl/Cmd+K toggles it, Escape or a click outside closes it, the search buttons open
 * it. Matching, role filtering, grouping and the empty messages of the pages come from
 * src/features/palette-search.ts (cmdk's own filter is off so the spec's rules apply exactly).
 * After the pages come Trails, WMAs and Campgrounds found in the catalogues on this device
 * (src/explore/place-search.ts), so "Wolf Pen" or "atv near Mena" opens a trail, offline too.
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Command } from 'cmdk';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Route, Search, Tent, Trees } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { DESCRIBED_FEATURES, type DescribedFeature } from '../features/directory-text.ts';
import { searchPalette, type PaletteResult } from '../features/palette-search.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { useCampgrounds, useTrails, useWmas } from '../db-react/hooks.ts';
import {
  buildPlaceIndex,
  searchPlaces,
  type PlaceGroup,
  type PlaceHit,
  type PlaceKind,
} from '../explore/place-search.ts';
import { isPaletteOpen, setPaletteOpen, subscribePalette } from './palette-store.ts';
import { useCurrentRole } from './session/role-context.tsx';

/** Search box placeholder (requirements §core-2). */
export const PALETTE_PLACEHOLDER = 'Search features... (Cmd+K)';

const placeIcons = { trail: Route, wma: Trees, campground: Tent } as const satisfies Record<
  PlaceKind,
  unknown
>;

/** Trails, WMAs and campgrounds on this device matching `query`, grouped by kind. */
function usePlaceGroups(query: string) {
  const { trails } = useTrails();
  const { wmas } = useWmas();
  const { campgrounds } = useCampgrounds();
  const placeIndex = useMemo(
    () => buildPlaceIndex(trails, wmas, campgrounds),
    [trails, wmas, campgrounds],
  );
  return useMemo(() => searchPlaces(placeIndex, query), [placeIndex, query]);
}

/** The role-filtered pages matching the query, one cmdk group per category. */
function FeatureGroups({
  groups,
  choose,
}: {
  groups: PaletteResult<DescribedFeature>['groups'];
  choose: (feature: DescribedFeature) => void;
}) {
  return groups.map((group) => (
    <Command.Group key={group.category} heading={group.category} className="palette__group">
      {group.items.map((feature) => (
        <Command.Item
          key={feature.key}
          value={feature.key}
          onSelect={() => choose(feature)}
          className="palette__item"
        >
          <FeatureIcon name={feature.icon} className="palette__item-icon" />
          <span className="palette__item-text">
            <span className="palette__item-label">
              {feature.label} <FeatureBadges feature={feature} />
            </span>
            <span className="palette__item-description">{feature.description}</span>
          </span>
        </Command.Item>
      ))}
    </Command.Group>
  ));
}

/**
 * The place groups; the trail group ends with a way into the trail finder (/ai-trails) with
 * the same query, for when the palette shows only the first few of `total` trails.
 */
function PlaceGroups({
  groups,
  query,
  openHref,
}: {
  groups: PlaceGroup[];
  query: string;
  openHref: (href: string) => void;
}) {
  const finderHref = `/ai-trails?${new URLSearchParams({ q: query.trim() }).toString()}`;
  return groups.map((group) => (
    <Command.Group key={group.kind} heading={group.label} className="palette__group">
      {group.items.map((place) => (
        <PlaceItem key={place.href} place={place} onSelect={() => openHref(place.href)} />
      ))}
      {group.kind === 'trail' ? (
        <Command.Item
          value={`finder:${query}`}
          onSelect={() => openHref(finderHref)}
          className="palette__item"
        >
          <Search aria-hidden="true" size={20} className="palette__item-icon" />
          <span className="palette__item-text">
            <span className="palette__item-label">
              {group.total > group.items.length
                ? `See all ${group.total.toString()} trails in the trail finder`
                : 'Open these trails in the trail finder'}
            </span>
            <span className="palette__item-description">
              Filters, distances and the full list, offline too
            </span>
          </span>
        </Command.Item>
      ) : null}
    </Command.Group>
  ));
}

/** Mount once in the layout; renders nothing until opened. */
export function CommandPalette() {
  const open = useSyncExternalStore(subscribePalette, isPaletteOpen, isPaletteOpen);
  const role = useCurrentRole();
  const router = useRouter();
  const [query, setQuery] = useState('');

  const result = useMemo(() => searchPalette(DESCRIBED_FEATURES, query, role), [query, role]);
  const placeGroups = usePlaceGroups(query);
  const emptyMessage = placeGroups.length > 0 ? null : result.emptyMessage;

  const close = (next: boolean) => {
    setPaletteOpen(next);
    if (!next) setQuery('');
  };
  const openHref = (href: string) => {
    close(false);
    void router.navigate({ href });
  };

  return (
    <ModalOverlay isOpen={open} onOpenChange={close} isDismissable className="palette-overlay">
      <Modal className="palette-modal">
        <Dialog className="palette-dialog" aria-label="Search features, trails and places">
          <Command label="Search features" shouldFilter={false} loop className="palette">
            <div className="palette__search">
              <Search aria-hidden="true" size={20} className="palette__search-icon" />
              <Command.Input
                className="palette__input"
                value={query}
                onValueChange={setQuery}
                placeholder={PALETTE_PLACEHOLDER}
                autoFocus
              />
              <kbd className="palette__kbd" aria-hidden="true">
                Esc
              </kbd>
            </div>
            <Command.List className="palette__list" label="Features">
              {emptyMessage ? (
                <p className="palette__empty" role="status">
                  {emptyMessage}
                </p>
              ) : null}
              <FeatureGroups groups={result.groups} choose={(feature) => openHref(feature.route)} />
              <PlaceGroups groups={placeGroups} query={query} openHref={openHref} />
            </Command.List>
          </Command>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** One trail, WMA or campground in the palette: its name, then where it is. */
function PlaceItem({ place, onSelect }: { place: PlaceHit; onSelect: () => void }) {
  const Icon = placeIcons[place.kind];
  return (
    <Command.Item value={`${place.kind}:${place.id}`} onSelect={onSelect} className="palette__item">
      <Icon aria-hidden="true" size={20} className="palette__item-icon" />
      <span className="palette__item-text">
        <span className="palette__item-label">{place.name}</span>
        <span className="palette__item-description">{place.detail}</span>
      </span>
    </Command.Item>
  );
}
