/**
 * /admin/trail-review (admins only, enforced by the directory entry's roles through
 * the root layout's RoleGate): the trails riders submitted, waiting ones first. The selected
 * submission's line is drawn on the map over the catalogue's trail lines around it; the admin
 * may correct the name, activities, difficulty, season and notes, then approves (the trail
 * joins the public catalogue, credited to the rider) or rejects with a reason the rider sees.
 * Reviewing needs a connection; offline the page says so and nothing is lost (submissions
 * stay on the server). Below, riders' trail reports, flagged first, which the admin may hide.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, Form, Input, Label, TextField } from 'react-aria-components';
import { ClipboardCheck } from 'lucide-react';
import { submissionTextLimits, type SubmissionForReview } from '../../schemas/trail-submissions.ts';
import { useTrails } from '../db-react/hooks.ts';
import { formatDateTime } from '../lib/format.ts';
import { viewForPaths } from '../lib/geo/trail-lines.ts';
import { boundingBox } from '../lib/geo/track-stats.ts';
import { showToast } from '../lib/toast.ts';
import { lengthLabel } from '../lib/trail-format.ts';
import {
  trailDetailsFields,
  trailDetailsValues,
  validateTrailDetails,
  type TrailDetailsErrors,
} from '../lib/trail-submissions/trail-details.ts';
import {
  fetchTrailSubmissions,
  reviewTrailSubmission,
} from '../lib/trail-submissions/trail-submission-api.ts';
import { MapView, type MapOverlay } from '../map/map-view.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { TrailDetailsFields } from '../ui/trail-details-fields.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { TrailReportModeration } from './trail-report-moderation.tsx';
import './trail-review.css';

/** Degrees around the submitted line within which catalogue lines are drawn for context. */
const contextMarginDegrees = 0.05;

/** The server's message of a refused request, or what to do when the network failed. */
function problemText(error: unknown): string {
  if (error instanceof TypeError) return 'No connection: try again with signal.';
  return error instanceof Error ? error.message : String(error);
}

/** The map: the submission's line over the catalogue lines near it. */
function ReviewMap({ submission }: { submission: SubmissionForReview }) {
  const { trails } = useTrails();
  const { line } = submission.data;
  const overlay = useMemo<MapOverlay>(() => {
    const bbox = boundingBox(line);
    const near = (path: readonly (readonly number[])[]) =>
      bbox !== null &&
      path.some(
        ([longitude, latitude]) =>
          longitude! >= bbox[0] - contextMarginDegrees &&
          longitude! <= bbox[2] + contextMarginDegrees &&
          latitude! >= bbox[1] - contextMarginDegrees &&
          latitude! <= bbox[3] + contextMarginDegrees,
      );
    const context = trails.flatMap((trail) =>
      trail.path && near(trail.path)
        ? [{ id: trail.id, path: trail.path, emphasis: 'context' as const }]
        : [],
    );
    return {
      lines: [...context, { id: submission.id, path: line, emphasis: 'primary' }],
      points: [],
    };
  }, [trails, line, submission.id]);
  const view = viewForPaths([line], { widthPx: 340, heightPx: 300, paddingPx: 36 }) ?? {
    center: line[0]!,
    zoom: 12,
  };
  return (
    <div className="trail-review__map">
      <MapView
        key={submission.id}
        initialView={view}
        label={`Map of the submitted line of ${submission.data.name} over the catalogue’s trail lines`}
        overlay={overlay}
      />
    </div>
  );
}

/** Reject with a reason; an empty reason is refused here before the server would. */
function RejectForm(props: {
  busy: boolean;
  onReject: (reason: string) => void;
  onProblem: (problem: string) => void;
}) {
  const [reason, setReason] = useState('');
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') props.onProblem('Give a reason: the rider will see it.');
    else props.onReject(reason.trim());
  };
  return (
    <Form className="trail-review__form" onSubmit={reject} aria-label="Reject">
      <TextField
        className="trail-details__field"
        value={reason}
        onChange={setReason}
        maxLength={submissionTextLimits.reason}
      >
        <Label>Reason for rejecting (the rider sees it)</Label>
        <Input />
      </TextField>
      <Button type="submit" className="button" isDisabled={props.busy}>
        Reject
      </Button>
    </Form>
  );
}

