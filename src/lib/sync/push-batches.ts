/**
 * Splits the rows of one RxDB push batch into requests the server accepts: at most
 * `syncLimits.maxPushRows` rows (500) and `syncLimits.maxPushBodyBytes` (8 MiB) each
 * (schemas/sync-protocol.ts; more is refused with 400 or 413). The engine asks RxDB for larger
 * batches than one request may carry, since each batch costs the device a scan for changes,
 * and documents can be unusually large (long notes, kept conflict values).
 */

/** The most one push request may carry. */
export interface PushRequestLimits {
  maxRows: number;
  maxBodyBytes: number;
}

/**
 * `rows` in order, cut into consecutive groups of at most `maxRows` rows whose JSON (as
 * `{"rows":[…]}`) stays within `maxBodyBytes` UTF-8 bytes. Sizes are counted as 3 bytes per UTF-16 code unit, the most
 * UTF-8 needs for one, so no group can be over the limit whatever its text. A row too large
 * for any request still gets a group of its own (the server then answers 413 for it, as it
 * would without splitting). An empty `rows` gives no groups.
 */
export function splitPushRows<T>(
  rows: readonly T[],
  { maxRows, maxBodyBytes }: PushRequestLimits,
): T[][] {
  const budget = Math.floor(maxBodyBytes / 3);
  // `{"rows":[` and `]}`.
  const envelope = 11;
  const groups: T[][] = [];
  let current: T[] = [];
  let size = envelope;
  for (const row of rows) {
    // The comma before every row but the first.
    const rowSize = JSON.stringify(row).length + 1;
    if (current.length === maxRows || (current.length > 0 && size + rowSize > budget)) {
      groups.push(current);
      current = [];
      size = envelope;
    }
    current.push(row);
    size += rowSize;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
