/**
 * The user-type choice on /safety (requirements §core-4 "Theme"): choosing Hunter stores the user
 * type and switches the page to the Hunter theme (its class on <body>), the choice comes back
 * from the device's storage on the next start, and high contrast still wins on top of it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { SAFETY_SETTING_KEYS } from '../../src/db/safety-settings.ts';
import { readLocalSetting, settingDocumentId } from '../../src/db/settings.ts';
import { THEME_SETTING_KEY } from '../../src/app/theme/theme-provider.tsx';
import { applyThemeClass } from '../../src/app/theme/theme-storage.ts';
import type { StoredThemeChoice } from '../../src/ui/themes.ts';
import { databaseWithCatalogues, renderApp } from './render-app.tsx';

afterAll(async () => {
  // Device settings are not rider data: put them back for the next file of this worker.
  const database = await databaseWithCatalogues();
  for (const key of [THEME_SETTING_KEY, SAFETY_SETTING_KEYS.outdoor]) {
    await (await database.getLocal(settingDocumentId(key)))?.remove();
  }
  localStorage.clear();
  applyThemeClass('dark');
  document.body.classList.remove('high-contrast');
  document.documentElement.classList.remove('high-contrast');
});

describe('user type', () => {
  it('choosing Hunter switches to the Hunter theme, stored on the device', async () => {
    const user = userEvent.setup({ delay: null });
    const page = await renderApp('/safety');
    const group = await screen.findByRole('radiogroup', { name: 'User type' });
    expect(document.body.classList.contains('dark')).toBe(true);

    await user.click(screen.getByRole('radio', { name: /^Hunter/ }));
    await waitFor(() => expect(document.body.classList.contains('theme-hunter')).toBe(true));
    expect(document.body.classList.contains('dark')).toBe(false);
    await waitFor(() => expect(group.textContent).toContain('now: Hunter'));
    const database = await databaseWithCatalogues();
    await waitFor(async () =>
      expect(
        await readLocalSetting<StoredThemeChoice | null>(database, THEME_SETTING_KEY, null),
      ).toEqual({ themeId: 'theme-hunter', userType: 'hunter' }),
    );

    // A new start with nothing but the database: the stored choice themes the page again.
    page.unmount();
    localStorage.clear();
    applyThemeClass('dark');
    await renderApp('/safety');
    await waitFor(() => expect(document.body.classList.contains('theme-hunter')).toBe(true));
    const hunter = await screen.findByRole('radio', { name: /^Hunter/ });
    expect((hunter as HTMLInputElement).checked).toBe(true);
  });

  it('keeps high contrast on top of the user type theme', async () => {
    const user = userEvent.setup({ delay: null });
    await renderApp('/safety');
    await user.click(await screen.findByRole('checkbox', { name: 'High contrast' }));
    await waitFor(() => expect(document.body.classList.contains('high-contrast')).toBe(true));

    await user.click(screen.getByRole('radio', { name: /^Cyclist/ }));
    await waitFor(() => expect(document.body.classList.contains('theme-cyclist')).toBe(true));
    expect(document.body.classList.contains('high-contrast')).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'High contrast' }));
    await waitFor(() => expect(document.body.classList.contains('high-contrast')).toBe(false));
    expect(document.body.classList.contains('theme-cyclist')).toBe(true);
  });
});
