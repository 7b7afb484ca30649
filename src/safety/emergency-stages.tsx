/**
 * The three stages of the /emergency screen (requirements §voice-2.1): the panic button held
 * with its countdown, the confirmation saying what the phone will open, and the active
 * emergency with its location, text and call links, beacon and stop confirmation. Each stage
 * reads the emergency machine's context and sends it the rider's presses; a page cannot send a
 * text or place a call, so the links open the messages app or dialer for the rider to press
 * Send or Call.
 */
import type { KeyboardEvent } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { Link } from 'react-aria-components';
import { MapPin, Phone, Radio, Siren, MessageSquare } from 'lucide-react';
import {
  CONTACT_PRIORITY_LABELS,
  formatPhone,
  type EmergencyContact,
} from '../lib/outdoor/emergency-contacts.ts';
import {
  EMERGENCY_CALL_HREF,
  formatFixAge,
  isFixStale,
  smsHref,
  telHref,
  type LocationFix,
} from '../lib/outdoor/emergency-message.ts';
import {
  countContacts,
  describePlanAhead,
  describePlanDone,
  planActionLabel,
  type EmergencyContactPlan,
} from '../lib/outdoor/emergency-plan.ts';
import type { EmergencySettings } from '../lib/outdoor/outdoor-settings.ts';
import { formatDecimalDegrees } from '../lib/outdoor/coordinates.ts';
import type { browserEmergencyMachine } from '../machines/emergency-effects.ts';

/** The running emergency actor of the page. */
export type EmergencyActorRef = ActorRefFrom<ReturnType<typeof browserEmergencyMachine>>;
type EmergencyContext = SnapshotFrom<EmergencyActorRef>['context'];

const sizeClass = { normal: 'm', large: 'l', 'extra-large': 'xl' } as const;

/** The panic button: held for panicButtonDelay seconds (pointer, Space or Enter) to start. */
export function PanicPanel({
  actor,
  context,
  arming,
  emergency,
}: {
  actor: EmergencyActorRef;
  context: EmergencyContext;
  arming: boolean;
  emergency: EmergencySettings;
}) {
  const hold = () => actor.send({ type: 'panic.hold' });
  const release = () => actor.send({ type: 'panic.release' });
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
      event.preventDefault();
      hold();
    }
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === ' ' || event.key === 'Enter') release();
  };
  const seconds = Math.ceil(context.countdownRemainingMs / 1000);
  const holdProgress =
    arming && emergency.panicButtonDelay > 0
      ? 1 - context.countdownRemainingMs / (emergency.panicButtonDelay * 1000)
      : 0;
  return (
    <section
      className={`panic panic--${emergency.emergencyPanelMode} panic--${sizeClass[emergency.emergencyButtonSize]}`}
      aria-labelledby="panic-title"
    >
      <h2 id="panic-title" className="visually-hidden">
        Panic button
      </h2>
      <button
        type="button"
        className="panic__button"
        style={{ ['--hold-progress' as string]: holdProgress }}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          hold();
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onContextMenu={(event) => event.preventDefault()}
        aria-describedby="panic-help"
      >
        <Siren aria-hidden="true" className="panic__icon" />
        <span className="panic__label">{arming ? `Hold… ${seconds}` : 'Hold for SOS'}</span>
      </button>
      <p id="panic-help" className="panic__help" aria-live="assertive">
        {arming
          ? `Keep holding: ${seconds} s. Let go to cancel.`
          : context.outcome === 'released'
            ? 'Cancelled: you let go before the countdown ended.'
            : context.outcome === 'cancelled'
              ? 'Cancelled. Nothing was opened.'
              : context.outcome === 'timed-out'
                ? 'No answer to the confirmation, so nothing was opened.'
                : context.outcome === 'stopped'
                  ? 'Emergency stopped.'
                  : `Press and hold for ${emergency.panicButtonDelay} seconds to start an emergency.`}
      </p>
      <a className="button button--danger-strong panic__call" href={EMERGENCY_CALL_HREF}>
        <Phone aria-hidden="true" /> Call 911 now
      </a>
    </section>
  );
}

