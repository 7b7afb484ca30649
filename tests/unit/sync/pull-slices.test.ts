// A pulled page handed to the database in slices (src/lib/sync/pull-slices.ts), as RxDB's
// replication with batch size 1 asks for them: one request per page, slices of bounded size,
// checkpoints that only move past a page once its last slice is handed out, and a restart
// from a stored checkpoint that asks the server again.
import { describe, expect, it } from 'vitest';
import {
  approximateJsonLength,
  sliceDocuments,
  slicedPull,
  type PulledPage,
} from '../../../src/lib/sync/pull-slices.ts';

interface Doc {
  id: string;
  path: number[][] | null;
}
interface Checkpoint {
  id: string;
  serverTime: number;
}

/** A server of `count` documents, every fifth with a long line, answering checkpointed pages. */
function fakeServer(count: number) {
  const documents: Doc[] = Array.from({ length: count }, (_, index) => ({
    id: `doc-${String(index).padStart(3, '0')}`,
    path: index % 5 === 0 ? Array.from({ length: 400 }, (_, point) => [point, -point]) : null,
  }));
  const requests: (Checkpoint | undefined)[] = [];
  const fetchPage = (
    checkpoint: Checkpoint | undefined,
    limit: number,
  ): Promise<PulledPage<Doc, Checkpoint>> => {
    requests.push(checkpoint);
    const start = checkpoint ? documents.findIndex((doc) => doc.id === checkpoint.id) + 1 : 0;
    const page = documents.slice(start, start + limit);
    const last = page.at(-1);
    return Promise.resolve({
      documents: page,
      checkpoint: last ? { id: last.id, serverTime: start + page.length } : checkpoint,
    });
  };
  return { documents, requests, fetchPage };
}

/** RxDB's loop with batch size 1: ask until an answer is empty, merging checkpoints as it does. */
async function pullAll(
  handler: (checkpoint: Checkpoint | undefined) => Promise<PulledPage<Doc, Checkpoint>>,
  from?: Checkpoint | Record<string, never>,
  stopAfterAnswers = Infinity,
) {
  let checkpoint = from as Checkpoint | undefined;
  const answers: PulledPage<Doc, Checkpoint>[] = [];
  while (answers.length < stopAfterAnswers) {
    const answer = await handler(checkpoint);
    if (answer.documents.length === 0) break;
    answers.push(answer);
    checkpoint = Object.assign({}, checkpoint, answer.checkpoint) as Checkpoint;
  }
  return { answers, checkpoint };
}

const normalizeCheckpoint = (checkpoint: Checkpoint | undefined) =>
  checkpoint && typeof checkpoint.id === 'string' ? checkpoint : undefined;

