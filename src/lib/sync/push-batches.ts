/**
 * Splits the rows of one RxDB push batch into requests that each fit the server's body limit
 * (schemas/sync-protocol.ts `syncLimits.maxPushBodyBytes`, 8 MiB; a larger body is refused with
 * 413). The engine asks RxDB for large batches, since each request costs a round trip; this
 * keeps a batch of unusually large documents (long notes, kept conflict values) sendable.
 */

/**
 * `rows` in order, cut into consecutive groups whose JSON (as `{"rows":[…]}`) stays within
 * `maxBodyBytes` UTF-8 bytes. Sizes are counted as 3 bytes per UTF-16 code unit, the most
 * UTF-8 needs for one, so no group can be over the limit whatever its text. A row too large
 * for any request still gets a group of its own (the server then answers 413 for it, as it
 * would without splitting). An empty `rows` gives no groups.
 */
export function splitRowsByBodySize<T>(rows: readonly T[], maxBodyBytes: number): T[][] {
  const budget = Math.floor(maxBodyBytes / 3);
  // `{"rows":[` and `]}`.
  const envelope = 11;
  const groups: T[][] = [];
  let current: T[] = [];
  let size = envelope;
  for (const row of rows) {
    // The comma before every row but the first.
    const rowSize = JSON.stringify(row).length + 1;
    if (current.length > 0 && size + rowSize > budget) {
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
