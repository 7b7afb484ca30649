/**
 * Renders the toast store (src/lib/toast.ts) as the spec's notifications (requirements §core-2,
 * §core-9): one at a time, variants default and destructive, 5000 ms on screen, a dismiss button,
 * and a live region so screen readers announce each toast. A toast may carry one action button
 * and a progress bar; those stay until dismissed or replaced (src/lib/toast.ts `ToastInput`).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Button, ProgressBar } from 'react-aria-components';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  dismissToast,
  getToasts,
  isTimedToast,
  subscribeToToasts,
  TOAST_DURATION_MS,
  type ToastItem,
  type ToastProgress,
} from '../lib/toast.ts';

/** The toast's progress as a labelled bar with its words ("120 KB of 261 KB") beside it. */
function ToastProgressBar({ progress, title }: { progress: ToastProgress; title: string }) {
  return (
    <ProgressBar
      className="toast__progress"
      value={progress.value}
      maxValue={Math.max(progress.max, 1)}
      valueLabel={progress.label}
      aria-label={title}
    >
      {({ percentage }) => (
        <>
          <div className="toast__progress-track">
            <div className="toast__progress-fill" style={{ width: `${percentage ?? 0}%` }} />
          </div>
          <span className="toast__progress-text">{progress.label}</span>
        </>
      )}
    </ProgressBar>
  );
}

function ToastView({ toast }: { toast: ToastItem }) {
  const timed = isTimedToast(toast);
  useEffect(() => {
    if (!timed) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, timed]);
  const Icon = toast.variant === 'destructive' ? CircleAlert : CircleCheck;
  return (
    <div className={`toast toast--${toast.variant}`}>
      <Icon className="toast__icon" aria-hidden="true" size={22} />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
        {toast.progress ? <ToastProgressBar progress={toast.progress} title={toast.title} /> : null}
        {toast.action ? (
          <Button className="button button--primary toast__action" onPress={toast.action.onPress}>
            {toast.action.label}
          </Button>
        ) : null}
      </div>
      <Button
        className="toast__dismiss button button--ghost"
        aria-label="Dismiss notification"
        onPress={() => dismissToast(toast.id)}
      >
        <X aria-hidden="true" size={20} />
      </Button>
    </div>
  );
}

/** The toast viewport; mount once in the layout. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  const destructive = toasts.some((toast) => toast.variant === 'destructive');
  return (
    <section
      className="toaster"
      aria-label="Notifications"
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="false"
    >
      {toasts.map((toast) => (
        <ToastView key={toast.id} toast={toast} />
      ))}
    </section>
  );
}
