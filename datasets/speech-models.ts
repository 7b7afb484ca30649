/**
 * Offline speech models on the server (requirements §voice-7.1): the folders under
 * MODELS_DIR that hold an English Whisper model in transformers.js's layout, which files of each
 * the browser fetches, and how many bytes that is. Used by GET /api/models, GET /models/… and
 * `npm run models`.
 *
 * transformers.js layout (one folder per model): config.json, generation_config.json,
 * preprocessor_config.json, tokenizer.json, tokenizer_config.json and
 * onnx/encoder_model<suffix>.onnx + onnx/decoder_model_merged<suffix>.onnx, where the suffix
 * names the weights' precision ("" fp32, "_quantized" q8, "_fp16", …).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { WhisperDtype } from '../workers/speech-protocol.ts';

/** The JSON files every transformers.js Whisper model needs. */
export const requiredModelFiles = [
  'config.json',
  'generation_config.json',
  'preprocessor_config.json',
  'tokenizer.json',
  'tokenizer_config.json',
] as const;

/** Small optional files transformers.js reads when present. */
const optionalModelFiles = ['special_tokens_map.json', 'added_tokens.json', 'normalizer.json'];

/**
 * Weight precisions in order of preference for phones: 8-bit weights are a quarter of fp32's
 * size and run well on the wasm backend.
 */
const dtypeSuffixes: ReadonlyArray<readonly [WhisperDtype, string]> = [
  ['q8', '_quantized'],
  ['fp32', ''],
  ['fp16', '_fp16'],
  ['int8', '_int8'],
  ['uint8', '_uint8'],
  ['q4', '_q4'],
  ['q4f16', '_q4f16'],
];

/**
 * English-only Whisper checkpoints (tiny.en, base.en, …) have this vocabulary size; the
 * multilingual ones have 51865 (openai/whisper config.json files).
 */
export const englishWhisperVocabularySize = 51864;

/** A model folder name: what may appear in a URL path segment. */
export const modelIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** One served file: path relative to the model folder, size in bytes. */
export interface ModelFile {
  path: string;
  bytes: number;
}

/** A usable speech model under MODELS_DIR. */
export interface SpeechModel {
  /** Folder name under MODELS_DIR (also the URL segment under /models/). */
  id: string;
  dtype: WhisperDtype;
  /** Every file the browser may fetch; nothing else in the folder is served. */
  files: ModelFile[];
  /** Sum of `files`' sizes: what a first download costs. */
  bytes: number;
}

/** Thrown by `inspectSpeechModel` with the reason a folder is not a usable model. */
export class InvalidSpeechModelError extends Error {}

function readJson(path: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error();
    return value as Record<string, unknown>;
  } catch {
    throw new InvalidSpeechModelError(`${path} is not a JSON object.`);
  }
}

/**
 * Checks the folder `dir` (named `id`) and describes what to serve from it. Throws
 * InvalidSpeechModelError naming the first problem found.
 */
export function inspectSpeechModel(dir: string, id: string): SpeechModel {
  if (!modelIdPattern.test(id)) {
    throw new InvalidSpeechModelError(
      `"${id}" is not a usable model name (letters, digits, ".", "_" and "-").`,
    );
  }
  for (const file of requiredModelFiles) {
    if (!existsSync(join(dir, file))) {
      throw new InvalidSpeechModelError(`${file} is missing in ${dir}.`);
    }
  }
  const config = readJson(join(dir, 'config.json'));
  if (config.model_type !== 'whisper') {
    throw new InvalidSpeechModelError(
      `config.json names model_type "${String(config.model_type)}", not "whisper".`,
    );
  }
  if (config.vocab_size !== englishWhisperVocabularySize) {
    throw new InvalidSpeechModelError(
      `This Whisper model is multilingual (vocab_size ${String(config.vocab_size)}); install an English-only one such as whisper-tiny.en or whisper-base.en.`,
    );
  }
  for (const file of requiredModelFiles.slice(1)) readJson(join(dir, file));

  const found = dtypeSuffixes.find(
    ([, suffix]) =>
      existsSync(join(dir, 'onnx', `encoder_model${suffix}.onnx`)) &&
      existsSync(join(dir, 'onnx', `decoder_model_merged${suffix}.onnx`)),
  );
  if (!found) {
    throw new InvalidSpeechModelError(
      `${dir}/onnx has no matching encoder_model*.onnx and decoder_model_merged*.onnx pair.`,
    );
  }
  const [dtype, suffix] = found;
  const paths = [
    ...requiredModelFiles,
    ...optionalModelFiles.filter((file) => existsSync(join(dir, file))),
    `onnx/encoder_model${suffix}.onnx`,
    `onnx/decoder_model_merged${suffix}.onnx`,
  ];
  const files = paths.map((path) => ({ path, bytes: statSync(join(dir, path)).size }));
  return { id, dtype, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}

/**
 * The speech model MODELS_DIR offers: the first valid folder in name order, or null when the
 * folder is missing or holds none.
 */
export function findSpeechModel(modelsDir: string): SpeechModel | null {
  if (!existsSync(modelsDir)) return null;
  const folders = readdirSync(modelsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && modelIdPattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  for (const id of folders) {
    try {
      return inspectSpeechModel(join(modelsDir, id), id);
    } catch (error) {
      if (!(error instanceof InvalidSpeechModelError)) throw error;
    }
  }
  return null;
}

/**
 * `findSpeechModel` for one folder, re-inspected only when MODELS_DIR or one of its model
 * folders changed (their modification times): the checks parse tokenizer.json, megabytes of
 * JSON, which would otherwise happen on every model file request.
 */
export function createSpeechModelFinder(modelsDir: string): () => SpeechModel | null {
  let cached: { signature: string; model: SpeechModel | null } | null = null;
  return () => {
    let signature = 'missing';
    if (existsSync(modelsDir)) {
      const folders = readdirSync(modelsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${entry.name}:${statSync(join(modelsDir, entry.name)).mtimeMs}`);
      signature = `${statSync(modelsDir).mtimeMs}|${folders.sort().join('|')}`;
    }
    if (cached?.signature !== signature) {
      cached = { signature, model: findSpeechModel(modelsDir) };
    }
    return cached.model;
  };
}
