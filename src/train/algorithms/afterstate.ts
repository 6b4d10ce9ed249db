/**
 * Afterstate value learning, in the manner of TD-Gammon and of Sutton & Barto's afterstates
 * (§6.8): its config a zod schema with defaults, for the games whose afterstate features exist
 * (src/agents/learned/afterstate-agent.ts, with the features in src/agents/decade/ and
 * src/agents/four-ten/: the one-line decade family and Four Ten). The method is five files: this
 * one (the loop), afterstate-learning.ts (the loss, the replay ring and the update, which
 * expert-iteration.ts and distill.ts share), afterstate-targets.ts (where the targets come from), and the agent
 * side's afterstate-agent.ts (expansion and scoring) with one file of features per game.
 *
 * The network values positions: P(win) from here (a logit, trained with cross-entropy) and a
 * cost (squared error): the cards left at the end / 52 (decade), the rounds still to play / 10
 * (Four Ten). The policy it implies is one step of lookahead: every legal action is valued by
 * the position it leads to (a known position, an average over the next card's values, or an
 * exact result), and the best is played. Improving the values improves the policy, which
 * changes the values: approximate policy iteration, in one loop.
 *
 * Loop, one round of decisions across the vector env's copies (forced moves are played by
 * decisions.ts in between, as for every algorithm):
 *   1. expand every copy's legal actions into positions and value them in one batched
 *      forward pass;
 *   2. play the best action (ε-greedy: with probability ε a uniformly random legal one);
 *   3. keep the positions the decision teaches as samples, and give them their targets when
 *      they are known: the game's target strategy (afterstate-targets.ts) decides both;
 *   4. add the samples with their targets to a replay ring;
 *   5. one gradient step on a uniform minibatch of the ring for every `samplesPerUpdate`
 *      new samples (with `splitBatch`, its two halves on both cores: split-gradients.ts).
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are made at
 * construction; `tf.memory().numTensors` stays flat (test/train/trainer.test.ts).
 */
import type * as tf from '../../agents/learned/tf.js';
import * as z from 'zod';
import type { Agent } from '../../agents/agent.js';
import type { AfterstateExpansion, AfterstateFeatures, FeatureLayout } from '../../agents/afterstate.js';
import { AfterstateAgent, ExpansionBatch, afterstateOutputs } from '../../agents/learned/afterstate-agent.js';
import { valueNetwork } from '../../agents/learned/network.js';
import type { ValueNetwork } from '../../agents/value-network.js';
import type { ModelMetadata } from '../../agents/learned/metadata.js';
import { afterstateFeatures, afterstateUnsupported } from '../../agents/learned/from-model.js';
import { TengymError } from '../../env/errors.js';
import { kitOf } from '../../agents/modules.js';
import type { EnvConfig } from '../../env/game.js';
import {
  commonConfigFields,
  parseSavedJson,
  type Algorithm,
  type AlgorithmSpec,
  type AlgorithmState,
  type SavedAlgorithmState,
} from '../algorithm.js';
import {
  SampleBuffer,
  ValueLearner,
  ValueLearning,
  checkValueLearning,
  packSamples,
  savedSampleCounts,
  unpackSamples,
  valueLearningFields,
} from './afterstate-learning.js';
import { targetStrategy, targetsUnavailable, type SampleSink, type TargetStrategy } from './afterstate-targets.js';
import { DecisionEnv, type DecisionEnvState } from '../decisions.js';

export const afterstateConfigSchema = z.strictObject({
  ...commonConfigFields,
  ...valueLearningFields({ epsilonStart: 0.2, epsilonEnd: 0.02 }),
  /**
   * Where the cost targets come from (afterstate-targets.ts): 'play', the learner's own games
   * (Monte Carlo, or bootstrapped by round in Four Ten); 'solver' (Four Ten only), the exact
   * pace-optimal values, solved before the first step: the network is then a distillation of the
   * solver. The win targets come from play either way.
   */
  targets: z.enum(['play', 'solver']).default('play'),
});
export type AfterstateConfig = z.infer<typeof afterstateConfigSchema>;

/** Defaults for every game, under those tuned per game in its kit (agents/kits.ts). */
export function afterstatePreset(env: EnvConfig): Partial<AfterstateConfig> {
  return {
    numEnvs: 128,
    hidden: [256, 256],
    learningRate: 1e-3,
    ...(kitOf(env.game).presets?.afterstate?.(env) as Partial<AfterstateConfig> | undefined),
  };
}

export class AfterstateLearner extends ValueLearner implements Algorithm {
  readonly name = 'afterstate';
  readonly playsAs: Pick<ModelMetadata, 'head' | 'features'>;
  readonly model: tf.LayersModel;
  private readonly network: ValueNetwork;
  readonly env: DecisionEnv;

  private readonly config: AfterstateConfig;
  readonly features: AfterstateFeatures;
  readonly layout: FeatureLayout;
  /** The network, the replay ring and the gradient steps (afterstate-learning.ts). */
  protected readonly learning: ValueLearning;
  private readonly expansions: AfterstateExpansion[];
  /**
   * Per copy: the samples waiting for their targets (decade: the episode's; Four Ten: the round's since its start or
   * the last exploring move), with their own cost targets (`targets: 'solver'`) or NaN for the one their segment ends
   * with.
   */
  private readonly pending: SampleBuffer[];
  /** Where the targets come from. */
  private readonly targets: TargetStrategy;
  private readonly batch = new ExpansionBatch();

