/**
 * The current role for menus, palette and route guards (requirements §core-3 "User", §core-6),
 * taken from the signed-in session (src/app/session/session-provider.tsx), so all three change the
 * moment a rider signs in or out, in this tab or another.
 */
import { useContext } from 'react';
import type { Role } from '../../lib/auth/roles.ts';
import { RoleContext } from '../../lib/auth/session-context.tsx';

/**
 * The current role; throws outside the SessionProvider (requirements §core-8). A component
 * that reads only this renders again when the role changes, not at every change of the session.
 */
export function useCurrentRole(): Role {
  const role = useContext(RoleContext);
  if (role === null) throw new Error('useCurrentRole must be used within a SessionProvider');
  return role;
}
