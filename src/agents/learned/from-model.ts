/**
 * Which agent a trained model is (browser-safe): a policy or Q head plays as `ModelAgent`,
 * afterstate values as `AfterstateAgent` with its game's features. The features of each game
 * are listed here, once, for the agents and for training, with the search their models can
 * play with (metadata `search`).
 */
import type * as tf from './tf.js';
import { TengymError, describeKind } from '../../env/errors.js';
import type { AnyGame, EnvConfig } from '../../env/game.js';
import { decadeGame } from '../../games/decade/engine.js';
import { fourTenGame } from '../../games/four-ten/engine.js';
import { checkedEnvConfig, envConfig, make } from '../../env/registry.js';
import type { DecadeOptions } from '../../games/decade/engine.js';
import { rulesOf } from '../../games/decade/agents/position.js';
import { AfterstateAgent, type AfterstateFeatures, type FeatureLayout } from './afterstate-agent.js';
import { DECADE_FEATURES } from '../../games/decade/learned/afterstate-features.js';
import { DecadeSearchAgent, positionLayout } from '../../games/decade/learned/learned-search.js';
import { FOUR_TEN_FEATURES } from '../../games/four-ten/learned/afterstate-features.js';
import { FOUR_TEN_SEARCH } from '../../games/four-ten/learned/learned-lookahead.js';
import { assertModelFits, parseMetadata, type ModelMetadata } from './metadata.js';
import { ModelAgent } from './head-agent.js';

/** The games afterstate values are written for, with their features. */
const AFTERSTATE_FEATURES = new Map<AnyGame, AfterstateFeatures>([
  [decadeGame, DECADE_FEATURES as AfterstateFeatures],
  [fourTenGame, { ...FOUR_TEN_FEATURES, search: FOUR_TEN_SEARCH } as AfterstateFeatures],
]);

/** Why afterstate values cannot play this env, or null when they can. */
export function afterstateUnsupported(env: EnvConfig): string | null {
  const features = AFTERSTATE_FEATURES.get(env.game);
  // The engine's name, for the message only.
  return features
    ? features.unsupported(env.options)
    : `afterstate values are written for the one-line decade family and Four Ten, not ${env.game.name}`;
}

/** The afterstate features of an env, with their layout for its options; an error when there are none. */
export function afterstateFeatures(env: EnvConfig): { features: AfterstateFeatures; layout: FeatureLayout } {
  const why = afterstateUnsupported(env);
  if (why) throw new TengymError('bad-argument', `${env.id}: ${why}`);
  const features = AFTERSTATE_FEATURES.get(env.game)!;
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
export type TrainedAgent = ModelAgent | AfterstateAgent | DecadeSearchAgent;

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
  const input = model.inputs.length === 1 ? width(model.inputs[0].shape) : null;
  const outputs = model.outputs.map((o) => width(o.shape));
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
    else if (env.game === decadeGame) layout = positionLayout(rulesOf(env.options as DecadeOptions));
    else throw new TengymError('bad-argument', `${where}: 'search' models play the decade family, not ${env.id}`);
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
        (`its network reads ${model.inputs.map((i) => shown(i.shape)).join(', ')} and ` +
          `outputs ${model.outputs.map((o) => shown(o.shape)).join(', ')}`),
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
  if (metadata.head === 'search') {
    if (typeof metadata.search !== 'object')
      throw new TengymError(
        'bad-argument',
        `model "${name}": a 'search' model's metadata must say how it searches (search: { depth, maxLeaves, ` +
          `tieWeight })`,
      );
    return new DecadeSearchAgent(name, model, metadata, metadata.search);
  }
  return metadata.head === 'afterstate'
    ? afterstateAgent(name, model, metadata)
    : new ModelAgent(name, model, metadata);
}
