/**
 * /emergency (voice-navigation §2.1; issue 7, issue 11 defect 3): the panic button held for
 * panicButtonDelay with a visible countdown, the confirmation saying exactly what the phone
 * will open, then the active emergency: the text (or dialer) opened with the location, links
 * to text or call each contact and 911, beacon mode, location refresh with the fix age,
 * stopping with the (double) confirmation, and the offline emergency card. A page cannot send a
 * text or place a call, so every sentence says the rider presses Send or Call. Runs the
 * emergency machine with the browser's side effects; works with the network off.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MutableRefObject,
} from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'react-aria-components';
import { MapPin, Phone, Radio, Siren, MessageSquare } from 'lucide-react';
import { useDatabase } from '../db/provider.tsx';
import {
  recordEmergencyActivation,
  useEmergencyContacts,
  useMedicalNotes,
} from '../db/safety-settings.ts';
import {
  CONTACT_PRIORITY_LABELS,
  formatPhone,
  selectRecipients,
  type EmergencyContact,
} from '../lib/outdoor/emergency-contacts.ts';
import {
  buildEmergencyMessage,
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
  planEmergencyContact,
  planHref,
} from '../lib/outdoor/emergency-plan.ts';
import { formatDecimalDegrees } from '../lib/outdoor/coordinates.ts';
import {
  browserEmergencyMachine,
  browserLocate,
  openExternalLink,
} from '../machines/emergency-effects.ts';
import { inspectOption } from '../machines/inspector.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { EmergencyCard } from './emergency-card.tsx';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import { useNow, useOnline, usePlace } from './use-place.ts';
import './safety.css';

type EmergencyActorRef = ActorRefFrom<ReturnType<typeof browserEmergencyMachine>>;

/**
 * The page's emergency actor, started on mount and stopped on unmount by @xstate/react (StrictMode's
 * simulated remount restores it from its own snapshot), fed the latest settings, contacts and
 * network state.
 */
function useEmergencyActor(messageRef: MutableRefObject<string>) {
  const db = useDatabase();
  const { settings } = useOutdoor();
  const { contacts } = useEmergencyContacts();
  const emergencySettings = settings.emergencySettings;
  // Same machine config every time, so the actor is kept; @xstate/react swaps in the newest
  // implementations, whose activation record reads the current settings.
  const machine = useMemo(
    () =>
      // openPlan reads messageRef only when the actor opens a text (an event), never in render.
      // eslint-disable-next-line react-hooks/refs
      browserEmergencyMachine({
        onActivation: (at, trigger) => {
          void recordEmergencyActivation(
            db,
            {
              at,
              source: trigger?.source ?? 'panic-button',
              critical: trigger?.critical ?? false,
              testMode: emergencySettings.emergencyTestMode,
            },
            emergencySettings.emergencyDataRetention,
          );
        },
        // The text body is the screen's latest message (fix, place, precision settings).
        openPlan: (plan) => {
          const href = planHref(plan, messageRef.current);
          if (href) openExternalLink(href);
        },
      }),
    [db, emergencySettings, messageRef],
  );
  const actor = useActorRef(machine, {
    input: {
      settings: settings.emergencySettings,
      contacts,
      online: navigator.onLine,
    },
    ...inspectOption,
  });
  useEffect(() => {
    actor.send({ type: 'settings.update', settings: settings.emergencySettings });
  }, [actor, settings.emergencySettings]);
  useEffect(() => {
    actor.send({ type: 'contacts.update', contacts });
  }, [actor, contacts]);
  const online = useOnline();
  useEffect(() => {
    actor.send({ type: 'network.change', online });
  }, [actor, online]);
  const snapshot = useSelector(actor, (current) => current);
  return { actor, snapshot, contacts, online };
}

const sizeClass = { normal: 'm', large: 'l', 'extra-large': 'xl' } as const;

/** The /emergency page. */
export function EmergencyPage() {
  const messageRef = useRef('');
  const { actor, snapshot, contacts, online } = useEmergencyActor(messageRef);
  return (
    <EmergencyScreen
      actor={actor}
      snapshot={snapshot}
      contacts={contacts}
      online={online}
      messageRef={messageRef}
    />
  );
}

