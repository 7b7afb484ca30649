/**
 * Web Bluetooth checks for /bluetooth-test: whether this browser offers the API,
 * whether the page's permissions policy allows it, whether an adapter is present, and a scan
 * through `requestDevice` (which needs a tap: browsers refuse it without a user gesture). The
 * browser objects are passed in so tests use fakes. Web Bluetooth is in Chromium-based browsers
 * only (not Safari or Firefox) and needs a secure context (https or localhost).
 */

/** The minimal Web Bluetooth surface used here (the API has no TypeScript lib types). */
export interface BluetoothLike {
  getAvailability?: () => Promise<boolean>;
  requestDevice(options: { acceptAllDevices: boolean }): Promise<{ id: string; name?: string }>;
}

/** What the page can say about Bluetooth before any scan. */
export type BluetoothSupport =
  | { state: 'insecure'; message: string }
  | { state: 'unsupported'; message: string }
  | { state: 'blocked'; message: string }
  | { state: 'no-adapter'; message: string }
  | { state: 'available'; message: string };

/** The inputs of `checkBluetoothSupport`, from `window` and `navigator` in the browser. */
export interface BluetoothEnvironment {
  isSecureContext: boolean;
  bluetooth: BluetoothLike | undefined;
  /** `document.permissionsPolicy.allowsFeature('bluetooth')`, or undefined where not exposed. */
  policyAllows: boolean | undefined;
}

/** Messages shown on the page; the browser test asserts the one headless Chromium gives. */
export const bluetoothMessages = {
  insecure:
    'Web Bluetooth needs a secure connection (https). This page was opened over plain http, so the browser hides Bluetooth.',
  unsupported:
    'This browser does not offer Web Bluetooth. It is available in Chrome, Edge and other Chromium-based browsers on Android, Windows, macOS, Linux and ChromeOS; not in Safari or Firefox, nor in Chrome on iPhone.',
  blocked: 'Web Bluetooth is turned off for this page by its permissions policy.',
  noAdapter:
    'This browser supports Web Bluetooth, but it reports no Bluetooth adapter: the device has none, it is switched off, or the browser may not use it.',
  available: 'Web Bluetooth is available and a Bluetooth adapter is present.',
} as const;

/** Classifies Bluetooth support without touching the radio (no permission prompt). */
export async function checkBluetoothSupport(env: BluetoothEnvironment): Promise<BluetoothSupport> {
  if (!env.isSecureContext) return { state: 'insecure', message: bluetoothMessages.insecure };
  if (!env.bluetooth) return { state: 'unsupported', message: bluetoothMessages.unsupported };
  if (env.policyAllows === false) return { state: 'blocked', message: bluetoothMessages.blocked };
  let available = true;
  try {
    // Browsers without getAvailability give no answer here; the scan then tells.
    if (env.bluetooth.getAvailability) available = await env.bluetooth.getAvailability();
  } catch {
    available = false;
  }
  return available
    ? { state: 'available', message: bluetoothMessages.available }
    : { state: 'no-adapter', message: bluetoothMessages.noAdapter };
}

/** The outcome of one scan: the device the rider picked, or why none was picked. */
export type BluetoothScanResult =
  { kind: 'device'; id: string; name: string | null } | { kind: 'none'; message: string };

/** Words for the DOMException names requestDevice rejects with. */
function scanErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotFoundError':
      return 'No device was chosen: the list was closed or no device was in range.';
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The browser refused the scan (permission denied or not allowed on this page).';
    case 'NotSupportedError':
      return 'The browser could not use a Bluetooth adapter for the scan.';
    default:
      return `The scan failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Opens the browser's device chooser for any nearby device; call it from a tap. Resolves with
 * the chosen device's id and name (null when it broadcasts none) or the reason there is none.
 */
export async function scanForDevice(bluetooth: BluetoothLike): Promise<BluetoothScanResult> {
  try {
    const device = await bluetooth.requestDevice({ acceptAllDevices: true });
    return { kind: 'device', id: device.id, name: device.name ?? null };
  } catch (error) {
    return { kind: 'none', message: scanErrorMessage(error) };
  }
}
