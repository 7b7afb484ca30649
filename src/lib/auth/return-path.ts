/**
 * The saved return path after sign-in (requirements §core-5 "Safe return path", §core-9 default
 * /ai-trails). Only same-app paths are followed, so a crafted link such as
 * `/profile?redirect=//evil.example` can never send a rider to another site.
 */

/** Where a rider lands after sign-in when no safe return path is saved (requirements §core-9). */
export const DEFAULT_RETURN_PATH = '/ai-trails';

/**
 * Characters requirements §core-5 forbids anywhere in a return path, plus the backslash and control
 * characters and whitespace: browsers read `/\evil.example` as `//evil.example`, and a newline
 * or tab can smuggle a scheme past naive checks.
 */
const forbiddenSequences = ['..', '//', ':', '<', '>', '"', "'", '`', '\\'];

/** Whitespace, C0 controls and DEL (code points up to U+0020, and U+007F). */
function hasControlOrSpace(text: string): boolean {
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Whether `path` is a safe in-app return path (requirements §core-5): a string that starts with '/'
 * and contains none of '..', '//', ':', <, >, ", ', backtick (nor backslash, whitespace or
 * control characters, see above). Anything else (null, numbers, absolute URLs) is unsafe.
 */
export function isSafeReturnPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    !forbiddenSequences.some((sequence) => path.includes(sequence)) &&
    !hasControlOrSpace(path)
  );
}

/** `path` when it is a safe return path, otherwise {@link DEFAULT_RETURN_PATH}. */
export function resolveReturnPath(path: unknown): string {
  return isSafeReturnPath(path) ? path : DEFAULT_RETURN_PATH;
}
