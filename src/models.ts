/**
 * tengym/models: trained models as agents, browser-safe (this entry point loads
 * TensorFlow.js; the package root does not). Load a shipped model with
 * `tf.loadLayersModel(url)` and turn it into an agent (in Node, `loadAgent(dir)` from
 * `tengym/node` does both):
 *
 *   const model = await tf.loadLayersModel('/models/decade/model.json');
 *   const agent = agentFromModel(model);
 *   env.step(agent.act(env));
 *   agent.dispose(); // frees the model's weights, before loading another
 *
 * @module tengym/models
 */
import './games/index.js';
export { AfterstateAgent } from './agents/learned/afterstate-agent.js';
export type { FeatureLayout } from './agents/afterstate.js';
export { agentFromModel, checkModelFits, featureLayout } from './agents/learned/from-model.js';
export { loadModelFromUrl, type FetchLike } from './agents/learned/url-loader.js';
export { MAX_MODEL_JSON_BYTES, MAX_WEIGHT_BYTES } from './agents/learned/model-check.js';
export { ModelAgent } from './agents/learned/head-agent.js';
export { parseMetadata, type ModelMetadata } from './agents/learned/metadata.js';
export { assertModelFits } from './agents/learned/model-fit.js';
export {
  backendsFor,
  useBrowserBackend,
  WEBGL_FROM_WEIGHTS,
  type BrowserBackend,
  type BrowserBackendOptions,
} from './agents/learned/browser-backend.js';
