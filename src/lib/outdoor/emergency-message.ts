/**
 * The emergency text message and links: an SMS draft (`sms:` URI) with decimal
 * coordinates, accuracy, time and a map link; `tel:911`; and the script of what to tell a
 * dispatcher. Pure functions of the last fix and the settings, so they work offline: SMS and
 * voice calls need cell signal, not a data connection.
 */
import { format } from 'date-fns';
import { formatDecimalDegrees, formatDms, mapLink } from './coordinates.ts';
import type { ShareLocationPrecision } from './outdoor-settings.ts';

/** A position fix: degrees WGS84, accuracy in metres, timestamp in epoch ms. */
export interface LocationFix {
  latitude: number;
  longitude: number;
  accuracy: number;
  timestamp: number;
}

/** The dial link for emergency services (US). */
export const EMERGENCY_CALL_HREF = 'tel:911';

/** Age of a fix as "45 s", "3 min", "2 h 5 min". */
export function formatFixAge(ageMs: number): string {
  const seconds = Math.max(0, Math.round(ageMs / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${minutes % 60} min`;
}

/**
 * Whether a fix is stale: older than two location update intervals (one refresh missed and the
 * next one late). `intervalS` in seconds.
 */
export function isFixStale(fix: LocationFix, now: number, intervalS: number): boolean {
  return now - fix.timestamp > intervalS * 2 * 1000;
}

/** Inputs of `buildEmergencyMessage`. */
export interface EmergencyMessageInput {
  /** Last known fix, or null when none was ever obtained. */
  fix: LocationFix | null;
  /** Now, epoch ms (for the fix age). */
  now: number;
  precision: ShareLocationPrecision;
  /** Short form for weak signal (fits one or two SMS segments): no DMS, no place line. */
  lowSignal: boolean;
  /**
   * Where the fix is in words, the sentence of `describePlace` (src/lib/geo/place-description.ts):
   * "8.1 miles E of Mena (Polk County), 0.3 miles from …", when known.
   */
  placeDescription?: string | null;
  /** Test mode: the message says it is a test. */
  testMode?: boolean;
  /** Seconds between updates, to mark the fix as stale. */
  updateIntervalS: number;
}

/**
 * The emergency text: what happened, coordinates (decimal), accuracy in metres, the fix time
 * (HH:mm, MM/dd) and its age when stale, and an OpenStreetMap link. Without any fix it says the
 * location is unknown and asks the recipient to call.
 */
export function buildEmergencyMessage(input: EmergencyMessageInput): string {
  const lines: string[] = [];
  lines.push(
    input.testMode
      ? 'TEST ONLY - not a real emergency. Natural State Trails emergency test.'
      : 'EMERGENCY: I need help.',
  );
  if (!input.fix) {
    lines.push('My GPS location is not available right now. Call me.');
    return lines.join('\n');
  }
  const { fix } = input;
  const coordinates = formatDecimalDegrees(fix.latitude, fix.longitude, input.precision);
  const time = format(fix.timestamp, 'HH:mm MM/dd');
  const stale = isFixStale(fix, input.now, input.updateIntervalS);
  lines.push(
    `${stale ? 'Last known location' : 'My location'}: ${coordinates} (±${Math.round(fix.accuracy)} m) at ${time}${
      stale ? ` (${formatFixAge(input.now - fix.timestamp)} old)` : ''
    }`,
  );
  if (!input.lowSignal && input.placeDescription) lines.push(`Near: ${input.placeDescription}`);
  lines.push(mapLink(fix.latitude, fix.longitude, input.precision));
  return lines.join('\n');
}

/**
 * An SMS draft link to one or more numbers with a prefilled body: `sms:+1…,+1…?&body=…`.
 * The `?&` form is understood by both iOS and Android messaging apps.
 */
export function smsHref(phones: readonly string[], body: string): string {
  return `sms:${phones.join(',')}?&body=${encodeURIComponent(body)}`;
}

/** A `tel:` link for a stored phone number. */
export function telHref(phone: string): string {
  return `tel:${phone}`;
}

/** Inputs of `dispatcherScript`. */
export interface DispatcherScriptInput {
  fix: LocationFix | null;
  now: number;
  /** The same sentence the emergency text carries (see `EmergencyMessageInput`). */
  placeDescription: string | null;
  countyName: string | null;
}

/**
 * What to tell a 911 dispatcher, in the order they ask: where you are (coordinates in both
 * formats, nearest town, county), what happened, who is hurt, and that you will stay on the
 * line. Coordinates are always exact here: the rider reads them aloud to emergency services.
 */
export function dispatcherScript(input: DispatcherScriptInput): string[] {
  const lines: string[] = [];
  if (input.fix) {
    lines.push(
      `My location is latitude and longitude ${formatDecimalDegrees(input.fix.latitude, input.fix.longitude)}.`,
    );
    lines.push(
      `In degrees, minutes, seconds: ${formatDms(input.fix.latitude, input.fix.longitude)}.`,
    );
    lines.push(
      `The GPS fix is accurate to about ${Math.round(input.fix.accuracy)} metres and is ${formatFixAge(input.now - input.fix.timestamp)} old.`,
    );
  } else {
    lines.push(
      'I do not have a GPS fix. Describe the trail, trailhead or last landmark you passed.',
    );
  }
  if (input.placeDescription) lines.push(`I am ${input.placeDescription}.`);
  if (input.countyName) lines.push(`This is in ${input.countyName} County, Arkansas.`);
  lines.push('Say what happened: crash, rollover, medical problem, lost, stuck, fire or water.');
  lines.push(
    'Say how many people are hurt, whether they are awake and breathing, and any bleeding.',
  );
  lines.push('Give your callback number, then stay on the line and answer the questions.');
  return lines;
}
