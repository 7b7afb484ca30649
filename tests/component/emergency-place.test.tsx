/**
 * The /emergency screen about 8 miles east of Mena: the card's place line names Mena (the
 * nearest gazetteer town), not Hot Springs, and the 911 script and the text the messages app
 * gets carry that same sentence word for word (with short texts for weak signal off: that
 * setting, on by default, leaves the place line out of the text).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeEmergencySettings } from '../../src/db/safety-settings.ts';
import { DEFAULT_EMERGENCY_SETTINGS } from '../../src/lib/outdoor/outdoor-settings.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';

/** Every location request answers (34.59, -94.10), ±8 m, now. */
function stubGeolocation(): void {
  const answer = (success: PositionCallback) =>
    success({
      coords: { latitude: 34.59, longitude: -94.1, accuracy: 8 },
      timestamp: Date.now(),
    } as GeolocationPosition);
  const geolocation = {
    getCurrentPosition: (success: PositionCallback) => setTimeout(() => answer(success), 0),
    watchPosition: (success: PositionCallback) => {
      setTimeout(() => answer(success), 0);
      return 1;
    },
    clearWatch: () => undefined,
  } as unknown as Geolocation;
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('emergency place', () => {
  it('names Mena on the card, in the 911 script and in the text', async () => {
    stubGeolocation();
    // Short texts for weak signal (on by default) leave the place line out of the text.
    await writeEmergencySettings(await databaseWithCatalogues(), {
      ...DEFAULT_EMERGENCY_SETTINGS,
      lowSignalOptimization: false,
    });
    await renderApp('/emergency');
    const place = await screen.findByTestId('card-place');
    await waitFor(() => expect(place.textContent).toMatch(/E of Mena \(Polk County\)/), {
      timeout: 10_000,
    });
    const sentence = place.textContent ?? '';
    expect(sentence).not.toContain('Hot Springs');
    const script = document.querySelector('.emergency-card__script');
    expect(within(script as HTMLElement).getByText(`I am ${sentence}.`)).toBeTruthy();

    // Hold for SOS (3 s by default), confirm, and read the text the messages app gets.
    fireEvent.pointerDown(screen.getByRole('button', { name: /Hold for SOS/ }));
    const confirm = await screen.findByRole('alertdialog', {}, { timeout: 8_000 });
    fireEvent.click(within(confirm).getAllByRole('button')[0]!);
    const summary = await screen.findByText('The text your messages app gets');
    const text = summary.parentElement?.querySelector('pre')?.textContent ?? '';
    expect(text).toContain(`Near: ${sentence}`);
  });
});
