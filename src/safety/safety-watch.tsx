/**
 * Fall detection and periodic safety check-ins in the app shell (requirements §core-3 Emergency
 * settings: automaticFallDetection, periodicSafetyChecks). Runs the safety
 * monitor (src/machines/safety-check-machine.ts) with the browser's effects on every page and
 * shows its "Are you OK?" prompt with the countdown. With no answer (or "I need help") the
 * phone opens the same text or dialer as the panic button, planned by `planEmergencyContact`,
 * with the location fetched when the prompt opened; the dialog then says what was opened and
 * that the rider still presses Send or Call. Mounted by OutdoorSettingsProvider. Works offline;
 * browsers pause it while the screen is locked, which the settings say.
 */
import {
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MutableRefObject,
} from 'react';
import { createActor, type SnapshotFrom } from 'xstate';
import { inspectOption } from '../machines/inspector.ts';
import { Button, Dialog, Heading, Link, Modal, ModalOverlay } from 'react-aria-components';
import { Phone, MessageSquare, Siren } from 'lucide-react';
import { firstValueFrom } from 'rxjs';
import type { AppDatabase } from '../db/database.ts';
import { observeCampgrounds, observeTrails } from '../db/catalogue-reads.ts';
import { useDatabase } from '../db-react/provider.tsx';
import { recordEmergencyActivation } from '../db/safety-settings.ts';
import { useEmergencyContacts } from '../db-react/safety-settings.ts';
import { formatPhone, type EmergencyContact } from '../lib/outdoor/emergency-contacts.ts';
import type { EmergencySettings } from '../lib/outdoor/outdoor-settings.ts';
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
import { loadPlaceLookup } from '../lib/outdoor/place-lookup.ts';
import { describePlace, namedFeaturesOf } from '../lib/geo/place-description.ts';
import { browserLocate, openExternalLink } from '../machines/emergency-effects.ts';
import {
  browserSafetyCheckMachine,
  hasMotionSensorApi,
  type MotionSensorStatus,
} from '../machines/safety-check-effects.ts';
import { useOutdoor } from './outdoor-settings-provider.tsx';
import '../ui/modal.css';
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

/**
 * The emergency screen's place sentence for `fix`: gazetteer town, county and the nearest named
 * trail, trailhead or campground on the device, read once (the shell keeps no live query of the
 * catalogues open for a prompt that rarely comes).
 */
async function placeLine(db: AppDatabase, fix: LocationFix): Promise<string | null> {
  const [lookup, trails, campgrounds] = await Promise.all([
    loadPlaceLookup(),
    firstValueFrom(observeTrails(db)),
    firstValueFrom(observeCampgrounds(db)),
  ]);
  const features = namedFeaturesOf(trails, campgrounds);
  return describePlace([fix.longitude, fix.latitude], { ...lookup, features }).sentence;
}

