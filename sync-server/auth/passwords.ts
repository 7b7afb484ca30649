/**
 * Password hashing with argon2id (@node-rs/argon2; docs/architecture.md#sync-server: a memory-hard
 * KDF from a well-kept library). Production uses the library's defaults (argon2id, 19 MiB, 2 passes, the
 * OWASP minimum); tests may pass cheaper costs so the suite stays fast. Passwords are only ever
 * held in memory for the duration of one hash or verify call and are never logged.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Cost parameters; omitted ones use the library defaults. */
export interface PasswordHashingCosts {
  /** Memory per hash, KiB. */
  memoryCost?: number;
  /** Passes over memory. */
  timeCost?: number;
}

/** Hashes and verifies passwords with one set of costs. */
export interface PasswordHasher {
  /** The argon2id PHC string of `password`. */
  hash(password: string): Promise<string>;
  /** True when `password` matches `passwordHash`; false (never throws) for a malformed hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as verifying a real account's password, for sign-ins with an unknown
   * username, so timing does not tell which usernames exist. Always false.
   */
  verifyAgainstDummy(password: string): Promise<false>;
}

/** Builds a hasher; its dummy hash (of random bytes) uses the same costs as real hashes. */
export async function createPasswordHasher(
  costs: PasswordHashingCosts = {},
): Promise<PasswordHasher> {
  const options = {
    ...(costs.memoryCost !== undefined ? { memoryCost: costs.memoryCost } : {}),
    ...(costs.timeCost !== undefined ? { timeCost: costs.timeCost } : {}),
  };
  const safeVerify = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  const dummyHash = await hash(randomBytes(32).toString('base64url'), options);
  return {
    hash: (password) => hash(password, options),
    verify: safeVerify,
    async verifyAgainstDummy(password) {
      await safeVerify(dummyHash, password);
      return false;
    },
  };
}
