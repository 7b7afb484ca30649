/**
 * The Bluetooth test page's checks (src/lib/device/bluetooth.ts): every browser situation gets
 * its own honest sentence, and a scan reports the chosen device or why there is none.
 */
import { describe, expect, it } from 'vitest';
import {
  bluetoothMessages,
  checkBluetoothSupport,
  scanForDevice,
  type BluetoothLike,
} from '../../../src/lib/device/bluetooth.ts';

function bluetooth(overrides: Partial<BluetoothLike> = {}): BluetoothLike {
  return {
    getAvailability: async () => true,
    requestDevice: async () => ({ id: 'abc123', name: 'Helmet headset' }),
    ...overrides,
  };
}

describe('Bluetooth support', () => {
  it('tells each situation apart', async () => {
    const base = { isSecureContext: true, policyAllows: undefined };
    await expect(
      checkBluetoothSupport({ ...base, isSecureContext: false, bluetooth: bluetooth() }),
    ).resolves.toEqual({ state: 'insecure', message: bluetoothMessages.insecure });
    await expect(checkBluetoothSupport({ ...base, bluetooth: undefined })).resolves.toMatchObject({
      state: 'unsupported',
    });
    await expect(
      checkBluetoothSupport({ ...base, policyAllows: false, bluetooth: bluetooth() }),
    ).resolves.toMatchObject({ state: 'blocked' });
    await expect(
      checkBluetoothSupport({
        ...base,
        bluetooth: bluetooth({ getAvailability: async () => false }),
      }),
    ).resolves.toEqual({ state: 'no-adapter', message: bluetoothMessages.noAdapter });
    await expect(checkBluetoothSupport({ ...base, bluetooth: bluetooth() })).resolves.toMatchObject(
      { state: 'available' },
    );
  });
});

describe('Bluetooth scan', () => {
  it('returns the chosen device', async () => {
    await expect(scanForDevice(bluetooth())).resolves.toEqual({
      kind: 'device',
      id: 'abc123',
      name: 'Helmet headset',
    });
  });

  it('explains a closed chooser and a refused scan', async () => {
    const rejecting = (name: string) =>
      bluetooth({
        requestDevice: async () => {
          throw new DOMException('nope', name);
        },
      });
    await expect(scanForDevice(rejecting('NotFoundError'))).resolves.toEqual({
      kind: 'none',
      message: 'No device was chosen: the list was closed or no device was in range.',
    });
    await expect(scanForDevice(rejecting('SecurityError'))).resolves.toMatchObject({
      message: 'The browser refused the scan (permission denied or not allowed on this page).',
    });
  });
});