/** The confirmation: what the phone will open, and what happens when the time runs out. */
export function ConfirmPanel({
  actor,
  context,
  emergency,
  plan,
}: {
  actor: EmergencyActorRef;
  context: EmergencyContext;
  emergency: EmergencySettings;
  plan: EmergencyContactPlan;
}) {
  const confirmSeconds = Math.ceil(context.confirmRemainingMs / 1000);
  return (
    <section
      className="confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <h2 id="confirm-title">Start an emergency?</h2>
      <div id="confirm-text">
        <p data-testid="emergency-plan">{describePlanAhead(plan)}</p>
        <p className="confirm__countdown" aria-live="assertive">
          {emergency.confirmation.confirmationType === 'countdown'
            ? `It opens in ${confirmSeconds} s unless you cancel.`
            : `Cancels in ${confirmSeconds} s unless you confirm; then nothing opens.`}
        </p>
      </div>
      <div className="confirm__actions">
        <button
          type="button"
          className="button button--danger-strong confirm__send"
          onClick={() => actor.send({ type: 'emergency.confirm' })}
        >
          {planActionLabel(plan)}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => actor.send({ type: 'emergency.cancel' })}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}

/** The active emergency: what was opened, the position, links to text or call, and stopping. */
export function ActiveEmergency({
  actor,
  context,
  beaconOn,
  fix,
  now,
  emergency,
  recipients,
  message,
}: {
  actor: EmergencyActorRef;
  context: EmergencyContext;
  beaconOn: boolean;
  fix: LocationFix | null;
  /** Epoch milliseconds of the screen's clock. */
  now: number;
  emergency: EmergencySettings;
  recipients: EmergencyContact[];
  message: string;
}) {
  const textAllowed = emergency.preferredContactMethod !== 'call';
  const callAllowed = emergency.preferredContactMethod !== 'sms';
  return (
    <section className="active-emergency" aria-labelledby="active-title">
      <h2 id="active-title">
        <Siren aria-hidden="true" /> Emergency active
      </h2>
      {context.opened ? (
        <p
          className="safety-note safety-note--warning"
          role="status"
          data-testid="emergency-opened"
        >
          {context.sentWithoutAnswer ? 'No answer to the confirmation. ' : ''}
          {describePlanDone(context.opened)} If nothing opened, use the buttons below.
        </p>
      ) : null}
      <ActiveLocation fix={fix} now={now} context={context} emergency={emergency} />
      <ActiveActions
        actor={actor}
        beaconOn={beaconOn}
        recipients={recipients}
        textAllowed={textAllowed}
        message={message}
      />
      <ContactList
        recipients={recipients}
        message={message}
        textAllowed={textAllowed}
        callAllowed={callAllowed}
      />
      <details className="active-emergency__message">
        <summary>The text your messages app gets</summary>
        <pre>{message}</pre>
      </details>

      <StopControl actor={actor} context={context} emergency={emergency} />
    </section>
  );
}

/** The latest position with its accuracy and age, or why there is none yet. */
function ActiveLocation({
  fix,
  now,
  context,
  emergency,
}: {
  fix: LocationFix | null;
  now: number;
  context: EmergencyContext;
  emergency: EmergencySettings;
}) {
  return (
    <div className="active-emergency__location" aria-live="polite">
      <MapPin aria-hidden="true" />
      {fix ? (
        <p>
          <strong>{formatDecimalDegrees(fix.latitude, fix.longitude)}</strong> (±
          {Math.round(fix.accuracy)} m),{' '}
          {isFixStale(fix, now, emergency.locationUpdateInterval) ? 'last known position, ' : ''}
          {formatFixAge(now - fix.timestamp)} old.
          {context.locationError ? ` Latest refresh failed: ${context.locationError}.` : ''}{' '}
          Refreshes every {emergency.locationUpdateInterval} s.
        </p>
      ) : (
        <p>
          {context.locationError
            ? `No GPS fix: ${context.locationError}. Still trying every ${emergency.locationUpdateInterval} s.`
            : 'Getting your GPS position…'}
        </p>
      )}
    </div>
  );
}

