/**
 * The current role for menus, palette and route guards (core-platform §3 "User", §6). Until the
 * session machine lands, the role is derived from the user stored locally after login
 * (localStorage key {@link STORED_USER_KEY}); the session issue replaces this source.
 */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { deriveRole, type Role, type RoleSource } from '../../features/roles.ts';

/** localStorage key of the stored user (JSON with username and roleId). */
export const STORED_USER_KEY = 'user';

/** Reads the stored user; null when absent or unreadable. */
export function readStoredUser(): RoleSource | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORED_USER_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    return {
      ...(typeof record.username === 'string' ? { username: record.username } : {}),
      roleId: typeof record.roleId === 'string' ? record.roleId : null,
    };
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  // Another tab signing in or out changes the stored user.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function readRole(): Role {
  return deriveRole(readStoredUser());
}

const RoleContext = createContext<Role | null>(null);

/**
 * Provides the current role. `role` overrides the stored user (tests, previews); otherwise the
 * role follows the stored user, including changes made in other tabs.
 */
export function RoleProvider({ children, role }: { children: ReactNode; role?: Role }) {
  const storedRole = useSyncExternalStore(subscribe, readRole, () => 'guest' as Role);
  return <RoleContext.Provider value={role ?? storedRole}>{children}</RoleContext.Provider>;
}

/** The current role; throws outside <RoleProvider> (core-platform §8). */
export function useCurrentRole(): Role {
  const role = useContext(RoleContext);
  if (role === null) throw new Error('useCurrentRole must be used within a RoleProvider');
  return role;
}
