/** New and Beta badges of a directory entry (requirements §core-2). */
import { isNew, type FeatureEntry } from '../features/directory.ts';

/**
 * Renders the entry's New badge (while today is before its newUntil date) and Beta badge.
 * `today` defaults to the current date; pass one for stable rendering in tests.
 */
export function FeatureBadges({
  feature,
  today = new Date(),
}: {
  feature: Pick<FeatureEntry, 'newUntil' | 'beta'>;
  today?: Date;
}) {
  const showNew = isNew(feature, today);
  if (!showNew && !feature.beta) return null;
  return (
    <span className="feature-badges">
      {showNew ? <span className="badge badge--new">New</span> : null}
      {feature.beta ? <span className="badge badge--beta">Beta</span> : null}
    </span>
  );
}
