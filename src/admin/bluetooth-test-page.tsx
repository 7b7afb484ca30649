/**
 * /bluetooth-test (requirements §core-6: admin and test roles, enforced by the route's
 * directory entry through the root layout's RoleGate, as for /emergency-test): whether this
 * browser can use Web Bluetooth here, and a scan for a nearby device where it can. Every
 * outcome is said plainly (src/lib/device/bluetooth.ts), including "not supported".
 */
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { Bluetooth, BluetoothOff } from 'lucide-react';
import {
  checkBluetoothSupport,
  scanForDevice,
  type BluetoothLike,
  type BluetoothScanResult,
  type BluetoothSupport,
} from '../lib/device/bluetooth.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import '../ui/info-page.css';

function browserBluetooth(): BluetoothLike | undefined {
  return (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;
}

function policyAllowsBluetooth(): boolean | undefined {
  const policy = (
    document as Document & { permissionsPolicy?: { allowsFeature(name: string): boolean } }
  ).permissionsPolicy;
  return policy ? policy.allowsFeature('bluetooth') : undefined;
}

function ScanOutcome({ result }: { result: BluetoothScanResult }) {
  if (result.kind === 'none') return <p role="status">{result.message}</p>;
  return (
    <p role="status">
      Found <strong>{result.name ?? 'a device that broadcasts no name'}</strong> (browser id{' '}
      <code>{result.id}</code>). The app only read its name; it did not connect.
    </p>
  );
}

function SupportSection({ support }: { support: BluetoothSupport | null }) {
  return (
    <section className="info-section" aria-labelledby="bluetooth-support">
      <h2 id="bluetooth-support">Availability</h2>
      {support ? (
        <p className="bluetooth-status" data-testid="bluetooth-support" data-state={support.state}>
          {support.state === 'available' ? (
            <Bluetooth aria-hidden="true" />
          ) : (
            <BluetoothOff aria-hidden="true" />
          )}
          {support.message}
        </p>
      ) : (
        <Spinner label="Checking Bluetooth…" />
      )}
    </section>
  );
}

/** The /bluetooth-test page. */
export function BluetoothTestPage() {
  usePageMeta({
    title: 'Bluetooth Test',
    description: 'Check whether this browser can use Bluetooth controls and headsets.',
    keywords: ['bluetooth', 'test', 'headset', 'Web Bluetooth'],
    path: '/bluetooth-test',
  });
  const [support, setSupport] = useState<BluetoothSupport | null>(null);
  const [scan, setScan] = useState<BluetoothScanResult | null>(null);
  const [scanning, setScanning] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void checkBluetoothSupport({
      isSecureContext: window.isSecureContext,
      bluetooth: browserBluetooth(),
      policyAllows: policyAllowsBluetooth(),
    }).then((checked) => {
      if (!cancelled) setSupport(checked);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const bluetooth = browserBluetooth();
  const canScan = support?.state === 'available' || support?.state === 'no-adapter';
  const onScan = async () => {
    if (!bluetooth) return;
    setScanning(true);
    setScan(await scanForDevice(bluetooth));
    setScanning(false);
  };

  return (
    <article className="info-page" aria-labelledby="bluetooth-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Admin · Device test</p>
        <h1 id="bluetooth-title">Bluetooth Test</h1>
        <p className="info-lead">
          Bluetooth handlebar remotes and headsets reach the app through Web Bluetooth. This page
          checks what this browser allows.
        </p>
      </header>
      <SupportSection support={support} />
      {canScan ? (
        <section className="info-section" aria-labelledby="bluetooth-scan">
          <h2 id="bluetooth-scan">Scan for devices</h2>
          <p>
            The browser shows its own list of nearby devices. Choosing one only tells this page its
            name; nothing is paired or connected.
          </p>
          <Button
            className="button button--primary"
            isDisabled={scanning}
            onPress={() => void onScan()}
          >
            Scan for devices
          </Button>
          {scanning ? <Spinner label="Waiting for the device list…" /> : null}
          {scan ? <ScanOutcome result={scan} /> : null}
        </section>
      ) : null}
    </article>
  );
}
