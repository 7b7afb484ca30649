/**
 * Hands a pulled page to the database in slices, so a large pull (a first visit's trail
 * catalogue: about 250 trails and 800 KB of JSON with their lines) is stored as a series of
 * short writes with the main thread free for input between them, instead of one write whose
 * tasks block it for hundreds of milliseconds on a mid-range phone (docs/architecture.md#sync,
 * "Slices of a pull").
 *
 * The server is still asked for whole pages (one request per `pageSize` documents); the slices
 * come from the page in memory. Every slice but the last of a page carries the checkpoint the
 * page was asked from, and the last carries the page's own, so the stored checkpoint only moves
 * past documents that are all stored: a pull interrupted between slices (a reload, the tab
 * closed) asks for the same page again, and the documents already stored compare equal and are
 * not written twice.
 *
 * RxDB's replication stops asking when an answer holds fewer documents than its batch size, so
 * the replication's batch size must be 1 with this: it then asks until an answer is empty. The
 * last slice of a page the server did not fill is followed by one empty answer made here,
 * without a request, as RxDB's own rule would have stopped there too.
 */

/** A checkpointed answer: the documents after a checkpoint and the checkpoint after them. */
export interface PulledPage<Document, Checkpoint> {
  documents: Document[];
  checkpoint: Checkpoint | undefined;
}

/** Options of `slicedPull`. */
export interface SlicedPullOptions<Document, Checkpoint> {
  /** Asks the server for up to `limit` documents after `checkpoint` (undefined: from the start). */
  fetchPage(
    checkpoint: Checkpoint | undefined,
    limit: number,
  ): Promise<PulledPage<Document, Checkpoint>>;
  /** Documents per request. */
  pageSize: number;
  /**
   * Approximate JSON characters (`approximateJsonLength`) of the first slice; a slice holds at
   * least one document. With `targetSliceMs`, later slices grow or shrink from it.
   */
  maxSliceChars: number;
  /**
   * How long storing one slice should take, ms (from handing it out until `afterSlice`
   * settles). Each slice is then sized from how long the previous one took: at most twice or
   * half the previous size, never below half of `maxSliceChars`. A fast device stores a
   * page in a few large slices, a slow one in many small ones. Absent: every slice is
   * `maxSliceChars`.
   */
  targetSliceMs?: number;
  /** Clock for `targetSliceMs`, ms (default `performance.now`). */
  now?: () => number;
  /**
   * Called as each slice is handed out; the next slice of the page waits for the promise it
   * returns. The caller resolves it once the slice is stored and the main thread was yielded
   * to input, so slices are written one after another, never merged into one write.
   */
  afterSlice(slice: Document[]): Promise<void>;
  /**
   * The checkpoint the server understands, or undefined for "from the start". RxDB merges the
   * checkpoints it is given into one object, so an empty object means none.
   */
  normalizeCheckpoint(checkpoint: Checkpoint | undefined): Checkpoint | undefined;
}

/**
 * An approximation of `JSON.stringify(value).length`, without building the string: numbers
 * count 8 characters, strings their length, containers their punctuation. Walks iteratively,
 * so deep values cannot overflow the stack.
 */
export function approximateJsonLength(value: unknown): number {
  let length = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') length += item.length + 2;
    else if (typeof item === 'number') length += 8;
    else if (Array.isArray(item)) {
      length += 1 + item.length;
      for (const element of item) stack.push(element);
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      length += 1 + entries.length;
      for (const [key, field] of entries) {
        length += key.length + 3;
        stack.push(field);
      }
    } else length += 5;
  }
  return length;
}

/**
 * The next run of `documents` from `start` of at most `maxChars` approximate characters (at
 * least one document), measured as it goes, so a page is measured one slice at a time.
 */
export function nextSlice<Document>(
  documents: readonly Document[],
  start: number,
  maxChars: number,
): Document[] {
  let end = start;
  let chars = 0;
  while (end < documents.length) {
    const size = approximateJsonLength(documents[end]);
    if (end > start && chars + size > maxChars) break;
    chars += size;
    end += 1;
  }
  return documents.slice(start, end);
}

