/**
 * Theme state (requirements §core-4 "Theme"): the chosen theme and user type, stored as an RxDB
 * local setting (through src/db/settings.ts) and mirrored to localStorage for the first paint.
 * Must render inside <DatabaseProvider>.
 */
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useLocalSetting } from '../../db-react/settings.ts';
import { ThemeContext, type ThemeContextValue } from '../../ui/theme-context.ts';
import { readThemeMirror, writeThemeMirror, applyThemeClass } from './theme-storage.ts';
import {
  getTheme,
  isUserType,
  resolveThemeId,
  themeForUserType,
  THEMES,
  type StoredThemeChoice,
  type ThemeId,
  type UserType,
} from '../../ui/themes.ts';

/** Local-setting key of the theme choice. */
export const THEME_SETTING_KEY = 'theme';

const EMPTY_CHOICE: StoredThemeChoice = { themeId: null, userType: null };

/**
 * Provides the current theme and applies it as a class on <body>. While the setting loads, the
 * localStorage mirror decides, so the theme never flickers.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const setting = useLocalSetting<StoredThemeChoice>(THEME_SETTING_KEY, EMPTY_CHOICE);
  const choice = setting.isLoading ? (readThemeMirror() ?? EMPTY_CHOICE) : setting.value;
  const themeId = resolveThemeId(choice);
  const userType = choice.userType;
  const save = setting.setValue;

  useEffect(() => {
    applyThemeClass(themeId);
  }, [themeId]);

  const storedThemeId = setting.isLoading ? null : setting.value.themeId;
  const storedUserType = setting.isLoading ? null : setting.value.userType;
  useEffect(() => {
    // Keep the mirror in step with RxDB (e.g. a change made in another tab).
    if (!setting.isLoading) writeThemeMirror({ themeId: storedThemeId, userType: storedUserType });
  }, [setting.isLoading, storedThemeId, storedUserType]);

  const setTheme = useCallback(
    async (next: ThemeId) => {
      const updated = { themeId: next, userType };
      writeThemeMirror(updated);
      applyThemeClass(next);
      await save(updated);
    },
    [save, userType],
  );

  const setUserType = useCallback(
    async (next: UserType) => {
      const updated = { themeId: themeForUserType(next), userType: next };
      writeThemeMirror(updated);
      applyThemeClass(updated.themeId);
      await save(updated);
    },
    [save],
  );

  const value = useMemo<ThemeContextValue>(
    () => ({
      theme: getTheme(themeId),
      themes: THEMES,
      userType: isUserType(userType) ? userType : null,
      setTheme,
      setUserType,
    }),
    [themeId, userType, setTheme, setUserType],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
