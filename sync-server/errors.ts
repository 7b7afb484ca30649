/**
 * One JSON error shape for every rejected request (docs/architecture.md#sync-server):
 * `{ statusCode, error, message }`, where `error` is the HTTP reason phrase. Clients turn it
 * into "status: text" (requirements §core-8); no stack trace or internal detail ever leaves.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isDatabaseUnavailableError } from './storage/postgres.ts';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** The JSON error body for a status code (HTTP reason phrase as `error`). */
export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** Sends the JSON error body with that status. */
export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message));
}

/** A byte count in words: `8 MiB`, `512 KiB`, or `1000 bytes`. */
function byteSize(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Seconds a client is asked to wait (Retry-After) when the database or the server is away. */
export const retryAfterSeconds = 5;

/**
 * Sends 503 with Retry-After: the request may be repeated as it was once the database answers
 * again or another instance takes it (a push's transaction is all or nothing, and a repeated
 * push stores each document once).
 */
export function sendUnavailable(reply: FastifyReply, message: string): FastifyReply {
  return sendError(reply.header('retry-after', String(retryAfterSeconds)), 503, message);
}

/**
 * Installs the error handler: client errors (4xx, e.g. malformed JSON 400, body over the limit
 * 413 naming the route's own limit, validation 400) keep their status and message; a database
 * that is restarting or unreachable (a refused connection, a connection that died during the
 * request) answers 503 with Retry-After, since the request can be retried as it was; anything
 * else is logged and answered as a bare 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailableError(error)) {
      request.log.warn({ err: error }, 'the database did not answer; answered 503');
      return sendUnavailable(
        reply,
        'The database is not answering right now. Try again in a few seconds.',
      );
    }
    const statusCode =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, statusCode, 'The server could not complete the request.');
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'The request body is not valid JSON.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `The request body is larger than the ${byteSize(request.routeOptions.bodyLimit)} limit.`
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request body as JSON (Content-Type: application/json).'
            : error.message;
    return sendError(reply, statusCode, message);
  });
}
