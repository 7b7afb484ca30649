/**
 * The waterway pages' gauge levels as a rider sees them: online, each gauge's latest USGS
 * reading with when it was observed ("12:15 PM CST, 20 min ago"), fetched for every listed
 * gauge in one request; the reading kept on the device, so offline the page shows it as
 * "Last known, 3 h ago — offline" and never as current; with nothing kept, it says so; and
 * /access-point-map puts the gauges and lakes on the map (the stand-in lists its markers) with
 * the same points in a list. The server side is tests/integration/server/gauges.test.ts.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GaugeLatest, GaugeLatestBatch } from '../../schemas/gauge-levels.ts';
import { gaugeReadingsDocumentId, keepGaugeReadings } from '../../src/db/gauge-readings.ts';
import { formatArkansasTime } from '../../src/lib/hunting/shooting-hours.ts';
import { getOnlineQueryClient } from '../../src/lib/http/query-client.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';
import { clearRiderData, forgetRider, renderAppWithApi, setOnline } from './rider-fixtures.tsx';

const mulberry = '07252000';
const mulberryName = 'Mulberry River near Mulberry, AR';
const minute = 60_000;

afterEach(async () => {
  // Unmount first, so no page writes a reading after the device is cleared.
  cleanup();
  forgetRider();
  getOnlineQueryClient().clear();
  await clearRiderData(await databaseWithCatalogues());
});

/** The Mulberry gauge's answer, observed `ageMs` before now. */
function mulberryLatest(ageMs: number): GaugeLatest {
  const time = new Date(Date.now() - ageMs).toISOString();
  return {
    siteNumber: mulberry,
    siteName: 'MULBERRY RIVER NEAR MULBERRY, AR',
    fetchedAt: Date.now(),
    readings: [
      {
        parameterCode: '00060',
        label: 'Discharge',
        unit: 'ft3/s',
        value: 187,
        time,
        provisional: true,
      },
      {
        parameterCode: '00065',
        label: 'Gage height',
        unit: 'ft',
        value: 2.41,
        time,
        provisional: true,
      },
    ],
  };
}

/** The server answering Mulberry and reporting USGS unreachable for every other site. */
function gaugeRoute(latest: GaugeLatest) {
  return {
    path: '/api/gauges/latest',
    answer: ({ path }: { path: string }) => {
      const sites = new URL(path, 'http://app').searchParams.get('sites')?.split(',') ?? [];
      const body: GaugeLatestBatch = {
        gauges: [latest],
        unavailable: sites.filter((site) => site !== mulberry),
      };
      return { body };
    },
  };
}

/** The row of a gauge in the page's gauge table. */
function gaugeRow(name: string): HTMLElement {
  const table = screen.getByRole('table', { name: /USGS stream gauges this app lists/ });
  return within(table).getByRole('row', { name: new RegExp(`^${name}`) });
}

