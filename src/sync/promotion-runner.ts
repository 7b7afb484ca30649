/**
 * Runs the temp- id promotion (temp-id-promotion.ts) for the sync engine: one run at a time,
 * a request during a run schedules exactly one more run after it, and a failed run is retried
 * after the shared backoff delay (requirements §core-9).
 */
import type { PromotableCollection } from '../../schemas/sync-protocol.ts';
import type { AppDatabase } from '../db/database.ts';
import type { SyncReporter } from './sync-reporting.ts';
import type { SyncTransport } from './sync-transport.ts';
import { promoteTempDocuments } from './temp-id-promotion.ts';

export interface PromotionRunner {
  /** Starts a run (or queues one behind the running one); resolves when that run ends. */
  run(): Promise<void>;
  /**
   * Runs until a run ends without error (each retry after the shared backoff delay), so every
   * ready temp- document is promoted; resolves early once stopped. Never rejects.
   */
  runUntilPromoted(): Promise<void>;
  /** True while a run is promoting. */
  readonly active: boolean;
  /** Aborts the running run, cancels the retry; resolves once nothing runs. */
  stop(): Promise<void>;
}

/**
 * A runner promoting `db`'s temp- documents of `collections` (in promotion order) through
 * `transport`; `onActivity` hears start and end.
 */
export function createPromotionRunner(
  db: AppDatabase,
  transport: SyncTransport,
  reporter: SyncReporter,
  onActivity: () => void,
  collections: readonly PromotableCollection[],
): PromotionRunner {
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let active = false;
  let stopped = false;
  let lastRunFailed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const controller = new AbortController();

  const runner: PromotionRunner = {
    get active() {
      return active;
    },
    run() {
      if (queued) return chain;
      queued = true;
      chain = chain.then(async () => {
        queued = false;
        if (stopped) return;
        active = true;
        onActivity();
        try {
          await reporter.reported({ rider: true }, () =>
            promoteTempDocuments(db, transport, controller.signal, collections),
          );
          lastRunFailed = false;
        } catch {
          lastRunFailed = true;
          if (!stopped) {
            clearTimeout(retry);
            retry = setTimeout(() => void runner.run(), reporter.retryDelay());
          }
        } finally {
          active = false;
          onActivity();
        }
      });
      return chain;
    },
    async runUntilPromoted() {
      await runner.run();
      while (lastRunFailed && !stopped) {
        await new Promise((resolve) => setTimeout(resolve, reporter.retryDelay()));
        await runner.run();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      controller.abort();
      await chain.catch(() => undefined);
    },
  };
  return runner;
}
