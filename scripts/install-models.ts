/**
 * `npm run models -- <folder or archive> [--name <name>]`: checks an English Whisper model in
 * transformers.js's layout (datasets/speech-models.ts says what that is) and copies the
 * files the app serves into MODELS_DIR/<name> (default `./data/local/models`; name default the
 * source folder's). Archives (.tar, .tar.gz, .tgz, .zip) are unpacked with the system's `tar`
 * (bsdtar or GNU tar; .zip needs bsdtar or `unzip`) into a temporary folder first. Exit code 1
 * with the reason when the model is not usable; nothing is installed then.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import {
  inspectSpeechModel,
  InvalidSpeechModelError,
  type SpeechModel,
} from '../datasets/speech-models.ts';

/** Options of `installSpeechModel`. */
export interface InstallOptions {
  /** A model folder, or an archive holding one (at its top or one folder down). */
  source: string;
  modelsDir: string;
  /** Folder name under `modelsDir`; default the model folder's own name. */
  name?: string;
}

const archivePattern = /\.(tar|tar\.gz|tgz|zip)$/i;

function unpack(archive: string, into: string): void {
  const zip = archive.toLowerCase().endsWith('.zip');
  const result = zip
    ? spawnSync('unzip', ['-q', archive, '-d', into], { stdio: 'inherit' })
    : spawnSync('tar', ['-xf', archive, '-C', into], { stdio: 'inherit' });
  if (result.status !== 0) {
    throw new InvalidSpeechModelError(`Could not unpack ${archive}.`);
  }
}

/** The model folder inside an unpacked archive: the folder itself or its only subfolder. */
function modelFolderIn(dir: string): string {
  if (existsSync(join(dir, 'config.json'))) return dir;
  const folders = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const only = folders.length === 1 ? folders[0] : undefined;
  if (only && existsSync(join(dir, only.name, 'config.json'))) return join(dir, only.name);
  throw new InvalidSpeechModelError(`No model folder (with config.json) in the archive.`);
}

/**
 * Checks and installs a model; returns what the server will list. Throws
 * InvalidSpeechModelError when the source is not a usable English Whisper model.
 */
export function installSpeechModel({ source, modelsDir, name }: InstallOptions): SpeechModel {
  const sourcePath = resolve(source);
  if (!existsSync(sourcePath)) throw new InvalidSpeechModelError(`${source} does not exist.`);
  let scratch: string | null = null;
  try {
    let folder = sourcePath;
    if (statSync(sourcePath).isFile()) {
      if (!archivePattern.test(sourcePath)) {
        throw new InvalidSpeechModelError(`${source} is neither a folder nor a .tar/.tgz/.zip.`);
      }
      scratch = mkdtempSync(join(tmpdir(), 'nst-model-'));
      unpack(sourcePath, scratch);
      folder = modelFolderIn(scratch);
    }
    const id =
      name ??
      (folder === scratch ? basename(sourcePath).replace(archivePattern, '') : basename(folder));
    const model = inspectSpeechModel(folder, id);
    const target = join(modelsDir, id);
    const staging = join(modelsDir, `.${id}.installing`);
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(join(staging, 'onnx'), { recursive: true });
    for (const file of model.files) cpSync(join(folder, file.path), join(staging, file.path));
    // Swap in whole, so the server never lists a half-copied model.
    rmSync(target, { recursive: true, force: true });
    cpSync(staging, target, { recursive: true });
    rmSync(staging, { recursive: true, force: true });
    return inspectSpeechModel(target, id);
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

function parseArguments(argv: string[]): { source: string; name?: string } {
  const positional: string[] = [];
  let name: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    if (argument === '--name') name = argv[++index];
    else positional.push(argument);
  }
  if (positional.length !== 1) {
    throw new InvalidSpeechModelError(
      'Usage: npm run models -- <model folder or .tar/.tgz/.zip archive> [--name <folder name>]',
    );
  }
  return { source: positional[0]!, ...(name ? { name } : {}) };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const modelsDir = resolve(
    process.env.MODELS_DIR ?? join(process.env.DATA_DIR ?? './data/local', 'models'),
  );
  try {
    const model = installSpeechModel({ ...parseArguments(process.argv.slice(2)), modelsDir });
    const megabytes = (model.bytes / 1_000_000).toFixed(1);
    console.log(
      `Installed ${model.id} (${model.dtype}, ${megabytes} MB in ${model.files.length} files) into ${modelsDir}. The server offers it at once under /models/${model.id}/.`,
    );
  } catch (error) {
    if (!(error instanceof InvalidSpeechModelError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
