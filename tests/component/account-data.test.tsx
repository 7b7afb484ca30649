/**
 * "Your data, in the rider's hands" on /profile: "Download my data" shows its progress, can be
 * cancelled and ends in a link that saves the ZIP; "Delete my account" opens a dialog saying what
 * is deleted and kept, refuses a wrong password, and deletes the account (the rider is signed
 * out, their trips are gone from the device, and the toast says so); offline, the request waits
 * and is sent once when the signal comes back; after a reload a waiting deletion asks for the
 * password again.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountDeletionPath } from '../../schemas/account-deletion.ts';
import type { ArchiveProgress } from '../../src/db/account-data.ts';
import { pendingAccountDeletionDocumentId } from '../../src/db/pending-account-deletion.ts';
import { makeTrip } from '../integration/sync/sync-fixtures.ts';
import { DatabaseProvider } from '../../src/db-react/provider.tsx';
import { DownloadMyData } from '../../src/me/account-data-section.tsx';
import { createSyncStatusStore } from '../../src/sync/sync-status.ts';
import { SyncEngineProvider } from '../../src/sync/sync-context.tsx';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import {
  clearRiderData,
  forgetRider,
  renderAppWithApi,
  setOnline,
  signInRider,
  type ApiRequest,
} from './rider-fixtures.tsx';

/** An archive builder held by the test: it reports what the test says and ends when told. */
function heldArchiveBuilder() {
  const held = {
    onProgress: null as ((progress: ArchiveProgress) => void) | null,
    finish: null as ((blob: Blob) => void) | null,
    signal: null as AbortSignal | null,
    build: (
      _db: unknown,
      _userId: string,
      options: { onProgress?: (progress: ArchiveProgress) => void; signal?: AbortSignal } = {},
    ) =>
      new Promise<Blob>((resolve) => {
        held.onProgress = options.onProgress ?? null;
        held.signal = options.signal ?? null;
        held.finish = resolve;
      }),
  };
  return held;
}

const password = 'correct horse battery';

