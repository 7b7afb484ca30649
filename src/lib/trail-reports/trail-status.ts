/**
 * A trail's current status from riders' reports (issue "Trail reports from the field", "Seeing
 * reports" and "Keeping it true"), and the words that say it. Pure: the caller hands the
 * trail's reports and the time.
 *
 * A report counts for 14 days after the rider saw the trail; a report an admin hid, or that two
 * riders cleared ("gone now"), never counts. Of the reports that count, the worst status wins:
 * Closed outranks Some issues outranks All clear (a closure is what a rider must not miss); the
 * newest report of that status is the one the words name.
 */
import type { TrailReport, TrailReportStatus } from '../../../schemas/trail-reports.ts';

/** How long a report counts towards a trail's status, ms (14 days). */
export const reportCountsForMs = 14 * 24 * 60 * 60 * 1000;
/** "Gone now" votes that take a report out of the status. */
export const clearsThatRetireAReport = 2;

/** The fields the status reads. */
export type StatusReport = Pick<
  TrailReport,
  'id' | 'status' | 'observedAt' | 'clears' | 'hidden' | 'reporterLabel'
>;

const rank: Record<TrailReportStatus, number> = { 'all-clear': 0, 'some-issues': 1, closed: 2 };

/** True when `report` counts towards its trail's status at `now` (epoch ms). */
export function countsTowardStatus(report: StatusReport, now: number): boolean {
  return (
    !report.hidden &&
    report.clears < clearsThatRetireAReport &&
    report.observedAt <= now + 60_000 &&
    now - report.observedAt <= reportCountsForMs
  );
}

/** A trail's current status: the deciding report, or none. */
export type TrailStatus<Report extends StatusReport = StatusReport> =
  { status: TrailReportStatus; report: Report } | { status: 'no-recent-reports'; report: null };

/**
 * The status of a trail from `reports` (any order) at `now`: the worst status among those that
 * count (`countsTowardStatus`), with its newest report; "no recent reports" when none counts.
 */
export function currentTrailStatus<Report extends StatusReport>(
  reports: readonly Report[],
  now: number,
): TrailStatus<Report> {
  let deciding: Report | null = null;
  for (const report of reports) {
    if (!countsTowardStatus(report, now)) continue;
    if (
      !deciding ||
      rank[report.status] > rank[deciding.status] ||
      (rank[report.status] === rank[deciding.status] && report.observedAt > deciding.observedAt)
    ) {
      deciding = report;
    }
  }
  return deciding
    ? { status: deciding.status, report: deciding }
    : { status: 'no-recent-reports', report: null };
}

/** "All clear", "Some issues", "Closed". */
export function trailReportStatusLabel(status: TrailReportStatus): string {
  return status === 'all-clear' ? 'All clear' : status === 'some-issues' ? 'Some issues' : 'Closed';
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * How long ago `at` was, in a rider's words: "just now", "5 minutes ago", "3 hours ago",
 * "yesterday", "3 days ago".
 */
export function timeAgo(at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(elapsed / dayMs);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/**
 * Who saw it and when, for a report's byline: "rider ab12, 3 days ago". A report not yet on the
 * server has no tag: "you, 5 minutes ago".
 */
export function reportByline(
  report: Pick<TrailReport, 'reporterLabel' | 'observedAt'>,
  now: number,
): string {
  return `${report.reporterLabel || 'you'}, ${timeAgo(report.observedAt, now)}`;
}

/**
 * The status in one line, saying how sure it is: "Closed now (rider report, 2 days ago)",
 * "Some issues (rider report, yesterday)", "All clear (rider report, 3 hours ago)", or
 * "No recent reports".
 */
export function trailStatusSentence(status: TrailStatus, now: number): string {
  if (status.report === null) return 'No recent reports';
  const when = timeAgo(status.report.observedAt, now);
  const words = status.status === 'closed' ? 'Closed now' : trailReportStatusLabel(status.status);
  return `${words} (rider report, ${when})`;
}