/** The shell's safety monitor and its "Are you OK?" dialog; renders nothing while watching. */
export function SafetyWatch() {
  const { settings } = useOutdoor();
  const emergency = settings.emergencySettings;
  const { contacts } = useEmergencyContacts();
  const { actor, snapshot, opened, openedHref } = useSafetyMonitor();
  const prompting = snapshot?.matches('prompting') ?? false;
  const escalated = snapshot?.matches('escalated') ?? false;

  if (!actor || !snapshot || (!prompting && !escalated)) return null;
  const { reason, promptRemainingMs, unanswered } = snapshot.context;
  const plan = escalated && opened ? opened : planEmergencyContact(contacts, emergency);

  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable={false}>
      <Modal className="safety-watch-modal">
        <Dialog className="safety-watch confirm" role="alertdialog">
          {prompting ? (
            <PromptContent
              actor={actor}
              reason={reason}
              interval={emergency.safetyCheckIntervalMinutes}
              seconds={Math.ceil(promptRemainingMs / 1000)}
              plan={plan}
            />
          ) : (
            <EscalatedContent
              actor={actor}
              unanswered={unanswered}
              plan={plan}
              openedHref={openedHref}
            />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The latest settings and contacts, for callbacks that outlive a render. */
type LatestRef = MutableRefObject<{ emergency: EmergencySettings; contacts: EmergencyContact[] }>;
/** The location for the text, fetched when the prompt opens so it is ready when time runs out. */
type LocatedRef = MutableRefObject<{ fix: LocationFix | null; place: string | null }>;

/**
 * Runs the safety monitor actor once the settings have loaded, feeds it the monitor settings,
 * and fetches a location whenever it prompts. Returns the actor, its snapshot, and the plan and
 * link opened when it escalated.
 */
function useSafetyMonitor() {
  const db = useDatabase();
  const { settings, isLoading } = useOutdoor();
  const emergency = settings.emergencySettings;
  const { contacts } = useEmergencyContacts();
  const latestRef: LatestRef = useRef({ emergency, contacts });
  useEffect(() => {
    latestRef.current = { emergency, contacts };
  }, [emergency, contacts]);
  const locatedRef: LocatedRef = useRef({ fix: null, place: null });
  const [opened, setOpened] = useState<EmergencyContactPlan | null>(null);
  const [openedHref, setOpenedHref] = useState<string | null>(null);
  const monitorSettings = useMonitorSettings(emergency);
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
          enabled: latestRef.current.emergency.emergencyAudioPrompts,
          volume: latestRef.current.emergency.emergencyAudioVolume / 100,
        }),
        openEmergency: (reason, unanswered) => {
          const { plan, href } = openEmergencyText(latestRef, locatedRef);
          setOpened(plan);
          setOpenedHref(href);
          const current = latestRef.current.emergency;
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
      { input: { settings: latestMonitor.current }, ...inspectOption },
    );
    created.start();
    // What shows the watch re-renders with it: in slices that yield to input.
    startTransition(() => setActor(created));
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
  useLocateWhilePrompting(db, snapshot?.matches('prompting') ?? false, latestRef, locatedRef);
  return { actor, snapshot, opened, openedHref };
}

/** What the monitor watches for, stable until one of its four settings changes. */
function useMonitorSettings(emergency: EmergencySettings) {
  return useMemo(
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
}

/** Fetches one fix and its place line each time the prompt opens, into `locatedRef`. */
function useLocateWhilePrompting(
  db: AppDatabase,
  prompting: boolean,
  latestRef: LatestRef,
  locatedRef: LocatedRef,
) {
  useEffect(() => {
    if (!prompting) return;
    let cancelled = false;
    locatedRef.current = { fix: null, place: null };
    browserLocate({ highAccuracy: latestRef.current.emergency.highAccuracyGPS, timeoutMs: 20_000 })
      .then(async (fix) => {
        if (cancelled) return;
        locatedRef.current = { fix, place: null };
        const place = await placeLine(db, fix).catch(() => null);
        if (!cancelled) locatedRef.current = { fix, place };
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [db, prompting, latestRef, locatedRef]);
}

/**
 * Opens the text (or dialer) the panic button would, with the location fetched when the prompt
 * opened. Returns the plan and the link, null when the plan opens nothing.
 */
function openEmergencyText(latestRef: LatestRef, locatedRef: LocatedRef) {
  const { emergency: current, contacts: saved } = latestRef.current;
  const plan = planEmergencyContact(saved, current);
  const message = buildEmergencyMessage({
    fix: locatedRef.current.fix,
    now: Date.now(),
    precision: current.shareLocationPrecision,
    lowSignal: current.lowSignalOptimization,
    placeDescription: current.anonymizeEmergencyData ? null : locatedRef.current.place,
    testMode: current.emergencyTestMode,
    updateIntervalS: current.locationUpdateInterval,
  });
  const href = planHref(plan, message);
  if (href) openExternalLink(href);
  return { plan, href };
}

/** "Are you OK?" with why it asks, what happens without an answer, and the two answers. */
function PromptContent({
  actor,
  reason,
  interval,
  seconds,
  plan,
}: {
  actor: SafetyActorRef;
  reason: SnapshotFrom<SafetyActorRef>['context']['reason'];
  /** Check-in interval, minutes. */
  interval: number;
  seconds: number;
  plan: EmergencyContactPlan;
}) {
  return (
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
  );
}

/** After escalation: what was opened, links to open it again, 911 and the Emergency screen. */
function EscalatedContent({
  actor,
  unanswered,
  plan,
  openedHref,
}: {
  actor: SafetyActorRef;
  unanswered: boolean;
  plan: EmergencyContactPlan;
  openedHref: string | null;
}) {
  return (
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
            <Phone aria-hidden="true" /> Call {plan.contact.name} ({formatPhone(plan.contact.phone)}
            )
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
  );
}
