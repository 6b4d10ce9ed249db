/**
 * tengym/models: trained models as agents, browser-safe (this entry point loads
 * TensorFlow.js; the package root does not). Load a shipped model with
 * `tf.loadLayersModel(url)` and turn it into an agent (in Node, `loadAgent(dir)` from
 * `tengym/node` does both):
 *
 *   const model = await tf.loadLayersModel('/models/decade/model.json');
 *   const agent = agentFromModel(model);
 *   env.step(agent.act(env));
 */
import type * as tf from '@tensorflow/tfjs';
import { AfterstateAgent } from './agents/tf/afterstate.js';
import { parseMetadata } from './agents/tf/metadata.js';
import { ModelAgent } from './agents/tf/model-agent.js';

export { AfterstateAgent, featureLayout, type FeatureLayout } from './agents/tf/afterstate.js';
export { ModelAgent } from './agents/tf/model-agent.js';
export { parseMetadata, assertModelFits, type ModelMetadata } from './agents/tf/metadata.js';
export { backendsFor, useBrowserBackend, WEBGL_FROM_WEIGHTS, type BrowserBackend, type BrowserBackendOptions } from './agents/tf/browser-backend.js';

/** The agent of a loaded tengym model: afterstate values or a policy/Q head, as its metadata says. */
export function agentFromModel(model: tf.LayersModel, name = 'model'): ModelAgent | AfterstateAgent {
  const metadata = parseMetadata(model.getUserDefinedMetadata(), `model "${name}"`);
  return metadata.head === 'afterstate' ? new AfterstateAgent(name, model, metadata) : new ModelAgent(name, model, metadata);
}
