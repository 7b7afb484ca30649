/**
 * Renders the toast store (src/lib/toast.ts) as the spec's notifications (requirements §core-2,
 * §core-9): one at a time, variants default and destructive, 5000 ms on screen, a dismiss button,
 * and a live region so screen readers announce each toast.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from 'react-aria-components';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  dismissToast,
  getToasts,
  subscribeToToasts,
  TOAST_DURATION_MS,
  type ToastItem,
} from '../lib/toast.ts';

function ToastView({ toast }: { toast: ToastItem }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id]);
  const Icon = toast.variant === 'destructive' ? CircleAlert : CircleCheck;
  return (
    <div className={`toast toast--${toast.variant}`}>
      <Icon className="toast__icon" aria-hidden="true" size={22} />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
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
