/**
 * The command palette (core-platform §2 "Command palette"): cmdk inside a react-aria modal
 * dialog. Ctrl/Cmd+K toggles it, Escape or a click outside closes it, the search buttons open
 * it. Matching, role filtering, grouping and the empty messages come from
 * src/features/palette-search.ts (cmdk's own filter is off so the spec's rules apply exactly).
 */
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Command } from 'cmdk';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Search } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { FEATURES, type FeatureEntry } from '../features/directory.ts';
import { searchPalette } from '../features/palette-search.ts';
import { FeatureBadges } from '../ui/feature-badges.tsx';
import { FeatureIcon } from '../ui/feature-icon.tsx';
import { isPaletteOpen, setPaletteOpen, subscribePalette } from './palette-store.ts';
import { useCurrentRole } from './session/role-context.tsx';

/** Search box placeholder (core-platform §2). */
export const PALETTE_PLACEHOLDER = 'Search features... (Cmd+K)';

/** Mount once in the layout; renders nothing until opened. */
export function CommandPalette() {
  const open = useSyncExternalStore(subscribePalette, isPaletteOpen, isPaletteOpen);
  const role = useCurrentRole();
  const router = useRouter();
  const [query, setQuery] = useState('');

  const result = useMemo(() => searchPalette(FEATURES, query, role), [query, role]);

  const close = (next: boolean) => {
    setPaletteOpen(next);
    if (!next) setQuery('');
  };

  const choose = (feature: FeatureEntry) => {
    close(false);
    void router.navigate({ href: feature.route });
  };

  return (
    <ModalOverlay isOpen={open} onOpenChange={close} isDismissable className="palette-overlay">
      <Modal className="palette-modal">
        <Dialog className="palette-dialog" aria-label="Search features">
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
              {result.emptyMessage ? (
                <p className="palette__empty" role="status">
                  {result.emptyMessage}
                </p>
              ) : null}
              {result.groups.map((group) => (
                <Command.Group
                  key={group.category}
                  heading={group.category}
                  className="palette__group"
                >
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
              ))}
            </Command.List>
          </Command>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
