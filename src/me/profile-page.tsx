/**
 * /profile (voice-navigation §2.1 "Profile and sign in"; core-platform §3 "Registration
 * payload", §5 login rules, §8 messages): sign-in and registration forms on tabs for guests,
 * profile details and Logout for signed-in riders; both show the sync status panel (pending
 * trips and plans, last sync, errors, "Sync now"). Every rule (trimming, ignoring a second
 * submit, toasts, redirect) lives in the session machine; this page shows its state and the
 * failure beside the form it belongs to.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import {
  Button,
  FieldError,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  Text,
  TextField,
  type TextFieldProps,
} from 'react-aria-components';
import { CircleAlert, LogIn, LogOut, ShieldCheck, UserPlus, WifiOff } from 'lucide-react';
import type { Role } from '../lib/auth/roles.ts';
import { isSafeReturnPath } from '../lib/auth/return-path.ts';
import { useSession, type SessionValue } from '../lib/auth/session-context.tsx';
import {
  DEFAULT_VEHICLE_TYPE,
  VEHICLE_TYPES,
  vehicleTypeLabel,
} from '../lib/auth/session-types.ts';
import { formatDateTime } from '../lib/format.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { SyncStatusPanel } from '../sync/sync-status-view.tsx';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import type { ProfileSearch } from './profile-search.ts';
import './profile-page.css';

/** Minimum password length the server accepts (sync-server auth schema). */
const MINIMUM_PASSWORD_LENGTH = 8;

const roleLabels: Record<Role, string> = {
  guest: 'Guest',
  user: 'Rider',
  test: 'Tester',
  admin: 'Administrator',
};

function field(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function FormAlert({ message }: { message: string }) {
  return (
    <p className="account-form__alert" role="alert">
      <CircleAlert aria-hidden="true" size={20} />
      <span>{message}</span>
    </p>
  );
}

/**
 * A labelled text field of the account forms with its hint and validation error
 * (react-aria-components TextField); props other than `label` and `hint` go to the TextField.
 */
function AccountField({
  label,
  hint,
  ...fieldProps
}: TextFieldProps & { label: string; hint?: ReactNode }) {
  return (
    <TextField {...fieldProps} className="account-field">
      <Label className="account-field__label">{label}</Label>
      <Input className="account-field__input" />
      {hint ? (
        <Text slot="description" className="account-field__hint">
          {hint}
        </Text>
      ) : null}
      <FieldError className="account-field__error" />
    </TextField>
  );
}

function SignInForm({ session }: { session: SessionValue }) {
  const pending = session.pending === 'login';
  const busy = session.pending !== null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    session.login(field(form, 'username'), field(form, 'password'));
  };
  return (
    <Form className="account-form" onSubmit={onSubmit} aria-label="Sign in">
      <AccountField
        name="username"
        isRequired
        autoComplete="username"
        validate={(value) => (value.trim() === '' ? 'Enter your username.' : null)}
        label="Username"
      />
      <AccountField
        name="password"
        type="password"
        isRequired
        autoComplete="current-password"
        label="Password"
      />
      {session.error?.form === 'login' ? <FormAlert message={session.error.message} /> : null}
      <Button
        type="submit"
        className="button button--primary account-form__submit"
        isDisabled={busy}
      >
        {pending ? <Spinner label="Signing in…" /> : <LogIn aria-hidden="true" size={20} />}
        {pending ? null : 'Sign in'}
      </Button>
    </Form>
  );
}

function RegisterForm({ session }: { session: SessionValue }) {
  const [vehicleType, setVehicleType] = useState<string>(DEFAULT_VEHICLE_TYPE);
  const pending = session.pending === 'register';
  const busy = session.pending !== null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    session.register({
      username: field(form, 'username'),
      email: field(form, 'email'),
      password: field(form, 'password'),
      vehicleType,
    });
  };
  return (
    <Form className="account-form" onSubmit={onSubmit} aria-label="Register">
      <AccountField
        name="username"
        isRequired
        maxLength={64}
        autoComplete="username"
        validate={(value) => (value.trim() === '' ? 'Choose a username.' : null)}
        label="Username"
      />
      <AccountField name="email" type="email" isRequired autoComplete="email" label="Email" />
      <AccountField
        name="password"
        type="password"
        isRequired
        minLength={MINIMUM_PASSWORD_LENGTH}
        autoComplete="new-password"
        label="Password"
        hint={<>At least {MINIMUM_PASSWORD_LENGTH} characters.</>}
      />
      <RadioGroup
        className="vehicle-choice"
        value={vehicleType}
        onChange={setVehicleType}
        orientation="horizontal"
      >
        <Label className="account-field__label">Vehicle type</Label>
        <div className="vehicle-choice__options">
          {VEHICLE_TYPES.map((type) => (
            <Radio key={type.id} value={type.id} className="vehicle-choice__option">
              {type.label}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      {session.error?.form === 'register' ? <FormAlert message={session.error.message} /> : null}
      <Button
        type="submit"
        className="button button--primary account-form__submit"
        isDisabled={busy}
      >
        {pending ? (
          <Spinner label="Creating your account…" />
        ) : (
          <UserPlus aria-hidden="true" size={20} />
        )}
        {pending ? null : 'Create account'}
      </Button>
    </Form>
  );
}

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
        <Button className="button account-card__logout" onPress={session.logout}>
          <LogOut aria-hidden="true" size={20} /> Logout
        </Button>
      </section>
      <SyncStatusPanel />
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
    // A link may ask to return somewhere after sign-in; unsafe targets are dropped (§5).
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