/** `documents` cut into consecutive runs by `nextSlice`. */
export function sliceDocuments<Document>(
  documents: readonly Document[],
  maxChars: number,
): Document[][] {
  const slices: Document[][] = [];
  for (let start = 0; start < documents.length; start += slices.at(-1)!.length) {
    slices.push(nextSlice(documents, start, maxChars));
  }
  return slices;
}

/** What is left of the page being handed out, and the checkpoint it continues from. */
interface PendingPage<Document, Checkpoint> {
  /** `keyOf` the checkpoint every slice but the last carries. */
  key: string;
  from: Checkpoint | undefined;
  documents: Document[];
  /** Index of the first document not handed out yet. */
  next: number;
  /** Settles once the slice handed out last may be followed by the next. */
  previous: Promise<void>;
  pageCheckpoint: Checkpoint | undefined;
  /** The server had nothing after this page when it answered. */
  exhausted: boolean;
}

/**
 * A pull handler for RxDB's replication (with batch size 1) that answers from `options.fetchPage`
 * in slices, as described at the top of this file. Its `batchSize` argument is ignored; pages
 * are `options.pageSize`. A call with a checkpoint other than the one the pending slices
 * continue from (a restart, another replication's RESYNC) drops them and asks the server.
 */
export function slicedPull<Document, Checkpoint>(
  options: SlicedPullOptions<Document, Checkpoint>,
): (checkpoint: Checkpoint | undefined) => Promise<PulledPage<Document, Checkpoint>> {
  const keyOf = (checkpoint: Checkpoint | undefined) =>
    JSON.stringify(options.normalizeCheckpoint(checkpoint) ?? null);
  let pending: PendingPage<Document, Checkpoint> | null = null;
  /** The key after which the server had nothing, for one empty answer without a request. */
  let exhaustedAfter: string | null = null;

  const now = options.now ?? (() => performance.now());
  let sliceChars = options.maxSliceChars;
  /** Sizes the next slice from how long storing one of `chars` characters took. */
  const adapt = (chars: number, tookMs: number) => {
    if (!options.targetSliceMs) return;
    const scaled = (chars * options.targetSliceMs) / Math.max(tookMs, 1);
    sliceChars = Math.max(
      options.maxSliceChars / 2,
      Math.min(chars * 2, Math.max(chars / 2, scaled)),
    );
  };

  const next = (page: PendingPage<Document, Checkpoint>) => {
    const slice = nextSlice(page.documents, page.next, sliceChars);
    page.next += slice.length;
    if (page.next < page.documents.length) {
      const handedOutAt = now();
      const chars = sliceChars;
      page.previous = options.afterSlice(slice).then(() => adapt(chars, now() - handedOutAt));
      return { documents: slice, checkpoint: page.from };
    }
    pending = null;
    if (page.exhausted) exhaustedAfter = keyOf(page.pageCheckpoint);
    return { documents: slice, checkpoint: page.pageCheckpoint };
  };

  return async (checkpoint) => {
    const key = keyOf(checkpoint);
    if (pending && pending.key === key) {
      await pending.previous;
      // The wait let other calls run; the page may have been dropped meanwhile.
      if (pending && pending.key === key) return next(pending);
    }
    pending = null;
    if (exhaustedAfter === key) {
      exhaustedAfter = null;
      return { documents: [], checkpoint };
    }
    exhaustedAfter = null;
    const from = options.normalizeCheckpoint(checkpoint);
    const page = await options.fetchPage(from, options.pageSize);
    if (page.documents.length === 0) return page;
    pending = {
      key,
      from,
      documents: page.documents,
      next: 0,
      previous: Promise.resolve(),
      pageCheckpoint: page.checkpoint,
      exhausted: page.documents.length < options.pageSize,
    };
    return next(pending);
  };
}
