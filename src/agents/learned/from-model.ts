/**
 * Which agent a trained model is (browser-safe): a policy or Q head plays as `ModelAgent`,
 * afterstate values as `AfterstateAgent` with its game's features (its kit's `afterstate`), and a
 * head of the game's own (its kit's `heads`: the decade family's search with learned values) as the
 * agent the game makes of it, the network handed over as a `ValueNetwork`.
 */
import type * as tf from './tf.js';
import type { AfterstateFeatures, FeatureLayout } from '../afterstate.js';
import type { ModelHead, TrainedAgent } from '../kit.js';
import { kitOf } from '../modules.js';
import { TengymError, describeKind } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { checkedEnvConfig, envConfig, envIds, make } from '../../env/registry.js';
import { AfterstateAgent } from './afterstate-agent.js';
import { parseMetadata, type ModelMetadata } from './metadata.js';
import { assertModelFits } from './model-fit.js';
import { ModelAgent } from './head-agent.js';
import type { CheckedModelJson } from './model-check.js';
import { valueNetwork } from './network.js';

/** The registered ids whose game's kit satisfies `has` under the id's own options: what an error names instead. */
function idsWhere(has: (env: EnvConfig) => boolean): string[] {
  return envIds().filter((id) => has(envConfig(id)));
}

/** Why afterstate values cannot play this env, or null when they can. */
export function afterstateUnsupported(env: EnvConfig): string | null {
  const features = kitOf(env.game).afterstate?.features;
  if (features) return features.unsupported(env.options);
  const ids = idsWhere((e) => kitOf(e.game).afterstate?.features.unsupported(e.options) === null);
  return `afterstate values are written for the games that give their features (${ids.join(', ')}), not ${env.id}`;
}

/** The afterstate features of an env, with their layout for its options; an error when there are none. */
export function afterstateFeatures(env: EnvConfig): { features: AfterstateFeatures; layout: FeatureLayout } {
  const why = afterstateUnsupported(env);
  if (why) throw new TengymError('bad-argument', `${env.id}: ${why}`);
  const features = kitOf(env.game).afterstate!.features;
  return { features, layout: features.layout(env.options) };
}

/** The features of an env's positions (`afterstateFeatures(env).layout`), by env id or config. */
export function featureLayout(env: EnvConfig | string): FeatureLayout {
  return afterstateFeatures(typeof env === 'string' ? envConfig(env) : checkedEnvConfig(env, 'featureLayout')).layout;
}

/** An afterstate agent for a model of these metadata (the features of the env it was trained for). */
export function afterstateAgent(name: string, model: tf.LayersModel, metadata: ModelMetadata): AfterstateAgent {
  return new AfterstateAgent(
    name,
    model,
    metadata,
    afterstateFeatures(envConfig(metadata.env, metadata.options)).features,
  );
}

/** The agent a trained model plays as; its `dispose()` frees the model's weights (TensorFlow.js memory). */
export type { TrainedAgent } from '../kit.js';

/** The model head `head` of the env's game (its kit's `heads`), or an error naming the ids that have one. */
function gameHead(head: string, env: EnvConfig, where: string): ModelHead {
  const own = kitOf(env.game).heads?.[head];
  if (own) return own;
  const ids = idsWhere((e) => kitOf(e.game).heads?.[head] !== undefined);
  throw new TengymError(
    'bad-argument',
    `${where}: '${head}' models play ${ids.join(', ') || 'no registered env'}, not ${env.id}`,
  );
}

/** The width of a layer's input or output: n for a shape [null, n], else null. */
function width(shape: readonly (number | null)[]): number | null {
  return shape.length === 2 && typeof shape[1] === 'number' ? shape[1] : null;
}

/**
 * Throws unless a model's metadata names an env tengym makes, with that env's sizes, and its
 * network has the input and outputs its head plays with (an observation in and one output per
 * action; or features of the env's encoding in and [win, cost] out): checked when the model
 * loads, before it plays.
 */
export function checkModelFits(model: tf.LayersModel, metadata: ModelMetadata, where: string): void {
  checkWidthsFit(
    { inputs: model.inputs.map((i) => i.shape), outputs: model.outputs.map((o) => o.shape) },
    metadata,
    where,
  );
}

/**
 * The metadata of a checked model.json, checked against its network's widths as `checkModelFits` checks a built
 * model: run before TensorFlow.js builds the network, which allocates every layer at the widths the file says (a
 * tampered input of [null, 4000000] took gigabytes before it was refused).
 */
