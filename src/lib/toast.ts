/**
 * Toast notifications (requirements §core-2 "Error and loading screens", §core-9 "Toasts"): a tiny
 * external store so any layer (areas, session, sync) can raise a toast without React context.
 * The shell's Toaster subscribes and shows one toast at a time; newer toasts replace the
 * visible one, as the spec allows only one on screen.
 */

/** Visual variant: `destructive` is used for failures (red), `default` for everything else. */
export type ToastVariant = 'default' | 'destructive';

/** A toast as raised by callers. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** A toast held by the store, with a unique id so the Toaster can time and dismiss it. */
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Epoch ms when it was raised. */
  createdAt: number;
}

/** Time a toast stays visible, in ms (requirements §core-9: library default duration 5000 ms). */
export const TOAST_DURATION_MS = 5000;

/** Maximum number of toasts shown at once (requirements §core-9: 1 at a time). */
export const TOAST_LIMIT = 1;

type Listener = () => void;

let nextId = 1;
let toasts: readonly ToastItem[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Shows a toast. Replaces the currently visible toast (only {@link TOAST_LIMIT} is kept).
 * Safe to call outside React and before the Toaster mounts (the latest toast waits for it).
 */
export function showToast(toast: ToastInput): void {
  const item: ToastItem = {
    id: nextId++,
    title: toast.title,
    variant: toast.variant ?? 'default',
    createdAt: Date.now(),
    ...(toast.description === undefined ? {} : { description: toast.description }),
  };
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
}

/** Removes the toast with this id (no-op when it is already gone). */
export function dismissToast(id: number): void {
  const next = toasts.filter((toast) => toast.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

/** Current toasts, newest first; a stable reference between changes (for useSyncExternalStore). */
export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** Subscribes to toast changes; returns the unsubscribe function (useSyncExternalStore contract). */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Screens that cover the toast region right now (see {@link holdWaitingToasts}). */
let holds = 0;

/**
 * Keeps announcements raised by {@link showToastWhenIdle} waiting until the returned release is
 * called: for a modal that would cover them (the first visit's welcome dialog), so a rider
 * sees them once it closes instead of not at all. Releasing twice is harmless.
 */
export function holdWaitingToasts(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    emit();
  };
}

/**
 * Shows `toast` once no other toast is on screen and nothing holds waiting toasts back: for
 * announcements that can wait (offline readiness), so they never replace a toast the rider is
 * reading ("Welcome back, …!") nor show under a modal. With one toast at a time, a newer toast
 * would otherwise hide the visible one at once.
 */
export function showToastWhenIdle(toast: ToastInput): void {
  const idle = () => toasts.length === 0 && holds === 0;
  if (idle()) {
    showToast(toast);
    return;
  }
  const unsubscribe = subscribeToToasts(() => {
    if (!idle()) return;
    unsubscribe();
    showToast(toast);
  });
}
