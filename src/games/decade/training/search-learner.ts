/**
 * What the decade family's two algorithms that train the network of its learned search stand on (expert-iteration.ts,
 * distill.ts): the search's rules and feature layout, the copies playing decisions, what each copy's player remembers
 * of the stock ('deck-bottom', kept up to date at every state), the value learning, and the saved model's search with
 * the agent that plays it.
 */
import type * as tf from '../../../agents/learned/tf.js';
import { valueNetwork } from '../../../agents/learned/network.js';
import type { Agent } from '../../../agents/agent.js';
import type { ModelMetadata } from '../../../agents/learned/metadata.js';
import { TengymError } from '../../../env/errors.js';
import type { EnvConfig } from '../../../env/game.js';
import { StockMemory, type Remembered } from '../agents/memory.js';
import { rulesOf, type Rules } from '../agents/position.js';
import {
  DecadeSearchAgent,
  positionLayout,
  type PositionLayout,
  type SearchConfig,
} from '../learned/learned-search.js';
import { decadeOf, decadeOptionsOf, type DecadeState } from '../engine.js';
import {
  ValueLearner,
  ValueLearning,
  checkValueLearning,
  type ValueLearningConfig,
} from '../../../train/algorithms/afterstate-learning.js';
import { DecisionEnv } from '../../../train/decisions.js';

export abstract class DecadeSearchLearner extends ValueLearner {
  readonly playsAs: Pick<ModelMetadata, 'head' | 'features' | 'search'>;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  readonly layout: PositionLayout;
  /** How the saved model searches when it plays. */
  protected readonly search: SearchConfig;
  protected readonly rules: Rules;
  /** The network, the replay ring and the gradient steps (afterstate-learning.ts). */
  protected readonly learning: ValueLearning;
  /** What each copy's player remembers of the stock ('deck-bottom'), kept up to date at every state. */
  protected readonly memories: StockMemory[] | null;

  /** `algo`: the algorithm's name; `search`: the saved model's. */
  constructor(env: EnvConfig, config: ValueLearningConfig, algo: string, search: SearchConfig) {
    super();
    this.rules = rulesOf(decadeOptionsOf(env)!);
    this.layout = positionLayout(this.rules);
    this.search = search;
    this.playsAs = { head: 'search', features: this.layout.encoding, search };
    this.memories = this.rules.deckBottom ? Array.from({ length: config.numEnvs }, () => new StockMemory()) : null;
    this.env = new DecisionEnv(
      env,
      config.numEnvs,
      config.seed,
      1,
      this.memories ? (i, copy) => this.memories![i].sync(decadeOf(copy)!.state, this.rules) : undefined,
    );
    this.learning = new ValueLearning(config, algo, { inputSize: this.layout.size, cost: 'cards' });
    this.model = this.learning.model;
  }

  /** Copy i's engine state. */
  protected stateOf(i: number): DecadeState {
    return decadeOf(this.env.env(i))!.state;
  }

  /** The agent that plays the current values, as a saved model of them plays. */
  agent(metadata: ModelMetadata): Agent {
    return new DecadeSearchAgent('model', valueNetwork(this.model), metadata, this.search);
  }

  /** What each copy's player remembers, as a checkpoint keeps it (null without 'deck-bottom'). */
  protected rememberedStocks(): Remembered[] | null {
    return this.memories ? this.memories.map((m) => m.remembered()) : null;
  }

  /** Each copy's memory from a checkpoint's (`rememberedStocks`), once the copies are restored. */
  protected restoreMemories(saved: readonly Readonly<Remembered>[] | null | undefined): void {
    if (this.memories) this.memories.forEach((m, i) => m.restore(this.stateOf(i), saved![i]));
  }
}

/**
 * What both refuse of a config first, before anything is allocated: an env outside the decade family (`why`), and a
 * trainingReward (their `targets` are not the env's rewards).
 */
export function checkSearchLearning(
  env: EnvConfig,
  config: ValueLearningConfig,
  algo: string,
  why: string | null,
  targets: string,
): void {
  if (why) throw new TengymError('bad-argument', `--algo ${algo} on ${env.id}: ${why}`);
  if (config.trainingReward !== undefined)
    throw new TengymError('bad-argument', `${algo} config: trainingReward does not apply (${targets})`);
}

/** The value learning's check of a config, with the input size of the env's features. */
export function checkSearchValueLearning(env: EnvConfig, config: ValueLearningConfig, algo: string): void {
  checkValueLearning(config, algo, positionLayout(rulesOf(decadeOptionsOf(env)!)).size);
}