/** The selected submission: facts, map, edit form, Approve and Reject with a reason. */
function ReviewPanel({
  submission,
  onReviewed,
}: {
  submission: SubmissionForReview;
  onReviewed: () => void;
}) {
  const [values, setValues] = useState(() => trailDetailsValues(submission.data));
  const [errors, setErrors] = useState<TrailDetailsErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data } = submission;
  const send = (body: Parameters<typeof reviewTrailSubmission>[1], done: string) => {
    setBusy(true);
    setProblem(null);
    reviewTrailSubmission(submission.id, body)
      .then(() => {
        showToast({ title: done, description: `${data.name} by ${submission.submittedBy}` });
        onReviewed();
      })
      .catch((error: unknown) => setProblem(problemText(error)))
      .finally(() => setBusy(false));
  };
  const approve = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateTrailDetails(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send(
      { decision: 'approve', edits: trailDetailsFields(values) },
      'Trail approved and published',
    );
  };
  return (
    <section className="card trail-review__panel" aria-labelledby="review-title">
      <h2 id="review-title">{data.name}</h2>
      <p className="trail-review__meta">
        From {submission.submittedBy}, {formatDateTime(data.submittedAt)} ·{' '}
        {lengthLabel(data.lengthMiles)} · {data.line.length} points ·{' '}
        {data.origin === 'trip'
          ? 'recorded trip'
          : data.origin === 'gpx'
            ? 'GPX file'
            : 'drawn on the map'}
      </p>
      <ReviewMap submission={submission} />
      <Form className="trail-review__form" onSubmit={approve} aria-label="Edit and approve">
        <TrailDetailsFields
          values={values}
          onChange={(changes) => setValues({ ...values, ...changes })}
          errors={errors}
        />
        <Button type="submit" className="button button--primary" isDisabled={busy}>
          Approve and publish
        </Button>
      </Form>
      <RejectForm
        busy={busy}
        onReject={(reason) => send({ decision: 'reject', reason }, 'Submission rejected')}
        onProblem={setProblem}
      />
      {problem ? (
        <p className="trail-details__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** The submissions from the server, reloaded after each review; null while loading. */
function useSubmissions(online: boolean) {
  const [submissions, setSubmissions] = useState<SubmissionForReview[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!online) return undefined;
    let cancelled = false;
    fetchTrailSubmissions()
      .then((list) => {
        if (!cancelled) setSubmissions(list);
      })
      .catch((error: unknown) => {
        if (!cancelled) setProblem(problemText(error));
      });
    return () => {
      cancelled = true;
    };
  }, [online, round]);
  return { submissions, problem, reload: () => setRound((value) => value + 1) };
}

/** The page. */
export function TrailReviewPage() {
  usePageMeta({
    title: 'Trail Review',
    description: 'Review trails submitted by riders before they are published.',
    path: '/admin/trail-review',
  });
  const online = useOnlineStatus();
  const { submissions, problem, reload } = useSubmissions(online);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const waiting = (submissions ?? []).filter((entry) => entry.data.review.status === 'submitted');
  const reviewed = (submissions ?? []).filter((entry) => entry.data.review.status !== 'submitted');
  const selected = waiting.find((entry) => entry.id === selectedId) ?? waiting[0] ?? null;
  const { trails } = useTrails();
  const trailNames = useMemo(
    () => new Map(trails.map((trail) => [trail.id, trail.name])),
    [trails],
  );
  return (
    <article className="trail-review">
      <header>
        <h1>
          <ClipboardCheck aria-hidden="true" size={30} /> Trail Review
        </h1>
      </header>
      {!online ? (
        <p className="card" role="status">
          Reviewing needs a connection. The submissions are kept on the server; come back with
          signal to review them.
        </p>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      {online && submissions !== null ? (
        <section className="card" aria-labelledby="waiting-title">
          <h2 id="waiting-title">Waiting for review ({waiting.length})</h2>
          {waiting.length === 0 ? <p>No submissions are waiting.</p> : null}
          <ul className="trail-review__list">
            {waiting.map((entry) => (
              <li key={entry.id}>
                <Button
                  className="button trail-review__pick"
                  onPress={() => setSelectedId(entry.id)}
                  aria-pressed={entry.id === selected?.id}
                >
                  {entry.data.name} · {entry.submittedBy}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {online && selected ? (
        <ReviewPanel key={selected.id} submission={selected} onReviewed={reload} />
      ) : null}
      {online && reviewed.length > 0 ? (
        <section className="card" aria-labelledby="reviewed-title">
          <h2 id="reviewed-title">Reviewed</h2>
          <ul>
            {reviewed.map((entry) => (
              <li key={entry.id}>
                {entry.data.name} ({entry.submittedBy}):{' '}
                {entry.data.review.status === 'approved'
                  ? 'approved'
                  : `rejected, ${entry.data.review.reason ?? ''}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <TrailReportModeration trailNames={trailNames} />
    </article>
  );
}
