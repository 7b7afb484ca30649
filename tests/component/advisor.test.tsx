/**
 * The intelligent advisor: a rider with an active two-day plan on the device (the plan and trip
 * context as a sync pull stores them) sees advice by day; online, the Mulberry River gauge shows
 * its live level from the server's /api/gauges answer; offline, the advice is all still there
 * and the gauge says live levels need a network connection, with its USGS page link. The
 * server's side (asking USGS, the recorded answer) is tests/integration/server/gauges.test.ts;
 * plans and the trip context syncing, tests/integration/sync/.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GaugeLatest } from '../../schemas/gauge-levels.ts';
import { tripContextKey } from '../../schemas/trip-context.ts';
import { arkansasDay } from '../../src/lib/hunting/shooting-hours.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { forgetRider, renderAppWithApi, setOnline } from './rider-fixtures.tsx';

const planId = 'plan-advisor-component';

/** An active plan as pulled from the server: Mulberry float today, Wolf Pen Gap tomorrow. */
beforeAll(async () => {
  const database = await databaseWithCatalogues();
  const today = arkansasDay(new Date());
  const startDate = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  const now = Date.now();
  await database.tripPlans.upsert({
    id: planId,
    userId: 'anonymous',
    name: 'Mulberry float and Wolf Pen ride',
    description: 'Float the Mulberry, then ride Wolf Pen Gap',
    planData: {
      startDate,
      people: 2,
      days: [{ trailIds: ['mulberry-river-float'] }, { trailIds: ['wolf-pen-gap-ohv-trail'] }],
    },
    totalDuration: 720,
    totalDistance: 40,
    difficulty: 5,
    estimatedCost: 80,
    status: 'synced',
    aiConfidence: 0.8,
    createdAt: now,
    updatedAt: now,
  });
  await database.tripContext.upsert({
    id: tripContextKey,
    currentRecommendations: null,
    activeTripPlan: { id: planId, name: 'Mulberry float and Wolf Pen ride' },
    recentRecommendedTrails: [],
    tripPlannerHistory: [],
    navigationContext: null,
    updatedAt: now,
  });
});

afterEach(forgetRider);

/** The server's answer for the Mulberry River gauge (the recorded USGS answer, reduced). */
const mulberryLatest: GaugeLatest = {
  siteNumber: '07252000',
  siteName: 'MULBERRY RIVER NEAR MULBERRY, AR',
  readings: [
    {
      parameterCode: '00060',
      label: 'Discharge',
      unit: 'ft3/s',
      value: 187,
      time: '2026-11-23T14:15:00.000-06:00',
      provisional: true,
    },
    {
      parameterCode: '00065',
      label: 'Gage height',
      unit: 'ft',
      value: 2.41,
      time: '2026-11-23T14:15:00.000-06:00',
      provisional: true,
    },
  ],
  fetchedAt: Date.now(),
};

async function expectPlanAdvice(): Promise<void> {
  expect(screen.getByRole('heading', { level: 1, name: 'Intelligent advisor' })).toBeTruthy();
  await screen.findByRole('heading', { level: 2, name: 'Mulberry float and Wolf Pen ride' });
  // The days appear once the trails on the device are read.
  expect(
    await screen.findByRole(
      'heading',
      { level: 2, name: /^Day 1: .*\(today\)$/ },
      { timeout: 10_000 },
    ),
  ).toBeTruthy();
  expect(await screen.findByRole('heading', { level: 2, name: /^Day 2: / })).toBeTruthy();
  const mulberry = screen.getByRole('article', { name: 'Mulberry River (float)' });
  expect(within(mulberry).getAllByText('Sunset', { exact: false }).length).toBeGreaterThan(0);
  expect(within(mulberry).getByText(/Season and closures: not published/)).toBeTruthy();
  const wolfPen = screen.getByRole('article', { name: 'Wolf Pen Gap Trail Complex' });
  expect(
    within(wolfPen).getByText('Tire pressure: 8 PSI in mud, 10-12 PSI on rocks, 6-8 PSI in sand.', {
      exact: false,
    }),
  ).toBeTruthy();
  expect(screen.getAllByText('2 gallons of water', { exact: false }).length).toBeGreaterThan(0);
  expect(document.querySelector('.feature-page')).toBeNull();
}

/** The Mulberry gauge's entry, once the shipped gauge list has loaded (its own chunk). */
async function mulberryGauge(): Promise<HTMLElement> {
  const list = await screen.findByRole('list', { name: 'USGS gauges near Mulberry River (float)' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes('USGS 07252000'))!;
}

describe('intelligent advisor', () => {
  it('advises on the active plan by day, with the live gauge level online', async () => {
    const { requests } = await renderAppWithApi('/intelligent-advisor', [
      { path: '/api/gauges/07252000/latest', answer: { body: mulberryLatest } },
    ]);
    await expectPlanAdvice();
    const gauge = await mulberryGauge();
    await waitFor(() =>
      expect(gauge.textContent).toMatch(
        /Discharge: 187 ft³\/s · Gage height: 2\.41 ft — read 2:15 PM CST, provisional USGS data/,
      ),
    );
    expect(requests.some((request) => request.path === '/api/gauges/07252000/latest')).toBe(true);
  });

  it('moves between sources by keyboard, skipping the one with nothing to advise on', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/intelligent-advisor');
    await screen.findByRole('heading', { level: 2, name: 'Mulberry float and Wolf Pen ride' });
    const planRadio = screen.getByRole('radio', {
      name: 'My active trip plan',
    }) as HTMLInputElement;
    expect(planRadio.checked).toBe(true);
    planRadio.focus();
    await user.keyboard('{ArrowDown}');
    expect(
      (screen.getByRole('radio', { name: 'A trail I pick' }) as HTMLInputElement).checked,
    ).toBe(true);
    const trail = screen.getByLabelText('Trail', { exact: true });
    await waitFor(
      () => expect(trail.querySelector('option[value="cossatot-river"]')).not.toBeNull(),
      {
        timeout: 10_000,
      },
    );
    await user.selectOptions(trail, 'cossatot-river');
    expect(
      await screen.findByRole('article', { name: 'Cossatot River (whitewater)' }),
    ).toBeTruthy();
  });

  it('keeps all the advice offline, and says live levels need a network connection', async () => {
    setOnline(false);
    await renderApp('/intelligent-advisor');
    await expectPlanAdvice();
    const gauge = await mulberryGauge();
    expect(within(gauge).getByText('Live levels need a network connection.')).toBeTruthy();
    expect(within(gauge).queryByText(/Discharge/)).toBeNull();
    expect(
      within(gauge)
        .getByRole('link', { name: /USGS 07252000/ })
        .getAttribute('href'),
    ).toBe('https://waterdata.usgs.gov/monitoring-location/07252000/');
  });
});
