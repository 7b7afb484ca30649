/**
 * The save toggle shown on trail cards, the trail page and the saved list. Saving confirms with
 * the trail's offline map: on the device, or offered as one tap (trail-map-offer.ts).
 */
import { useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import { toggleSavedTrail } from '../db/saved-trails.ts';
import { showToast } from '../lib/toast.ts';
import { confirmSavedTrail } from './trail-map-offer.ts';

/** Props: the trail, and whether it is saved now (from `useSavedTrailIds()`). */
export interface SaveTrailButtonProps {
  trailId: string;
  trailName: string;
  isSaved: boolean;
  /** Icon-only on small cards; the accessible name still says what it does. */
  compact?: boolean;
}

/**
 * A toggle that saves or unsaves a trail on this device through `toggleSavedTrail` (src/db),
 * confirming with a toast; a save's toast says whether the trail's map works offline and offers
 * its region when not (`confirmSavedTrail`). The pressed state follows the database, so every
 * copy of the button on screen agrees; it is disabled while the write is in flight.
 */
export function SaveTrailButton({
  trailId,
  trailName,
  isSaved,
  compact = false,
}: SaveTrailButtonProps) {
  const db = useDatabase();
  const [isPending, setIsPending] = useState(false);

  const toggle = async () => {
    setIsPending(true);
    try {
      const nowSaved = await toggleSavedTrail(db, trailId);
      if (nowSaved) {
        // Not awaited: with no catalog yet it may wait for the network, and the button is free.
        void confirmSavedTrail(db, trailId, trailName, navigator.onLine);
      } else {
        showToast({ title: 'Removed from saved trails', description: trailName });
      }
    } catch (error) {
      showToast({
        title: isSaved ? 'Could not remove trail' : 'Could not save trail',
        description:
          error instanceof Error ? error.message : 'The device storage did not accept the change.',
        variant: 'destructive',
      });
    } finally {
      setIsPending(false);
    }
  };

  const label = isSaved ? `Saved: ${trailName}` : `Save ${trailName}`;
  return (
    <ToggleButton
      className={`button save-toggle${compact ? ' save-toggle--compact' : ''}`}
      isSelected={isSaved}
      isDisabled={isPending}
      onChange={() => void toggle()}
      aria-label={compact ? label : undefined}
    >
      {isSaved ? (
        <BookmarkCheck size={20} aria-hidden="true" />
      ) : (
        <Bookmark size={20} aria-hidden="true" />
      )}
      {compact ? null : <span>{isSaved ? 'Saved' : 'Save trail'}</span>}
    </ToggleButton>
  );
}
