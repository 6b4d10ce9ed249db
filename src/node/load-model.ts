/**
 * Loading and saving tengym models in a directory (Node-only, as everything in this folder): `model.json` +
 * `weights.bin` in the TensorFlow.js layers layout, with the tengym metadata inside.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import * as tf from '../agents/learned/tf.js';
import { parseMetadata, type ModelMetadata } from '../agents/learned/metadata.js';
import { agentFromModel, checkModelFits, checkModelJsonFits, type TrainedAgent } from '../agents/learned/from-model.js';
import { modelLoadError } from '../agents/learned/model-check.js';
import { initBackend } from './tf-backend.js';
import { fileIO } from './model-files.js';
import { rememberProvenance, trainingOf, type ModelProvenance } from './provenance.js';

export async function saveModel(model: tf.LayersModel, dir: string, metadata: ModelMetadata): Promise<void> {
  model.setUserDefinedMetadata({ tengym: metadata });
  await model.save(fileIO(dir));
}

/**
 * A model folder's model and metadata, with the provenance of the very bytes that were read (not of the files as they
 * may be a moment later).
 */
export async function loadModel(
  dir: string,
): Promise<{ model: tf.LayersModel; metadata: ModelMetadata; provenance: ModelProvenance }> {
  await initBackend();
  let model: tf.LayersModel;
  const hash = createHash('sha256');
  const files: string[] = [];
  try {
    model = await tf.loadLayersModel(
      fileIO(
        dir,
        (name, bytes) => {
          files.push(name);
          hash.update(bytes);
        },
        // The network's widths against what the agent needs, before TensorFlow.js builds anything.
        (checked, where) => void checkModelJsonFits(checked, where),
      ),
    );
  } catch (e) {
    throw modelLoadError(e, `model ${dir}`);
  }
  try {
    const metadata = parseMetadata(model.getUserDefinedMetadata(), `model ${dir}`);
    checkModelFits(model, metadata, `model ${dir}`);
    return {
      model,
      metadata,
      provenance: { path: resolve(dir), sha256: hash.digest('hex'), files, ...trainingOf(metadata) },
    };
  } catch (e) {
    model.dispose();
    throw e;
  }
}

/**
 * The agent of a model folder, remembered with where it was loaded from (`modelProvenanceOf`), which an evaluation's
 * report gives.
 */
export async function loadModelAgent(dir: string, name = dir): Promise<TrainedAgent> {
  const { model, provenance } = await loadModel(dir);
  try {
    const agent = agentFromModel(model, name);
    rememberProvenance(agent, provenance);
    return agent;
  } catch (e) {
    model.dispose();
    throw e;
  }
}
