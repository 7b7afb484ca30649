/**
 * /notification-preferences ("Notifications"; directory entry "Choose which alerts
 * and notifications you receive"): a switch per kind of event for the notification centre, and
 * system notifications through the browser's Notification API where it has one and the rider
 * allows it. Saved on the device at every change (src/db/notifications.ts).
 */
import { useState } from 'react';
import { Button, Link, Switch } from 'react-aria-components';
import { useNotificationPreferences } from '../db-react/notifications.ts';
import {
  notificationKindLabels,
  notificationKinds,
} from '../lib/notifications/notification-log.ts';
import {
  requestSystemNotifications,
  systemNotificationState,
  type SystemNotificationState,
} from '../lib/notifications/system-notification.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import '../ui/info-page.css';
import './notifications.css';

/** A labelled on/off switch with an explanation under its label. */
function PreferenceSwitch({
  label,
  help,
  isSelected,
  isDisabled = false,
  onChange,
}: {
  label: string;
  help: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChange: (selected: boolean) => void;
}) {
  return (
    <Switch
      className="preference-switch"
      isSelected={isSelected}
      isDisabled={isDisabled}
      onChange={onChange}
    >
      <span className="preference-switch__track" aria-hidden="true" />
      <span className="preference-switch__text">
        <span className="preference-switch__label">{label}</span>
        <span className="preference-switch__help">{help}</span>
      </span>
    </Switch>
  );
}

/** What the browser's answer means for the rider, in plain words. */
const systemStateText: Record<SystemNotificationState, string> = {
  unsupported:
    'This browser cannot show system notifications. The notification centre still lists everything.',
  default: 'The browser has not been asked yet.',
  denied:
    'System notifications are blocked for this site in your browser’s settings. Allow them there to turn this on.',
  granted: 'Your browser allows this app to show system notifications.',
};

/** The system notification part: permission state, the ask, and the switch. */
function SystemNotificationSetting({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const [state, setState] = useState<SystemNotificationState>(systemNotificationState);
  const ask = async () => {
    const answer = await requestSystemNotifications();
    setState(answer);
    if (answer === 'granted') onChange(true);
  };
  return (
    <section className="info-section" aria-labelledby="system-notifications-title">
      <h2 id="system-notifications-title">System notifications</h2>
      <p aria-live="polite">{systemStateText[state]}</p>
      {state === 'default' ? (
        <Button className="button button--primary" onPress={() => void ask()}>
          Allow system notifications
        </Button>
      ) : null}
      <PreferenceSwitch
        label="Also show them as system notifications"
        help="They appear only while the app is open, also in a background tab: the app uses no push service, so nothing arrives while it is closed."
        isSelected={enabled && state === 'granted'}
        isDisabled={state !== 'granted'}
        onChange={onChange}
      />
    </section>
  );
}

/** The notification preferences page. */
export function NotificationPreferencesPage() {
  usePageMeta({
    title: 'Notification Preferences',
    description:
      'Choose which events reach your notification centre and whether your phone shows them too.',
    keywords: ['notifications', 'alerts', 'settings'],
    path: '/notification-preferences',
  });
  const { value, isLoading, setValue, setKind } = useNotificationPreferences();
  // Until the stored choices are read the switches would show the defaults, then flip.
  if (isLoading) return <Spinner label="Reading your notification preferences…" />;
  return (
    <article className="info-page" aria-labelledby="notification-preferences-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Me · Notifications</p>
        <h1 id="notification-preferences-title">Notification Preferences</h1>
        <p className="info-lead">
          Saved on this device at every change. What you turn off is not logged at all; what is
          logged appears in the <Link href="/notification-center">Notification Center</Link>.
        </p>
      </header>
      <section className="info-section" aria-labelledby="notification-kinds-title">
        <h2 id="notification-kinds-title">What to tell you about</h2>
        <ul className="preference-list">
          {notificationKinds.map((kind) => (
            <li key={kind}>
              <PreferenceSwitch
                label={notificationKindLabels[kind].label}
                help={notificationKindLabels[kind].description}
                isSelected={value.kinds[kind] !== false}
                onChange={(selected) => void setKind(kind, selected)}
              />
            </li>
          ))}
        </ul>
      </section>
      <SystemNotificationSetting
        enabled={value.systemNotifications}
        onChange={(enabled) =>
          void setValue((previous) => ({ ...previous, systemNotifications: enabled }))
        }
      />
    </article>
  );
}