describe('your data on the profile page', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:nst-archive');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(forgetRider);

  it('shows both cards to a signed-in rider', async () => {
    signInRider({ username: 'Ridge' });
    await renderApp('/profile');
    const card = within(await screen.findByRole('region', { name: 'Download my data' }));
    expect(card.getByText(/Everything this device holds for your account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeTruthy();
  });

  it('builds the archive with progress, cancels it, and offers the finished ZIP as a download', async () => {
    const archive = heldArchiveBuilder();
    // The card on its own, with a builder the test holds (the builder itself is proved by
    // tests/integration/db/account-archive.test.ts).
    render(
      <DatabaseProvider database={await databaseWithCatalogues()}>
        <SyncEngineProvider value={{ store: createSyncStatusStore(), syncNow: () => undefined }}>
          <DownloadMyData userId="rider-ridge" username="Ridge" buildArchive={archive.build} />
        </SyncEngineProvider>
      </DatabaseProvider>,
    );
    const card = within(screen.getByRole('region', { name: 'Download my data' }));

    await userEvent.click(card.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(archive.onProgress).not.toBeNull());
    act(() => archive.onProgress!({ step: 'gpx', tripsDone: 1234, tripsTotal: 5000 }));
    expect(await card.findByText('Preparing 1,234 of 5,000 trips')).toBeTruthy();
    await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
    expect(archive.signal?.aborted).toBe(true);
    expect(card.queryByText(/Preparing/)).toBeNull();

    await userEvent.click(card.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(archive.signal?.aborted).toBe(false));
    archive.finish!(new Blob([new Uint8Array(2048)], { type: 'application/zip' }));
    const link = await card.findByRole('link', { name: /^Save natural-state-trails-data-/ });
    expect(link.getAttribute('href')).toBe('blob:nst-archive');
    expect(link.getAttribute('download')).toMatch(
      /^natural-state-trails-data-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    expect(link.textContent).toContain('(2 KB)');
  });

  describe('deleting the account', () => {
    const deletions = (requests: ApiRequest[]) =>
      requests.filter((request) => request.path === accountDeletionPath);

    it('says what goes and what stays, refuses a wrong password, then deletes and signs out', async () => {
      const rider = signInRider({ username: 'Ridge' });
      const { database, requests } = await renderAppWithApi('/profile', [
        {
          method: 'POST',
          path: accountDeletionPath,
          answer: (request) =>
            (request.body as { password: string }).password === password
              ? {
                  body: {
                    status: 'deleted',
                    requestId: (request.body as { requestId: string }).requestId,
                    deletedAt: Date.now(),
                  },
                }
              : {
                  status: 403,
                  body: {
                    statusCode: 403,
                    error: 'Forbidden',
                    message: 'That password is not right, so nothing was deleted.',
                  },
                },
        },
      ]);
      await database.trips.insert(makeTrip('trip-ridge', { userId: rider.id }));

      await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
      expect(dialog.getByText('What is deleted')).toBeTruthy();
      expect(dialog.getByText(/Your recorded and imported trips/)).toBeTruthy();
      expect(dialog.getByText(/credited to “a rider whose account was deleted”/)).toBeTruthy();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(confirm.className).toContain('button--danger');

      await userEvent.type(dialog.getByLabelText('Your password'), 'not my password');
      await userEvent.click(confirm);
      expect(
        await dialog.findByText('That password is not right, so nothing was deleted.'),
      ).toBeTruthy();
      expect(await database.trips.findOne('trip-ridge').exec()).not.toBeNull();

      await userEvent.clear(dialog.getByLabelText('Your password'));
      await userEvent.type(dialog.getByLabelText('Your password'), password);
      await userEvent.click(confirm);
      expect(
        await screen.findByText(
          'Your account was deleted. Nothing of it is left on this device.',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(await database.trips.findOne('trip-ridge').exec()).toBeNull();
      expect(await database.getLocal(pendingAccountDeletionDocumentId)).toBeNull();
      const sent = deletions(requests);
      expect(sent).toHaveLength(2);
      // A refused request is forgotten: the next one is a new request.
      expect((sent[0]!.body as { requestId: string }).requestId).not.toBe(
        (sent[1]!.body as { requestId: string }).requestId,
      );
      expect(localStorage.getItem('accessToken')).toBeNull();
      await clearRiderData(database);
    });

    it('offline, waits for the signal and then sends the request once', async () => {
      signInRider({ username: 'Hollow' });
      let answer: (() => void) | null = null;
      const { database, requests } = await renderAppWithApi('/profile', [
        {
          method: 'POST',
          path: accountDeletionPath,
          answer: (request) =>
            new Promise((resolve) => {
              answer = () =>
                resolve({
                  body: {
                    status: 'deleted',
                    requestId: (request.body as { requestId: string }).requestId,
                    deletedAt: Date.now(),
                  },
                });
            }),
        },
      ]);
      setOnline(false);
      await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(
        dialog.getByText(/Your account will be deleted when this device is back online/),
      ).toBeTruthy();
      await userEvent.type(dialog.getByLabelText('Your password'), password);
      await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect(
        await screen.findByText('Your account will be deleted when this device is back online.'),
      ).toBeTruthy();
      const stored = (await database.getLocal<{ requestId: string }>(
        pendingAccountDeletionDocumentId,
      ))!.toJSON().data;
      expect(deletions(requests)).toEqual([]);

      setOnline(true);
      await waitFor(() => expect(answer).not.toBeNull());
      answer!();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
      expect(deletions(requests).map((request) => request.body)).toEqual([
        { password, requestId: stored.requestId },
      ]);
      await clearRiderData(database);
    });

    it('after a reload, asks for the password to finish a waiting deletion', async () => {
      const rider = signInRider({ username: 'Ozark' });
      const { database, unmount } = await renderApp('/profile');
      await database.upsertLocal(pendingAccountDeletionDocumentId, {
        userId: rider.id,
        requestId: crypto.randomUUID(),
        requestedAt: Date.now(),
      });
      unmount();
      await renderApp('/profile');
      expect(
        await screen.findByText(
          'Your account deletion is waiting: enter your password to finish it.',
        ),
      ).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Finish deleting my account' }));
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Finish deleting your account' }),
      );
      expect(dialog.getByLabelText('Your password')).toBeTruthy();
      await userEvent.click(dialog.getByRole('button', { name: 'Keep my account' }));
      await userEvent.click(screen.getByRole('button', { name: 'Cancel the deletion' }));
      await waitFor(async () =>
        expect(await database.getLocal(pendingAccountDeletionDocumentId)).toBeNull(),
      );
      // The notice follows the stored request through the database's change stream.
      await waitFor(() =>
        expect(screen.queryByText(/Your account deletion is waiting/)).toBeNull(),
      );
    });
  });
});
