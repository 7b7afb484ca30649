/**
 * The rider's say over the offline speech model download (requirements §voice-4.1 "Offline
 * engine", read with the rule that nothing large downloads without the rider's agreement): the
 * agreement lives in the device setting OFFLINE_SPEECH_CONSENT_KEY (an RxDB local document), so a
 * later page load starts the model the rider agreed to without asking again, and a page load
 * without it fetches no model file. On a metered or data-saver connection an agreed download
 * waits for the rider's "Download anyway"; a model already cached on the device loads at once.
 */
import { useEffect, useState } from 'react';
import { useLocalSetting } from '../db-react/settings.ts';
import {
  currentConnection,
  isMeteredConnection,
  OFFLINE_SPEECH_CONSENT_KEY,
  offlineModelStart,
  type OfflineModelStart,
  type OfflineSpeechConsent,
} from '../lib/voice/offline-model-consent.ts';
import type { VoiceActor } from '../machines/voice-machine.ts';
import type { VoiceSnapshot } from './use-voice-session.ts';

/** What the panel offers about the model download. */
export interface OfflineModelConsentControls {
  /** What the assistant does about the model now (offline-model-consent.ts). */
  decision: OfflineModelStart;
  /** The connection is metered or in data-saver mode. */
  metered: boolean;
  /** The rider agrees to download the listed model: remembered, and the download starts. */
  agree(): void;
  /** Starts an agreed download on a metered connection. */
  startAnyway(): void;
  /** Stops a download in progress and forgets the agreement. */
  cancel(): void;
  /** Deletes the model from the device and forgets the agreement. */
  remove(): void;
}

/** Whether the connection costs data, following the browser's changes where it reports them. */
function useMeteredConnection(): boolean {
  const [metered, setMetered] = useState(() => isMeteredConnection(currentConnection()));
  useEffect(() => {
    const connection = currentConnection();
    if (!connection || typeof connection.addEventListener !== 'function') return;
    const update = () => setMetered(isMeteredConnection(connection));
    connection.addEventListener('change', update);
    return () => connection.removeEventListener('change', update);
  }, []);
  return metered;
}

/**
 * Whether every file of the model is in the device's cache, checked once the rider has agreed
 * to this model and it is not loaded; null while unknown.
 */
function useModelOnDevice(snapshot: VoiceSnapshot, consent: OfflineSpeechConsent | null) {
  const engine = snapshot.context.engines.offline;
  const { state, modelId } = snapshot.context.offline;
  const [onDevice, setOnDevice] = useState<{ modelId: string; cached: boolean } | null>(null);
  const wanted = engine !== null && state === 'not-ready' && consent?.modelId === modelId;
  useEffect(() => {
    if (!wanted || !engine || modelId === null) return;
    let current = true;
    void engine.isModelOnDevice().then((cached) => {
      if (current) setOnDevice({ modelId, cached });
    });
    return () => {
      current = false;
    };
  }, [wanted, engine, modelId]);
  return onDevice?.modelId === modelId ? onDevice.cached : null;
}

/**
 * Runs for as long as the assistant is mounted (every page): starts the agreed model when
 * `offlineModelStart` says so and gives the panel its controls. Writes go to the local document;
 * a failed write leaves the download running for this page only.
 */
export function useOfflineModelConsent(
  actor: VoiceActor,
  snapshot: VoiceSnapshot,
): OfflineModelConsentControls {
  const {
    value: storedConsent,
    isLoading,
    setValue,
  } = useLocalSetting<OfflineSpeechConsent | null>(OFFLINE_SPEECH_CONSENT_KEY, null);
  // Set at once on cancel or remove, so the agreement still stored until the write lands cannot
  // start the download again in between.
  const [withdrawn, setWithdrawn] = useState(false);
  const consent = withdrawn ? null : storedConsent;
  const metered = useMeteredConnection();
  const modelOnDevice = useModelOnDevice(snapshot, consent);
  const { offline, online } = snapshot.context;
  const decision = isLoading
    ? 'nothing'
    : offlineModelStart({ status: offline, consent, modelOnDevice, online, metered });

  useEffect(() => {
    if (decision === 'start') actor.send({ type: 'offline.install' });
  }, [decision, actor]);

  return {
    decision,
    metered,
    agree: () => {
      const { modelId, modelBytes } = actor.getSnapshot().context.offline;
      if (modelId === null || modelBytes === null) return;
      setWithdrawn(false);
      void setValue({ modelId, bytes: modelBytes, agreedAt: Date.now() }).catch(() => undefined);
      actor.send({ type: 'offline.install' });
    },
    startAnyway: () => actor.send({ type: 'offline.install' }),
    cancel: () => {
      setWithdrawn(true);
      actor.send({ type: 'offline.cancel' });
      void setValue(null).catch(() => undefined);
    },
    remove: () => {
      setWithdrawn(true);
      actor.send({ type: 'offline.remove' });
      void setValue(null).catch(() => undefined);
    },
  };
}
