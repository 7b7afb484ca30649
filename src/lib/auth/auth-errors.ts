/**
 * Turning failed auth calls into what a rider reads (requirements §core-8 "Login failed",
 * "Registration failure") and into session decisions (§core-4: 401/403 clear local state; other
 * errors, including no network, are ignored).
 */
import { isAccountDeletedBody } from '../../../schemas/account-deletion.ts';
import { HttpError } from '../http/request.ts';

/** requirements §core-8: fallback text of a failed sign-in. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';
/** requirements §core-8: text of a sign-in that could not reach the server. */
export const UNABLE_TO_CONNECT_MESSAGE = 'Unable to connect to server. Please try again.';
/** requirements §core-8: text of a failed registration. */
export const REGISTRATION_FAILED_MESSAGE = 'Please check your information and try again';

/**
 * The server's `message` from an HttpError whose text is the JSON error body
 * (`{statusCode, error, message}`) or plain text; null for other errors or an empty message.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  // HttpError messages are `${status}: ${answer text}` (requirements §core-8).
  const prefix = `${error.status}: `;
  const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : '';
  if (text.trim() === '') return null;
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const message = (body as Record<string, unknown>).message;
      return typeof message === 'string' && message.trim() !== '' ? message : null;
    }
  } catch (_error) {
    // Not JSON: a short plain-text answer is still the server's own words.
  }
  return text.length <= 200 && !text.trimStart().startsWith('<') ? text : null;
}

/**
 * True when `error` is the server's 410 `account-deleted` answer: the rider deleted the account
 * (on another device, or on this one while a request was on its way).
 */
export function isAccountDeletedError(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 410) return false;
  // HttpError's message is "410: <answer text>".
  const text = error.message.slice(error.message.indexOf(':') + 1).trim();
  try {
    return isAccountDeletedBody(JSON.parse(text));
  } catch {
    return false;
  }
}

/** True when the server refused the credentials or session (HTTP 401 or 403). */
export function isAuthRejection(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}

/**
 * True when the server could not be reached: fetch's TypeError (offline, DNS, refused) or any
 * non-HTTP failure. Aborts are not network failures.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof HttpError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return true;
}

/**
 * The description of a failed sign-in (requirements §core-8): 'Unable to connect to server. Please
 * try again.' when the server was unreachable, else the server's message or 'Invalid username
 * or password'.
 */
export function loginFailureMessage(error: unknown): string {
  if (isNetworkFailure(error)) return UNABLE_TO_CONNECT_MESSAGE;
  return serverMessageOf(error) ?? INVALID_CREDENTIALS_MESSAGE;
}

/**
 * The detail of a failed registration shown beside the form: the server's message (e.g.
 * 'Username already taken'), the connection text when unreachable, else the catalogue text.
 */
export function registrationFailureDetail(error: unknown): string {
  if (isNetworkFailure(error)) return UNABLE_TO_CONNECT_MESSAGE;
  return serverMessageOf(error) ?? REGISTRATION_FAILED_MESSAGE;
}
