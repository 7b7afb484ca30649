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
 * Longest JSON text of a finite number, characters: `-0.0000012345678901234567` (a sign, `0.`,
 * five zeros and 17 significant digits; exponent forms such as `-1.2345678901234567e-308` are
 * shorter).
 */
const maxNumberJsonLength = 25;

/** Nesting below which `jsonLengthBound` walks; deeper values are measured by JSON.stringify. */
const maxWalkDepth = 32;

/** What JSON.stringify escapes in a string: control characters, `"`, `\\`, lone surrogates. */
// eslint-disable-next-line no-control-regex -- JSON escapes exactly these control characters.
const escapedInJson = /[\u0000-\u001f"\\\ud800-\udfff]/;

/** An upper bound of a key's or string's JSON length: exact unless it holds escaped units. */
function stringJsonBound(text: string): number {
  // 6 units per unit (`\uXXXX`, the longest escape) when anything needs escaping.
  return 2 + (escapedInJson.test(text) ? 6 : 1) * text.length;
}

/**
 * An upper bound of `JSON.stringify(value).length` (UTF-16 code units), without building the
 * text: strings are exact unless they hold escaped characters (then 6 units each), numbers
 * count 25. Building the text of every row only to measure it cost a push about as much as
 * sending it. Values with `toJSON` and very deep ones are measured exactly.
 */
export function jsonLengthBound(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return stringJsonBound(value);
    case 'number':
      return maxNumberJsonLength;
    case 'boolean':
      return 5;
    case 'object':
      break;
    default:
      // undefined, functions and symbols are left out of objects (4 for `null` in arrays).
      return 4;
  }
  if (value === null) return 4;
  if (depth >= maxWalkDepth || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (JSON.stringify(value) ?? 'null').length;
  }
  if (Array.isArray(value)) {
    let length = 2;
    for (const item of value) length += jsonLengthBound(item, depth + 1) + 1;
    return length;
  }
  let length = 2;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    // `"key":` and the comma after the property.
    length += stringJsonBound(key) + 2 + jsonLengthBound(record[key], depth + 1);
  }
  return length;
}

/**
 * `rows` in order, cut into consecutive groups of at most `maxRows` rows whose JSON (as
 * `{"rows":[…]}`) stays within `maxBodyBytes` UTF-8 bytes. Sizes are counted as 3 bytes per
 * UTF-16 code unit, the most UTF-8 needs for one, of an upper bound of each row's JSON length
 * (`jsonLengthBound`); a row whose bound alone is over the limit is measured exactly. So no
 * group can be over the limit whatever its text. A row too large for any request still gets a
 * group of its own (the server then answers 413 for it, as it would without splitting). An
 * empty `rows` gives no groups.
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
    let rowSize = jsonLengthBound(row) + 1;
    if (envelope + rowSize > budget) rowSize = JSON.stringify(row).length + 1;
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
