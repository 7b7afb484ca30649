/**
 * /mobile-performance-test (requirements §core-6: admin and test roles, enforced by the
 * route's directory entry through the root layout's RoleGate, as for /emergency-test): measures
 * on this device the frame rate over 3 s, JavaScript memory, storage quota, IndexedDB write
 * speed (200 records in a scratch database, deleted afterwards) and the GPS fix rate over 10 s
 * (src/lib/device/performance.ts), and lets the tester copy or share the figures.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import {
  estimateStorage,
  measureFrameRate,
  measureGpsFixRate,
  measureIndexedDbWrites,
  readJsMemory,
} from '../lib/device/performance.ts';
import {
  describeMeasurement,
  formatPerformanceReport,
  measurementLabels,
  type PerformanceResults,
} from '../lib/device/performance-report.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import '../ui/info-page.css';

/** How long the GPS part watches the position, ms. */
const gpsDurationMs = 10_000;

/** Runs the five measurements one after another, reporting each as it finishes. */
async function runMeasurements(
  report: (update: Partial<PerformanceResults>) => void,
): Promise<void> {
  const now = () => performance.now();
  report({ frameRate: await measureFrameRate((callback) => requestAnimationFrame(callback)) });
  report({ memory: readJsMemory(performance) });
  report({ storage: await estimateStorage(navigator.storage) });
  report({ indexedDb: await measureIndexedDbWrites(globalThis.indexedDB, now) });
  report({
    gps: await measureGpsFixRate(
      'geolocation' in navigator ? navigator.geolocation : undefined,
      now,
      gpsDurationMs,
    ),
  });
}

function ShareButtons({ report }: { report: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(report);
      setCopied('Results copied.');
    } catch {
      setCopied('This browser did not allow copying; select the text below instead.');
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Mobile performance test', text: report });
    } catch {
      // The tester closed the share sheet; nothing to report.
    }
  };
  return (
    <div className="info-actions">
      <Button className="button" onPress={() => void copy()}>
        Copy results
      </Button>
      {'share' in navigator ? (
        <Button className="button" onPress={() => void share()}>
          Share results
        </Button>
      ) : null}
      {copied ? <p role="status">{copied}</p> : null}
    </div>
  );
}

function Figures({ results }: { results: PerformanceResults }) {
  return (
    <dl className="info-figures" data-testid="performance-figures">
      {(Object.keys(measurementLabels) as (keyof PerformanceResults)[]).map((key) => (
        <div key={key}>
          <dt>{measurementLabels[key]}</dt>
          <dd data-measurement={key}>{describeMeasurement(results[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The /mobile-performance-test page. */
export function MobilePerformanceTestPage() {
  usePageMeta({
    title: 'Mobile Performance Test',
    description:
      'Measure frame rate, memory, storage, database write speed and GPS fix rate on this device.',
    keywords: ['performance', 'test', 'frame rate', 'GPS', 'storage'],
    path: '/mobile-performance-test',
  });
  const [results, setResults] = useState<PerformanceResults>({});
  const [running, setRunning] = useState(false);
  const [finishedAt, setFinishedAt] = useState<Date | null>(null);

  const run = async () => {
    setRunning(true);
    setResults({});
    setFinishedAt(null);
    await runMeasurements((update) => setResults((current) => ({ ...current, ...update })));
    setFinishedAt(new Date());
    setRunning(false);
  };
  const report = finishedAt
    ? formatPerformanceReport(results, { measuredAt: finishedAt, userAgent: navigator.userAgent })
    : null;

  return (
    <article className="info-page" aria-labelledby="performance-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Admin · Device test</p>
        <h1 id="performance-title">Mobile Performance Test</h1>
        <p className="info-lead">
          Measures this device, in this browser, right now. It takes about 15 seconds: 3 s of frame
          counting, a few hundred small database writes and 10 s of GPS. Keep the screen on and the
          page in front.
        </p>
      </header>
      <section className="info-section" aria-labelledby="performance-run">
        <h2 id="performance-run">Results</h2>
        <Button
          className="button button--primary info-action"
          isDisabled={running}
          onPress={() => void run()}
        >
          {finishedAt ? 'Run the test again' : 'Run the test'}
        </Button>
        {running ? <Spinner label="Measuring…" /> : null}
        <Figures results={results} />
        {report ? (
          <>
            <h3>Report</h3>
            <pre className="performance-report" data-testid="performance-report">
              {report}
            </pre>
            <ShareButtons report={report} />
          </>
        ) : null}
        <p className="info-muted">
          GPS asks for location permission; refusing it only skips that figure. The test database is
          deleted when the writes are done.
        </p>
      </section>
    </article>
  );
}
