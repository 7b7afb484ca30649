/**
 * Random batch ids for the usage queue: `batch-` and 32 hex digits (128 random bits) from
 * `crypto.getRandomValues`, which, unlike `crypto.randomUUID`, also works on plain-HTTP
 * origins (phones testing over a LAN). Within the server's batch id grammar
 * (schemas/analytics.ts `usageBatchSchema`).
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `batch-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
