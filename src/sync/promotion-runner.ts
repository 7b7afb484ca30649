/**
 * Runs the temp- id promotion (temp-id-promotion.ts) for the sync engine: one run at a time,
 * a request during a run schedules exactly one more run after it, and a failed run is retried
 * after the shared backoff delay (requirements §core-9).
 */
import type { AppDatabase } from '../db/database.ts';
import type { SyncReporter } from './sync-reporting.ts';
import type { SyncTransport } from './sync-transport.ts';
import { promoteTempDocuments } from './temp-id-promotion.ts';

export interface PromotionRunner {
  /** Starts a run (or queues one behind the running one); resolves when that run ends. */
  run(): Promise<void>;
  /** True while a run is promoting. */
  readonly active: boolean;
  /** Aborts the running run, cancels the retry; resolves once nothing runs. */
  stop(): Promise<void>;
}

/** A runner promoting `db`'s temp- documents through `transport`; `onActivity` hears start and end. */
export function createPromotionRunner(
  db: AppDatabase,
  transport: SyncTransport,
  reporter: SyncReporter,
  onActivity: () => void,
): PromotionRunner {
  let chain: Promise<void> = Promise.resolve();
  let queued = false;
  let active = false;
  let stopped = false;
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
            promoteTempDocuments(db, transport, controller.signal),
          );
        } catch {
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
    async stop() {
      stopped = true;
      clearTimeout(retry);
      controller.abort();
      await chain.catch(() => undefined);
    },
  };
  return runner;
}
