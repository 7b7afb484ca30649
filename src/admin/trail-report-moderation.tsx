/**
 * The trail reports section of /admin/trail-review (issue "Trail reports from the field",
 * "Keeping it true"): riders' reports an admin should look at, flagged ones first, then the
 * newest, each with its status, trail, note, who and when, its flags and votes, and Hide report
 * (or Show report for a hidden one): a hidden report disappears from every device on its next
 * sync. Each photo shows as a thumbnail with Hide photo (or Show photo): the server stops serving a
 * hidden photo at once, and riders' devices drop it on their next sync. Needs a connection;
 * offline the page says so above.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { photoUrl, type PhotoReference } from '../../schemas/photos.ts';
import type { TrailReport } from '../../schemas/trail-reports.ts';
import { showToast } from '../lib/toast.ts';
import {
  fetchTrailReportsForReview,
  setTrailReportHidden,
  setTrailReportPhotoHidden,
} from '../lib/trail-reports/trail-report-admin-api.ts';
import { reportByline, trailReportStatusLabel } from '../lib/trail-reports/trail-status.ts';
import '../photos/photo-thumbnails.css';
import '../trail-reports/trail-reports.css';
import { useAdminData } from './use-admin-data.ts';

/** A report's photos, each with its thumbnail (from the server) and Hide photo / Show photo. */
function ReportPhotoModeration({
  photos,
  onToggle,
}: {
  photos: readonly PhotoReference[];
  onToggle: (photo: PhotoReference) => void;
}) {
  if (photos.length === 0) return null;
  return (
    <ul className="photo-thumbnails" aria-label="Photos">
      {photos.map((photo, index) => (
        <li key={photo.hash} className="photo-thumbnails__moderated">
          {photo.hidden ? (
            <span className="photo-thumbnails__missing">Photo {index + 1} is hidden</span>
          ) : (
            <img
              className="photo-thumbnails__thumbnail photo-thumbnails__open"
              src={photoUrl(photo.thumbnailHash)}
              alt={`Photo ${index + 1} of the report`}
            />
          )}
          <Button className="button" onPress={() => onToggle(photo)}>
            {photo.hidden ? `Show photo ${index + 1}` : `Hide photo ${index + 1}`}
          </Button>
        </li>
      ))}
    </ul>
  );
}

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
  const togglePhoto = async (report: TrailReport, photo: PhotoReference) => {
    try {
      await setTrailReportPhotoHidden(report.id, photo.hash, !photo.hidden);
      showToast({
        title: photo.hidden
          ? 'Photo shown again to every rider.'
          : 'Photo hidden; riders stop seeing it on their next sync.',
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
              <ReportPhotoModeration
                photos={report.photos}
                onToggle={(photo) => void togglePhoto(report, photo)}
              />
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
