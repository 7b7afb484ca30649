/**
 * Voice routes (requirements §voice-7.1):
 * - GET /api/models: the offline speech model this server offers and its download size (and
 *   that of the speech runtime the first download also fetches), or `{ speech: null }` when
 *   MODELS_DIR holds none.
 * - GET /models/<model>/<file>: that model's files (only the ones the listing names).
 * - POST /api/realtime/client-secret: for signed-in riders, rate-limited; asks the configured
 *   realtime provider (an OpenAI Realtime API compatible service) for a short-lived client
 *   secret, so the server's API key never reaches a device. Unconfigured: 503.
 */
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuthGuards } from '../auth/request-auth.ts';
import { sendError } from '../errors.ts';
import { createSpeechModelFinder } from '../../datasets/speech-models.ts';

/** Where the realtime provider is and how to call it (REALTIME_* environment). */
export interface RealtimeSettings {
  /** Base URL of the provider's realtime API; `/client_secrets` and `/calls` hang off it. */
  apiUrl: string;
  apiKey: string;
  /** Realtime model name sent with each session. */
  model: string;
}

/** Options of `registerVoiceRoutes`. */
export interface VoiceRouteOptions {
  guards: AuthGuards;
  /** Folder of installed speech models (MODELS_DIR). */
  modelsDir: string;
  /** null when REALTIME_API_URL or REALTIME_API_KEY is unset. */
  realtime: RealtimeSettings | null;
  /** The built app this server hosts (STATIC_DIR), null when it hosts none. */
  staticDir?: string | null;
}

/**
 * Files of the built app that a device downloads with its first speech model: the speech worker
 * (transformers.js) and the ONNX runtime's wasm and loader (vite.config.ts keeps them out of the
 * precache for that reason).
 */
const speechRuntimeFile = /^(speech-worker-[^/]*\.js|ort-wasm[^/]*\.(wasm|mjs))$/;

/**
 * Bytes of the speech runtime in `${staticDir}/assets`, or null when the server hosts no build
 * (or the build has no speech runtime): then only the model's own size is known.
 */
export function speechRuntimeBytes(staticDir: string | null | undefined): number | null {
  if (!staticDir) return null;
  try {
    const folder = join(staticDir, 'assets');
    const bytes = readdirSync(folder)
      .filter((name) => speechRuntimeFile.test(name))
      .reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);
    return bytes > 0 ? bytes : null;
  } catch {
    return null;
  }
}

/** 503 text of an unconfigured server; the client then falls back (§voice-4.1). */
export const realtimeNotConfiguredMessage = 'Realtime voice is not configured on this server';

/** §voice-7.1 failure text, also sent when the provider refuses or cannot be reached. */
export const clientSecretFailedMessage = 'Failed to get client secret';

/** §voice-7.1 default voice. */
export const defaultRealtimeVoice = 'marin';

/** Client-secret requests per minute per address: each one opens a paid provider session. */
export const realtimeRequestsPerMinute = 10;

/** How long to wait for the provider. */
const providerTimeoutMs = 10_000;

interface ClientSecretBody {
  voice?: string;
  instructions?: string;
}

const clientSecretBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    voice: { type: 'string', pattern: '^[a-z0-9_-]{1,40}$' },
    instructions: { type: 'string', maxLength: 8000 },
  },
} as const;

const contentTypes: Record<string, string> = {
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  onnx: 'application/octet-stream',
};

