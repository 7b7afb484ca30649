/**
 * /profile (requirements §voice-2.1 "Profile and sign in"; requirements §core-3 "Registration
 * payload", §core-5 login rules, §core-8 messages): sign-in and registration forms on tabs for
 * guests, profile details and Logout for signed-in riders; both show the sync status panel (pending
 * trips and plans, last sync, errors, "Sync now"); signed in, also "Download my data" and
 * "Delete my account" (account-data-section.tsx). Every rule (trimming, ignoring a second
 * submit, toasts, redirect) lives in the session machine; this page shows its state and the
 * failure beside the form it belongs to.
 */
import { useEffect, useId } from 'react';
import { useSearch } from '@tanstack/react-router';
import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { LogOut, ShieldCheck, Trophy, WifiOff } from 'lucide-react';
import type { Role } from '../lib/auth/roles.ts';
import { isSafeReturnPath } from '../lib/auth/return-path.ts';
import { useSession, type SessionValue } from '../lib/auth/session-context.tsx';
import { vehicleTypeLabel } from '../lib/auth/session-types.ts';
import { formatDateTime } from '../lib/format.ts';
import { WhenDatabaseOpen } from '../db-react/provider.tsx';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { SyncStatusPanel } from '../sync/sync-status-view.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { AccountDataSection } from './account-data-section.tsx';
import { RegisterForm, SignInForm } from './account-forms.tsx';
import type { ProfileSearch } from './profile-search.ts';
import './profile-page.css';

const roleLabels: Record<Role, string> = {
  guest: 'Guest',
  user: 'Rider',
  test: 'Tester',
  admin: 'Administrator',
};

function GuestView({ session }: { session: SessionValue }) {
  const online = useOnlineStatus();
  return (
    <>
      <header className="page-header">
        <h1>Sign in</h1>
        <p className="page-header__lead">
          Sign in once with signal and stay signed in on the trail, even offline.
        </p>
      </header>
      {online ? null : (
        <p className="account-offline" role="status">
          <WifiOff aria-hidden="true" size={20} />
          You are offline. Signing in and registering need a connection; everything you saved keeps
          working meanwhile.
        </p>
      )}
      <Tabs className="account-tabs" defaultSelectedKey="login">
        <TabList className="account-tabs__list" aria-label="Account">
          <Tab id="login" className="account-tabs__tab">
            Sign in
          </Tab>
          <Tab id="register" className="account-tabs__tab">
            Register
          </Tab>
        </TabList>
        <TabPanel id="login" className="account-tabs__panel">
          <SignInForm session={session} />
        </TabPanel>
        <TabPanel id="register" className="account-tabs__panel">
          <RegisterForm session={session} />
        </TabPanel>
      </Tabs>
      <SyncStatusPanel />
    </>
  );
}

function SignedInView({ session }: { session: SessionValue }) {
  const user = session.user;
  const headingId = useId();
  if (!user) return null;
  const details: Array<[string, string]> = [
    ['Username', user.username],
    ['Email', user.email ?? 'Not on file'],
    ['Vehicle type', vehicleTypeLabel(user.vehicleType) ?? 'Not on file'],
    ['Role', roleLabels[session.role]],
  ];
  if (user.createdAt !== undefined) {
    details.push(['Member since', formatDateTime(user.createdAt)]);
  }
  return (
    <>
      <header className="page-header">
        <h1>Profile</h1>
        <p className="page-header__lead">Signed in as {user.username}.</p>
      </header>
      <section className="card account-card" aria-labelledby={headingId}>
        <h2 id={headingId} className="account-card__title">
          <ShieldCheck aria-hidden="true" size={22} /> Your account
        </h2>
        <dl className="account-details">
          {details.map(([term, value]) => (
            <div key={term} className="account-details__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Link href="/achievements" className="button button--ghost account-card__link">
          <Trophy aria-hidden="true" size={20} /> Your achievements
        </Link>
        <Button className="button account-card__logout" onPress={session.logout}>
          <LogOut aria-hidden="true" size={20} /> Logout
        </Button>
      </section>
      <SyncStatusPanel />
      <WhenDatabaseOpen>
        <AccountDataSection session={session} />
      </WhenDatabaseOpen>
    </>
  );
}

/** The /profile page: sign-in/registration for guests, profile and Logout when signed in. */
export function ProfilePage() {
  const session = useSession();
  const search: ProfileSearch = useSearch({ strict: false });
  const { status, verify, rememberReturnPath } = session;
  usePageMeta({
    title: status === 'signedIn' ? 'Profile' : 'Sign in',
    description: 'Sign in, register and manage your Natural State Trails account and vehicle.',
    keywords: ['login', 'sign in', 'register', 'account', 'profile'],
    path: '/profile',
  });

  const redirect = search.redirect;
  useEffect(() => {
    // A link may ask to return somewhere after sign-in; unsafe targets are dropped (§core-5).
    if (redirect === undefined) return;
    rememberReturnPath(isSafeReturnPath(redirect) ? redirect : null);
  }, [redirect, rememberReturnPath]);

  useEffect(() => {
    // Fresh details (e.g. a new role) when there is signal; offline the stored user stays.
    if (status === 'signedIn' && navigator.onLine) verify();
  }, [status, verify]);

  return (
    <div className="account-page">
      {status === 'loading' ? (
        <Spinner label="Checking your sign-in…" />
      ) : status === 'signedIn' ? (
        <SignedInView session={session} />
      ) : (
        <GuestView session={session} />
      )}
    </div>
  );
}