export function checkModelJsonFits(checked: CheckedModelJson, where: string): ModelMetadata {
  const metadata = parseMetadata(checked.modelJSON.userDefinedMetadata, where);
  const rows = (widths: number[]) => widths.map((n) => [null, n]);
  checkWidthsFit({ inputs: rows(checked.widths.inputs), outputs: rows(checked.widths.outputs) }, metadata, where);
  return metadata;
}

/** `checkModelFits` over a network's input and output shapes (each [null, n] in a tengym network). */
function checkWidthsFit(
  network: { inputs: readonly (readonly (number | null)[])[]; outputs: readonly (readonly (number | null)[])[] },
  metadata: ModelMetadata,
  where: string,
): void {
  let env: EnvConfig;
  try {
    env = envConfig(metadata.env, metadata.options);
  } catch (e) {
    throw new TengymError(
      'bad-argument',
      `${where}: its metadata names env ${metadata.env} ${JSON.stringify(metadata.options)}, which tengym ` +
        `does not make: ${(e as Error).message}`,
    );
  }
  assertModelFits(metadata, make(env), where);
  const input = network.inputs.length === 1 ? width(network.inputs[0]) : null;
  const outputs = network.outputs.map((o) => width(o));
  let wanted: { input: number; outputs: string; fits: boolean; encoding?: string };
  if (metadata.head === 'logits' || metadata.head === 'q') {
    wanted = {
      input: metadata.observationSize,
      outputs: `${metadata.numActions} (one per action) first`,
      fits: outputs[0] === metadata.numActions,
    };
  } else {
    let layout: { size: number; encoding: string };
    if (metadata.head === 'afterstate') layout = afterstateFeatures(env).layout;
    else layout = gameHead(metadata.head, env, where).layout(env);
    if (metadata.features !== undefined && metadata.features !== layout.encoding) {
      throw new TengymError(
        'bad-argument',
        `${where}: its metadata says features ${JSON.stringify(metadata.features)}; ${env.id} ` +
          `${JSON.stringify(env.options)} ` +
          `is encoded as ${layout.encoding}`,
      );
    }
    wanted = {
      input: layout.size,
      outputs: '1 (win) and 1 (cost)',
      fits: outputs.length === 2 && outputs[0] === 1 && outputs[1] === 1,
      encoding: layout.encoding,
    };
  }
  if (input !== wanted.input || !wanted.fits) {
    const shown = (s: readonly (number | null)[]) => JSON.stringify(s);
    throw new TengymError(
      'bad-argument',
      `${where}: a '${metadata.head}' model for ${env.id} reads ` +
        `${wanted.input}${wanted.encoding ? ` features (${wanted.encoding})` : ' observation values'} ` +
        `and outputs ${wanted.outputs}; ` +
        (`its network reads ${network.inputs.map(shown).join(', ')} and ` +
          `outputs ${network.outputs.map(shown).join(', ')}`),
    );
  }
}

/**
 * The agent of a loaded tengym model: a search with learned values, afterstate values or a
 * policy/Q head, as its metadata says. The agent owns the model: its `dispose()` disposes it.
 */
export function agentFromModel(model: tf.LayersModel, name = 'model'): TrainedAgent {
  if (
    model === null ||
    typeof model !== 'object' ||
    typeof (model as Partial<tf.LayersModel>).getUserDefinedMetadata !== 'function'
  ) {
    throw new TengymError(
      'bad-argument',
      `agentFromModel takes a TensorFlow.js model of tengym's (await ` +
        `tf.loadLayersModel(url)), got ${describeKind(model)}`,
    );
  }
  if (typeof name !== 'string')
    throw new TengymError(
      'bad-argument',
      `agentFromModel takes the agent's name as a string, got ${describeKind(name)}`,
    );
  const metadata = parseMetadata(model.getUserDefinedMetadata(), `model "${name}"`);
  checkModelFits(model, metadata, `model "${name}"`);
  if (metadata.head === 'afterstate') return afterstateAgent(name, model, metadata);
  if (metadata.head === 'logits' || metadata.head === 'q') return new ModelAgent(name, model, metadata);
  // A head of the game's own: its agent plays the network through a ValueNetwork (no TensorFlow.js in the game).
  const env = envConfig(metadata.env, metadata.options);
  return gameHead(metadata.head, env, `model "${name}"`).agent(name, valueNetwork(model), metadata);
}
