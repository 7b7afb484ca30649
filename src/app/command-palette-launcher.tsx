/**
 * Owns the palette shortcut (Ctrl or Cmd + K, requirements §core-2) and loads the palette itself
 * (cmdk and its dialog) only when a rider first opens it, keeping it out of the first load.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { WhenDatabaseOpen } from '../db-react/provider.tsx';
import {
  isPaletteOpen,
  isPaletteShortcut,
  setPaletteOpen,
  subscribePalette,
} from './palette-store.ts';

const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then((module) => ({ default: module.CommandPalette })),
);

/** Mount once in the layout; renders nothing until the palette is first opened. */
export function CommandPaletteLauncher() {
  const open = useSyncExternalStore(subscribePalette, isPaletteOpen, isPaletteOpen);
  const [everOpened, setEverOpened] = useState(open);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // Browsers bind Ctrl+K to the address bar search; the palette takes it over in the app.
      event.preventDefault();
      setPaletteOpen(!isPaletteOpen());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (open && !everOpened) setEverOpened(true);
  if (!everOpened) return null;
  // The palette searches the stored catalogues: opened during the boot screen (the shortcut or
  // the Search tab before the database has opened), it appears once the database is open
  // instead of failing the whole page.
  return (
    <WhenDatabaseOpen>
      <Suspense fallback={null}>
        <CommandPalette />
      </Suspense>
    </WhenDatabaseOpen>
  );
}
