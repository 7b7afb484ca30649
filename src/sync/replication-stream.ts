/**
 * The pull stream of the synced collections ("a Server-Sent Events pull stream with
 * RESYNC after reconnects"). One connection carries every collection (browsers allow six
 * HTTP/1.1 connections per server; a stream holds one for good). It is parsed with
 * eventsource-parser, each event goes to its collection's observable, and every (re)opening
 * emits 'RESYNC' to all of them so RxDB runs a checkpointed pull for whatever happened while
 * the stream was closed. Reconnects with the shared backoff (1 s doubling, capped 30 s), or at
 * once on `retryNow` ("Sync now", the browser back online): a stream still waiting out a long
 * backoff would otherwise leave what the server changed meanwhile (a pushed record's `synced`
 * status, say) unseen for up to 30 s. The engine opens it before its first pulls (`hold`), so
 * their answers already include whatever the stream does not bring and the first RESYNC is not
 * needed.
 */
import type { CollectionDescriptor } from '../../schemas/collections/descriptor.ts';
import { createParser } from 'eventsource-parser';
import { BehaviorSubject, Observable, Subject, filter, firstValueFrom, share } from 'rxjs';
import {
  multiCollectionStreamPath,
  type PullResponse,
  type SyncCheckpoint,
  type WireDocument,
} from '../../schemas/sync-protocol.ts';
import { retryDelayMs } from '../lib/http/backoff.ts';
import type { SyncTransport } from './sync-transport.ts';

export type StreamItem = { documents: WireDocument[]; checkpoint: SyncCheckpoint } | 'RESYNC';

/** The shared stream connection and a view of it per collection. */
export interface SyncStream {
  /** The events of `collection`; the connection opens with the first subscriber of any view. */
  of(collection: string): Observable<StreamItem>;
  /**
   * Opens the connection now and keeps it open until `release` is called. `attempted`
   * resolves once the first attempt has opened the stream (after its RESYNC went out) or
   * failed, so a pull can wait for it and never need that RESYNC.
   */
  hold(): { attempted: Promise<void>; release(): void };
  /**
   * Reconnects now when the connection is waiting to retry, and starts its backoff afresh;
   * does nothing while it is open or connecting, or when nobody subscribes.
   */
  retryNow(): void;
}

type Tagged = { collection: string; item: StreamItem } | 'RESYNC';

/**
 * A stream of `collections` through `transport`. `onFailure` hears each failed or dropped
 * connection (for the sync status); the stream keeps reconnecting until nobody subscribes.
 */
export function createSyncStream(
  transport: SyncTransport,
  collections: readonly CollectionDescriptor[],
  onFailure: (error: unknown) => void = () => {},
): SyncStream {
  const path = multiCollectionStreamPath(collections);
  // True once the current connection's first attempt has opened or failed.
  const firstAttemptEnded = new BehaviorSubject(false);
  // The pending retry of the open connection, if it is waiting for one.
  let retryPending: (() => void) | null = null;
  const connection = new Observable<Tagged>((subscriber) => {
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      retryPending = null;
      try {
        const response = await transport.openStream(path, controller.signal);
        attempt = 0;
        subscriber.next('RESYNC');
        firstAttemptEnded.next(true);
        const parser = createParser({
          onEvent(event) {
            const batch = JSON.parse(event.data) as PullResponse;
            if (!event.event || !batch.checkpoint || batch.documents.length === 0) return;
            subscriber.next({
              collection: event.event,
              item: { documents: batch.documents, checkpoint: batch.checkpoint },
            });
          },
        });
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
        throw new Error('The sync stream was closed by the server.');
      } catch (error) {
        if (controller.signal.aborted) return;
        onFailure(error);
        firstAttemptEnded.next(true);
        timer = setTimeout(() => void connect(), retryDelayMs(attempt));
        attempt += 1;
        retryPending = () => {
          clearTimeout(timer);
          attempt = 0;
          void connect();
        };
      }
    };
    void connect();
    return () => {
      retryPending = null;
      clearTimeout(timer);
      controller.abort();
      firstAttemptEnded.next(false);
    };
  }).pipe(share({ connector: () => new Subject<Tagged>(), resetOnRefCountZero: true }));

  return {
    hold() {
      const subscription = connection.subscribe();
      return {
        attempted: firstValueFrom(firstAttemptEnded.pipe(filter(Boolean))).then(() => undefined),
        release: () => subscription.unsubscribe(),
      };
    },
    retryNow: () => retryPending?.(),
    of(collection) {
      return new Observable<StreamItem>((subscriber) =>
        connection.subscribe({
          next(tagged) {
            if (tagged === 'RESYNC') subscriber.next('RESYNC');
            else if (tagged.collection === collection) subscriber.next(tagged.item);
          },
          error: (error: unknown) => subscriber.error(error),
        }),
      );
    },
  };
}
