/** A free loopback TCP port, for the test database, the browser-test server and benchmarks. */
import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that was free a moment ago (another process may still take it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
