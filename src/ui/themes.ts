/**
 * The eight themes of requirements §core-3 and the theme rules of §core-4: the token values, the
 * user-type → theme mapping and the choice of theme at load. Tokens are defined here (not in a
 * stylesheet) so a unit test can check WCAG contrast on the same values the app uses; the CSS is
 * generated from them and selected by a class on <body>.
 */

/** User types of requirements §core-3. */
export type UserType = 'default' | 'rider' | 'camper' | 'hiker' | 'cyclist' | 'hunter';

/** Theme ids of requirements §core-3. */
export type ThemeId =
  | 'dark'
  | 'theme-rider'
  | 'theme-camper'
  | 'theme-hiker'
  | 'theme-cyclist'
  | 'theme-hunter'
  | 'light'
  | 'high-contrast';

/** Colour tokens a theme sets; names match the CSS custom properties in src/ui/theme.css. */
export interface ThemeTokens {
  bg: string;
  surface: string;
  surface2: string;
  text: string;
  textMuted: string;
  primary: string;
  primaryContrast: string;
  secondary: string;
  accent: string;
  border: string;
  danger: string;
  warning: string;
  success: string;
  focus: string;
  colorScheme: 'dark' | 'light';
}

/** A theme as requirements §core-3 defines it, plus its tokens. */
export interface Theme {
  id: ThemeId;
  name: string;
  description: string;
  userType?: UserType;
  previewColors: { primary: string; secondary: string; background: string };
  tokens: ThemeTokens;
}

/** The default theme (requirements §core-3: dark "Cyberpunk"). */
export const DEFAULT_THEME_ID: ThemeId = 'dark';

function theme(
  id: ThemeId,
  name: string,
  description: string,
  tokens: ThemeTokens,
  userType?: UserType,
): Theme {
  return {
    id,
    name,
    description,
    ...(userType ? { userType } : {}),
    previewColors: { primary: tokens.primary, secondary: tokens.secondary, background: tokens.bg },
    tokens,
  };
}

const darkStatus = { danger: '#f87171', warning: '#fbbf24', success: '#4ade80' };
const lightStatus = { danger: '#b91c1c', warning: '#9a4a06', success: '#15803d' };

/** All themes in picker order. */
export const THEMES: readonly Theme[] = [
  theme(
    'dark',
    'Cyberpunk',
    'Dark neon look that is easy on the eyes at night.',
    {
      bg: '#0b1020',
      surface: '#141b2f',
      surface2: '#1e2842',
      text: '#eef2ff',
      textMuted: '#b4bdd6',
      primary: '#22d3ee',
      primaryContrast: '#04141a',
      secondary: '#e879f9',
      accent: '#a3e635',
      border: '#34405f',
      focus: '#22d3ee',
      colorScheme: 'dark',
      ...darkStatus,
    },
    'default',
  ),
  theme(
    'theme-rider',
    'Trail Rider',
    'Warm dirt and amber tones for ATV, UTV and 4x4 riders.',
    {
      bg: '#1a130d',
      surface: '#261c14',
      surface2: '#33261b',
      text: '#f8efe4',
      textMuted: '#d3c2ad',
      primary: '#f59e0b',
      primaryContrast: '#1a1004',
      secondary: '#84cc16',
      accent: '#fdba74',
      border: '#4a3828',
      focus: '#fbbf24',
      colorScheme: 'dark',
      ...darkStatus,
    },
    'rider',
  ),
  theme(
    'theme-camper',
    'Camper',
    'Deep forest greens with a campfire glow for campers.',
    {
      bg: '#0f1a14',
      surface: '#16251c',
      surface2: '#1f3327',
      text: '#ecf7ef',
      textMuted: '#b6cdbd',
      primary: '#4ade80',
      primaryContrast: '#052e16',
      secondary: '#fbbf24',
      accent: '#fdba74',
      border: '#2f4a39',
      focus: '#86efac',
      colorScheme: 'dark',
      ...darkStatus,
    },
    'camper',
  ),
  theme(
    'theme-hiker',
    'Mountain Hiker',
    'Light stone and pine colours, clear in daylight on the trail.',
    {
      bg: '#f3f1ea',
      surface: '#ffffff',
      surface2: '#e7e3d6',
      text: '#1f2a1f',
      textMuted: '#4a564a',
      primary: '#2f6b3a',
      primaryContrast: '#ffffff',
      secondary: '#8a5a2b',
      accent: '#1d5f8f',
      border: '#b9b29c',
      focus: '#1d5f8f',
      colorScheme: 'light',
      ...lightStatus,
    },
    'hiker',
  ),
  theme(
    'theme-cyclist',
    'Road Cyclist',
    'Crisp blue and white with a red accent for cyclists.',
    {
      bg: '#f5f7fb',
      surface: '#ffffff',
      surface2: '#e6ebf3',
      text: '#0f172a',
      textMuted: '#475569',
      primary: '#1d4ed8',
      primaryContrast: '#ffffff',
      secondary: '#dc2626',
      accent: '#7c3aed',
      border: '#b8c2d3',
      focus: '#1d4ed8',
      colorScheme: 'light',
      ...lightStatus,
    },
    'cyclist',
  ),
  theme(
    'theme-hunter',
    'Hunter',
    'Dark timber tones with blaze orange for hunters.',
    {
      bg: '#14140f',
      surface: '#1f1f17',
      surface2: '#2a2a1f',
      text: '#f2f0e4',
      textMuted: '#c9c5ad',
      primary: '#ff7a1a',
      primaryContrast: '#1a0a00',
      secondary: '#a3ad6b',
      accent: '#d9c27a',
      border: '#44432f',
      focus: '#ff9a4d',
      colorScheme: 'dark',
      ...darkStatus,
    },
    'hunter',
  ),
  theme('light', 'Light Mode', 'Bright, clean and readable in direct sun.', {
    bg: '#f8fafc',
    surface: '#ffffff',
    surface2: '#eef2f7',
    text: '#0f172a',
    textMuted: '#475569',
    primary: '#0e7490',
    primaryContrast: '#ffffff',
    secondary: '#7e22ce',
    accent: '#4d7c0f',
    border: '#c3cddb',
    focus: '#0e7490',
    colorScheme: 'light',
    ...lightStatus,
  }),
  theme('high-contrast', 'High Contrast', 'Maximum contrast: white and yellow on black.', {
    bg: '#000000',
    surface: '#000000',
    surface2: '#1a1a1a',
    text: '#ffffff',
    textMuted: '#e6e6e6',
    primary: '#ffff00',
    primaryContrast: '#000000',
    secondary: '#00ffff',
    accent: '#7dff7d',
    border: '#ffffff',
    focus: '#00ffff',
    colorScheme: 'dark',
    danger: '#ff8080',
    warning: '#ffd400',
    success: '#33ff88',
  }),
];

