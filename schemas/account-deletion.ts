/**
 * The contract of a rider deleting their own account, shared by the app and the sync server:
 * `POST /api/account/deletion` with `{ password, requestId }` (the request id a UUID the device
 * makes once, so a retried request is carried out exactly once), and the 410 answer with
 * `code: 'account-deleted'` that every later request with that rider's token receives.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Where the deletion is requested. */
export const accountDeletionPath = '/api/account/deletion';

/**
 * How what a deleted account leaves for other riders credits it (an approved trail submission's
 * public trail, an approved repair shop): its username is replaced by these words.
 */
export const deletedSubmitterName = 'a rider whose account was deleted';

/** The `code` of the 410 answer to any request made with a deleted account's token. */
export const accountDeletedCode = 'account-deleted';

/** The `message` of that 410 answer. */
export const accountDeletedMessage =
  'This account was deleted. Its data is no longer on the server; please remove it from this device.';

/** The body of the 410 answer (the shared JSON error shape plus `code`). */
export interface AccountDeletedBody {
  statusCode: 410;
  error: string;
  message: string;
  code: typeof accountDeletedCode;
}

/** A UUID in its canonical 8-4-4-4-12 hexadecimal form (any version). */
const uuidPattern = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** POST /api/account/deletion; the password is bounded like the sign-in's. */
export const accountDeletionBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['password', 'requestId'],
  properties: {
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    requestId: { type: 'string', pattern: uuidPattern },
  },
} as const;
export type AccountDeletionBody = FromSchema<typeof accountDeletionBodySchema>;

/** The 200 answer, the same for a repeat of the same request. `deletedAt` epoch ms. */
export interface AccountDeletionAnswer {
  status: 'deleted';
  requestId: string;
  deletedAt: number;
}

/** True when `body` (a parsed JSON answer) is the 410 account-deleted answer. */
export function isAccountDeletedBody(body: unknown): body is AccountDeletedBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { code?: unknown }).code === accountDeletedCode
  );
}
