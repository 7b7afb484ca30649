/**
 * The garage area's pages as a rider sees them with no network: every garage route shows its
 * own content (never the feature directory's placeholder), the equipment category query shows
 * that section only, the diagnostic wizard runs to advice by touch and by keyboard with Back and
 * Start over, and the circuit calculator and the packing checklist answer. Layout (390 px, glove
 * mode's 60 px targets) and the offline service worker stay in tests/e2e/garage.test.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
// Also gives findBy and waitFor the fixtures' longer wait.
import './rider-fixtures.tsx';

const routes = [
  { path: '/garage', heading: 'Garage', text: 'Numbers to remember' },
  { path: '/equipment-intelligence', heading: 'Equipment Intelligence', text: 'Recovery gear' },
  {
    path: '/equipment?category=lighting',
    heading: 'Equipment Intelligence',
    text: 'Lighting whips',
  },
  {
    path: '/equipment-intelligence?category=electrical',
    heading: 'Equipment Intelligence',
    text: 'Battery isolator',
  },
  { path: '/diagnostic', heading: 'Diagnostic Wizard', text: 'What is the vehicle doing?' },
  { path: '/equipment-guide', heading: 'Equipment Guide', text: '1 gallon of water per person' },
  { path: '/arkansas-repair-shops', heading: 'Repair Shops', text: 'Know a good shop?' },
  { path: '/riding-techniques', heading: 'Riding Techniques', text: 'Water crossings' },
] as const;

describe('garage pages', () => {
  it('shows every garage route’s own content, not the placeholder', async () => {
    const { container, router } = await renderApp('/garage');
    for (const route of routes) {
      await router.navigate({ href: route.path });
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 }).textContent, route.path).toContain(
          route.heading,
        ),
      );
      expect(
        (await screen.findAllByText(route.text, { exact: false })).length,
        route.path,
      ).toBeGreaterThan(0);
      expect(container.querySelector('.feature-page'), route.path).toBeNull();
    }
  });

  it('shows only the chosen equipment category', async () => {
    await renderApp('/equipment?category=lighting');
    expect(await screen.findByRole('heading', { name: 'Lighting whips' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Battery isolator' })).toBeNull();
  });
});

describe('diagnostic wizard', () => {
  it('goes to advice by touch, with Back and Start over', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/diagnostic');
    await user.click(await screen.findByRole('button', { name: 'It won’t start' }));
    await user.click(screen.getByRole('button', { name: /turns over normally but won’t fire/ }));
    await screen.findByRole('heading', { name: 'Is there fuel in the tank?' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', {
      name: 'What happens when you press the start button or turn the key?',
    });
    await user.click(screen.getByRole('button', { name: /A click or rapid clicking/ }));
    await screen.findByRole('heading', {
      name: 'Clicking: the starter isn’t getting enough current',
    });
    expect(screen.getByText('Check both battery terminals', { exact: false })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const first = await screen.findByRole('heading', { name: 'What is the vehicle doing?' });
    // Focus lands on the new question, so a keyboard or screen-reader rider starts there.
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('is answered from the keyboard: Tab reaches the first answer, Enter picks it', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/diagnostic');
    await user.click(await screen.findByRole('button', { name: 'It won’t start' }));
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('What is the vehicle doing?'),
    );
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Once the engine has cooled, what do you find?' });
    await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'A blocked radiator' });
  });

  it('starts again from the first question when the page is opened anew', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderApp('/diagnostic');
    await user.click(await screen.findByRole('button', { name: 'It won’t start' }));
    await screen.findByRole('heading', {
      name: 'What happens when you press the start button or turn the key?',
    });
    first.unmount();
    await renderApp('/diagnostic');
    expect(await screen.findByRole('heading', { name: 'What is the vehicle doing?' })).toBeTruthy();
  });
});

describe('equipment tools', () => {
  it('sizes an accessory circuit, for lead-acid and lithium batteries', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/equipment-intelligence?category=electrical');
    await screen.findByRole('heading', { name: 'Accessory circuit calculator' });
    const watts = screen.getByLabelText('Power (watts)');
    await user.clear(watts);
    await user.type(watts, '240');
    await user.tab();
    // 240 W / 12 V = 20 A; ×1.25 = 25 A fuse; 20 A × 2 h / 50% = 80 Ah.
    expect(await screen.findByText('20.0 A', { exact: true })).toBeTruthy();
    expect(screen.getByText('25 A blade fuse', { exact: true })).toBeTruthy();
    expect(screen.getByText('at least 80 Ah rated capacity', { exact: true })).toBeTruthy();
    await user.click(screen.getByText('Lithium (LiFePO4)', { exact: true }));
    expect(await screen.findByText('at least 50 Ah rated capacity', { exact: true })).toBeTruthy();
  });

  it('ticks off the packing list and grows it for a weekend', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/equipment-guide');
    const status = screen
      .getAllByRole('status')
      .find((element) => /packed$/.test(element.textContent ?? ''))!;
    const total = Number(/of (\d+) packed/.exec(status.textContent ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(status.textContent).toBe(`0 of ${total} packed`);
    await user.click(screen.getAllByText('Tire plug kit')[0]!);
    expect(
      (screen.getByRole('checkbox', { name: /Tire plug kit/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(status.textContent).toBe(`1 of ${total} packed`);
    await user.click(screen.getByText('Weekend', { exact: true }));
    expect(
      (await screen.findAllByText('Spare fuel in an approved can', { exact: false })).length,
    ).toBeGreaterThan(0);
    const weekendTotal = Number(/of (\d+) packed/.exec(status.textContent ?? '')?.[1]);
    expect(weekendTotal).toBeGreaterThan(total);
  });
});
