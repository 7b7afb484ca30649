/**
 * /analytics-dashboard (requirements §core-6: admin only, enforced by the route's
 * directory entry through the root layout's RoleGate and by the server's 401/403). Shows the
 * installation's own first-party counts from `GET /api/admin/analytics`: page views per UTC day
 * (a uPlot bar chart, loaded only here, with the same figures as a table), the most opened route
 * patterns and the counted feature actions, for the last 7, 30 or 90 days. Offline it says it
 * needs a connection and shows no figures.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import {
  analyticsRanges,
  type AnalyticsRange,
  type AnalyticsSummary,
  type FeatureAction,
} from '../../schemas/analytics.ts';
import { fetchAnalyticsSummary } from '../lib/analytics/analytics-api.ts';
import { usePageMeta } from '../ui/page-meta.ts';
import { Spinner } from '../ui/spinner.tsx';
import { AdminDataNotice } from './admin-data-notice.tsx';
import { useAdminData } from './use-admin-data.ts';
import '../ui/info-page.css';
import './admin-tools.css';

// uPlot and the chart load only when this page has figures to draw.
const PageViewsChart = lazy(() =>
  import('./page-views-chart.tsx').then((module) => ({ default: module.PageViewsChart })),
);

/** Words for the counted feature actions (schemas/analytics.ts `featureActions`). */
const featureLabels: Record<FeatureAction, string> = {
  'trip-recorded': 'Trips recorded',
  'gpx-imported': 'GPX files imported',
  'gpx-exported': 'Trips exported as GPX',
  'navigation-started': 'Navigations started',
};

function RangePicker({
  range,
  onChange,
}: {
  range: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <div className="admin-filter">
      <span id="analytics-range-label" className="admin-filter__label">
        Period
      </span>
      <ToggleButtonGroup
        className="admin-chips"
        aria-labelledby="analytics-range-label"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[String(range)]}
        onSelectionChange={(keys) => {
          const days = Number([...keys][0]);
          onChange(analyticsRanges.find((value) => value === days) ?? 7);
        }}
      >
        {analyticsRanges.map((days) => (
          <ToggleButton key={days} id={String(days)} className="admin-chip">
            Last {days} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

function PageViewsSection({ summary }: { summary: AnalyticsSummary }) {
  const days = useMemo(() => summary.pageViewsPerDay.map((entry) => entry.day), [summary]);
  const counts = useMemo(() => summary.pageViewsPerDay.map((entry) => entry.count), [summary]);
  return (
    <section className="info-section" aria-labelledby="analytics-views">
      <h2 id="analytics-views">Page views per day</h2>
      <p data-testid="analytics-total">
        <strong>{summary.totalPageViews.toLocaleString('en-US')}</strong> page views from{' '}
        {summary.from} to {summary.to} (UTC days).
      </p>
      <Suspense fallback={<Spinner label="Loading the chart…" />}>
        <PageViewsChart days={days} counts={counts} />
      </Suspense>
      <details className="admin-details">
        <summary>Page views per day as a table</summary>
        <table className="info-table">
          <caption className="visually-hidden">Page views per day (UTC)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {summary.pageViewsPerDay.map((entry) => (
              <tr key={entry.day}>
                <td>{entry.day}</td>
                <td>{entry.count.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function CountTable({
  caption,
  heading,
  rows,
  empty,
  testId,
}: {
  caption: string;
  heading: string;
  rows: { label: string; count: number }[];
  empty: string;
  testId: string;
}) {
  if (rows.length === 0) return <p className="info-muted">{empty}</p>;
  return (
    <table className="info-table" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Count</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td className="admin-code">{row.label}</td>
            <td>{row.count.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SummaryView({ summary }: { summary: AnalyticsSummary }) {
  return (
    <>
      <PageViewsSection summary={summary} />
      <section className="info-section" aria-labelledby="analytics-routes">
        <h2 id="analytics-routes">Most opened pages</h2>
        <CountTable
          caption="Page views per route pattern"
          heading="Route"
          rows={summary.topRoutes.map((row) => ({ label: row.route, count: row.count }))}
          empty="No page views in this period."
          testId="analytics-top-routes"
        />
      </section>
      <section className="info-section" aria-labelledby="analytics-features">
        <h2 id="analytics-features">Features used</h2>
        <CountTable
          caption="Feature uses"
          heading="Feature"
          rows={summary.featureCounts.map((row) => ({
            label: featureLabels[row.action as FeatureAction] ?? row.action,
            count: row.count,
          }))}
          empty="No counted feature was used in this period."
          testId="analytics-features"
        />
      </section>
      <section className="info-section" aria-labelledby="analytics-errors">
        <h2 id="analytics-errors">Errors riders saw</h2>
        <p className="info-muted">
          Each time the error screen appeared: the page&apos;s route pattern and the error&apos;s
          type. No message or stack is sent; reproduce it on that page with the browser&apos;s
          console open.
        </p>
        <CountTable
          caption="Error screens per route and error type"
          heading="Route and error type"
          rows={summary.errorCounts.map((row) => ({
            label: `${row.route} (${row.errorType})`,
            count: row.count,
          }))}
          empty="No error screen was shown in this period."
          testId="analytics-errors"
        />
      </section>
    </>
  );
}

/** The /analytics-dashboard page. */
export function AnalyticsDashboardPage() {
  usePageMeta({
    title: 'Analytics Dashboard',
    description: 'Page views and feature use of this installation, counted first-party by day.',
    keywords: ['analytics', 'page views', 'usage', 'admin'],
    path: '/analytics-dashboard',
  });
  const [range, setRange] = useState<AnalyticsRange>(7);
  const summary = useAdminData(() => fetchAnalyticsSummary(range), String(range));
  return (
    <article className="info-page admin-page" aria-labelledby="analytics-title">
      <header className="info-page__header">
        <p className="info-eyebrow">Admin</p>
        <h1 id="analytics-title">Analytics Dashboard</h1>
        <p className="info-lead">
          The app’s own counts of this installation: which pages riders open and which features they
          use, added up per day. No account, address or single visit is kept, nothing goes to a
          third party, and browsers sending Do Not Track or Global Privacy Control are not counted.
          Devices send their counts when they are online, so offline use arrives later.
        </p>
      </header>
      <RangePicker range={range} onChange={setRange} />
      {summary.state === 'ready' ? (
        <SummaryView summary={summary.data} />
      ) : (
        <AdminDataNotice data={summary} loading="Loading the counts…" />
      )}
    </article>
  );
}
