/**
 * The sync server's voice routes (voice-navigation-campgrounds §7.1) and `npm run models`:
 * the models listing with its download size, serving only the listed model files, the installer's
 * checks, and POST /api/realtime/client-secret (sign-in, validation, 503 when unconfigured,
 * forwarding to the provider with the server's key, provider failures, rate limit, CSP).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSpeechModel } from '../../../scripts/install-models.ts';
import { InvalidSpeechModelError } from '../../../datasets/speech-models.ts';
import {
  providerApiKey,
  startFakeRealtimeProvider,
  type FakeRealtimeProvider,
} from '../../fixtures/fake-realtime-provider.ts';
import { writeTestSpeechModel } from '../../fixtures/speech-model.ts';
import {
  buildAuthTestApp,
  login,
  postJson,
  registerUser,
  type AuthTestApp,
} from '../auth/auth-test-server.ts';

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'nst-voice-routes-'));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('offline speech models', () => {
  let withModel: AuthTestApp;
  let withoutModel: AuthTestApp;

  beforeAll(async () => {
    const modelsDir = join(scratch, 'models');
    writeTestSpeechModel(join(modelsDir, 'whisper-tiny.en'), { onnxBytes: 10_000 });
    // A broken folder sorts first and is skipped.
    writeTestSpeechModel(join(modelsDir, 'a-broken'), { omit: 'tokenizer.json' });
    // The built app it hosts: the speech runtime the first download also fetches, and a
    // page chunk that is not part of it.
    const staticDir = join(scratch, 'dist');
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'assets', 'speech-worker-abc123.js'), 'x'.repeat(1_000));
    writeFileSync(join(staticDir, 'assets', 'ort-wasm-simd-threaded-abc.wasm'), 'x'.repeat(5_000));
    writeFileSync(join(staticDir, 'assets', 'ort-wasm-simd-threaded-abc.mjs'), 'x'.repeat(500));
    writeFileSync(join(staticDir, 'assets', 'index-abc.js'), 'x'.repeat(9_999));
    withModel = await buildAuthTestApp({}, { modelsDir, staticDir });
    withoutModel = await buildAuthTestApp({}, { modelsDir: join(scratch, 'no-models') });
  });

  afterAll(async () => {
    await withModel?.close();
    await withoutModel?.close();
  });

  it('lists the model with its precision, files and download size', async () => {
    const response = await withModel.app.inject('/api/models');

    expect(response.statusCode).toBe(200);
    const { speech } = response.json<{
      speech: { id: string; dtype: string; bytes: number; files: { path: string }[] };
    }>();
    expect(speech).toMatchObject({ id: 'whisper-tiny.en', dtype: 'q8' });
    expect(speech.files.map((file) => file.path)).toEqual([
      'config.json',
      'generation_config.json',
      'preprocessor_config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'onnx/encoder_model_quantized.onnx',
      'onnx/decoder_model_merged_quantized.onnx',
    ]);
    expect(speech.bytes).toBeGreaterThan(20_000);
    expect(speech.bytes).toBeLessThan(21_000);
    // What the rider is told a first download costs includes the speech runtime.
    expect(response.json().speech.runtimeBytes).toBe(6_500);
  });

  it('lists no model when MODELS_DIR holds none', async () => {
    const response = await withoutModel.app.inject('/api/models');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ speech: null, realtime: { configured: false } });
  });

  it('serves the listed files under /models/', async () => {
    const config = await withModel.app.inject('/models/whisper-tiny.en/config.json');
    const encoder = await withModel.app.inject(
      '/models/whisper-tiny.en/onnx/encoder_model_quantized.onnx',
    );

    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toContain('application/json');
    expect(config.json()).toMatchObject({ model_type: 'whisper' });
    expect(encoder.statusCode).toBe(200);
    expect(encoder.rawPayload.length).toBe(10_000);
    expect(encoder.headers['content-length']).toBe('10000');
  });

  it('serves nothing else: other files, other folders, path tricks', async () => {
    for (const url of [
      '/models/whisper-tiny.en/README.md',
      '/models/a-broken/config.json',
      '/models/whisper-tiny.en/../a-broken/config.json',
      '/models/whisper-tiny.en/onnx/encoder_model.onnx',
    ]) {
      const response = await withModel.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
    // Encoded dots are resolved by the router before any route sees them: never a file here.
    const escaped = await withModel.app.inject(
      '/models/whisper-tiny.en/%2e%2e/%2e%2e/package.json',
    );
    expect(escaped.statusCode).not.toBe(200);
    expect(escaped.body).not.toContain('natural-state-trails');
    expect((await withoutModel.app.inject('/models/whisper-tiny.en/config.json')).statusCode).toBe(
      404,
    );
  });
});

describe('npm run models', () => {
  it('installs a model folder, copying only the files the app serves', () => {
    const source = writeTestSpeechModel(join(scratch, 'source', 'whisper-base.en'), {
      onnxSuffix: '',
    });
    const modelsDir = join(scratch, 'installed-folder');

    const model = installSpeechModel({ source, modelsDir });

    expect(model).toMatchObject({ id: 'whisper-base.en', dtype: 'fp32' });
    expect(readdirSync(join(modelsDir, 'whisper-base.en')).sort()).toEqual([
      'config.json',
      'generation_config.json',
      'onnx',
      'preprocessor_config.json',
      'tokenizer.json',
      'tokenizer_config.json',
    ]);
  });

  it('installs from a .tar.gz archive under the given name', () => {
    const folder = writeTestSpeechModel(join(scratch, 'archive-src', 'whisper-tiny.en'));
    const archive = join(scratch, 'whisper-tiny.en.tar.gz');
    spawnSync('tar', ['-czf', archive, '-C', join(folder, '..'), 'whisper-tiny.en']);
    const modelsDir = join(scratch, 'installed-archive');

    const model = installSpeechModel({ source: archive, modelsDir, name: 'tiny-en' });

    expect(model.id).toBe('tiny-en');
    expect(existsSync(join(modelsDir, 'tiny-en', 'onnx', 'encoder_model_quantized.onnx'))).toBe(
      true,
    );
  });

  it('refuses a multilingual model, a missing file or a non-Whisper model and installs nothing', () => {
    const modelsDir = join(scratch, 'installed-refused');
    mkdirSync(modelsDir, { recursive: true });
    const multilingual = writeTestSpeechModel(join(scratch, 'bad', 'whisper-tiny'), {
      vocabSize: 51865,
    });
    const missing = writeTestSpeechModel(join(scratch, 'bad', 'no-decoder'), {
      omit: 'onnx/decoder_model_merged_quantized.onnx',
    });

    expect(() => installSpeechModel({ source: multilingual, modelsDir })).toThrow(
      /multilingual.*whisper-tiny\.en or whisper-base\.en/,
    );
    expect(() => installSpeechModel({ source: missing, modelsDir })).toThrow(
      InvalidSpeechModelError,
    );
    expect(() => installSpeechModel({ source: join(scratch, 'nowhere'), modelsDir })).toThrow(
      'does not exist',
    );
    expect(readdirSync(modelsDir)).toEqual([]);
  });

  it('is offered by a running server at once, and a reinstall replaces it', async () => {
    const modelsDir = join(scratch, 'installed-live');
    const server = await buildAuthTestApp({}, { modelsDir });
    try {
      expect((await server.app.inject('/api/models')).json()).toEqual({
        speech: null,
        realtime: { configured: false },
      });

      installSpeechModel({
        source: writeTestSpeechModel(join(scratch, 'live', 'whisper-tiny.en')),
        modelsDir,
      });
      const first = (await server.app.inject('/api/models')).json<{ speech: { bytes: number } }>();
      installSpeechModel({
        source: writeTestSpeechModel(join(scratch, 'live2', 'whisper-tiny.en'), {
          onnxBytes: 8192,
        }),
        modelsDir,
      });
      const second = (await server.app.inject('/api/models')).json<{ speech: { bytes: number } }>();
      const encoder = await server.app.inject(
        '/models/whisper-tiny.en/onnx/encoder_model_quantized.onnx',
      );

      expect(first.speech).toMatchObject({ id: 'whisper-tiny.en' });
      expect(second.speech.bytes - first.speech.bytes).toBe(2 * (8192 - 4096));
      expect(encoder.rawPayload.length).toBe(8192);
    } finally {
      await server.close();
    }
  });

  it('runs as npm run models and says what it installed', () => {
    const source = writeTestSpeechModel(join(scratch, 'cli', 'whisper-tiny.en'));
    const modelsDir = join(scratch, 'installed-cli');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/install-models.ts', source],
      { env: { ...process.env, MODELS_DIR: modelsDir }, encoding: 'utf8' },
    );

    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Installed whisper-tiny\.en \(q8, .* MB in 7 files\)/);
    const refused = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/install-models.ts', join(scratch, 'nowhere')],
      { env: { ...process.env, MODELS_DIR: modelsDir }, encoding: 'utf8' },
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('does not exist');
  });
});

describe('POST /api/realtime/client-secret', () => {
  let provider: FakeRealtimeProvider;
  let configured: AuthTestApp;
  let unconfigured: AuthTestApp;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    provider = await startFakeRealtimeProvider();
    configured = await buildAuthTestApp(
      {},
      { realtime: { apiUrl: provider.apiUrl, apiKey: providerApiKey, model: 'gpt-realtime' } },
    );
    unconfigured = await buildAuthTestApp();
    await registerUser(configured.app, 'rider');
    token = (await login(configured.app, 'rider')).accessToken;
    await registerUser(unconfigured.app, 'rider');
    otherToken = (await login(unconfigured.app, 'rider')).accessToken;
  });

  afterAll(async () => {
    await configured?.close();
    await unconfigured?.close();
    await provider?.stop();
  });

  it('tells the app in the listing whether realtime voice is configured', async () => {
    expect((await configured.app.inject('/api/models')).json().realtime).toEqual({
      configured: true,
    });
    expect((await unconfigured.app.inject('/api/models')).json().realtime).toEqual({
      configured: false,
    });
  });

  it('needs a signed-in rider', async () => {
    const before = provider.record.clientSecretRequests.length;

    const response = await postJson(configured.app, '/api/realtime/client-secret', {});

    expect(response.statusCode).toBe(401);
    expect(provider.record.clientSecretRequests).toHaveLength(before);
  });

  it('answers 503 with a clear message when no provider is configured', async () => {
    const response = await postJson(
      unconfigured.app,
      '/api/realtime/client-secret',
      {},
      { authorization: `Bearer ${otherToken}` },
    );

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'Realtime voice is not configured on this server',
    });
  });

  it('gets a short-lived secret from the provider with the server key and the default voice', async () => {
    const response = await postJson(
      configured.app,
      '/api/realtime/client-secret',
      { instructions: 'Answer briefly.' },
      { authorization: `Bearer ${token}` },
    );

    expect(response.statusCode).toBe(200);
    const body = response.json<{ clientSecret: string; callsUrl: string; expiresAt: number }>();
    expect(body.clientSecret).toMatch(/^ek_test_/);
    expect(body.callsUrl).toBe(`${provider.apiUrl}/calls`);
    expect(body.expiresAt).toBe(1_900_000_000);
    expect(JSON.stringify(body)).not.toContain(providerApiKey);
    expect(provider.record.clientSecretRequests.at(-1)).toEqual({
      authorization: `Bearer ${providerApiKey}`,
      body: {
        session: {
          type: 'realtime',
          model: 'gpt-realtime',
          instructions: 'Answer briefly.',
          audio: { input: { transcription: { model: 'whisper-1' } }, output: { voice: 'marin' } },
        },
      },
    });
  });

  it('rejects a bad body with 400 and asks the provider nothing', async () => {
    const before = provider.record.clientSecretRequests.length;
    for (const body of [
      { voice: 'Marin; drop' },
      { instructions: 'x'.repeat(8001) },
      { voice: 'marin', extra: true },
      [],
    ]) {
      const response = await postJson(configured.app, '/api/realtime/client-secret', body, {
        authorization: `Bearer ${token}`,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect(provider.record.clientSecretRequests).toHaveLength(before);
  });

  it('says "Failed to get client secret" (502) when the provider refuses the key', async () => {
    const wrongKey = await buildAuthTestApp(
      {},
      { realtime: { apiUrl: provider.apiUrl, apiKey: 'wrong', model: 'gpt-realtime' } },
    );
    try {
      await registerUser(wrongKey.app, 'rider');
      const { accessToken } = await login(wrongKey.app, 'rider');
      const response = await postJson(
        wrongKey.app,
        '/api/realtime/client-secret',
        {},
        { authorization: `Bearer ${accessToken}` },
      );
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ message: 'Failed to get client secret' });
    } finally {
      await wrongKey.close();
    }
  });

  it('lets the app post its SDP offer to the provider (Content-Security-Policy connect-src)', async () => {
    const response = await configured.app.inject('/api/models');
    const csp = response.headers['content-security-policy'] as string;

    expect(csp).toContain(`connect-src 'self' ${new URL(provider.apiUrl).origin}`);
  });

  it('limits each address to 10 requests a minute', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 12; index++) {
      const response = await postJson(
        unconfigured.app,
        '/api/realtime/client-secret',
        {},
        { authorization: `Bearer ${otherToken}` },
      );
      statuses.push(response.statusCode);
    }
    // One request went out earlier in this suite.
    expect(statuses.filter((status) => status === 503)).toHaveLength(9);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });
});
