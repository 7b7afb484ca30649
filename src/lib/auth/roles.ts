/**
 * The roles of requirements §core-6 and how a stored user's role is derived (§core-3 "User"). Below
 * the feature directory, so the session (src/lib/auth) and the directory (src/features) share it.
 */

/** The four roles of requirements §core-6. */
export type Role = 'guest' | 'user' | 'test' | 'admin';

/** The part of a stored user that decides the role. */
export interface RoleSource {
  username?: string;
  roleId?: string | null;
}

/**
 * Derives the role of a user (requirements §core-3 "User"): no user → guest; roleId 'admin' →
 * admin; 'test' → test; any other roleId → user; without a roleId, username 'admin' → admin, else
 * user.
 */
export function deriveRole(user: RoleSource | null | undefined): Role {
  if (!user) return 'guest';
  const roleId = user.roleId;
  if (roleId !== undefined && roleId !== null && roleId !== '') {
    if (roleId === 'admin') return 'admin';
    if (roleId === 'test') return 'test';
    return 'user';
  }
  return user.username === 'admin' ? 'admin' : 'user';
}
