/**
 * Loading and saving tengym models in a directory (Node-only, as everything in this folder): `model.json` +
 * `weights.bin` in the TensorFlow.js layers layout, with the tengym metadata inside.
 */
import * as tf from '@tensorflow/tfjs';
import { parseMetadata, type ModelMetadata } from '../agents/learned/metadata.js';
import { agentFromModel, checkModelFits, type TrainedAgent } from '../agents/learned/from-model.js';
import { modelLoadError } from '../agents/learned/model-check.js';
import { initBackend } from './tf-backend.js';
import { fileIO } from './model-files.js';

export async function saveModel(model: tf.LayersModel, dir: string, metadata: ModelMetadata): Promise<void> {
  model.setUserDefinedMetadata({ tengym: metadata });
  await model.save(fileIO(dir));
}

export async function loadModel(dir: string): Promise<{ model: tf.LayersModel; metadata: ModelMetadata }> {
  await initBackend();
  let model: tf.LayersModel;
  try {
    model = await tf.loadLayersModel(fileIO(dir));
  } catch (e) {
    throw modelLoadError(e, `model ${dir}`);
  }
  try {
    const metadata = parseMetadata(model.getUserDefinedMetadata(), `model ${dir}`);
    checkModelFits(model, metadata, `model ${dir}`);
    return { model, metadata };
  } catch (e) {
    model.dispose();
    throw e;
  }
}

export async function loadModelAgent(dir: string, name = dir): Promise<TrainedAgent> {
  const { model } = await loadModel(dir);
  try {
    return agentFromModel(model, name);
  } catch (e) {
    model.dispose();
    throw e;
  }
}
