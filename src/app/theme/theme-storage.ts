/**
 * Synchronous localStorage mirror of the theme choice. RxDB (the source of truth, through
 * useLocalSetting) opens asynchronously, so main.tsx reads this mirror before the first paint to
 * avoid a flash of the wrong theme (requirements §core-4 "Theme").
 */
import {
  resolveThemeId,
  THEMES,
  themeStylesheet,
  type StoredThemeChoice,
  type ThemeId,
} from '../../ui/themes.ts';

/** localStorage key of the mirror. */
export const THEME_MIRROR_KEY = 'nst.theme';

/** Reads the mirrored choice; null when absent, unreadable or storage is blocked. */
export function readThemeMirror(): StoredThemeChoice | null {
  try {
    const raw = globalThis.localStorage?.getItem(THEME_MIRROR_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const record = parsed as Record<string, unknown>;
    return {
      themeId: typeof record.themeId === 'string' ? record.themeId : null,
      userType: typeof record.userType === 'string' ? record.userType : null,
    };
  } catch {
    return null;
  }
}

/** Writes the mirror; storage failures (private mode, quota) are ignored: RxDB still has it. */
export function writeThemeMirror(choice: StoredThemeChoice): void {
  try {
    globalThis.localStorage?.setItem(THEME_MIRROR_KEY, JSON.stringify(choice));
  } catch {
    // The mirror only speeds up the first paint.
  }
}

/**
 * Puts the theme class on <body> (and <html>, so overscroll areas match), removing any other
 * theme class, and updates the browser's theme-color to the theme background.
 */
export function applyThemeClass(themeId: ThemeId): void {
  if (typeof document === 'undefined') return;
  for (const element of [document.documentElement, document.body]) {
    if (!element) continue;
    for (const item of THEMES) element.classList.remove(item.id);
    element.classList.add(themeId);
  }
  const background = THEMES.find((item) => item.id === themeId)?.tokens.bg;
  const meta = document.head.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && background) meta.content = background;
}

/** Injects the generated theme stylesheet once (idempotent). */
export function installThemeStylesheet(): void {
  if (typeof document === 'undefined' || document.getElementById('theme-tokens')) return;
  const style = document.createElement('style');
  style.id = 'theme-tokens';
  style.textContent = themeStylesheet();
  document.head.appendChild(style);
}

/** Applies the theme the mirror says should show at load (requirements §core-4 order). */
export function applyInitialTheme(): ThemeId {
  installThemeStylesheet();
  const themeId = resolveThemeId(readThemeMirror());
  applyThemeClass(themeId);
  return themeId;
}
