/**
 * The theme context (requirements §core-4 "Theme") without its provider: the shell's
 * ThemeProvider (src/app/theme/theme-provider.tsx) stores the choice and fills this context, and
 * any page reads or changes the theme and user type through `useTheme`, since pages may not
 * import the shell.
 */
import { createContext, useContext } from 'react';
import type { Theme, ThemeId, UserType } from './themes.ts';

/** What `useTheme` returns. */
export interface ThemeContextValue {
  theme: Theme;
  themes: readonly Theme[];
  /** The stored user type; null when none was chosen (or the stored value is unknown). */
  userType: UserType | null;
  /** Chooses a theme explicitly; it wins over the user type's theme from now on. */
  setTheme(themeId: ThemeId): Promise<void>;
  /** Sets the user type and switches to that type's theme (requirements §core-4). */
  setUserType(userType: UserType): Promise<void>;
}

/** Null outside the ThemeProvider. */
export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The current theme and its setters; throws outside the ThemeProvider (requirements §core-8). */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