  /** `env`: the env to train on; `onSetup` hears about a long set-up (`targets: 'solver'` solves Four Ten first). */
  constructor(env: EnvConfig, config: AfterstateConfig, onSetup?: (message: string) => void) {
    super();
    checkAfterstateConfig(env, config);
    const { features, layout } = afterstateFeatures(env);
    this.config = config;
    this.features = features;
    this.layout = layout;
    this.playsAs = { head: 'afterstate', features: layout.encoding };
    this.env = new DecisionEnv(env, config.numEnvs, config.seed);
    this.learning = new ValueLearning(config, 'afterstate', { inputSize: layout.size, cost: layout.cost });
    this.model = this.learning.model;
    // The network as the game's targets see it (no TensorFlow.js there): the agent's own forward pass.
    this.network = valueNetwork(this.model, afterstateOutputs);
    this.expansions = Array.from({ length: config.numEnvs }, () => features.expansion(layout));
    this.pending = Array.from({ length: config.numEnvs }, () => new SampleBuffer(layout.size));
    const sink: SampleSink = {
      add: (i, rows, offset, cost = NaN) => this.pending[i].add(rows, offset, NaN, cost),
      close: (i, won, cost) => this.close(i, won, cost),
    };
    const start = performance.now();
    let shown = 0;
    this.targets = targetStrategy(config.targets, env, layout, config.numEnvs, sink, (p) => {
      const seconds = (performance.now() - start) / 1000;
      if (seconds - shown < 30) return;
      shown = seconds;
      onSetup?.(`solving the exact targets: ${p}, ${seconds.toFixed(0)} s`);
    });
    if (config.targets === 'solver')
      onSetup?.(`solved the exact targets in ${((performance.now() - start) / 1000).toFixed(0)} s`);
  }

  iterate(): void {
    const env = this.env;
    const learning = this.learning;
    const N = this.config.numEnvs;
    // 1. Every copy's candidate positions, in one batch.
    for (let i = 0; i < N; i++) this.expansions[i].expand(env.env(i));
    const outputs = this.batch.run(this.model, this.expansions);
    // 2–4. Choose, keep the samples, play, and give what ended its targets.
    const epsilon = learning.epsilon(env.envSteps);
    let base = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const x = this.expansions[i];
      const out = outputs.subarray(base * 2);
      base += x.rowCount;
      const explore = learning.explores(epsilon);
      const chosen = explore ? learning.randomIndex(copy.legalCount) : x.bestIndex(out);
      this.targets.beforeMove(i, copy, x, out, chosen, explore);
      env.act(i, copy.legal[chosen]);
      this.targets.afterMove(i, copy, env.dones[i] ? env.doneOutcomes[i] : null);
    }
    this.targets.endRound(this.network);
    learning.means.add('epsilon', epsilon);
    // 5. Gradient steps.
    learning.train(env.envSteps);
  }

  /** Copy i's pending samples get their targets (a sample's own cost where it has one) and join the ring. */
  private close(i: number, won: number, cost: number): void {
    const samples = this.pending[i];
    const F = this.layout.size;
    for (let k = 0; k < samples.count; k++)
      this.learning.learn(samples.rows, k * F, won, Number.isNaN(samples.cost[k]) ? cost : samples.cost[k]);
    samples.count = 0;
  }

  /** The agent that plays the current values, as a saved model of them plays. */
  agent(metadata: ModelMetadata): Agent {
    return new AfterstateAgent('model', this.model, metadata, this.features);
  }

  getState(): AlgorithmState {
    const pending = packSamples(this.pending, ['cost']);
    return this.learning.getState(
      { pendingCounts: pending.counts, ...this.targets.getState() },
      { pending: pending.bytes },
    );
  }

  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void {
    const j = parseSavedJson(
      z.looseObject({ pendingCounts: savedSampleCounts(this.config.numEnvs, 4 * (this.layout.size + 1)) }),
      state.json,
    );
    this.learning.setState(state);
    this.targets.setState(state.json);
    unpackSamples(this.pending, ['cost'], j.pendingCounts, state, 'pending', true);
    this.env.setState(envState);
  }
}

/** What an afterstate run refuses of its config before it allocates anything (AlgorithmSpec.check). */
function checkAfterstateConfig(env: EnvConfig, config: AfterstateConfig): void {
  // Targets of another kind than play's are there for some games only: said first.
  const noTargets = config.targets === 'play' ? null : targetsUnavailable(config.targets, env);
  if (noTargets) throw new TengymError('bad-argument', `afterstate config: ${noTargets}`);
  const why = afterstateUnsupported(env);
  if (why) throw new TengymError('bad-argument', `--algo afterstate on ${env.id}: ${why}`);
  if (config.trainingReward !== undefined)
    throw new TengymError(
      'bad-argument',
      "afterstate config: trainingReward does not apply (the targets are the game's result: won, and the " +
        'cards left or the rounds)',
    );
  checkValueLearning(config, 'afterstate', afterstateFeatures(env).layout.size);
}

export const algorithm: AlgorithmSpec<AfterstateConfig> = {
  name: 'afterstate',
  configSchema: afterstateConfigSchema,
  preset: afterstatePreset,
  check: checkAfterstateConfig,
  create: (env, config, onSetup) => new AfterstateLearner(env, config, onSetup),
};
