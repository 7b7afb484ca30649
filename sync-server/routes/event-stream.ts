/**
 * The Server-Sent Events plumbing the sync stream (sync-routes.ts) and the group-ride stream
 * (group-ride-routes.ts) share: the hijacked response and its headers, the change-bus
 * subscription, the keep-alive comment every `syncLimits.streamKeepAliveMs`, one piece of work
 * at a time so events leave in order, and the bookkeeping that ends every open stream before
 * the server closes. A stream also ends when the change bus may have missed changes (its
 * database connection dropped and came back): its client reconnects and pulls what it missed.
 * What each stream sends is its own.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { syncLimits } from '../../schemas/sync-protocol.ts';
import type { ChangeBus, SyncChange } from '../sync/change-bus.ts';

/**
 * What a stream writes before the server ends it: the SSE `retry` field (how soon to reconnect,
 * ms) and a comment saying why. Neither is an event, so clients that only read events ignore
 * them; every client reconnects when its stream ends and pulls what it missed.
 */
export const reconnectHint = `retry: 1000\n: reconnect: the server ended this stream\n\n`;

/** The streams of one route module still open; each entry ends its stream. */
export type OpenStreams = Set<() => void>;

/** An open event stream. */
export interface EventStream {
  /** True once the client went away or the stream was ended. */
  readonly closed: boolean;
  /** Writes `event: <event>` with `dataJson` (JSON text) as its data; nothing once closed. */
  send(event: string, dataJson: string): void;
  /**
   * Runs `work` after the work queued before it has finished. A failure is logged with
   * `failureMessage` and ends the stream, so the client reconnects and starts afresh.
   */
  enqueue(work: () => Promise<void>): void;
}

/** What `openEventStream` needs. */
export interface EventStreamOptions {
  request: FastifyRequest;
  reply: FastifyReply;
  changeBus: ChangeBus;
  openStreams: OpenStreams;
  /** Called for every change published on the bus while the stream is open. */
  onChange: (change: SyncChange, stream: EventStream) => void;
  /** Logged (with the error) when queued work fails. */
  failureMessage: string;
  /** A comment written at once, so a client knows the stream is open before any event. */
  greeting?: string;
}

/**
 * A set of open streams that are all ended before `app` closes (a stream would otherwise hold
 * the server open until its client leaves).
 */
export function trackOpenStreams(app: FastifyInstance): OpenStreams {
  const openStreams: OpenStreams = new Set();
  app.addHook('preClose', async () => {
    for (const endStream of openStreams) endStream();
    openStreams.clear();
  });
  return openStreams;
}

/**
 * Hijacks `options.reply` and opens an event stream on it (status 200, no caching, no proxy
 * buffering). The stream lasts until the client goes away or the server closes.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const { request, reply, changeBus, openStreams } = options;
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies must pass events on at once, not buffer them.
    'x-accel-buffering': 'no',
  });
  if (options.greeting) response.write(`: ${options.greeting}\n\n`);

  let closed = false;
  let running: Promise<void> = Promise.resolve();
  const stream: EventStream = {
    get closed() {
      return closed;
    },
    send(event, dataJson) {
      if (!closed) response.write(`event: ${event}\ndata: ${dataJson}\n\n`);
    },
    enqueue(work) {
      running = running.then(work).catch((error: unknown) => {
        request.log.error({ err: error }, options.failureMessage);
        endStream();
      });
    },
  };
  const unsubscribe = changeBus.subscribe((change) => options.onChange(change, stream));
  const keepAlive = setInterval(
    () => response.write(': keep-alive\n\n'),
    syncLimits.streamKeepAliveMs,
  );
  let stopHearingMissed = () => {};
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    unsubscribe();
    stopHearingMissed();
  };
  const endStream = () => {
    if (!closed) response.write(reconnectHint);
    close();
    response.end();
  };
  // A stream opened while the bus was deaf (the database was away) has missed changes too.
  stopHearingMissed = changeBus.onMissedChanges(endStream);
  openStreams.add(endStream);
  request.raw.on('close', close);
  response.on('close', () => {
    close();
    openStreams.delete(endStream);
  });
  return stream;
}
