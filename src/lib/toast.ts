/**
 * Toast notifications (requirements §core-2 "Error and loading screens", §core-9 "Toasts"): a tiny
 * external store so any layer (areas, session, sync) can raise a toast without React context.
 * The shell's Toaster subscribes and shows one toast at a time; newer toasts replace the
 * visible one, as the spec allows only one on screen.
 */

/** Visual variant: `destructive` is used for failures (red), `default` for everything else. */
export type ToastVariant = 'default' | 'destructive';

/** A button inside a toast: one tap that does what the toast offers (a map download, say). */
export interface ToastAction {
  label: string;
  onPress: () => void;
}

/** Progress of what a toast reports, as a labelled bar: `value` of `max`, `label` in words. */
export interface ToastProgress {
  value: number;
  max: number;
  label: string;
}

/**
 * A toast as raised by callers. A toast with an `action` or `progress` stays until the rider
 * dismisses it or a newer toast replaces it: a rider in gloves needs time to reach the button,
 * and a download's progress is worth watching to the end (WCAG 2.2.1, timing adjustable).
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  progress?: ToastProgress;
}

/** A toast held by the store, with a unique id so the Toaster can time and dismiss it. */
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  action?: ToastAction;
  progress?: ToastProgress;
  /** Epoch ms when it was raised. */
  createdAt: number;
}

/** True when the toast leaves by itself after {@link TOAST_DURATION_MS} (no action, no progress). */
export function isTimedToast(toast: ToastItem): boolean {
  return toast.action === undefined && toast.progress === undefined;
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

/** The stored form of `toast` under `id`, leaving out the optional parts it does not have. */
function toastItem(id: number, toast: ToastInput, createdAt: number): ToastItem {
  return {
    id,
    title: toast.title,
    variant: toast.variant ?? 'default',
    createdAt,
    ...(toast.description === undefined ? {} : { description: toast.description }),
    ...(toast.action === undefined ? {} : { action: toast.action }),
    ...(toast.progress === undefined ? {} : { progress: toast.progress }),
  };
}

/**
 * Shows a toast. Replaces the currently visible toast (only {@link TOAST_LIMIT} is kept).
 * Safe to call outside React and before the Toaster mounts (the latest toast waits for it).
 * Returns the toast's id, for {@link updateToast} and {@link dismissToast}.
 */
export function showToast(toast: ToastInput): number {
  const item = toastItem(nextId++, toast, Date.now());
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return item.id;
}

/**
 * Replaces what the toast `id` says (its whole input: parts left out are removed), keeping it
 * in place, so a download's toast can show its progress and then its outcome. Returns false,
 * changing nothing, when that toast is gone (dismissed or replaced by a newer one).
 */
export function updateToast(id: number, toast: ToastInput): boolean {
  const current = toasts.find((item) => item.id === id);
  if (!current) return false;
  toasts = toasts.map((item) => (item.id === id ? toastItem(id, toast, current.createdAt) : item));
  emit();
  return true;
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
