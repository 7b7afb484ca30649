// A loopback TCP proxy the fault tests control (issue 4 "Fault tests"): between the sync client
// and the server it drops connections, delays them, and cuts responses halfway, at random from
// a seed so a failing run can be replayed; it can also swallow the answer to the next
// promotion request after the server has processed it.
import net from 'node:net';
import { seededRandom } from '../../support/seeded-random.ts';

export interface FaultRates {
  /** Share of requests whose connection is closed before the request is forwarded. */
  drop: number;
  /** Share of requests held 50–400 ms before forwarding. */
  delay: number;
  /** Share of requests whose response is cut after its first 64 bytes. */
  cut: number;
}

export interface FaultProxy {
  port: number;
  /** Faults for the requests from now on; all zero means a clean line. */
  setFaults(rates: FaultRates): void;
  /** The next requests get these faults, in order, before the random ones resume. */
  queueFaults(kinds: ('drop' | 'delay' | 'cut')[]): void;
  /** The next response to `POST /api/sync/promotions` is processed by the server but lost. */
  loseNextPromotionResponse(): void;
  /** How many faults of each kind were injected. */
  readonly injected: { drop: number; delay: number; cut: number; lostPromotion: number };
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port forwarding to `upstreamPort`. */
export async function startFaultProxy(upstreamPort: number, seed: number): Promise<FaultProxy> {
  const random = seededRandom(seed);
  let rates: FaultRates = { drop: 0, delay: 0, cut: 0 };
  let losePromotion = false;
  const queued: ('drop' | 'delay' | 'cut')[] = [];
  const injected = { drop: 0, delay: 0, cut: 0, lostPromotion: 0 };
  const sockets = new Set<net.Socket>();

  // Faults are drawn per request, not per connection: clients keep connections alive, so one
  // connection carries many requests.
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());

    let forwarding: Promise<void> = Promise.resolve();
    let cutResponse = false;
    let loseResponse = false;
    let forwarded = 0;
    client.on('data', (chunk: Buffer) => {
      const head = chunk.toString('latin1', 0, 64);
      if (/^(GET|POST|PUT|DELETE) \//.test(head)) {
        forwarded = 0;
        if (losePromotion && head.startsWith('POST /api/sync/promotions')) {
          losePromotion = false;
          loseResponse = true;
        } else {
          const forced = queued.shift();
          const roll =
            forced === 'drop'
              ? 0
              : forced === 'cut'
                ? rates.drop
                : forced === 'delay'
                  ? rates.drop + rates.cut
                  : random();
          if (roll < rates.drop || forced === 'drop') {
            injected.drop += 1;
            client.destroy();
            return;
          }
          if (roll < rates.drop + rates.cut || forced === 'cut') {
            injected.cut += 1;
            cutResponse = true;
          } else if (roll < rates.drop + rates.cut + rates.delay || forced === 'delay') {
            injected.delay += 1;
            const wait = 50 + Math.floor(random() * 350);
            forwarding = forwarding.then(() => new Promise((resolve) => setTimeout(resolve, wait)));
          }
        }
      }
      forwarding = forwarding.then(() => {
        if (!upstream.destroyed) upstream.write(chunk);
      });
    });
    upstream.on('data', (chunk: Buffer) => {
      if (loseResponse) {
        // The server has done the work; the client never hears of it.
        injected.lostPromotion += 1;
        client.destroy();
        return;
      }
      if (cutResponse && forwarded + chunk.length > 64) {
        client.write(chunk.subarray(0, Math.max(0, 64 - forwarded)));
        client.destroy();
        return;
      }
      forwarded += chunk.length;
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    setFaults(next) {
      rates = next;
    },
    queueFaults(kinds) {
      queued.push(...kinds);
    },
    loseNextPromotionResponse() {
      losePromotion = true;
    },
    injected,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