describe('waterway gauge levels', () => {
  it('shows the live level with its observation time, all gauges asked in one request', async () => {
    const latest = mulberryLatest(20 * minute);
    const { requests, database } = await renderAppWithApi('/waterway-conditions', [
      gaugeRoute(latest),
    ]);
    const clock = formatArkansasTime(new Date(latest.readings[0]!.time));
    await waitFor(() =>
      expect(gaugeRow(mulberryName).textContent).toContain(
        `Discharge: 187 ft³/s · Gage height: 2.41 ft`,
      ),
    );
    expect(gaugeRow(mulberryName).textContent).toContain(
      `USGS reading, ${clock}, 20 min ago; provisional data`,
    );
    expect(gaugeRow(mulberryName).textContent).not.toMatch(/Last known/);
    // A gauge USGS did not answer for says so; nothing is made up for it.
    expect(gaugeRow('Buffalo River at Ponca, AR').textContent).toContain(
      'No reading on this device yet — USGS could not be reached',
    );
    const gaugeRequests = requests.filter((request) => request.path.startsWith('/api/gauges/'));
    expect(gaugeRequests).toHaveLength(1);
    expect(gaugeRequests[0]!.path).toContain(mulberry);
    expect(screen.getByRole('heading', { name: 'River levels at USGS gauges' })).toBeTruthy();
    expect(screen.getByText(/Gauge readings are USGS provisional data/)).toBeTruthy();
    // When the shipped waterway list was made (src/lib/outdoor/waterways.ts).
    expect(screen.getByText(/bundled on 11\/20\/2026/)).toBeTruthy();
    // The reading is kept on the device for the next visit without signal.
    await waitFor(async () => {
      const kept = await database.getLocal<{ readings: Record<string, GaugeLatest> }>(
        gaugeReadingsDocumentId,
      );
      expect(kept?.get('readings')[mulberry]?.readings[1]?.value).toBe(2.41);
    });
  });

  it('offline, shows the kept reading as last known with its age, not as current', async () => {
    const database = await databaseWithCatalogues();
    await keepGaugeReadings(database, [mulberryLatest(3 * 60 * minute + 5 * minute)]);
    setOnline(false);
    await renderApp('/water-safety-alerts');
    await waitFor(() =>
      expect(gaugeRow(mulberryName).textContent).toContain('Last known, 3 h ago — offline'),
    );
    const row = gaugeRow(mulberryName).textContent;
    expect(row).toContain('Discharge: 187 ft³/s · Gage height: 2.41 ft');
    expect(row).toContain('Not the current level');
    expect(row).not.toMatch(/USGS reading,/);
  });

  it('online, when USGS cannot be reached for a gauge, shows its kept reading as last known', async () => {
    const database = await databaseWithCatalogues();
    await keepGaugeReadings(database, [mulberryLatest(3 * 60 * minute + 5 * minute)]);
    await renderAppWithApi('/waterway-conditions', [
      {
        path: '/api/gauges/latest',
        answer: {
          // The real route answers 502 when no site answered, so another gauge did here.
          body: {
            gauges: [{ ...mulberryLatest(20 * minute), siteNumber: '07055660' }],
            unavailable: [mulberry],
          } satisfies GaugeLatestBatch,
        },
      },
    ]);
    await waitFor(() =>
      expect(gaugeRow(mulberryName).textContent).toContain(
        'Last known, 3 h ago — USGS could not be reached',
      ),
    );
    expect(gaugeRow(mulberryName).textContent).toContain('Not the current level');
  });

  it('offline with nothing kept, says there is no reading yet', async () => {
    setOnline(false);
    await renderApp('/waterway-conditions');
    await waitFor(() =>
      expect(gaugeRow(mulberryName).textContent).toContain(
        'No reading on this device yet — offline.',
      ),
    );
    expect(screen.queryByText(/Last known/)).toBeNull();
  });
});

describe('access point map', () => {
  it('puts the gauges and lakes on the map, lists the same points with the levels, and the lakes and rivers with coordinates', async () => {
    await renderAppWithApi('/access-point-map', [gaugeRoute(mulberryLatest(20 * minute))]);
    const markers = await screen.findByRole('list', {
      name: 'Overlay of Map of Arkansas with the USGS stream gauges and the lakes',
    });
    expect(within(markers).getByText(mulberryName)).toBeTruthy();
    expect(within(markers).getByText('Greers Ferry Lake')).toBeTruthy();
    const list = screen.getByRole('region', { name: 'The gauges and lakes on the map' });
    expect(within(list).getByRole('link', { name: new RegExp(mulberryName) })).toBeTruthy();
    expect(within(list).getByText('Greers Ferry Lake')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Lakes and rivers with coordinates' });
    expect(within(table).getByRole('rowheader', { name: 'Greers Ferry Lake' })).toBeTruthy();
    await waitFor(() =>
      expect(within(list).getByText('Discharge: 187 ft³/s · Gage height: 2.41 ft')).toBeTruthy(),
    );
    expect(
      screen.getByText(/The shipped map data has no boat ramps or river access points/),
    ).toBeTruthy();
  });
});
