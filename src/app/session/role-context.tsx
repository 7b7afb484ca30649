/**
 * The current role for menus, palette and route guards (requirements §core-3 "User", §core-6),
 * taken from the signed-in session (src/app/session/session-provider.tsx), so all three change the
 * moment a rider signs in or out, in this tab or another.
 */
import type { Role } from '../../lib/auth/roles.ts';
import { useSession } from '../../lib/auth/session-context.tsx';

/** The current role; throws outside the SessionProvider (requirements §core-8). */
export function useCurrentRole(): Role {
  return useSession().role;
}
