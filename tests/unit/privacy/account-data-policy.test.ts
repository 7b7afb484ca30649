/**
 * The privacy policy decides what a deleted account leaves on the device: every local document
 * says whether it holds the rider's own data (removed with the account) or is the device's
 * (kept), so a local document added later cannot be forgotten by the account removal; the
 * deletion dialog's statement is built from the same entries.
 */
import { describe, expect, it } from 'vitest';
import { userSyncedCollections } from '../../../schemas/sync-protocol.ts';
import { accountLocalDocumentIds } from '../../../src/db/account-data.ts';
import { pendingAccountDeletionDocumentId } from '../../../src/db/pending-account-deletion.ts';
import { collectionPolicy, localDocumentPolicy } from '../../../src/lib/privacy/stored-data.ts';
import { deletionStatement } from '../../../src/me/account-deletion-flow.ts';

describe('what a deleted account leaves on the device', () => {
  it('has every local document say whether it goes with the account', () => {
    for (const item of localDocumentPolicy) {
      expect(typeof item.removedWithAccount, item.name).toBe('boolean');
    }
    const removed = accountLocalDocumentIds();
    expect(removed).toContain(pendingAccountDeletionDocumentId);
    expect(removed).toContain('saved-trails');
    expect(removed).not.toContain('setting:theme');
    expect(removed).not.toContain('catalogue-status');
  });

  it('states every rider collection in the deletion dialog', () => {
    const { deleted, kept } = deletionStatement();
    for (const name of userSyncedCollections) {
      expect(deleted).toContain(collectionPolicy[name].holds);
    }
    expect(kept.join(' ')).toContain('a rider whose account was deleted');
  });
});
