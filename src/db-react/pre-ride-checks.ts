/**
 * React bindings of src/db/pre-ride-checks.ts: the pre-ride safety checklist of /safety: today's
 * ticks, ticking and completing the day's check. The hooks subscribe to the repository's reads
 * through useObservable and call its writes; the storage rules live in the repository module.
 */
import { useCallback, useMemo, useState } from 'react';
import { NEVER } from 'rxjs';
import type { PreRideCheckData } from '../../schemas/records.ts';
import { useOptionalDatabase } from './provider.tsx';
import { useLocalSetting } from './settings.ts';
import { useObservable } from './use-observable.ts';
import {
  preRideChecklistKey,
  type PreRideTicks,
  calendarDate,
  completePreRideCheck,
  observePreRideChecks,
} from '../db/pre-ride-checks.ts';

const noTicks: PreRideTicks = { date: null, ticked: [] };

/** What the checklist shows and does for one rider today. */
export interface PreRideChecklist {
  /** Texts of the items ticked today. */
  ticked: ReadonlySet<string>;
  /** Today's completion, null until every item was ticked today. */
  completedToday: PreRideCheckData | null;
  /** Days with a completed checklist, today included. */
  daysCompleted: number;
  isLoading: boolean;
  /**
   * Ticks or unticks `item`; once every one of `items` is ticked, stores today's completion.
   * Resolves once stored.
   */
  toggle: (item: string, items: readonly string[]) => Promise<void>;
}

/** The /safety checklist of `owner` (a rider id or 'anonymous') for the day the page opened. */
export function usePreRideChecklist(owner: string): PreRideChecklist {
  // Null while a deferred provider opens the database (the page paints before it): loading.
  const db = useOptionalDatabase();
  const [today] = useState(() => calendarDate(Date.now()));
  const { value: stored, isLoading, setValue } = useLocalSetting(preRideChecklistKey, noTicks);
  const checks$ = useMemo(() => (db ? observePreRideChecks(db, owner) : NEVER), [db, owner]);
  const { value: checks, isLoading: checksLoading } = useObservable(checks$);
  const ticked = useMemo(
    () => new Set(stored.date === today ? stored.ticked : []),
    [stored.date, stored.ticked, today],
  );
  const toggle = useCallback(
    async (item: string, items: readonly string[]) => {
      // The update runs on the stored ticks, so quick taps each see the one before.
      let after: readonly string[] = [];
      await setValue((previous) => {
        const next = new Set(previous.date === today ? previous.ticked : []);
        if (next.has(item)) next.delete(item);
        else next.add(item);
        after = [...next];
        return { date: today, ticked: [...next] };
      });
      // The boxes stay disabled until the database is open, so it is open here.
      if (db && items.every((entry) => after.includes(entry))) {
        await completePreRideCheck(db, owner, { date: today, itemCount: items.length });
      }
    },
    [db, owner, setValue, today],
  );
  return {
    ticked,
    completedToday: checks?.find((check) => check.date === today) ?? null,
    daysCompleted: checks?.length ?? 0,
    isLoading: isLoading || checksLoading,
    toggle,
  };
}
