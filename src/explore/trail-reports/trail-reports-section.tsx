/**
 * A trail's rider reports on its page (issue "Trail reports from the field", "Seeing reports" and
 * "Keeping it true"): the current status from the last 14 days, said with how sure it is
 * ("Closed now (rider report, 2 days ago)", reported by a rider, unconfirmed), the "Report
 * conditions" button, and every visible report newest first with who and when, what it says,
 * "Waiting to send" for the rider's own report not yet sent, and the "Still there" / "Gone now"
 * / "Flag" buttons with their counts for other riders' reports. Works offline: reports are on
 * the device, votes are stored and sent later.
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import type { TrailReportVote } from '../../../schemas/trail-reports.ts';
import type { Trail } from '../../../schemas/trails.ts';
import { voteOnTrailReport, type ShownTrailReport } from '../../db/trail-reports.ts';
import { useDatabase } from '../../db-react/provider.tsx';
import { useTrailReports, useTrailReportVotes } from '../../db-react/trail-reports.ts';
import { useSession } from '../../lib/auth/session-context.tsx';
import { showToast } from '../../lib/toast.ts';
import {
  conditionLabels,
  crowdingLabels,
  observationLabels,
} from '../../lib/trail-reports/report-words.ts';
import {
  countsTowardStatus,
  currentTrailStatus,
  reportByline,
  trailReportStatusLabel,
  trailStatusSentence,
} from '../../lib/trail-reports/trail-status.ts';
import { useRiderPosition } from '../use-rider-position.ts';
import { PhotoThumbnails } from '../../photos/index.ts';
import { ReportConditionsDialog } from '../../trail-reports/report-conditions-dialog.tsx';
import type { ReportPlace } from '../../trail-reports/report-conditions-form.tsx';
import '../../trail-reports/trail-reports.css';

export interface TrailReportsSectionProps {
  trail: Trail;
}

/** The current time (epoch ms), renewed every minute, so "3 hours ago" grows while shown. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The section; see the file comment. */
export function TrailReportsSection({ trail }: TrailReportsSectionProps) {
  const now = useMinuteClock();
  const { reports } = useTrailReports(trail.id);
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const votes = useTrailReportVotes(userId);
  const status = currentTrailStatus(reports, now);
  const [reporting, setReporting] = useState(false);

  return (
    <section className="detail-section trail-reports" aria-labelledby="rider-reports-heading">
      <h2 id="rider-reports-heading">Rider reports</h2>
      <div className={`trail-reports__status trail-reports__status--${status.status}`}>
        <p className="trail-reports__status-line">{trailStatusSentence(status, now)}</p>
        <p className="trail-reports__hedge">
          {status.report
            ? `Reported by a rider (${status.report.reporterLabel || 'you'}), unconfirmed. Only reports of the last 14 days count.`
            : 'No rider has reported on this trail in the last 14 days.'}
        </p>
      </div>
      <Button className="button button--primary" onPress={() => setReporting(true)}>
        Report conditions
      </Button>
      <TrailReportDialog trail={trail} isOpen={reporting} onOpenChange={setReporting} />
      {reports.length > 0 ? (
        <ol className="trail-reports__list" aria-label="Reports, newest first">
          {reports.map((report) => (
            <TrailReportItem
              key={report.id}
              report={report}
              now={now}
              userId={userId}
              vote={votes.get(report.id) ?? null}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The dialog from a trail's page: the rider's GPS fix when found, else the trail's point. */
function TrailReportDialog({
  trail,
  isOpen,
  onOpenChange,
}: {
  trail: Trail;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const fix = useRiderPosition(isOpen);
  const trailPoint: ReportPlace = {
    label: `At ${trail.name}’s point on the map`,
    position: [trail.longitude, trail.latitude],
  };
  const places: ReportPlace[] =
    fix.status === 'located'
      ? [
          {
            label: 'Your position (GPS)',
            position: [fix.position.longitude, fix.position.latitude],
          },
          trailPoint,
        ]
      : fix.status === 'failed'
        ? [trailPoint]
        : [];
  return (
    <ReportConditionsDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      places={places}
      trail={trail}
    />
  );
}

/** One report: status, facts, note, who and when, counts and the vote buttons. */
function TrailReportItem({
  report,
  now,
  userId,
  vote,
}: {
  report: ShownTrailReport;
  now: number;
  userId: string | null;
  vote: TrailReportVote | null;
}) {
  const db = useDatabase();
  const canVote = userId !== null && report.userId !== userId && !report.waitingToSend;
  const cast = async (choice: TrailReportVote) => {
    try {
      await voteOnTrailReport(db, userId!, report.id, choice);
      if (choice === 'flag') showToast({ title: 'Report flagged for an admin to look at.' });
    } catch (error) {
      showToast({ title: (error as Error).message, variant: 'destructive' });
    }
  };
  const facts = [
    report.condition ? conditionLabels[report.condition] : null,
    ...report.observations.map((observation) => observationLabels[observation]),
    report.crowding ? `How busy: ${crowdingLabels[report.crowding].toLowerCase()}` : null,
    report.expectedReopening ? `Expected to reopen ${report.expectedReopening}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className="trail-report" aria-label={`${trailReportStatusLabel(report.status)} report`}>
      <p className="trail-report__head">
        <strong>{trailReportStatusLabel(report.status)}</strong>
        {report.waitingToSend ? <span className="trail-report__badge">Waiting to send</span> : null}
        {countsTowardStatus(report, now) ? null : (
          <span className="trail-report__badge">No longer counts</span>
        )}
      </p>
      <p className="trail-report__byline">{reportByline(report, now)}</p>
      {facts.length > 0 ? <p className="trail-report__facts">{facts.join(' · ')}</p> : null}
      {report.note ? <p className="trail-report__note">{report.note}</p> : null}
      <PhotoThumbnails photos={report.photos} subject="from a rider's report" />
      {canVote ? (
        <div className="trail-report__votes" role="group" aria-label="Is it still so?">
          <Button
            className="button"
            aria-pressed={vote === 'confirm'}
            onPress={() => void cast('confirm')}
          >
            Still there ({report.confirmations})
          </Button>
          <Button
            className="button"
            aria-pressed={vote === 'clear'}
            onPress={() => void cast('clear')}
          >
            Gone now ({report.clears})
          </Button>
          <Button
            className="button"
            aria-pressed={vote === 'flag'}
            onPress={() => void cast('flag')}
          >
            {vote === 'flag' ? 'Flagged' : 'Flag'}
          </Button>
        </div>
      ) : (
        <p className="trail-report__counts">
          Still there: {report.confirmations} · Gone now: {report.clears}
        </p>
      )}
    </li>
  );
}