const themesById = new Map(THEMES.map((item) => [item.id, item]));

/** Whether a value is a known theme id (stored values may be stale or tampered with). */
export function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && themesById.has(value as ThemeId);
}

/** The user types of requirements §core-3, in the order a choice lists them. */
export const USER_TYPES: readonly UserType[] = [
  'default',
  'rider',
  'camper',
  'hiker',
  'cyclist',
  'hunter',
];

/** Whether a value is a known user type. */
export function isUserType(value: unknown): value is UserType {
  return USER_TYPES.includes(value as UserType);
}

/** The theme with this id; the default theme for an unknown id. */
export function getTheme(id: ThemeId | string | null | undefined): Theme {
  return (
    (isThemeId(id) ? themesById.get(id) : undefined) ?? (themesById.get(DEFAULT_THEME_ID) as Theme)
  );
}

/** The theme of a user type (requirements §core-4: setting a user type switches to its theme). */
export function themeForUserType(userType: UserType): ThemeId {
  return THEMES.find((item) => item.userType === userType)?.id ?? DEFAULT_THEME_ID;
}

/** What is stored locally about the theme. */
export interface StoredThemeChoice {
  themeId: string | null;
  userType: string | null;
}

/**
 * The theme to use at load (requirements §core-4): the stored theme, else the stored user type's
 * theme, else the default. Unknown stored values are ignored.
 */
export function resolveThemeId(stored: Partial<StoredThemeChoice> | null | undefined): ThemeId {
  if (isThemeId(stored?.themeId)) return stored.themeId;
  if (isUserType(stored?.userType)) return themeForUserType(stored.userType);
  return DEFAULT_THEME_ID;
}

const tokenProperties: Record<Exclude<keyof ThemeTokens, 'colorScheme'>, string> = {
  bg: '--color-bg',
  surface: '--color-surface',
  surface2: '--color-surface-2',
  text: '--color-text',
  textMuted: '--color-text-muted',
  primary: '--color-primary',
  primaryContrast: '--color-primary-contrast',
  secondary: '--color-secondary',
  accent: '--color-accent',
  border: '--color-border',
  danger: '--color-danger',
  warning: '--color-warning',
  success: '--color-success',
  focus: '--color-focus',
};

/**
 * The stylesheet that maps each theme class on <body> to its tokens. Theme classes also match on
 * <html> so the first paint (before <body> exists) can be themed from the localStorage mirror.
 */
export function themeStylesheet(): string {
  return THEMES.map((item) => {
    const declarations = Object.entries(tokenProperties)
      .map(([key, property]) => `${property}:${item.tokens[key as keyof typeof tokenProperties]};`)
      .join('');
    return `.${item.id}{${declarations}color-scheme:${item.tokens.colorScheme};}`;
  }).join('\n');
}
