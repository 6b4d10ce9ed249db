/**
 * Which agent a trained model is (browser-safe): a policy or Q head plays as `ModelAgent`,
 * afterstate values as `AfterstateAgent` with its game's features. The features of each game
 * are listed here, once, for the agents and for training, with the search their models can
 * play with (metadata `search`).
 */
import type * as tf from '@tensorflow/tfjs';
import { TengymError } from '../../env/errors.js';
import type { AnyGame, EnvConfig } from '../../env/game.js';
import { decadeGame } from '../../env/games/decade.js';
import { fourTenGame } from '../../env/games/four-ten.js';
import { envConfig } from '../../env/registry.js';
import { AfterstateAgent, type AfterstateFeatures, type FeatureLayout } from './afterstate-agent.js';
import { DECADE_FEATURES } from '../decade/afterstate-features.js';
import { DecadeSearchAgent } from '../decade/learned-search.js';
import { FOUR_TEN_FEATURES } from '../four-ten/afterstate-features.js';
import { FOUR_TEN_SEARCH } from '../four-ten/learned-lookahead.js';
import { parseMetadata, type ModelMetadata } from './metadata.js';
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
  return features ? features.unsupported(env.options) : `afterstate values are written for the one-line decade family and Four Ten, not ${env.game.name}`;
}

/** The afterstate features of an env, with their layout for its options; an error when there are none. */
export function afterstateFeatures(env: EnvConfig): { features: AfterstateFeatures; layout: FeatureLayout } {
  const why = afterstateUnsupported(env);
  if (why) throw new TengymError('bad-argument', `${env.id}: ${why}`);
  const features = AFTERSTATE_FEATURES.get(env.game)!;
  return { features, layout: features.layout(env.options) };
}

/** The features of an env's positions (`afterstateFeatures(env).layout`). */
export function featureLayout(env: EnvConfig): FeatureLayout {
  return afterstateFeatures(env).layout;
}

/** An afterstate agent for a model of these metadata (the features of the env it was trained for). */
export function afterstateAgent(name: string, model: tf.LayersModel, metadata: ModelMetadata): AfterstateAgent {
  return new AfterstateAgent(name, model, metadata, afterstateFeatures(envConfig(metadata.env, metadata.options)).features);
}

/** The agent a trained model plays as. */
export type TrainedAgent = ModelAgent | AfterstateAgent | DecadeSearchAgent;

/** The agent of a loaded tengym model: a search with learned values, afterstate values or a policy/Q head, as its metadata says. */
export function agentFromModel(model: tf.LayersModel, name = 'model'): TrainedAgent {
  const metadata = parseMetadata(model.getUserDefinedMetadata(), `model "${name}"`);
  if (metadata.head === 'search') {
    if (typeof metadata.search !== 'object') throw new TengymError('bad-argument', `model "${name}": a 'search' model's metadata must say how it searches (search: { depth, maxLeaves, tieWeight })`);
    return new DecadeSearchAgent(name, model, metadata, metadata.search);
  }
  return metadata.head === 'afterstate' ? afterstateAgent(name, model, metadata) : new ModelAgent(name, model, metadata);
}