/** Call 911, text every recipient at once, and the beacon switch. */
function ActiveActions({
  actor,
  beaconOn,
  recipients,
  textAllowed,
  message,
}: {
  actor: EmergencyActorRef;
  beaconOn: boolean;
  recipients: EmergencyContact[];
  textAllowed: boolean;
  message: string;
}) {
  return (
    <div className="active-emergency__actions">
      <a className="button button--danger-strong" href={EMERGENCY_CALL_HREF}>
        <Phone aria-hidden="true" /> Call 911
      </a>
      {textAllowed && recipients.length > 0 ? (
        <a
          className="button button--primary"
          href={smsHref(
            recipients.map((contact) => contact.phone),
            message,
          )}
          data-testid="sms-all"
        >
          <MessageSquare aria-hidden="true" /> Text my location to{' '}
          {recipients.length === 1 ? recipients[0]?.name : countContacts(recipients.length)}
        </a>
      ) : null}
      <button
        type="button"
        className="button"
        aria-pressed={beaconOn}
        onClick={() => actor.send({ type: beaconOn ? 'beacon.stop' : 'beacon.start' })}
      >
        <Radio aria-hidden="true" />{' '}
        {beaconOn ? 'Stop beacon' : 'Start beacon (siren, flashing, SOS vibration)'}
      </button>
    </div>
  );
}

/** One text and call link per recipient, or where to add contacts when there are none. */
function ContactList({
  recipients,
  message,
  textAllowed,
  callAllowed,
}: {
  recipients: EmergencyContact[];
  message: string;
  textAllowed: boolean;
  callAllowed: boolean;
}) {
  return (
    <>
      {recipients.length === 0 ? (
        <p className="safety-note">
          You have no emergency contacts, so there is no one to text. Call 911, or add contacts on
          the <Link href="/safety">Safety page</Link>.
        </p>
      ) : (
        <ul className="active-emergency__contacts" aria-label="Contacts to alert">
          {recipients.map((contact) => (
            <li key={contact.id}>
              <span>
                <strong>{contact.name}</strong> · {CONTACT_PRIORITY_LABELS[contact.priority]}
              </span>
              <span className="active-emergency__contact-actions">
                {textAllowed ? (
                  <a className="button" href={smsHref([contact.phone], message)}>
                    Text {formatPhone(contact.phone)}
                  </a>
                ) : null}
                {callAllowed ? (
                  <a className="button" href={telHref(contact.phone)}>
                    Call
                  </a>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Stopping the emergency, behind one or two confirmations. */
function StopControl({
  actor,
  context,
  emergency,
}: {
  actor: EmergencyActorRef;
  context: EmergencyContext;
  emergency: EmergencySettings;
}) {
  return (
    <>
      {context.stopConfirmStep === 0 ? (
        <button
          type="button"
          className="button"
          onClick={() => actor.send({ type: 'emergency.stop' })}
        >
          Stop emergency
        </button>
      ) : (
        <div className="confirm confirm--stop" role="alertdialog" aria-labelledby="stop-title">
          <h3 id="stop-title">
            {context.stopConfirmStep === 1
              ? 'Stop the emergency?'
              : 'Are you sure? Location updates and the beacon will stop.'}
          </h3>
          {emergency.confirmation.doubleConfirmForDestruction ? (
            <p>Step {context.stopConfirmStep} of 2</p>
          ) : null}
          <div className="confirm__actions">
            <button
              type="button"
              className="button"
              onClick={() => actor.send({ type: 'emergency.confirm' })}
            >
              Yes, stop
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'emergency.cancel' })}
            >
              Keep emergency on
            </button>
          </div>
        </div>
      )}
    </>
  );
}
