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
 * at most `maxRows` rows and `maxBodyBytes` UTF-8 bytes. Each body is serialised once and sent
 * as it is (EncodedJson): measuring rows before serialising cost a push about as much as
 * serialising them. A group over the byte limit is halved until its halves fit; a single row
 * too large for any request still gets a body of its own (the server then answers 413 for it,
 * as it would without splitting). An empty `rows` gives no bodies.
 */
export function encodePushRequests<T>(
  rows: readonly T[],
  { maxRows, maxBodyBytes }: PushRequestLimits,
): EncodedJson<PushBody<T>>[] {
  const bodies: EncodedJson<PushBody<T>>[] = [];
  const encodeGroup = (group: T[]) => {
    const body = EncodedJson.of({ rows: group });
    if (body.bytes.byteLength <= maxBodyBytes || group.length === 1) {
      bodies.push(body);
      return;
    }
    const half = Math.ceil(group.length / 2);
    encodeGroup(group.slice(0, half));
    encodeGroup(group.slice(half));
  };
  for (let start = 0; start < rows.length; start += maxRows) {
    encodeGroup(rows.slice(start, start + maxRows));
  }
  return bodies;
}