function EmergencyScreen({
  actor,
  snapshot,
  contacts,
  online,
  messageRef,
}: {
  actor: EmergencyActorRef;
  snapshot: ReturnType<EmergencyActorRef['getSnapshot']>;
  contacts: EmergencyContact[];
  online: boolean;
  messageRef: MutableRefObject<string>;
}) {
  usePageMeta({
    title: 'Emergency',
    description:
      'Hold the SOS button to open a text with your location to your contacts, or the dialer on 911. Works offline.',
    keywords: ['sos', '911', 'emergency', 'help'],
    path: '/emergency',
  });
  const { settings, setEmergencyActive } = useOutdoor();
  const emergency = settings.emergencySettings;
  const { notes } = useMedicalNotes();
  const now = useNow();
  const context = snapshot.context;
  const active = snapshot.matches('active');
  const arming = snapshot.matches('arming');
  const confirming = snapshot.matches('confirming');
  const beaconOn = snapshot.matches({ active: { beacon: 'on' } });

  useEffect(() => {
    setEmergencyActive(active);
    return () => setEmergencyActive(false);
  }, [active, setEmergencyActive]);

  // The card can show a position before any emergency: one fix when the page opens.
  const [cardFix, setCardFix] = useState<{ fix: LocationFix | null; error: string | null }>({
    fix: null,
    error: null,
  });
  useEffect(() => {
    let cancelled = false;
    browserLocate({ highAccuracy: emergency.highAccuracyGPS, timeoutMs: 20_000 }).then(
      (fix) => !cancelled && setCardFix({ fix, error: null }),
      (error: unknown) =>
        !cancelled &&
        setCardFix({ fix: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [emergency.highAccuracyGPS]);

  const fix = context.lastFix ?? cardFix.fix;
  const locationError = context.lastFix
    ? context.locationError
    : (context.locationError ?? cardFix.error);
  const place = usePlace(fix);
  const placeLine = place.nearTown
    ? `${place.nearTown}${place.county ? ` · ${place.county} County` : ''}`
    : null;

  const message = buildEmergencyMessage({
    fix,
    now,
    precision: emergency.shareLocationPrecision,
    lowSignal: emergency.lowSignalOptimization,
    placeDescription: emergency.anonymizeEmergencyData ? null : placeLine,
    testMode: emergency.emergencyTestMode,
    updateIntervalS: emergency.locationUpdateInterval,
  });
  useEffect(() => {
    messageRef.current = message;
  }, [message, messageRef]);
  const recipients = selectRecipients(contacts, emergency);
  const plan = planEmergencyContact(contacts, emergency);
  const textAllowed = emergency.preferredContactMethod !== 'call';
  const callAllowed = emergency.preferredContactMethod !== 'sms';

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
  const confirmSeconds = Math.ceil(context.confirmRemainingMs / 1000);
  const holdProgress =
    arming && emergency.panicButtonDelay > 0
      ? 1 - context.countdownRemainingMs / (emergency.panicButtonDelay * 1000)
      : 0;

  return (
    <div className={`safety-page emergency-page${beaconOn ? ' emergency-page--beacon' : ''}`}>
      <header className="safety-page__header">
        <h1>Emergency</h1>
        {!online ? (
          <p className="safety-note" role="status">
            No data connection. Text messages and calls still go out over any cell signal, and GPS
            works without one.
          </p>
        ) : null}
        {emergency.emergencyTestMode ? (
          <p className="safety-note safety-note--warning">
            Test mode is on: texts say they are a test and the dialer never opens on 911 by itself.
          </p>
        ) : null}
      </header>

      {!active && !confirming ? (
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
      ) : null}

      {confirming ? (
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
      ) : null}

      {active ? (
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
          <div className="active-emergency__location" aria-live="polite">
            <MapPin aria-hidden="true" />
            {fix ? (
              <p>
                <strong>{formatDecimalDegrees(fix.latitude, fix.longitude)}</strong> (±
                {Math.round(fix.accuracy)} m),{' '}
                {isFixStale(fix, now, emergency.locationUpdateInterval)
                  ? 'last known position, '
                  : ''}
                {formatFixAge(now - fix.timestamp)} old.
                {context.locationError
                  ? ` Latest refresh failed: ${context.locationError}.`
                  : ''}{' '}
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

          {recipients.length === 0 ? (
            <p className="safety-note">
              You have no emergency contacts, so there is no one to text. Call 911, or add contacts
              on the <Link href="/safety">Safety page</Link>.
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

          <details className="active-emergency__message">
            <summary>The text your messages app gets</summary>
            <pre>{message}</pre>
          </details>

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
        </section>
      ) : null}

      <EmergencyCard
        fix={fix}
        locationError={locationError}
        place={place}
        contacts={contacts}
        medicalNotes={notes}
        now={now}
      />
    </div>
  );
}
