/**
 * Fall detection and periodic safety check-ins in the app shell (core-platform §3 Emergency
 * settings: automaticFallDetection, periodicSafetyChecks; issue 11 defect 3). Runs the safety
 * monitor (src/machines/safety-check-machine.ts) with the browser's effects on every page and
 * shows its "Are you OK?" prompt with the countdown. With no answer (or "I need help") the
 * phone opens the same text or dialer as the panic button, planned by `planEmergencyContact`,
 * with the location fetched when the prompt opened; the dialog then says what was opened and
 * that the rider still presses Send or Call. Mounted by OutdoorSettingsProvider. Works offline;
 * browsers pause it while the screen is locked, which the settings say.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { Button, Dialog, Heading, Link, Modal, ModalOverlay } from 'react-aria-components';
import { Phone, MessageSquare, Siren } from 'lucide-react';
import { useDatabase } from '../db/provider.tsx';
import { recordEmergencyActivation, useEmergencyContacts } from '../db/safety-settings.ts';
import { formatPhone } from '../lib/outdoor/emergency-contacts.ts';
import {
  buildEmergencyMessage,
  EMERGENCY_CALL_HREF,
  type LocationFix,
} from '../lib/outdoor/emergency-message.ts';
import {
  countContacts,
  describePlanAhead,
  describePlanDone,
  planEmergencyContact,
  planHref,
  type EmergencyContactPlan,
} from '../lib/outdoor/emergency-plan.ts';
import {
  countyAt,
  describeNearestTown,
  loadPlaceLookup,
  nearestTown,
} from '../lib/outdoor/place-lookup.ts';
import { browserLocate, openExternalLink } from '../machines/emergency-effects.ts';
import {
  browserSafetyCheckMachine,
  hasMotionSensorApi,
  type MotionSensorStatus,
} from '../machines/safety-check-effects.ts';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import './safety-watch.css';

type SafetyActorRef = ReturnType<typeof createActor<ReturnType<typeof browserSafetyCheckMachine>>>;

// What the motion sensor gives, shared with the settings panel (which explains it).
let sensorStatus: MotionSensorStatus | null = null;
const sensorListeners = new Set<() => void>();
function setSensorStatus(status: MotionSensorStatus | null): void {
  sensorStatus = status;
  for (const listener of sensorListeners) listener();
}

/**
 * What the motion sensor gives the page while fall detection listens; null while it does not
 * listen (`unsupported` when the browser has no DeviceMotionEvent at all).
 */
export function useMotionSensorStatus(): MotionSensorStatus | null {
  const status = useSyncExternalStore(
    (listener) => {
      sensorListeners.add(listener);
      return () => sensorListeners.delete(listener);
    },
    () => sensorStatus,
    () => null,
  );
  return status ?? (hasMotionSensorApi() ? null : 'unsupported');
}

async function placeLine(fix: LocationFix): Promise<string | null> {
  const lookup = await loadPlaceLookup();
  const point: [number, number] = [fix.longitude, fix.latitude];
  const town = nearestTown(point, lookup.towns);
  if (!town) return null;
  const county = countyAt(point, lookup.counties)?.name;
  return `${describeNearestTown(town)}${county ? ` · ${county} County` : ''}`;
}

