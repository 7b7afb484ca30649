/**
 * The sign-in and registration forms of /profile (requirements §core-3 "Registration payload",
 * §core-5 login rules, §core-8 messages). Every rule (trimming, ignoring a second submit, toasts,
 * redirect) lives in the session machine; the forms collect the fields and show the failure that
 * belongs to them.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  FieldError,
  Form,
  Input,
  Label,
  Radio,
  RadioGroup,
  Text,
  TextField,
  type TextFieldProps,
} from 'react-aria-components';
import { CircleAlert, LogIn, UserPlus } from 'lucide-react';
import type { SessionValue } from '../lib/auth/session-context.tsx';
import { DEFAULT_VEHICLE_TYPE, VEHICLE_TYPES } from '../lib/auth/session-types.ts';
import { Spinner } from '../ui/spinner.tsx';

/** Minimum password length the server accepts (sync-server auth schema). */
const MINIMUM_PASSWORD_LENGTH = 8;

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

/** The sign-in form (requirements §core-5): username and password; failures show beside it. */
export function SignInForm({ session }: { session: SessionValue }) {
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

/**
 * The registration form (requirements §core-3 "Registration payload"): account fields, vehicle type
 * and a password of at least 8 characters; the session registers, then signs in.
 */
export function RegisterForm({ session }: { session: SessionValue }) {
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
