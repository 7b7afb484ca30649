/**
 * Which engine hears the rider when they press talk (requirements §voice-4.1 "Mode choice when
 * pressing talk"), as plain functions the voice machine's guards call:
 * 1. Online: the realtime AI session first. Where realtime cannot be had at all (signed out, a
 *    server without a realtime provider, a build without the client) it is skipped, and the
 *    offline Whisper model is used when it is ready on the device.
 * 2. Offline with the Whisper model ready: record, then transcribe offline.
 * 3. Otherwise the browser's own speech recognition.
 */

/** What the choice depends on. */
export interface TalkModeInputs {
  /** navigator.onLine, as last reported. */
  online: boolean;
  /** A realtime client is offered: a signed-in rider on a server with realtime configured. */
  realtimeAvailable: boolean;
  /** The offline Whisper model is loaded ('ready'). */
  offlineModelReady: boolean;
  /** A microphone recorder exists to feed the offline model. */
  hasRecorder: boolean;
  /** The browser has speech recognition. */
  hasRecognizer: boolean;
}

/** The engine chosen; 'none' when nothing can hear ('Speech recognition not available'). */
export type TalkMode = 'realtime' | 'offline' | 'browser' | 'none';

/** The §voice-4.1 mode for a press of talk. */
export function chooseTalkMode(inputs: TalkModeInputs): TalkMode {
  if (inputs.online && inputs.realtimeAvailable) return 'realtime';
  if (inputs.offlineModelReady && inputs.hasRecorder) return 'offline';
  if (inputs.hasRecognizer) return 'browser';
  return 'none';
}

/**
 * After a realtime session failed to start: 'offline' when the Whisper model is ready (and the
 * session was not a Show & Ask photo, which only realtime can answer), else 'error', which shows
 * the failure's text as §voice-4.1 says ("otherwise show the error").
 */
export function modeAfterRealtimeFailure(
  inputs: Pick<TalkModeInputs, 'offlineModelReady' | 'hasRecorder'> & { withImage: boolean },
): 'offline' | 'error' {
  return !inputs.withImage && inputs.offlineModelReady && inputs.hasRecorder ? 'offline' : 'error';
}
