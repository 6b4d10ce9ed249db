/**
 * Saves and loads TensorFlow.js layers models in a directory, in exactly the layout
 * of tfjs-node's `file://` handler: `model.json` (topology, `weightsManifest` naming
 * `weights.bin`, format, generatedBy, convertedBy, trainingConfig, signature,
 * userDefinedMetadata) and `weights.bin`. So a model saved here loads with
 * `tf.loadLayersModel('file://…/model.json')` under tfjs-node, with
 * `tf.loadLayersModel(url)` in a browser, and with `fileIO(dir)` everywhere.
 * Every file is written atomically (a temporary file, then a rename). Node-only, as
 * everything in this folder.
 */
import { constants, existsSync, rmSync, type Stats } from 'node:fs';
import { mkdir, open, realpath, rename, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { join, sep } from 'node:path';
import * as tf from '../agents/learned/tf.js';
import { TengymError } from '../env/errors.js';
import {
  MAX_MODEL_JSON_BYTES,
  checkModelJson,
  checkWeightSizes,
  checkWeightsFinite,
  modelArtifacts,
  type CheckedModelJson,
} from '../agents/learned/model-check.js';
import { parseMetadata, type ModelMetadata } from '../agents/learned/metadata.js';

export const MODEL_JSON = 'model.json';
export const WEIGHTS_BIN = 'weights.bin';

/** The temporary files of the writes under way. */
const unfinished = new Set<string>();
/** The exit code to leave with once the writes under way are done (Ctrl-C), or null. */
let exitWhenWritten: number | null = null;

/** Writes `data` to `path` so that a reader sees the old file or the new one, never half. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  unfinished.add(tmp);
  try {
    await writeFile(tmp, data);
    await rename(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  } finally {
    unfinished.delete(tmp);
    if (exitWhenWritten !== null && unfinished.size === 0) process.exit(exitWhenWritten);
  }
}

/**
 * Exits with `code` now, or, while a file is being written, as soon as that write is done, so
 * that a process stopped mid-write (Ctrl-C) leaves the file whole and no temporary file beside it.
 */
export function exitAfterWrites(code: number): void {
  exitWhenWritten = code;
  if (unfinished.size === 0) process.exit(code);
}

function joinWeights(data: tf.io.WeightData | undefined): Uint8Array {
  if (data === undefined) return new Uint8Array(0);
  const buffers = Array.isArray(data) ? data : [data];
  return new Uint8Array(tf.io.concatenateArrayBuffers(buffers));
}

/**
 * Opens `name` inside `dir` (its real path, links followed, must stay inside the folder's) and
 * reads it whole, refusing more than `bound` bytes (the size the manifest gave it).
 */
async function readInside(dir: string, realDir: string, name: string, where: string, bound: number): Promise<Buffer> {
  const real = await realPathInside(dir, realDir, name, where);
  let handle: FileHandle;
  try {
    // Not blocking: a named pipe in a model's place would wait for a writer for ever; refused below.
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw fileError(e, name, where);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new TengymError('bad-argument', `${where}: ${name} is not a file`);
    if (info.size > bound)
      throw new TengymError(
        'bad-argument',
        `${where}: ${name} holds ${info.size} bytes, more than the ${bound} it may`,
      );
    const buf = Buffer.alloc(info.size);
    const { bytesRead } = await handle.read(buf, 0, info.size, 0);
    if (bytesRead !== info.size) throw new TengymError('bad-argument', `${where}: ${name} changed while it was read`);
    return buf;
  } finally {
    await handle.close();
  }
}

/**
 * The real path of `name` in `dir`, links followed; a link that leads outside the folder is refused (without naming
 * what it leads to).
 */
async function realPathInside(dir: string, realDir: string, name: string, where: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(join(dir, name));
  } catch (e) {
    throw fileError(e, name, where);
  }
  if (!real.startsWith(realDir + sep))
    throw new TengymError('bad-argument', `${where}: ${name} is a link to a file outside its folder`);
  return real;
}

function fileError(e: unknown, name: string, where: string): TengymError {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new TengymError('bad-argument', `${where}: ${name} is missing`);
  return new TengymError('bad-argument', `${where}: cannot read ${name} (${code ?? (e as Error).message})`);
}

/**
 * A model folder's model.json, read as untrusted input and checked (model-check.ts), with the folder's real path and
 * the file's bytes.
 */