describe('pull slices', () => {
  it('estimates JSON length closely enough to size slices', () => {
    const value = { id: 'abc', path: [[-92.807722, 35.491038]], fee: null, open: true };
    const exact = JSON.stringify(value).length;
    expect(approximateJsonLength(value)).toBeGreaterThan(exact * 0.5);
    expect(approximateJsonLength(value)).toBeLessThan(exact * 2);
  });

  it('cuts documents into runs under the budget, a document larger than it alone', () => {
    const small = { id: 'a' };
    const large = { id: 'b', path: Array.from({ length: 1000 }, () => [1, 2]) };
    const slices = sliceDocuments([small, small, large, small], 100);
    expect(slices).toEqual([[small, small], [large], [small]]);
  });

  it('asks once per page and hands every document out once, in order, in bounded slices', async () => {
    const server = fakeServer(230);
    const afterSlice: Doc[][] = [];
    const handler = slicedPull<Doc, Checkpoint>({
      fetchPage: server.fetchPage,
      pageSize: 100,
      maxSliceChars: 8000,
      normalizeCheckpoint,
      afterSlice: (slice) => {
        afterSlice.push(slice);
        return Promise.resolve();
      },
    });
    const { answers, checkpoint } = await pullAll(handler);
    const handedOut = answers.flatMap((answer) => answer.documents);
    expect(handedOut.map((doc) => doc.id)).toEqual(server.documents.map((doc) => doc.id));
    // Three pages of 100, 100 and 30; the last page told that the server had nothing more,
    // so no fourth request was made for the empty answer that ends the pull.
    expect(server.requests).toHaveLength(3);
    expect(answers.length).toBeGreaterThan(6);
    for (const answer of answers) {
      expect(
        answer.documents.length === 1 || approximateJsonLength(answer.documents) <= 8000 + 100,
      ).toBe(true);
    }
    expect(checkpoint).toEqual({ id: 'doc-229', serverTime: 230 });
    // Every slice but a page's last is followed by a wait for it to be stored.
    expect(afterSlice.length).toBe(answers.length - 3);
  });

  it('keeps the checkpoint where the page began until its last slice is handed out', async () => {
    const server = fakeServer(100);
    const handler = slicedPull<Doc, Checkpoint>({
      fetchPage: server.fetchPage,
      pageSize: 100,
      maxSliceChars: 8000,
      normalizeCheckpoint,
      afterSlice: () => Promise.resolve(),
    });
    const { answers } = await pullAll(handler);
    expect(answers.slice(0, -1).every((answer) => answer.checkpoint === undefined)).toBe(true);
    expect(answers.at(-1)!.checkpoint).toEqual({ id: 'doc-099', serverTime: 100 });
  });

  it('asks for the same page again after an interruption between slices, from the stored checkpoint', async () => {
    const server = fakeServer(150);
    const options = {
      fetchPage: server.fetchPage,
      pageSize: 100,
      maxSliceChars: 8000,
      normalizeCheckpoint,
      afterSlice: () => Promise.resolve(),
    };
    // The first visit stores two slices of the first page, then the tab is reloaded.
    const first = await pullAll(slicedPull<Doc, Checkpoint>(options), undefined, 2);
    // RxDB stored the merged checkpoint of an unfinished first page: an empty object.
    expect(first.checkpoint).toEqual({});
    const stored = new Set(first.answers.flatMap((answer) => answer.documents.map((d) => d.id)));

    // The reloaded page's replication starts a new handler from that stored checkpoint.
    const second = await pullAll(slicedPull<Doc, Checkpoint>(options), first.checkpoint);
    const again = second.answers.flatMap((answer) => answer.documents.map((d) => d.id));
    // The first page is handed out again whole (the stored copies compare equal and are not
    // rewritten), then the rest; nothing is skipped.
    expect(server.requests.slice(1)).toEqual([undefined, { id: 'doc-099', serverTime: 100 }]);
    expect(again).toEqual(server.documents.map((doc) => doc.id));
    expect([...stored].every((id) => again.includes(id))).toBe(true);
    expect(second.checkpoint).toEqual({ id: 'doc-149', serverTime: 150 });
  });

  it('drops the pending slices when asked from another checkpoint', async () => {
    const server = fakeServer(100);
    const handler = slicedPull<Doc, Checkpoint>({
      fetchPage: server.fetchPage,
      pageSize: 100,
      maxSliceChars: 8000,
      normalizeCheckpoint,
      afterSlice: () => Promise.resolve(),
    });
    await handler(undefined);
    const from = { id: 'doc-049', serverTime: 50 };
    const answer = await handler(from);
    expect(server.requests).toEqual([undefined, from]);
    expect(answer.documents[0]!.id).toBe('doc-050');
  });

  it('grows slices a fast device stores quickly and shrinks those a slow one takes long over', async () => {
    const sizes = async (storeMs: number) => {
      const server = fakeServer(200);
      let clock = 0;
      const handler = slicedPull<Doc, Checkpoint>({
        fetchPage: server.fetchPage,
        pageSize: 200,
        maxSliceChars: 8000,
        targetSliceMs: 40,
        now: () => clock,
        afterSlice: () => {
          clock += storeMs;
          return Promise.resolve();
        },
        normalizeCheckpoint,
      });
      const { answers } = await pullAll(handler);
      expect(answers.flatMap((answer) => answer.documents)).toHaveLength(200);
      return answers.map((answer) => approximateJsonLength(answer.documents));
    };
    const fast = await sizes(5);
    const slow = await sizes(400);
    expect(fast.length).toBeLessThan(slow.length);
    // Fast: each slice up to twice the one before; slow: down to half the first.
    expect(Math.max(...fast.slice(0, -1))).toBeGreaterThan(16000);
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(slow.slice(1))).toBeLessThan(mean(fast.slice(1)) / 2);
  });

  it('waits for the previous slice before handing out the next', async () => {
    const server = fakeServer(100);
    let release: () => void = () => undefined;
    const handler = slicedPull<Doc, Checkpoint>({
      fetchPage: server.fetchPage,
      pageSize: 100,
      maxSliceChars: 8000,
      normalizeCheckpoint,
      afterSlice: () => new Promise<void>((resolve) => (release = resolve)),
    });
    const first = await handler(undefined);
    let secondArrived = false;
    const second = handler(first.checkpoint).then((answer) => {
      secondArrived = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(secondArrived).toBe(false);
    release();
    expect((await second).documents[0]!.id).not.toBe(first.documents[0]!.id);
  });
});
