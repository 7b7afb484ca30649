/**
 * Open state of the command palette, shared by the keyboard shortcut and every search button
 * (top bar, bottom bar) without threading props through the layout.
 */
type Listener = () => void;

let open = false;
const listeners = new Set<Listener>();

/** Opens or closes the palette. */
export function setPaletteOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the palette (requirements §core-2: a search button also opens it). */
export function openPalette(): void {
  setPaletteOpen(true);
}

/** Whether the palette is open (useSyncExternalStore snapshot). */
export function isPaletteOpen(): boolean {
  return open;
}

/** Subscribes to open-state changes; returns the unsubscribe function. */
export function subscribePalette(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Whether a keydown is the palette shortcut: Ctrl+K or Cmd+K, without Shift or Alt
 * (requirements §core-2 "Command palette").
 */
export function isPaletteShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.ctrlKey || event.metaKey) &&
    !event.shiftKey &&
    !event.altKey
  );
}
