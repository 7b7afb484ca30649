/**
 * A request body serialised once, up front: the UTF-8 bytes of `JSON.stringify(value)`. A
 * caller that must know a body's size before sending (a sync push, limited to
 * `syncLimits.maxPushBodyBytes`) builds one, and every transport sends `bytes` as they are
 * instead of serialising `value` a second time (src/lib/http/request.ts, the test transport).
 */
export class EncodedJson<T = unknown> {
  private constructor(
    /** What was serialised, for callers that inspect a request (logs, tests). */
    readonly value: T,
    /** `JSON.stringify(value)` as UTF-8. */
    readonly bytes: Uint8Array<ArrayBuffer>,
  ) {}

  /** Serialises `value`; throws what JSON.stringify throws (a cycle, a BigInt). */
  static of<T>(value: T): EncodedJson<T> {
    return new EncodedJson(value, encoder.encode(JSON.stringify(value)));
  }
}

const encoder = new TextEncoder();
