/** Loading spinner (requirements §core-2 "Error and loading screens"). */
import './spinner.css';

/**
 * An accessible spinner: a status role with a readable label (default "Loading…"), animated
 * unless the rider prefers reduced motion.
 */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
