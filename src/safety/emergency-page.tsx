/**
 * /emergency (requirements §voice-2.1): the panic button held for
 * panicButtonDelay with a visible countdown, the confirmation saying exactly what the phone
 * will open, then the active emergency: the text (or dialer) opened with the location, links
 * to text or call each contact and 911, beacon mode, location refresh with the fix age,
 * stopping with the (double) confirmation, and the offline emergency card. A page cannot send a
 * text or place a call, so every sentence says the rider presses Send or Call. Runs the
 * emergency machine with the browser's side effects; works with the network off.
 */
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useDatabase } from '../db-react/provider.tsx';
import { recordEmergencyActivation } from '../db/safety-settings.ts';
import { useEmergencyContacts, useMedicalNotes } from '../db-react/safety-settings.ts';
import { selectRecipients, type EmergencyContact } from '../lib/outdoor/emergency-contacts.ts';
import { buildEmergencyMessage, type LocationFix } from '../lib/outdoor/emergency-message.ts';
import { planEmergencyContact, planHref } from '../lib/outdoor/emergency-plan.ts';
import type { EmergencySettings } from '../lib/outdoor/outdoor-settings.ts';
import {
  browserEmergencyMachine,
  browserLocate,
  openExternalLink,
} from '../machines/emergency-effects.ts';
import { inspectOption } from '../machines/inspector.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { EmergencyCard } from './emergency-card.tsx';
import {
  ActiveEmergency,
  ConfirmPanel,
  PanicPanel,
  type EmergencyActorRef,
} from './emergency-stages.tsx';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import { useNow, useOnline, usePlace } from './use-place.ts';
import './safety.css';

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

/** The stage the emergency machine is in, above the offline emergency card. */
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

  const { fix, locationError, place, message } = useEmergencyMessage(
    context,
    emergency,
    now,
    messageRef,
  );

  return (
    <div className={`safety-page emergency-page${beaconOn ? ' emergency-page--beacon' : ''}`}>
      <EmergencyHeader online={online} testMode={emergency.emergencyTestMode} />

      {!active && !confirming ? (
        <PanicPanel actor={actor} context={context} arming={arming} emergency={emergency} />
      ) : null}
      {confirming ? (
        <ConfirmPanel
          actor={actor}
          context={context}
          emergency={emergency}
          plan={planEmergencyContact(contacts, emergency)}
        />
      ) : null}
      {active ? (
        <ActiveEmergency
          actor={actor}
          context={context}
          beaconOn={beaconOn}
          fix={fix}
          now={now}
          emergency={emergency}
          recipients={selectRecipients(contacts, emergency)}
          message={message}
        />
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

/**
 * One GPS fix when the page opens, so the emergency card shows a position before any
 * emergency; the error message when the browser gives none.
 */
function useCardFix(highAccuracy: boolean) {
  const [cardFix, setCardFix] = useState<{ fix: LocationFix | null; error: string | null }>({
    fix: null,
    error: null,
  });
  useEffect(() => {
    let cancelled = false;
    browserLocate({ highAccuracy: highAccuracy, timeoutMs: 20_000 }).then(
      (fix) => !cancelled && setCardFix({ fix, error: null }),
      (error: unknown) =>
        !cancelled &&
        setCardFix({ fix: null, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [highAccuracy]);

  return cardFix;
}

/** The page title and the notes on a missing data connection and on test mode. */
function EmergencyHeader({ online, testMode }: { online: boolean; testMode: boolean }) {
  return (
    <header className="safety-page__header">
      <h1>Emergency</h1>
      {!online ? (
        <p className="safety-note" role="status">
          No data connection. Text messages and calls still go out over any cell signal, and GPS
          works without one.
        </p>
      ) : null}
      {testMode ? (
        <p className="safety-note safety-note--warning">
          Test mode is on: texts say they are a test and the dialer never opens on 911 by itself.
        </p>
      ) : null}
    </header>
  );
}

/**
 * The position the screen shows (the machine's latest fix, else the one taken on opening), its
 * place, and the text the messages app gets; the text is also kept in messageRef, where the
 * machine's openPlan reads it.
 */
function useEmergencyMessage(
  context: { lastFix: LocationFix | null; locationError: string | null },
  emergency: EmergencySettings,
  now: number,
  messageRef: MutableRefObject<string>,
) {
  const cardFix = useCardFix(emergency.highAccuracyGPS);
  const fix = context.lastFix ?? cardFix.fix;
  const locationError = context.lastFix
    ? context.locationError
    : (context.locationError ?? cardFix.error);
  const place = usePlace(fix);

  const message = buildEmergencyMessage({
    fix,
    now,
    precision: emergency.shareLocationPrecision,
    lowSignal: emergency.lowSignalOptimization,
    // The card's sentence, word for word, so the text and the dispatcher script agree.
    placeDescription: emergency.anonymizeEmergencyData ? null : place.description,
    testMode: emergency.emergencyTestMode,
    updateIntervalS: emergency.locationUpdateInterval,
  });
  useEffect(() => {
    messageRef.current = message;
  }, [message, messageRef]);
  return { fix, locationError, place, message };
}
