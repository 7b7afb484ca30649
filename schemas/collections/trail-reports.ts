/**
 * Riders' trail reports (schemas/trail-reports.ts): filed offline under temp- ids, promoted by
 * the server, pulled by every visitor and pushed by their reporter only (scope `shared`). The
 * tallies of other riders' votes, `hidden` (an admin's, of the report and of each photo) and the
 * reporter's public tag are the server's.
 */
import {
  keepHiddenPhotos,
  reporterLabelOf,
  trailReportSchema,
  trailReportsPerRiderPerDay,
} from '../trail-reports.ts';
import { defaultBatch, defineCollection } from './descriptor.ts';

export const trailReportsCollection = defineCollection({
  name: 'trailReports',
  noun: 'trail report',
  schema: trailReportSchema,
  migrations: {},
  scope: 'shared',
  ownerField: 'userId',
  idRule: { kind: 'promoted' },
  serverOwned: {
    userId: 'owner',
    reporterLabel: { ownerLabel: reporterLabelOf },
    confirmations: { kept: 0 },
    clears: { kept: 0 },
    flags: { kept: 0 },
    hidden: { kept: false },
  },
  merge: { document: 'fields', keepsConflictList: false },
  batch: defaultBatch,
  newDocumentsPerDay: trailReportsPerRiderPerDay,
  heldUntilAdopted: false,
  // A report names no other temp- document, so it is ready at once; after the trips and waypoints.
  promotion: { order: 3, ready: () => true },
  // A photo an admin hid stays hidden whatever the reporter pushes.
  keepServerData: keepHiddenPhotos,
  afterWrite: [],
  photos: 'public',
  privacy: {
    holds:
      'The trail reports you file: where and when you saw the trail, its status, condition, what you observed, how busy it was, the expected reopening, your note and the photos you attached.',
    where: 'device and server',
    kept: 'On this device and on this installation’s sync server until your account is deleted. A report counts towards a trail’s status for 14 days; after that it stays listed as an older report.',
    sharedWith:
      'Everyone who uses this installation, signed in or not: reports are public, shown with a short tag such as “rider ab12” derived from your account (never your username) and when you saw the trail. Administrators can hide a report.',
    onAccountDeletion: { action: 'deleted' },
  },
});
