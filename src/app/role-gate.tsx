/**
 * Route guard by role (requirements §core-6). The routing itself lets everyone in (requirements
 * §voice-2.1); the page content is replaced by a polite explanation when the directory entry of the
 * route is not visible to the current role.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Lock } from 'lucide-react';
import { findFeature } from '../features/directory.ts';
import { canSee } from '../features/roles.ts';
import type { Role } from '../lib/auth/roles.ts';

/**
 * Whether a role may open the route of `featureKey`; true for routes without an entry (404,
 * redirects) and entries without a roles list.
 */
export function mayOpen(featureKey: string | undefined, role: Role): boolean {
  const feature = featureKey ? findFeature(featureKey) : undefined;
  return !feature || canSee(feature, role);
}

const roleNames: Record<Role, string> = {
  guest: 'guests',
  user: 'riders',
  test: 'testers',
  admin: 'administrators',
};

/** Plain-language list of who may open a page ("testers and administrators"). */
function audienceOf(roles: readonly Role[]): string {
  const names = [...new Set<Role>([...roles, 'admin'])].map((role) => roleNames[role]);
  return names.length === 1
    ? (names[0] as string)
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Renders `children` when allowed; otherwise "Sign in required" (guest) or "Not permitted". */
export function RoleGate({
  featureKey,
  role,
  children,
}: {
  featureKey: string | undefined;
  role: Role;
  children: ReactNode;
}) {
  if (mayOpen(featureKey, role)) return <>{children}</>;
  const feature = featureKey ? findFeature(featureKey) : undefined;
  const label = feature?.label ?? 'This page';
  const audience = audienceOf(feature?.roles ?? []);
  if (role === 'guest') {
    return (
      <section className="error-panel">
        <Lock className="error-panel__icon" aria-hidden="true" size={40} />
        <h1 className="error-panel__title">Sign in required</h1>
        <p className="error-panel__text">
          {label} is available to signed-in {audience}. Sign in to continue.
        </p>
        <div className="error-panel__actions">
          <Link className="button button--primary" href="/profile">
            Sign in
          </Link>
          <Link className="button" href="/">
            Back to Home
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="error-panel">
      <Lock className="error-panel__icon" aria-hidden="true" size={40} />
      <h1 className="error-panel__title">Not permitted</h1>
      <p className="error-panel__text">
        {label} is only available to {audience}. Your account does not have that role.
      </p>
      <div className="error-panel__actions">
        <Link className="button" href="/">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
