/**
 * Identity primitives both sides of sync share (requirements §core-3 "Trip", §core-4 "Offline"):
 * the `temp-` ids a device gives what it makes offline, before the server assigns the canonical
 * id, and the owner a signed-out rider's documents are stored under until sign-in adopts them.
 */
import { assertDocumentId } from './document-id.ts';

/** Prefix of an id made offline, before the server assigns the canonical one. */
export const tempIdPrefix = 'temp-';

/** True for an id made offline that still waits for its canonical server id. */
export function isTempId(id: string): boolean {
  return id.startsWith(tempIdPrefix);
}

/**
 * A new `temp-` id: time-ordered, random suffix, no crypto.subtle needed (plain-HTTP LAN
 * origins have none). Always within the id grammar (schemas/document-id.ts); asserted so that a
 * change here cannot produce ids the server refuses.
 */
export function newTempId(now: number = Date.now()): string {
  const random = Math.floor(Math.random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return assertDocumentId(`${tempIdPrefix}${now.toString(36)}-${random}`);
}

/**
 * Owner of what a signed-out rider makes on this device. Such documents never leave it until
 * sign-in adopts them (the sync engine's adoption step) or, for promotable documents, the
 * server sets the real owner when they are pushed.
 */
export const LOCAL_USER_ID = 'anonymous';