async function readModelJson(
  dir: string,
  where: string,
): Promise<{ checked: CheckedModelJson; realDir: string; bytes: Buffer }> {
  let realDir: string;
  try {
    realDir = await realpath(dir);
  } catch {
    throw new TengymError('bad-argument', `no model at ${dir}: ${MODEL_JSON} is missing`);
  }
  if (!existsSync(join(dir, MODEL_JSON)))
    throw new TengymError('bad-argument', `no model at ${dir}: ${MODEL_JSON} is missing`);
  const bytes = await readInside(dir, realDir, MODEL_JSON, where, MAX_MODEL_JSON_BYTES);
  const checked = checkModelJson(bytes.toString('utf8'), where);
  return { checked, realDir, bytes };
}

/**
 * A model folder's tengym metadata (the env it was trained for, its sizes, how it was trained),
 * checked as loading the model checks it, without reading its weights.
 */
export async function readModelMetadata(dir: string): Promise<ModelMetadata> {
  const where = `model ${dir}`;
  const { checked } = await readModelJson(dir, where);
  return parseMetadata(checked.modelJSON.userDefinedMetadata, where);
}

/**
 * A model folder's artifacts, read as untrusted input (model-check.ts): model.json first, then,
 * once its manifest is known to list plain files inside the folder, each once, whose sizes add
 * up to what it describes, each weight file once.
 */
async function loadArtifacts(
  dir: string,
  onFile?: FileRead,
  onModelJson?: ModelJsonRead,
): Promise<tf.io.ModelArtifacts> {
  const where = `model ${dir}`;
  const { checked, realDir, bytes } = await readModelJson(dir, where);
  onModelJson?.(checked, where);
  onFile?.(MODEL_JSON, bytes);
  // Every size is known before any weight file is opened: a manifest that disagrees opens none.
  const sizes: number[] = [];
  for (const name of checked.paths) {
    let info: Stats;
    try {
      info = await stat(await realPathInside(dir, realDir, name, where));
    } catch (e) {
      if (e instanceof TengymError) throw e;
      throw fileError(e, name, where);
    }
    if (!info.isFile()) throw new TengymError('bad-argument', `${where}: ${name} is not a file`);
    sizes.push(info.size);
  }
  checkWeightSizes(checked, sizes, where);
  const data = new Uint8Array(checked.bytes);
  let at = 0;
  for (let i = 0; i < checked.paths.length; i++) {
    const buf = await readInside(dir, realDir, checked.paths[i], where, sizes[i]);
    onFile?.(checked.paths[i], buf);
    data.set(buf, at);
    at += buf.byteLength;
  }
  if (at !== checked.bytes) checkWeightSizes(checked, [at], where);
  checkWeightsFinite(checked, data.buffer, where);
  return modelArtifacts(checked, data.buffer);
}

/**
 * Told each file a load reads, in order (model.json, then the weight files in its manifest's order), with the bytes
 * read: what a model's provenance hashes.
 */
export type FileRead = (name: string, bytes: Uint8Array) => void;

/** Told model.json once it is checked, before any weight file is opened: it may refuse the model by throwing. */
export type ModelJsonRead = (checked: CheckedModelJson, where: string) => void;

export function fileIO(dir: string, onFile?: FileRead, onModelJson?: ModelJsonRead): tf.io.IOHandler {
  return {
    async save(artifacts: tf.io.ModelArtifacts): Promise<tf.io.SaveResult> {
      if (artifacts.modelTopology == null || artifacts.modelTopology instanceof ArrayBuffer)
        throw new Error('fileIO saves layers models (JSON topology) only');
      await mkdir(dir, { recursive: true });
      const modelJSON: tf.io.ModelJSON = {
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: [WEIGHTS_BIN], weights: artifacts.weightSpecs ?? [] }],
        format: artifacts.format,
        generatedBy: artifacts.generatedBy,
        convertedBy: artifacts.convertedBy,
      };
      if (artifacts.trainingConfig != null) modelJSON.trainingConfig = artifacts.trainingConfig;
      if (artifacts.signature != null) modelJSON.signature = artifacts.signature;
      if (artifacts.userDefinedMetadata != null) modelJSON.userDefinedMetadata = artifacts.userDefinedMetadata;
      // Weights first: a model.json never names weights that are not there yet.
      await writeFileAtomic(join(dir, WEIGHTS_BIN), joinWeights(artifacts.weightData));
      await writeFileAtomic(join(dir, MODEL_JSON), JSON.stringify(modelJSON));
      return { modelArtifactsInfo: tf.io.getModelArtifactsInfoForJSON(artifacts) };
    },

    async load(): Promise<tf.io.ModelArtifacts> {
      return loadArtifacts(dir, onFile, onModelJson);
    },
  };
}
