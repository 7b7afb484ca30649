/**
 * /submit-trail: a signed-in rider submits a trail from one of
 * their trips, a GPX file or points tapped on the map, with its name, activities, difficulty,
 * season and notes. It is saved on the device at once (offline too) as a `trailSubmission`
 * record and sent by the records sync when online; an admin reviews it on /admin/trail-review.
 * "Your submissions" shows each one's state: waiting to be sent, waiting for review, approved
 * (with a link to the trail) or not approved (with the admin's reason). Guests are told that
 * submitting needs an account, with a link to sign in.
 */
import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { Send } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import { saveTrailSubmission, type StoredSubmission } from '../db/trail-submissions.ts';
import { useTrailSubmissions } from '../db-react/trail-submissions.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { formatDateTime } from '../lib/format.ts';
import { lengthLabel } from '../lib/trail-format.ts';
import {
  emptyTrailDetails,
  trailDetailsFields,
  validateTrailDetails,
  type TrailDetailsErrors,
} from '../lib/trail-submissions/trail-details.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { TrailDetailsFields } from '../ui/trail-details-fields.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { LineChoice, type ChosenLine } from './submit-trail-line.tsx';
import './submit-trail.css';

/** What the saved submission's confirmation says, by connection. */
const savedOffline = 'Saved on this device. It will be sent when you are online.';

/** The submission form of signed-in rider `userId`. */
function SubmissionForm({ userId }: { userId: string }) {
  const db = useDatabase();
  const [values, setValues] = useState(emptyTrailDetails);
  const [errors, setErrors] = useState<TrailDetailsErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [chosen, setChosen] = useState<ChosenLine | null>(null);
  const [lineError, setLineError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const change = (changes: Partial<typeof values>) => {
    const next = { ...values, ...changes };
    setValues(next);
    if (attempted) setErrors(validateTrailDetails(next));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const problems = validateTrailDetails(values);
    setErrors(problems);
    setLineError(chosen ? null : 'Choose a trip or a GPX file, or tap at least two points.');
    if (!chosen || Object.keys(problems).length > 0) return;
    saveTrailSubmission(db, userId, {
      ...trailDetailsFields(values),
      origin: chosen.origin,
      line: chosen.line,
    })
      .then((data) => {
        setSaved(data.name);
        setValues(emptyTrailDetails);
        setAttempted(false);
        setChosen(null);
        setFormKey((key) => key + 1);
      })
      .catch((error: unknown) =>
        setLineError(error instanceof Error ? error.message : String(error)),
      );
  };
  return (
    <Form className="submit-trail__form card" onSubmit={submit} aria-label="Submit a trail">
      <LineChoice key={formKey} onChosen={setChosen} />
      {chosen ? (
        <p className="submit-trail__chosen">
          {chosen.sourceLabel}: {chosen.line.length} points.
        </p>
      ) : null}
      {lineError ? (
        <p className="trail-details__error" role="alert">
          {lineError}
        </p>
      ) : null}
      <TrailDetailsFields values={values} onChange={change} errors={errors} />
      <Button type="submit" className="button button--primary">
        <Send size={18} aria-hidden="true" /> Submit for review
      </Button>
      {saved ? (
        <p className="submit-trail__saved" role="status">
          “{saved}” submitted. {savedOffline}
        </p>
      ) : null}
    </Form>
  );
}

/** One submission's state in words. */
function SubmissionState({ submission }: { submission: StoredSubmission }) {
  const { review } = submission.data;
  if (review.status === 'approved') {
    return (
      <p className="submit-trail__state submit-trail__state--approved">
        Approved{review.reviewedAt ? ` ${formatDateTime(review.reviewedAt)}` : ''}: it is in the
        trail catalogue.{' '}
        {review.trailId ? <Link href={`/map/${review.trailId}`}>Open the trail</Link> : null}
      </p>
    );
  }
  if (review.status === 'rejected') {
    return (
      <p className="submit-trail__state submit-trail__state--rejected">
        Not approved: {review.reason}
      </p>
    );
  }
  return (
    <p className="submit-trail__state">
      {submission.syncStatus === 'pending'
        ? savedOffline
        : 'Sent. Waiting for an admin to review it.'}
    </p>
  );
}

/** The rider's submissions, newest first. */
function YourSubmissions({ userId }: { userId: string }) {
  const { submissions, isLoading } = useTrailSubmissions(userId);
  if (isLoading) return null;
  return (
    <section className="card" aria-labelledby="your-submissions">
      <h2 id="your-submissions">Your submissions</h2>
      {submissions.length === 0 ? <p>You have not submitted a trail yet.</p> : null}
      <ul className="submit-trail__list">
        {submissions.map((submission) => (
          <li key={submission.data.submissionId} className="submit-trail__item">
            <h3>{submission.data.name}</h3>
            <p className="submit-trail__meta">
              Submitted {formatDateTime(submission.data.submittedAt)} ·{' '}
              {lengthLabel(submission.data.lengthMiles)}
            </p>
            <SubmissionState submission={submission} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The page. */
export function SubmitTrailPage() {
  usePageMeta({
    title: 'Submit a Trail',
    description:
      'Send a trail you know, from a recorded trip, a GPX file or drawn on the map, for review so other riders can find it.',
    keywords: ['submit trail', 'add trail', 'Arkansas trails', 'GPX'],
    path: '/submit-trail',
  });
  const session = useSession();
  const online = useOnlineStatus();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  return (
    <article className="submit-trail">
      <header>
        <h1>Submit a Trail</h1>
        <p>
          Know a trail that is not in the app? Send it here. An admin checks every submission before
          it is published, and approved trails are credited to you.
        </p>
      </header>
      {session.status === 'loading' ? null : userId === null ? (
        <section className="card" aria-labelledby="needs-account">
          <h2 id="needs-account">Submitting needs an account</h2>
          <p>
            So an admin can credit you and tell you the outcome, trails are submitted from an
            account. <Link href="/profile">Sign in or create an account</Link> to submit one.
          </p>
        </section>
      ) : (
        <>
          {!online ? (
            <p className="submit-trail__offline" role="status">
              You are offline. You can still submit: it is saved on this device and sent when you
              are online.
            </p>
          ) : null}
          <SubmissionForm userId={userId} />
          <YourSubmissions userId={userId} />
        </>
      )}
    </article>
  );
}
