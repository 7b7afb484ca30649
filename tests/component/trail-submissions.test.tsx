/**
 * Trail submission on /submit-trail as a rider sees it: a signed-out visitor is told submitting
 * needs an account; a signed-in rider with no network is told what is missing, submits a trail
 * from a GPX file and finds it "Saved on this device"; once the sync has sent it, "Sent.
 * Waiting for an admin"; once the review comes back approved, the status links the trail and
 * a toast says so; another rider finds the published trail in search, credited to the rider,
 * with its navigation. The sync and the review themselves are
 * tests/integration/sync/trail-submissions.test.ts; drawing on the map, the admin's review map
 * and GPS guidance along the line, tests/e2e/trail-submissions.test.ts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { recordId, type RiderRecord } from '../../schemas/records.ts';
import { riderTrailId, type TrailSubmissionData } from '../../schemas/trail-submissions.ts';
import type { Trail } from '../../schemas/trails.ts';
import { renderApp } from './render-app.tsx';
import { forgetRider, gpxFile, setOnline, signInRider } from './rider-fixtures.tsx';

afterEach(forgetRider);

const trailName = 'Bench Loop';

/** The published trail an approval makes of `data` (sync-server/storage/trail-submissions.ts). */
function publishedTrail(data: TrailSubmissionData, username: string, now: number): Trail {
  const [longitude, latitude] = data.line[0]!;
  const reviewDate = new Date(now).toISOString().slice(0, 10);
  return {
    id: riderTrailId(data.submissionId),
    name: data.name,
    kind: 'multi_use_trail',
    systemId: null,
    trailNumber: null,
    vehicleClasses: null,
    trailClass: null,
    season: data.season
      ? { ...data.season, source: `${username}'s submission, reviewed ${reviewDate}` }
      : null,
    dataDate: reviewDate,
    activities: [...data.activities],
    difficulty: data.difficulty,
    lengthMiles: data.lengthMiles,
    county: 'Franklin',
    region: 'Ozarks',
    manager: null,
    fee: null,
    officialUrl: null,
    locationConfidence: 'exact',
    notes: data.notes,
    sources: [`rider submission, reviewed: submitted by ${username}, reviewed ${reviewDate}`],
    longitude: longitude!,
    latitude: latitude!,
    path: data.line.map((position) => [...position]),
    updatedAt: now,
  } as Trail;
}

describe('trail submissions', () => {
  it('tells a signed-out visitor that submitting needs an account', async () => {
    await renderApp('/submit-trail');
    expect(
      await screen.findByRole('heading', { name: 'Submitting needs an account' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in or create an account' })).toBeTruthy();
  });

  it('submits a trail offline, then shows it sent, approved and published for other riders', async () => {
    const rider = signInRider({ username: 'submitter' });
    setOnline(false);
    const user = userEvent.setup({ delay: null });
    const app = await renderApp('/submit-trail');
    expect(
      await screen.findByText('You are offline. You can still submit', { exact: false }),
    ).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Submit a trail' });

    // Submitting with nothing filled in shows what is missing.
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(
      await within(form).findByText('Choose a trip or a GPX file, or tap at least two points.'),
    ).toBeTruthy();
    expect(within(form).getByText('Give the trail a name of at least 3 characters.')).toBeTruthy();
    expect(within(form).getByText('Choose at least one activity.')).toBeTruthy();

    await user.click(within(form).getByRole('radio', { name: 'A GPX file' }));
    await user.upload(within(form).getByLabelText('GPX file of the trail'), gpxFile());
    expect(await within(form).findByText(/^File: garmin-etrex\.gpx: \d+ points\.$/)).toBeTruthy();
    await user.type(within(form).getByLabelText('Trail name'), trailName);
    await user.click(within(form).getByRole('checkbox', { name: 'ATV' }));
    await user.click(within(form).getByRole('checkbox', { name: 'UTV' }));
    await user.click(within(form).getByRole('radio', { name: 'Moderate' }));
    await user.click(within(form).getByRole('radio', { name: 'All year' }));
    await user.type(
      within(form).getByLabelText('Notes (optional)'),
      'Gravel bench above the creek.',
    );
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(
      await screen.findByText(
        `“${trailName}” submitted. Saved on this device. It will be sent when you are online.`,
      ),
    ).toBeTruthy();
    const mine = () =>
      screen.getByRole('heading', { level: 3, name: trailName }).closest('li') as HTMLElement;
    // The list shows the new submission once the device database answers, just after the toast.
    await screen.findByRole('heading', { level: 3, name: trailName });
    expect(
      within(mine()).getByText('Saved on this device. It will be sent when you are online.'),
    ).toBeTruthy();

    // The records sync sent it: the server acknowledged the record.
    const stored = (
      await app.database.records
        .find({ selector: { userId: rider.id, kind: 'trailSubmission' } })
        .exec()
    )[0]!;
    const data = (stored.toJSON() as RiderRecord).data as TrailSubmissionData;
    expect(data).toMatchObject({
      name: trailName,
      activities: ['atv', 'utv'],
      difficulty: 'moderate',
      notes: 'Gravel bench above the creek.',
      origin: 'gpx',
    });
    await stored.incrementalPatch({ status: 'synced' });
    expect(
      await within(mine()).findByText('Sent. Waiting for an admin to review it.'),
    ).toBeTruthy();

    // An admin approved it: the rider's pull brings the review, and the trail is published.
    const now = Date.now();
    const trail = publishedTrail(data, rider.username, now);
    await app.database.trails.upsert(trail);
    const record = await app.database.records
      .findOne(recordId(rider.id, 'trailSubmission', data.submissionId))
      .exec();
    await record!.incrementalPatch({
      data: {
        ...data,
        review: { status: 'approved', reviewedAt: now, reason: null, trailId: trail.id },
      },
      updatedAt: now + 1,
    });
    expect(
      await within(mine()).findByText(/^Approved .*: it is in the trail catalogue\./),
    ).toBeTruthy();
    expect(within(mine()).getByRole('link', { name: 'Open the trail' }).getAttribute('href')).toBe(
      `/map/${trail.id}`,
    );
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(toasts).findByText(`Trail approved: ${trailName}`)).toBeTruthy();
    app.unmount();

    // Another rider finds it in search, sees the rider credited and can navigate it.
    forgetRider();
    const visitor = await renderApp(`/ai-trails?q=${encodeURIComponent(trailName)}`);
    await user.click(await screen.findByRole('link', { name: trailName }, { timeout: 10_000 }));
    await screen.findByRole('heading', { level: 1, name: trailName });
    expect(
      screen.getAllByText(`rider submission, reviewed: submitted by ${rider.username}`, {
        exact: false,
      }).length,
    ).toBeGreaterThan(0);
    await user.click(screen.getByRole('link', { name: 'Navigate' }));
    await waitFor(() =>
      expect(visitor.router.state.location.pathname).toBe(`/navigate/${trail.id}`),
    );
    expect(await screen.findByRole('heading', { name: trailName })).toBeTruthy();
    expect(screen.queryByText('No trail line published', { exact: false })).toBeNull();
  });
});
