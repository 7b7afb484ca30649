/**
 * /emergency-test (requirements §core-5: passes at 70 % or more of 7 checks; §core-6: admin and
 * test roles, guarded by the route's directory entry): runs the seven capability checks of
 * src/lib/outdoor/capability-checks.ts against this browser and explains each result.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useDatabase } from '../db-react/provider.tsx';
import {
  EMERGENCY_TEST_PASS_RATIO,
  runCapabilityChecks,
  scoreCapabilityChecks,
  type CapabilityEnvironment,
  type CapabilityResult,
} from '../lib/outdoor/capability-checks.ts';
import { browserLocate } from '../machines/emergency-effects.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import './safety.css';

function speechVoiceCount(): Promise<number> {
  return new Promise((resolve) => {
    const voices = speechSynthesis.getVoices();
    if (voices.length > 0) {
      resolve(voices.length);
      return;
    }
    // Chrome loads voices asynchronously; give it a moment.
    const done = () => resolve(speechSynthesis.getVoices().length);
    speechSynthesis.addEventListener('voiceschanged', done, { once: true });
    setTimeout(done, 1500);
  });
}

async function browserEnvironment(storedTrailCount: number): Promise<CapabilityEnvironment> {
  const wakeLock = (
    navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinel> } }
  ).wakeLock;
  return {
    getPosition:
      'geolocation' in navigator
        ? () => browserLocate({ highAccuracy: true, timeoutMs: 15_000 })
        : undefined,
    vibrate: 'vibrate' in navigator ? (pattern) => navigator.vibrate(pattern) : undefined,
    speechVoices: 'speechSynthesis' in globalThis ? speechVoiceCount : undefined,
    notificationPermission: 'Notification' in globalThis ? Notification.permission : undefined,
    tryWakeLock: wakeLock
      ? async () => {
          const lock = await wakeLock.request('screen');
          await lock.release();
        }
      : undefined,
    persistentStorage: navigator.storage?.persisted
      ? async () => (await navigator.storage.persisted()) || (await navigator.storage.persist())
      : undefined,
    serviceWorkerControlling: Boolean(navigator.serviceWorker?.controller),
    storedTrailCount,
  };
}

/** Runs the checks on arrival and on demand; `running` while a run is under way. */
function useCapabilityChecks() {
  const db = useDatabase();
  const [results, setResults] = useState<CapabilityResult[] | null>(null);
  const [running, setRunning] = useState(true);

  const check = useCallback(
    async () => runCapabilityChecks(await browserEnvironment(await db.trails.count().exec())),
    [db],
  );
  const run = useCallback(async () => {
    setRunning(true);
    try {
      setResults(await check());
    } finally {
      setRunning(false);
    }
  }, [check]);

  useEffect(() => {
    let cancelled = false;
    void check()
      .then((checked) => {
        if (!cancelled) setResults(checked);
      })
      .finally(() => {
        if (!cancelled) setRunning(false);
      });
    return () => {
      cancelled = true;
    };
  }, [check]);
  return { results, running, run };
}

/** Each check with pass or fail and why. */
function CheckResults({ results }: { results: CapabilityResult[] }) {
  return (
    <ol className="test-results">
      {results.map((result) => (
        <li
          key={result.id}
          className={`test-result ${result.passed ? 'test-result--pass' : 'test-result--fail'}`}
        >
          {result.passed ? (
            <CheckCircle2 aria-hidden="true" className="test-result__icon" />
          ) : (
            <XCircle aria-hidden="true" className="test-result__icon" />
          )}
          <div>
            <h2 className="test-result__label">
              {result.label}: {result.passed ? 'pass' : 'fail'}
            </h2>
            <p>{result.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The /emergency-test page. */
export function EmergencyTestPage() {
  usePageMeta({
    title: 'Emergency Test',
    description: 'Check that the emergency features work on this device.',
    keywords: ['test', 'diagnostics', 'sos'],
    path: '/emergency-test',
  });
  const { results, running, run } = useCapabilityChecks();
  const score = results ? scoreCapabilityChecks(results) : null;
  const notificationsPending =
    results?.some((result) => result.id === 'notifications' && !result.passed) &&
    'Notification' in globalThis &&
    Notification.permission === 'default';

  return (
    <div className="safety-page">
      <header className="safety-page__header">
        <h1>Emergency Test</h1>
        <p className="safety-muted">
          Seven checks of what the emergency features need on this device. The test passes at{' '}
          {Math.round(EMERGENCY_TEST_PASS_RATIO * 100)} % (5 of 7) or more.
        </p>
      </header>
      {score ? (
        <p
          className={`test-score ${score.overallPass ? 'test-score--pass' : 'test-score--fail'}`}
          role="status"
          data-testid="emergency-test-score"
        >
          {score.overallPass ? 'Passed' : 'Not passed'}: {score.passed} of {score.total} checks (
          {score.percent} %)
        </p>
      ) : null}
      {running ? <Spinner label="Running the checks…" /> : null}
      {results ? <CheckResults results={results} /> : null}
      <div className="preset-row">
        <Button className="button button--primary" isDisabled={running} onPress={() => void run()}>
          Run the checks again
        </Button>
        {notificationsPending ? (
          <Button
            className="button"
            onPress={() => void Notification.requestPermission().then(() => run())}
          >
            Allow notifications
          </Button>
        ) : null}
      </div>
    </div>
  );
}