/** The shell's safety monitor and its "Are you OK?" dialog; renders nothing while watching. */
export function SafetyWatch() {
  const db = useDatabase();
  const { settings, isLoading } = useOutdoor();
  const emergency = settings.emergencySettings;
  const { contacts } = useEmergencyContacts();
  const latest = useRef({ emergency, contacts });
  useEffect(() => {
    latest.current = { emergency, contacts };
  }, [emergency, contacts]);
  // The location for the text, fetched when the prompt opens so it is ready when time runs out.
  const located = useRef<{ fix: LocationFix | null; place: string | null }>({
    fix: null,
    place: null,
  });
  const [opened, setOpened] = useState<EmergencyContactPlan | null>(null);
  const [openedHref, setOpenedHref] = useState<string | null>(null);

  const monitorSettings = useMemo(
    () => ({
      fallDetection: emergency.emergencyModeEnabled && emergency.automaticFallDetection,
      periodicChecks: emergency.emergencyModeEnabled && emergency.periodicSafetyChecks,
      intervalMinutes: emergency.safetyCheckIntervalMinutes,
    }),
    [
      emergency.emergencyModeEnabled,
      emergency.automaticFallDetection,
      emergency.periodicSafetyChecks,
      emergency.safetyCheckIntervalMinutes,
    ],
  );
  const latestMonitor = useRef(monitorSettings);
  useEffect(() => {
    latestMonitor.current = monitorSettings;
  }, [monitorSettings]);

  const [actor, setActor] = useState<SafetyActorRef | null>(null);
  useEffect(() => {
    if (isLoading) return;
    const created = createActor(
      browserSafetyCheckMachine({
        onSensorStatus: setSensorStatus,
        speech: () => ({
          enabled: latest.current.emergency.emergencyAudioPrompts,
          volume: latest.current.emergency.emergencyAudioVolume / 100,
        }),
        openEmergency: (reason, unanswered) => {
          const { emergency: current, contacts: saved } = latest.current;
          const plan = planEmergencyContact(saved, current);
          const message = buildEmergencyMessage({
            fix: located.current.fix,
            now: Date.now(),
            precision: current.shareLocationPrecision,
            lowSignal: current.lowSignalOptimization,
            placeDescription: current.anonymizeEmergencyData ? null : located.current.place,
            testMode: current.emergencyTestMode,
            updateIntervalS: current.locationUpdateInterval,
          });
          const href = planHref(plan, message);
          if (href) openExternalLink(href);
          setOpened(plan);
          setOpenedHref(href);
          void recordEmergencyActivation(
            db,
            {
              at: Date.now(),
              source: reason,
              critical: unanswered,
              testMode: current.emergencyTestMode,
            },
            current.emergencyDataRetention,
          );
        },
      }),
      { input: { settings: latestMonitor.current } },
    );
    created.start();
    setActor(created);
    return () => {
      created.stop();
      setSensorStatus(null);
    };
  }, [db, isLoading]);

  useEffect(() => {
    actor?.send({ type: 'settings.update', settings: monitorSettings });
  }, [actor, monitorSettings]);

  const snapshot = useSyncExternalStore(
    (listener) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    () => actor?.getSnapshot() ?? null,
  );
  const prompting = snapshot?.matches('prompting') ?? false;
  const escalated = snapshot?.matches('escalated') ?? false;

  useEffect(() => {
    if (!prompting) return;
    let cancelled = false;
    located.current = { fix: null, place: null };
    browserLocate({ highAccuracy: latest.current.emergency.highAccuracyGPS, timeoutMs: 20_000 })
      .then(async (fix) => {
        if (cancelled) return;
        located.current = { fix, place: null };
        const place = await placeLine(fix).catch(() => null);
        if (!cancelled) located.current = { fix, place };
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [prompting]);

  if (!actor || !snapshot || (!prompting && !escalated)) return null;
  const { reason, promptRemainingMs, unanswered } = snapshot.context;
  const plan = escalated && opened ? opened : planEmergencyContact(contacts, emergency);
  const seconds = Math.ceil(promptRemainingMs / 1000);
  const interval = emergency.safetyCheckIntervalMinutes;

  return (
    <ModalOverlay className="safety-watch-overlay" isOpen isDismissable={false}>
      <Modal className="safety-watch-modal">
        <Dialog className="safety-watch confirm" role="alertdialog">
          {prompting ? (
            <>
              <Heading slot="title" className="safety-watch__title">
                Are you OK?
              </Heading>
              <p>
                {reason === 'fall'
                  ? 'Your phone’s motion sensors noticed what may be a fall.'
                  : `Your safety check-in is due (every ${interval} minutes).`}
              </p>
              <p className="confirm__countdown" aria-live="assertive">
                If you do not answer in {seconds} s:
              </p>
              <p data-testid="safety-watch-plan">{describePlanAhead(plan)}</p>
              <div className="confirm__actions">
                <Button
                  className="button button--primary safety-watch__ok"
                  onPress={() => actor.send({ type: 'prompt.ok' })}
                  autoFocus
                >
                  I’m OK
                </Button>
                {/* A native button: its click is the tap phones need to open the text. */}
                <button
                  type="button"
                  className="button button--danger-strong"
                  onClick={() => actor.send({ type: 'prompt.help' })}
                >
                  I need help
                </button>
              </div>
            </>
          ) : (
            <>
              <Heading slot="title" className="safety-watch__title">
                {unanswered ? 'No answer to “Are you OK?”' : 'Getting help'}
              </Heading>
              <p role="status" data-testid="safety-watch-opened">
                {describePlanDone(plan)} If nothing opened, use the buttons below.
              </p>
              <div className="confirm__actions">
                {openedHref && plan.method === 'sms' ? (
                  <a className="button button--primary" href={openedHref}>
                    <MessageSquare aria-hidden="true" /> Text my location to{' '}
                    {plan.recipients.length === 1
                      ? plan.recipients[0]?.name
                      : countContacts(plan.recipients.length)}
                  </a>
                ) : null}
                {openedHref && plan.method === 'call' ? (
                  <a className="button button--primary" href={openedHref}>
                    <Phone aria-hidden="true" /> Call {plan.contact.name} (
                    {formatPhone(plan.contact.phone)})
                  </a>
                ) : null}
                <a className="button button--danger-strong" href={EMERGENCY_CALL_HREF}>
                  <Phone aria-hidden="true" /> Call 911
                </a>
                <Link
                  href="/emergency"
                  className="button"
                  onPress={() => actor.send({ type: 'prompt.close' })}
                >
                  <Siren aria-hidden="true" /> Open the Emergency screen
                </Link>
                <Button className="button" onPress={() => actor.send({ type: 'prompt.close' })}>
                  I’m OK now, close
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