/** Registers the models listing, the model files and the realtime client-secret route. */
export async function registerVoiceRoutes(
  app: FastifyInstance,
  { guards, modelsDir, realtime, staticDir = null }: VoiceRouteOptions,
): Promise<void> {
  const findSpeechModel = createSpeechModelFinder(modelsDir);
  // The build does not change under a running server: measured once, on the first listing.
  let runtimeBytes: number | null | undefined;

  app.get('/api/models', async (_request, reply) => {
    const model = findSpeechModel();
    reply.header('cache-control', 'no-cache');
    return {
      speech: model
        ? {
            id: model.id,
            dtype: model.dtype,
            bytes: model.bytes,
            files: model.files,
            runtimeBytes: (runtimeBytes =
              runtimeBytes === undefined ? speechRuntimeBytes(staticDir) : runtimeBytes),
          }
        : null,
      // Lets the app leave realtime out of §voice-4.1's mode choice on a server without it.
      realtime: { configured: realtime !== null },
    };
  });

  app.get<{ Params: { model: string; '*': string } }>(
    '/models/:model/*',
    async (request, reply) => {
      const model = findSpeechModel();
      const path = request.params['*'];
      // Only files the listing names are served: no path can reach anything else.
      const file =
        model && model.id === request.params.model
          ? model.files.find((entry) => entry.path === path)
          : undefined;
      if (!model || !file) {
        return sendError(reply, 404, `No model file "${request.params.model}/${path}".`);
      }
      const extension = file.path.slice(file.path.lastIndexOf('.') + 1);
      return (
        reply
          .header('content-length', file.bytes)
          // A new model is installed under a new folder name, so a file never changes in place,
          // but a reinstall under the same name must still reach riders: revalidate.
          .header('cache-control', 'no-cache')
          .type(contentTypes[extension] ?? 'application/octet-stream')
          .send(createReadStream(join(modelsDir, model.id, file.path)))
      );
    },
  );

  registerClientSecretRoute(app, guards, realtime);
}

/** Asks the provider for a client secret; rejects when it cannot be reached in time. */
async function requestClientSecret(
  realtime: RealtimeSettings,
  voice: string,
  instructions: string | undefined,
): Promise<Response> {
  return fetch(`${realtime.apiUrl}/client_secrets`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${realtime.apiKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      session: {
        type: 'realtime',
        model: realtime.model,
        ...(instructions ? { instructions } : {}),
        audio: {
          input: { transcription: { model: 'whisper-1' } },
          output: { voice },
        },
      },
    }),
    signal: AbortSignal.timeout(providerTimeoutMs),
  });
}

/**
 * POST /api/realtime/client-secret (requirements §voice-7.1): a short-lived secret from the
 * realtime provider for a signed-in rider; 503 when not configured, 502 when the provider fails.
 */
function registerClientSecretRoute(
  app: FastifyInstance,
  guards: VoiceRouteOptions['guards'],
  realtime: RealtimeSettings | null,
): void {
  app.post<{ Body: ClientSecretBody | undefined }>(
    '/api/realtime/client-secret',
    {
      schema: { body: clientSecretBodySchema },
      config: { rateLimit: { max: realtimeRequestsPerMinute, timeWindow: 60_000 } },
      preHandler: guards.signedIn,
    },
    async (request, reply) => {
      if (!realtime) return sendError(reply, 503, realtimeNotConfiguredMessage);
      let response: Response;
      try {
        response = await requestClientSecret(
          realtime,
          request.body?.voice ?? defaultRealtimeVoice,
          request.body?.instructions,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'realtime provider unreachable');
        return sendError(reply, 502, clientSecretFailedMessage);
      }
      const payload = (await response.json().catch(() => null)) as {
        value?: unknown;
        expires_at?: unknown;
      } | null;
      if (!response.ok || typeof payload?.value !== 'string') {
        request.log.warn(`realtime provider answered ${response.status}`);
        return sendError(reply, 502, clientSecretFailedMessage);
      }
      return {
        clientSecret: payload.value,
        expiresAt: typeof payload.expires_at === 'number' ? payload.expires_at : null,
        callsUrl: `${realtime.apiUrl}/calls`,
      };
    },
  );
}

/**
 * Realtime settings from the environment: REALTIME_API_URL and REALTIME_API_KEY (both, or the
 * feature is off), REALTIME_MODEL (default "gpt-realtime"). Throws when the URL is not http(s).
 */
export function realtimeSettingsFromEnvironment(env: NodeJS.ProcessEnv): RealtimeSettings | null {
  const apiUrl = env.REALTIME_API_URL?.trim();
  const apiKey = env.REALTIME_API_KEY?.trim();
  if (!apiUrl || !apiKey) return null;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`REALTIME_API_URL must be an http(s) URL, not "${apiUrl}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`REALTIME_API_URL must be an http(s) URL, not "${apiUrl}".`);
  }
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    apiKey,
    model: env.REALTIME_MODEL?.trim() || 'gpt-realtime',
  };
}
