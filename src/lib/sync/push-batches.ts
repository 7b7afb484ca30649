/**
 * Turns the rows of one RxDB push batch into request bodies the server accepts: at most
 * `syncLimits.maxPushRows` rows (500) and `syncLimits.maxPushBodyBytes` (8 MiB) each
 * (schemas/sync-protocol.ts; more is refused with 400 or 413). The engine asks RxDB for larger
 * batches than one request may carry, since each batch costs the device a scan for changes,
 * and documents can be unusually large (long notes, kept conflict values).
 */
import { EncodedJson } from '../http/encoded-json.ts';

/** The most one push request may carry. */
export interface PushRequestLimits {
  maxRows: number;
  maxBodyBytes: number;
}

/** The body of one push request (schemas/sync-protocol.ts `PushRequest`). */
export interface PushBody<T> {
  rows: T[];
}

/**
 * `rows` in order as the encoded bodies (`{"rows":[…]}`) of consecutive push requests, each of
 * at most `maxRows` rows and `maxBodyBytes` UTF-8 bytes, made one at a time as the caller asks
 * for the next (so a batch of large documents is never held encoded all at once). Each body is
 * serialised once and sent as it is (EncodedJson): measuring rows before serialising cost a push
 * about as much as serialising them. A group over the byte limit is halved until its halves
 * fit; a single row too large for any request still gets a body of its own (the server then
 * answers 413 for it, as it would without splitting). An empty `rows` gives no bodies.
 */
export function* encodePushRequests<T>(
  rows: readonly T[],
  limits: PushRequestLimits,
): Generator<EncodedJson<PushBody<T>>> {
  for (let start = 0; start < rows.length; start += limits.maxRows) {
    yield* encodeGroup(rows.slice(start, start + limits.maxRows), limits.maxBodyBytes);
  }
}

/** `group` as one body, or as the bodies of its halves (recursively) when over `maxBodyBytes`. */
function* encodeGroup<T>(group: T[], maxBodyBytes: number): Generator<EncodedJson<PushBody<T>>> {
  const body = EncodedJson.of({ rows: group });
  if (body.bytes.byteLength <= maxBodyBytes || group.length === 1) {
    yield body;
    return;
  }
  const half = Math.ceil(group.length / 2);
  yield* encodeGroup(group.slice(0, half), maxBodyBytes);
  yield* encodeGroup(group.slice(half), maxBodyBytes);
}
