/**
 * When the offline speech model may download (requirements §voice-4.1 "Offline engine"): the
 * model is tens of megabytes, so nothing is fetched until the rider agrees on this device, and an
 * agreed download does not start by itself on a metered or data-saver connection. The rider's
 * agreement is kept in a device setting (OFFLINE_SPEECH_CONSENT_KEY) naming the model agreed to,
 * so a later page load starts the same model without asking again, while a different model the
 * server offers later is asked about anew.
 */
import type { OfflineSpeechStatus } from './voice-engines.ts';

/** Device setting (RxDB local document `setting:offline-speech-consent`) with the agreement. */
export const OFFLINE_SPEECH_CONSENT_KEY = 'offline-speech-consent';

/** The rider's agreement to download one model. */
export interface OfflineSpeechConsent {
  /** The model folder GET /api/models named when the rider agreed. */
  modelId: string;
  /** Its download size then, in bytes. */
  bytes: number;
  /** When the rider agreed, epoch ms. */
  agreedAt: number;
}

/** Said above the download control on a metered or data-saver connection. */
export const meteredConnectionText =
  'You are on a metered or data-saver connection: downloading the offline speech model uses your data allowance.';

/**
 * The parts of the Network Information API (navigator.connection) that say a connection costs
 * data. Only some browsers have it; `metered` is not in every version of the draft.
 */
export interface ConnectionCost {
  saveData?: boolean;
  type?: string;
  metered?: boolean;
}

/**
 * True when the connection is metered or the rider asked to save data: data-saver on, a cellular
 * connection, or a connection the browser marks metered. False when the browser does not say.
 */
export function isMeteredConnection(connection: ConnectionCost | null | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true || connection.type === 'cellular' || connection.metered === true
  );
}

/** navigator.connection where the browser has it, else null. */
export function currentConnection(): (ConnectionCost & EventTarget) | null {
  if (typeof navigator === 'undefined') return null;
  const connection = (navigator as Navigator & { connection?: ConnectionCost & EventTarget })
    .connection;
  return connection ?? null;
}

/**
 * What to do about the model as a page loads or things change:
 * - 'start': load it now (agreed, and either already on the device or on an unmetered connection);
 * - 'ask-consent': offer the download with its size; nothing is fetched until the rider agrees;
 * - 'ask-metered': agreed, but the connection costs data: ask before downloading;
 * - 'wait-for-signal': agreed, not on the device, and no signal to download it;
 * - 'nothing': the engine is busy, ready, failed or has no model, or the answer is not known yet.
 */
export type OfflineModelStart =
  'start' | 'ask-consent' | 'ask-metered' | 'wait-for-signal' | 'nothing';

/** What `offlineModelStart` decides from. */
export interface OfflineModelStartInputs {
  /** The engine's state and the model the server lists (null until known). */
  status: Pick<OfflineSpeechStatus, 'state' | 'modelId'>;
  /** The stored agreement, or null. */
  consent: OfflineSpeechConsent | null;
  /** Every model file is in the device's cache; null while that is being checked. */
  modelOnDevice: boolean | null;
  online: boolean;
  metered: boolean;
}

/** See `OfflineModelStart`. */
export function offlineModelStart(inputs: OfflineModelStartInputs): OfflineModelStart {
  const { status, consent, modelOnDevice, online, metered } = inputs;
  if (status.state !== 'not-ready' || status.modelId === null) return 'nothing';
  if (consent?.modelId !== status.modelId) return 'ask-consent';
  if (modelOnDevice === null) return 'nothing';
  // Loading a model the device already holds costs no data.
  if (modelOnDevice) return 'start';
  if (!online) return 'wait-for-signal';
  return metered ? 'ask-metered' : 'start';
}

/** A download size for people: whole megabytes (10^6 bytes), or kilobytes below 1 MB. */
export function formatModelSize(bytes: number): string {
  if (bytes >= 999_500) return `${Math.round(bytes / 1_000_000)} MB`;
  return `${Math.max(1, Math.round(bytes / 1_000))} kB`;
}
