/**
 * The one grammar of document ids: every id the app makes (slugs, `temp-…` ids, the
 * server's UUIDs, `<trip id>:<sequence>` track chunks, `<user id>:<achievement id>`) and every
 * id the sync server accepts in a push or promotion is 1 to 128 visible ASCII characters other
 * than `"` and `\` (U+0021–U+007E less U+0022 and U+005C).
 *
 * Why this set: an id must survive every place it travels unchanged and unambiguously.
 * - No control characters and no NUL: PostgreSQL text cannot hold NUL (the insert fails).
 * - No characters outside ASCII: an unpaired UTF-16 surrogate becomes U+FFFD on its way to
 *   PostgreSQL, so two ids collapse into one; ASCII also keeps SQLite's and PostgreSQL's id
 *   ordering (the pull checkpoint order) the same.
 * - No `"` or `\` and no control characters: each character then stands for itself in JSON, so
 *   an id's JSON text is as long as the id and the checkpoint length bound below holds.
 *
 * The collection schemas' RxDB `id` definitions (common.ts `idProperty`) keep their shape: RxDB
 * hashes a schema, so adding the pattern there would need a version bump and migration of every
 * collection, and a new replication URL for each. The grammar is enforced instead where ids are
 * made (assertDocumentId) and where they enter the server (documentIdProperty in the push,
 * promotion and document validation).
 */

/** Longest id: 128 characters (the id columns are varchar(128)). */
export const documentIdMaxLength = 128;

/**
 * Longest pull checkpoint query value the server accepts (characters of JSON).
 * The largest checkpoint is `{"id":"<128 chars>","serverTime":-9007199254740991}`: 7 + 128 +
 * 15 + 17 + 1 = 168 characters, because grammar ids need no JSON escapes and the server time is a
 * safe integer; so every stored id yields a checkpoint the next pull accepts.
 */
export const checkpointMaxLength = 400;

/** The grammar as a JSON Schema `pattern` (Ajv compiles it with the `u` flag). */
export const documentIdPattern = '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$';

/** The grammar in words, for error messages. */
export const documentIdRule = `ids are 1 to ${documentIdMaxLength} visible ASCII characters other than " and \\`;

const documentIdExpression = new RegExp(documentIdPattern, 'u');

/** JSON Schema fragment for a document id in a request (server side). */
export const documentIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: documentIdMaxLength,
  pattern: documentIdPattern,
} as const;

/** True when `value` is a string that satisfies the id grammar. */
export function isDocumentId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= documentIdMaxLength &&
    documentIdExpression.test(value)
  );
}

/**
 * Returns `id` when it satisfies the grammar; throws an Error naming it otherwise. Called where
 * the app makes ids, so an id the server would refuse forever is never stored on the device.
 */
export function assertDocumentId(id: string): string {
  if (!isDocumentId(id)) {
    throw new Error(`Invalid document id ${JSON.stringify(id)}: ${documentIdRule}.`);
  }
  return id;
}
