/**
 * Logs an error the general error screen caught for this installation's operator: one
 * `app-error` count (route pattern and error type, no message) in the device's usage queue,
 * which goes to the server's first-party analytics with the page views once online and shows
 * on the admin analytics dashboard. Loaded only when an error screen appears, so the first
 * screen's JavaScript does not carry it.
 */
import { getAppDatabase } from '../db/database.ts';
import { recordUsage } from '../db/usage-queue.ts';
import { appErrorEntry, usageCountingAllowed } from '../lib/analytics/usage-queue.ts';

/**
 * What the error screen says after "An unexpected error occurred.": the spec's sentence once the
 * count is queued, otherwise why it was not.
 */
export const errorReportSentences = {
  logged: 'This has been logged for investigation.',
  notTracked: 'It was not reported: this browser asks sites not to track it.',
  failed: 'It could not be logged on this device.',
} as const;

type ErrorReportSentence = (typeof errorReportSentences)[keyof typeof errorReportSentences];

/** Errors already counted: a screen rendered twice (React's strict mode) counts once. */
const reported = new WeakMap<object, Promise<ErrorReportSentence>>();

/**
 * Queues the count of `error` caught on the route `routeId` (null outside the router), unless
 * the browser sends Do Not Track or Global Privacy Control. Resolves with what the screen says
 * about it (`errorReportSentences`); never rejects.
 */
export function reportAppError(
  error: unknown,
  routeId: string | null,
): Promise<ErrorReportSentence> {
  const key = typeof error === 'object' && error !== null ? error : null;
  const earlier = key ? reported.get(key) : undefined;
  if (earlier) return earlier;
  const report = (async (): Promise<ErrorReportSentence> => {
    if (!usageCountingAllowed(globalThis.navigator)) return errorReportSentences.notTracked;
    try {
      await recordUsage(await getAppDatabase(), appErrorEntry(error, routeId, Date.now()));
      return errorReportSentences.logged;
    } catch (storeError) {
      console.warn('The error could not be logged on this device:', storeError);
      return errorReportSentences.failed;
    }
  })();
  if (key) reported.set(key, report);
  return report;
}
