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
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { TengymError } from '../env/errors.js';

export const MODEL_JSON = 'model.json';
export const WEIGHTS_BIN = 'weights.bin';

/** Writes `data` to `path` so that a reader sees the old file or the new one, never half. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

function joinWeights(data: tf.io.WeightData | undefined): Uint8Array {
  if (data === undefined) return new Uint8Array(0);
  const buffers = Array.isArray(data) ? data : [data];
  return new Uint8Array(tf.io.concatenateArrayBuffers(buffers));
}

const DTYPE_BYTES: Record<string, number> = { float32: 4, int32: 4, bool: 1, complex64: 8, uint8: 1, uint16: 2, float16: 2 };

/** The bytes the weight specs describe, or null when they cannot say (string weights). */
function weightBytes(specs: tf.io.WeightsManifestEntry[]): number | null {
  let total = 0;
  for (const w of specs) {
    const dtype = w.quantization?.dtype ?? w.dtype;
    const bytes = DTYPE_BYTES[dtype];
    if (bytes === undefined) return null;
    total += w.shape.reduce((a, b) => a * b, 1) * bytes;
  }
  return total;
}

export function fileIO(dir: string): tf.io.IOHandler {
  return {
    async save(artifacts: tf.io.ModelArtifacts): Promise<tf.io.SaveResult> {
      if (artifacts.modelTopology == null || artifacts.modelTopology instanceof ArrayBuffer) throw new Error('fileIO saves layers models (JSON topology) only');
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
      const jsonPath = join(dir, MODEL_JSON);
      let text: string;
      try {
        text = await readFile(jsonPath, 'utf8');
      } catch {
        throw new TengymError('bad-argument', `no model at ${dir}: ${MODEL_JSON} is missing`);
      }
      let modelJSON: tf.io.ModelJSON;
      try {
        modelJSON = JSON.parse(text) as tf.io.ModelJSON;
      } catch (e) {
        throw new TengymError('bad-argument', `${jsonPath} is not valid JSON: ${(e as Error).message}`);
      }
      if (modelJSON.modelTopology == null) throw new TengymError('bad-argument', `${jsonPath} has no modelTopology: not a TensorFlow.js layers model`);
      return tf.io.getModelArtifactsForJSON(modelJSON, async (manifest) => {
        const specs: tf.io.WeightsManifestEntry[] = [];
        const buffers: ArrayBuffer[] = [];
        const files: string[] = [];
        for (const group of manifest) {
          for (const p of group.paths) {
            const file = join(dir, p);
            let buf: Buffer;
            try {
              buf = await readFile(file);
            } catch {
              throw new TengymError('bad-argument', `model ${dir}: weight file ${p} is missing`);
            }
            buffers.push(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
            files.push(p);
          }
          specs.push(...group.weights);
        }
        // tfjs reads the weights it expects and ignores the rest: a cut or padded file would load as garbage.
        const expected = weightBytes(specs);
        const got = buffers.reduce((sum, b) => sum + b.byteLength, 0);
        if (expected !== null && got !== expected) {
          const what = got < expected ? `${expected - got} bytes short: the file is truncated` : `${got - expected} bytes too long: not the weights ${MODEL_JSON} describes`;
          throw new TengymError('bad-argument', `model ${dir}: ${files.join(' + ')} holds ${got} bytes, ${MODEL_JSON} describes ${expected} (${what})`);
        }
        return [specs, tf.io.concatenateArrayBuffers(buffers)];
      });
    },
  };
}
