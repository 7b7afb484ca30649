import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THEME_ID,
  resolveThemeId,
  themeForUserType,
  THEMES,
  themeStylesheet,
  type ThemeTokens,
} from '../../../src/ui/themes.ts';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const textPairs: [keyof ThemeTokens, keyof ThemeTokens][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surface2'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['primaryContrast', 'primary'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['danger', 'surface'],
  ['warning', 'surface'],
  ['accent', 'surface'],
];

describe('themes (core-platform §3)', () => {
  it('has the eight themes with dark (Cyberpunk) as default', () => {
    expect(THEMES.map((theme) => theme.id)).toEqual([
      'dark',
      'theme-rider',
      'theme-camper',
      'theme-hiker',
      'theme-cyclist',
      'theme-hunter',
      'light',
      'high-contrast',
    ]);
    expect(DEFAULT_THEME_ID).toBe('dark');
    const names = Object.fromEntries(THEMES.map((theme) => [theme.id, theme.name]));
    expect(names).toMatchObject({
      dark: 'Cyberpunk',
      'theme-rider': 'Trail Rider',
      'theme-hiker': 'Mountain Hiker',
      'theme-cyclist': 'Road Cyclist',
      light: 'Light Mode',
    });
    for (const theme of THEMES) {
      expect(theme.previewColors.primary).toBe(theme.tokens.primary);
      expect(theme.description.length).toBeGreaterThan(10);
    }
  });

  it.each(THEMES.map((theme) => [theme.id, theme] as const))(
    '%s passes WCAG AA (4.5:1) for text on its surfaces',
    (_id, theme) => {
      for (const [foreground, background] of textPairs) {
        const ratio = contrast(
          theme.tokens[foreground] as string,
          theme.tokens[background] as string,
        );
        expect(ratio, `${foreground} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('gives high contrast at least 7:1 (AAA) for body and muted text', () => {
    const tokens = THEMES.find((theme) => theme.id === 'high-contrast')?.tokens as ThemeTokens;
    expect(contrast(tokens.text, tokens.bg)).toBeGreaterThanOrEqual(7);
    expect(contrast(tokens.textMuted, tokens.bg)).toBeGreaterThanOrEqual(7);
    expect(contrast(tokens.primaryContrast, tokens.primary)).toBeGreaterThanOrEqual(7);
  });

  it('emits one body class per theme', () => {
    const css = themeStylesheet();
    for (const theme of THEMES)
      expect(css).toContain(`.${theme.id}{--color-bg:${theme.tokens.bg};`);
  });
});

describe('theme choice at load (core-platform §4)', () => {
  it('uses the stored theme first', () => {
    expect(resolveThemeId({ themeId: 'light', userType: 'hunter' })).toBe('light');
  });

  it("falls back to the stored user type's theme", () => {
    expect(resolveThemeId({ themeId: null, userType: 'hunter' })).toBe('theme-hunter');
    expect(resolveThemeId({ themeId: 'bogus', userType: 'hiker' })).toBe('theme-hiker');
  });

  it('falls back to dark', () => {
    expect(resolveThemeId(null)).toBe('dark');
    expect(resolveThemeId({ themeId: null, userType: 'astronaut' })).toBe('dark');
  });

  it('maps every user type to its theme', () => {
    expect(themeForUserType('default')).toBe('dark');
    expect(themeForUserType('rider')).toBe('theme-rider');
    expect(themeForUserType('camper')).toBe('theme-camper');
    expect(themeForUserType('cyclist')).toBe('theme-cyclist');
  });
});
