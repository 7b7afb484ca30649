/**
 * The trail reports section of /admin/trail-review (issue "Trail reports from the field",
 * "Keeping it true"): riders' reports an admin should look at, flagged ones first, then the
 * newest, each with its status, trail, note, who and when, its flags and votes, and Hide report
 * (or Show report for a hidden one): a hidden report disappears from every device on its next
 * sync. Needs a connection; offline the page says so above.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import { showToast } from '../lib/toast.ts';
import {
  fetchTrailReportsForReview,
  setTrailReportHidden,
} from '../lib/trail-reports/trail-report-admin-api.ts';
import { reportByline, trailReportStatusLabel } from '../lib/trail-reports/trail-status.ts';
import { useAdminData } from './use-admin-data.ts';

/** The section; see the file comment. `trailNames` names the reports' trails by id. */
export function TrailReportModeration({ trailNames }: { trailNames: ReadonlyMap<string, string> }) {
  const [round, setRound] = useState(0);
  const data = useAdminData(fetchTrailReportsForReview, `trail-reports-${round}`);
  const [now] = useState(() => Date.now());
  const toggle = async (report: TrailReport) => {
    try {
      await setTrailReportHidden(report.id, !report.hidden);
      showToast({
        title: report.hidden
          ? 'Report shown again to every rider.'
          : 'Report hidden; riders stop seeing it on their next sync.',
      });
      setRound((value) => value + 1);
    } catch (error) {
      showToast({ title: (error as Error).message, variant: 'destructive' });
    }
  };
  if (data.state === 'offline') return null;
  return (
    <section className="card" aria-labelledby="trail-reports-title">
      <h2 id="trail-reports-title">Trail reports</h2>
      {data.state === 'loading' ? <p role="status">Loading reports…</p> : null}
      {data.state === 'failed' ? <p role="alert">{data.message}</p> : null}
      {data.state === 'ready' && data.data.length === 0 ? <p>No reports yet.</p> : null}
      {data.state === 'ready' && data.data.length > 0 ? (
        <ul className="trail-review__list" aria-label="Flagged and recent reports">
          {data.data.map((report) => (
            <li key={report.id} aria-label={`Report ${report.id}`}>
              <p>
                <strong>{trailReportStatusLabel(report.status)}</strong>
                {' · '}
                {report.trailId ? (trailNames.get(report.trailId) ?? report.trailId) : 'No trail'}
                {' · '}
                {reportByline(report, now)}
                {report.hidden ? ' · hidden' : ''}
              </p>
              {report.note ? <p>{report.note}</p> : null}
              <p>
                Flags: {report.flags} · Still there: {report.confirmations} · Gone now:{' '}
                {report.clears}
              </p>
              <Button className="button" onPress={() => void toggle(report)}>
                {report.hidden ? 'Show report' : 'Hide report'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
