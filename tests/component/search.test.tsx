/**
 * Search finds what riders type, from the catalogues on the device with the network off: the
 * Search tab and Ctrl+K open the palette, which finds the Wolf Pen Gap trail and opens it, finds
 * pages, WMAs (opening the map with the area's card) and says when nothing matches;
 * /ai-trails?activity=atv lists only ATV trails with the ATV chip selected; "beginner UTV" falls
 * back to the closest difficulty with a note; "atv trails near
 * Russellville" lists ATV trails with their miles from Russellville; "near me" sorts by the
 * rider's position (a stubbed Geolocation API, as Chromium's emulated position would be) or
 * says plainly that location was refused.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setPaletteOpen } from '../../src/app/palette-store.ts';
import { stubGeolocation } from './app-helpers.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';

/** The names on the trail cards of the finder's result list. */
function resultNames(): string[] {
  const list = screen.getByRole('list', { name: 'Trails' });
  return [...list.querySelectorAll('h3')].map((heading) => heading.textContent ?? '');
}

/**
 * Waits for the finder's result count ("12 trails"). The first render of about 160 trail cards
 * takes jsdom seconds on a loaded two-core machine, longer than the usual wait.
 */
async function resultCount(): Promise<HTMLElement> {
  return (await screen.findAllByText(/^\d+ trails?$/, {}, { timeout: 15_000 }))[0]!;
}

const placeholder = 'Search features... (Cmd+K)';

// The palette's open state outlives a render, as it outlives a page in the app.
afterEach(() => setPaletteOpen(false));

describe('the search palette', () => {
  it('the Search tab finds “Wolf Pen” and opens the trail', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/safety');
    await user.click(screen.getByRole('button', { name: 'Search trails and features' }));
    await user.click(await screen.findByPlaceholderText(placeholder));
    await user.paste('Wolf Pen');
    const option = await screen.findByRole('option', { name: /Wolf Pen Gap Trail Complex/ });
    expect(within(screen.getByRole('dialog')).getByText('Trails', { exact: true })).toBeTruthy();
    await user.click(option);
    await screen.findByRole('heading', { level: 1, name: 'Wolf Pen Gap Trail Complex' });
    expect(router.state.location.pathname).toBe('/map/wolf-pen-gap-ohv-trail');
    expect(screen.queryByPlaceholderText(placeholder)).toBeNull();
  });

  it('Ctrl+K finds trails, pages and WMAs; a WMA opens the map with its card', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/safety');
    await user.keyboard('{Control>}k{/Control}');
    const search = await screen.findByPlaceholderText(placeholder);
    await user.type(search, 'wolf pen');
    await screen.findByRole('option', { name: /Wolf Pen Gap Trail Complex/ });
    // Pages still come first: the spec's groups are kept, the catalogue groups follow.
    await user.clear(search);
    await user.type(search, 'duck');
    expect((await screen.findAllByRole('option', { name: /Duck Hunting/ })).length).toBeGreaterThan(
      0,
    );
    await user.clear(search);
    await user.type(search, 'Bayou Meto');
    const wma = (await screen.findAllByRole('option', { name: /Bayou Meto/ }))[0]!;
    expect(within(screen.getByRole('dialog')).getByText('WMAs', { exact: true })).toBeTruthy();
    await user.click(wma);
    await screen.findByRole('region', { name: /Bayou Meto/ });
    expect(router.state.location.href).toBe('/map?wma=bayou-meto-wma');

    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText(placeholder), 'zzzz qqqq');
    await screen.findByText('No features found.');
  });
});

describe('the trail finder', () => {
  it('/ai-trails?activity=atv lists only ATV trails with the ATV chip selected', async () => {
    const database = await databaseWithCatalogues();
    // Parts of a system (its USFS lines) are listed on the system's page, not in the finder.
    const atvTrails = (await database.trails.find().exec())
      .map((document) => document.toJSON())
      .filter((trail) => trail.activities.includes('atv') && trail.systemId === null);
    expect(atvTrails.length).toBeGreaterThan(0);
    const { router } = await renderApp('/ai-trails?activity=atv');
    expect((await resultCount()).textContent).toBe(`${atvTrails.length} trails`);
    expect(resultNames().sort()).toEqual(atvTrails.map((trail) => trail.name).sort());
    expect(screen.getByRole('radio', { name: 'ATV' }).getAttribute('aria-checked')).toBe('true');

    // A rider's word in the URL names the chip too; /trails keeps it.
    await router.navigate({ href: '/trails?activity=side-by-side' });
    await waitFor(() => expect(router.state.location.href).toBe('/ai-trails?activity=utv'));
    await waitFor(() =>
      expect(
        screen.getByRole('radio', { name: 'UTV / side-by-side' }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });

  it('“beginner UTV” finds the gentlest UTV trails, derived from their trail class, and says so', async () => {
    await renderApp('/ai-trails?q=beginner%20utv');
    await resultCount();
    const note = screen.getByText(/No trail on this device is easy for this search/);
    expect(note.textContent).toMatch(/Showing moderate trails, the closest level\./);
    expect(resultNames()).toContain('Moccasin Gap Horse/OHV Trail');
    const moccasin = screen.getByRole('article', { name: 'Moccasin Gap Horse/OHV Trail' });
    expect(within(moccasin).getByText('Moderate (derived)')).toBeTruthy();
  });

  it('“atv trails near Russellville” lists ATV trails near Russellville with their miles', async () => {
    const user = userEvent.setup();
    const database = await databaseWithCatalogues();
    const byName = new Map(
      (await database.trails.find().exec()).map((document) => [document.name, document.toJSON()]),
    );
    await renderApp('/ai-trails');
    await resultCount();
    // Looked up in the search section: a label query over 160 trail cards takes seconds.
    const finder = document.querySelector<HTMLElement>('section[aria-label="Search and filters"]')!;
    const field = within(finder).getByLabelText('Search trails', { exact: true });
    await user.click(field);
    await user.paste('atv trails near Russellville');
    await screen.findByText('Near Russellville · ATV');
    await waitFor(() => expect(resultNames().length).toBeLessThan(byName.size));
    const names = resultNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(byName.get(name)?.activities).toContain('atv');
    const miles = screen.getAllByText(/mi from Russellville/).map((line) => line.textContent!);
    expect(miles).toHaveLength(names.length);
    const values = miles.map((text) => Number(/(\d+) mi from Russellville/.exec(text)![1]));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(Math.max(...values)).toBeLessThanOrEqual(40);

    await user.clear(field);
    await user.paste('atv trails near Boxley Valley');
    await screen.findByText(/We don't know where “boxley valley” is/);
  });

  it('“near me” says plainly when location access is refused', async () => {
    stubGeolocation('denied');
    await renderApp('/ai-trails?q=utv%20near%20me');
    await screen.findByText(/Location access is turned off for this app/);
    expect(screen.queryByText(/mi from you/)).toBeNull();
  });

  it('“near me” sorts the trails by the rider’s position', async () => {
    // A rider in Mena (GeoNames point of the town).
    stubGeolocation({ latitude: 34.58622, longitude: -94.23966 });
    await renderApp('/ai-trails?q=utv%20near%20me');
    const distances = await screen.findAllByText(/\d+ mi from you$/);
    expect(distances).toHaveLength(resultNames().length);
    const miles = distances.map((line) => Number(/(\d+) mi from you$/.exec(line.textContent!)![1]));
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(resultNames()[0]).toBe('Wolf Pen Gap Trail Complex');
    expect(distances[0]!.textContent).toMatch(/ 15 mi from you$/);
  });
});
