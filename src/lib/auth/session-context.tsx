/**
 * The session as React sees it (requirements §core-4 "Session", §core-8 "Auth or context hooks used
 * outside their provider throw errors"). The shell provides it (src/app/session); areas such as
 * the profile page read it with `useSession()`. It lives here, below the areas, because areas
 * may not import the shell.
 */
import { createContext, useContext } from 'react';
import type { Role } from './roles.ts';
import type { RegistrationDetails, SessionUser } from './session-types.ts';

/** What the session offers to screens. */
export interface SessionValue {
  /** loading (first 100 ms and the start-up checks), then signedIn or signedOut. */
  status: 'loading' | 'signedIn' | 'signedOut';
  user: SessionUser | null;
  /** Derived as requirements §core-3 "User" says (guest when signed out). */
  role: Role;
  /** A sign-in or registration request is running (further submits are ignored). */
  pending: 'login' | 'register' | null;
  /** The last sign-in or registration failure, for the form it belongs to. */
  error: { form: 'login' | 'register'; message: string } | null;
  /** Signs in; the username is trimmed (requirements §core-5). */
  login(username: string, password: string): void;
  /** Registers, then signs in (requirements §core-3 "Registration payload"). */
  register(details: RegistrationDetails): void;
  /** Signs out everywhere on this device and revokes the refresh token when online. */
  logout(): void;
  /**
   * Signs out for good after the rider's account was deleted and its data removed from this
   * device (says so in a toast); the tokens are forgotten, none is revoked.
   */
  accountDeleted(): void;
  /** Re-reads the user from the server when online (role or details changed). */
  verify(): void;
  /** Saves a safe in-app path to open after the next sign-in (unsafe ones are ignored); null forgets it. */
  rememberReturnPath(path: string | null): void;
}

/** Context carrying the session; null outside the provider. */
export const SessionContext = createContext<SessionValue | null>(null);

/**
 * Context carrying only the session's role, beside the whole session: the shell, the menus and
 * the route guard follow the role, which changes far less often than the session (its start-up
 * check, a sign-in form's pending state and errors), so they render again only when it changes.
 */
export const RoleContext = createContext<Role | null>(null);

/** The current session; throws outside the session provider (requirements §core-8). */
export function useSession(): SessionValue {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession must be used within a SessionProvider');
  return session;
}
