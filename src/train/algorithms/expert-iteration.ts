/**
 * Expert iteration for the decade family (Anthony, Tian & Barber 2017, in the value form of
 * TreeStrap: Veness et al. 2009): a value network used inside a search, trained on what that
 * search makes of the network's own values. One readable file, its config a zod schema.
 *
 * The expert is the search of src/agents/decade/learned-search.ts: at a decision it values every
 * legal move by expectimax over the next `depth` draws (the unseen cards' chances, forced moves
 * played out, its own choices maximised, exact results where a game ends), the network at the
 * horizon. The apprentice is the network. The search's value of a position is better than the
 * network's own guess there — it averages the next cards exactly and reaches real ends — so
 * learning it improves the network, which improves the search: policy iteration with the search
 * as the improvement step.
 *
 * Loop, one round of decisions across the copies (forced moves are played by decisions.ts in
 * between; with 'deck-bottom' each copy's memory of the picked-up cards sees every state):
 *   1. every copy builds the trees of its legal moves; one forward pass values every horizon;
 *   2. it plays the best move (ε-greedy: with probability ε a uniformly random legal one);
 *   3. samples, with the search's values as targets (P(win), cards left / 52):
 *      - the position each legal move leads to (its forced discards played): its tree's value;
 *      - the decision's own position: the value of its best move;
 *      on the path the copy plays (its position and the chosen move's) the target mixes in the
 *      game's result with weight `outcomeWeight` (λ) when the game ends: a signal from the
 *      first game on, while the network still knows nothing;
 *   4. samples go to a replay ring; one gradient step (the afterstate loss: the win logit's
 *      cross-entropy plus `costLossWeight` × the cost's squared error) on a uniform minibatch
 *      for every `samplesPerUpdate` new samples.
 *
 * The saved model plays as `DecadeSearchAgent` with `playDepth` draws of search.
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are made at
 * construction; `tf.memory().numTensors` stays flat (test/train/algorithms/expert-iteration.test.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import type { Agent } from '../../agents/agent.js';
import { StockMemory } from '../../agents/decade/memory.js';
import { Position, rulesOf, type Rules } from '../../agents/decade/position.js';
import { DecadeSearchAgent, SearchForest, StockKnowledge, forwardPass, loadKnowledge, positionLayout, writePositionFeatures, type PositionLayout, type SearchConfig } from '../../agents/decade/learned-search.js';
import type { ModelMetadata } from '../../agents/learned/metadata.js';
import { buildAfterstateNet } from '../../agents/learned/network.js';
import { TengymError } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { decadeOf, decadeOptionsOf, type DecadeState } from '../../env/games/decade.js';
import { createRng, deriveSeed, randomInt, rngFromState, type Rng } from '../../env/rng.js';
import { Means, learningRateAt, commonConfigFields, type Algorithm, type AlgorithmSpec, type AlgorithmState } from '../algorithm.js';
import { ReplayRing, afterstateLoss, afterstateStep } from './afterstate.js';
import { DecisionEnv, uniformFloat, type DecisionEnvState } from '../decisions.js';
import { Adam, trainableVariables } from '../network/optim.js';
import { SplitGradients } from '../network/split-gradients.js';

export const expertIterationConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** Draws the search looks ahead when it makes the targets and plays the training games. */
  depth: z.int().min(1).max(4).default(1),
  /** Draws the saved model's search looks ahead when it plays (evaluations, hints, `tengym eval`). */
  playDepth: z.int().min(0).max(4).default(1),
  /** Horizon positions per decision: past it the search looks one draw less deep. */
  maxLeaves: z.int().min(1).default(512),
  /** A score is P(win) − tieWeight · cards left / 52: the cards separate positions that are all but lost. */
  tieWeight: z.number().min(0).default(0.02),
  /** λ: the weight of the game's result in the targets of the positions a copy played through (the rest is the search's value). */
  outcomeWeight: z.number().min(0).max(1).default(0.5),
  /** Positions in the replay ring. */
  bufferSize: z.int().min(1).default(200_000),
  /** Samples in the ring before the first gradient step. */
  learningStarts: z.int().min(1).default(10_000),
  batchSize: z.int().min(1).default(512),
  /** New samples per gradient step. */
  samplesPerUpdate: z.int().min(1).default(128),
  /** Weight of the cards-left loss beside the win loss. */
  costLossWeight: z.number().min(0).default(1),
  /** ε-greedy exploration: linear from epsilonStart to epsilonEnd over the first epsilonFraction of the run. */
  epsilonStart: z.number().min(0).max(1).default(0.1),
  epsilonEnd: z.number().min(0).max(1).default(0.01),
  epsilonFraction: z.number().positive().max(1).default(0.5),
  /** Learning rate decays linearly to 0 over totalSteps. */
  annealLearningRate: z.boolean().default(true),
  /** Each gradient step's two half batches at once, the second on the other core (split-gradients.ts). */
  splitBatch: z.boolean().default(false),
});
export type ExpertIterationConfig = z.infer<typeof expertIterationConfigSchema>;

/** Defaults: a decade game with forced discards is ~63 env steps and 2–4 decisions. */
export function expertIterationPreset(env: EnvConfig): Partial<ExpertIterationConfig> {
  const sevenStacks = decadeOptionsOf(env)?.stacks === 7;
  return { numEnvs: 128, hidden: [256, 256], learningRate: 1e-3, totalSteps: sevenStacks ? 10_000_000 : 20_000_000, evalEpisodes: 2000 };
}

/** Why expert iteration cannot train this env, or null. */
export function expertIterationUnsupported(env: EnvConfig): string | null {
  // The engine's name, for the message only.
  if (decadeOptionsOf(env) === null) return `expert iteration is written for the decade family (the search of decade-search.ts), not ${env.game.name}`;
  return null;
}

/** Per copy: the samples on the path it plays, waiting for the game's result (rows, and the search's targets). */
class PathSamples {
  rows: Float32Array;
  won: Float32Array;
  cost: Float32Array;
  count = 0;

  constructor(readonly features: number) {
    this.rows = new Float32Array(16 * features);
    this.won = new Float32Array(16);
    this.cost = new Float32Array(16);
  }

  add(from: Float32Array, offset: number, won: number, cost: number): void {
    const F = this.features;
    if (this.count === this.won.length) {
      const grow = <T extends Float32Array>(a: T, n: number) => {
        const b = new Float32Array(n);
        b.set(a);
        return b;
      };
      this.rows = grow(this.rows, this.rows.length * 2);
      this.won = grow(this.won, this.won.length * 2);
      this.cost = grow(this.cost, this.cost.length * 2);
    }
    this.rows.set(from.subarray(offset, offset + F), this.count * F);
    this.won[this.count] = won;
    this.cost[this.count] = cost;
    this.count++;
  }
}

export class ExpertIteration implements Algorithm {
  readonly name = 'expert-iteration';
  readonly playsAs: Pick<ModelMetadata, 'head' | 'features' | 'search'>;
  readonly model: tf.LayersModel;
  readonly env: DecisionEnv;
  samples = 0;
  updates = 0;

  readonly layout: PositionLayout;
  /** How the saved model searches when it plays. */
  private readonly search: SearchConfig;
  /** The samples with their targets (read by tests). */
  readonly ring: ReplayRing;
  private readonly config: ExpertIterationConfig;
  private readonly rules: Rules;
  private readonly variables: tf.Variable[];
  private readonly adam: Adam;
  private readonly gradients: SplitGradients;
  /** Draws ε-greedy choices and minibatch indices. */
  private rng: Rng;
  private sampleCredit = 0;
  private readonly means = new Means();
  private readonly forest: SearchForest;
  /** What each copy's player remembers of the stock ('deck-bottom'), kept up to date at every state. */
  private readonly memories: StockMemory[] | null;
  private readonly paths: PathSamples[];
  private readonly knowledge: StockKnowledge[];
  private readonly positions: Position[];
  /** Per copy: where its roots start in `roots`, and their count. */
  private readonly firstRoot: Int32Array;
  private roots = new Int32Array(512);
  /** Per copy: its own position's row, then its moves' rows, in `sampleRows` (−1: the move ends the game). */
  private sampleRows: Float32Array;
  private rowOfMove = new Int32Array(512);
  private readonly value = new Float64Array(2);
  private rootWin = new Float64Array(512);
  private rootCost = new Float64Array(512);
  private readonly mbRows: Float32Array;
  private readonly mbWon: Float32Array;
  private readonly mbCost: Float32Array;

  constructor(env: EnvConfig, config: ExpertIterationConfig) {
    const why = expertIterationUnsupported(env);
    if (why) throw new TengymError('bad-argument', `--algo expert-iteration on ${env.id}: ${why}`);
    if (config.trainingReward !== undefined) throw new TengymError('bad-argument', "expert-iteration config: trainingReward does not apply (the targets are the game's result: won, and the cards left)");
    if (config.splitBatch && config.batchSize % 2 !== 0) throw new TengymError('bad-argument', `expert-iteration config: splitBatch needs an even batchSize, not ${config.batchSize}`);
    this.config = config;
    this.rules = rulesOf(decadeOptionsOf(env)!);
    this.layout = positionLayout(this.rules);
    const search: SearchConfig = { depth: config.playDepth, maxLeaves: config.maxLeaves, tieWeight: config.tieWeight };
    this.search = search;
    this.playsAs = { head: 'search', features: this.layout.encoding, search };
    this.memories = this.rules.deckBottom ? Array.from({ length: config.numEnvs }, () => new StockMemory()) : null;
    this.env = new DecisionEnv(env, config.numEnvs, config.seed, 1, this.memories ? (i, copy) => this.memories![i].sync(decadeOf(copy)!.state, this.rules) : undefined);
    this.model = buildAfterstateNet({ inputSize: this.layout.size, hidden: config.hidden, seed: config.seed, cost: 'cards' });
    this.variables = trainableVariables(this.model);
    this.adam = new Adam(this.variables);
    this.gradients = new SplitGradients(this.model, this.variables, {
      batchSize: config.batchSize,
      widths: [this.layout.size, 1, 1],
      loss: { fn: afterstateLoss, module: new URL('./afterstate.js', import.meta.url).href, name: 'afterstateLoss', options: { costLossWeight: config.costLossWeight } },
      statCount: 2,
      split: config.splitBatch,
    });
    this.rng = createRng(deriveSeed(config.seed, 2));
    this.ring = new ReplayRing(config.bufferSize, this.layout.size);
    this.forest = new SearchForest(this.rules, { depth: config.depth, maxLeaves: config.maxLeaves, tieWeight: config.tieWeight });
    this.paths = Array.from({ length: config.numEnvs }, () => new PathSamples(this.layout.size));
    this.knowledge = Array.from({ length: config.numEnvs }, () => new StockKnowledge());
    this.positions = Array.from({ length: config.numEnvs }, () => new Position(this.rules.stacks));
    this.firstRoot = new Int32Array(config.numEnvs + 1);
    this.sampleRows = new Float32Array(4 * config.numEnvs * this.layout.size);
    this.mbRows = new Float32Array(config.batchSize * this.layout.size);
    this.mbWon = new Float32Array(config.batchSize);
    this.mbCost = new Float32Array(config.batchSize);
  }

  private stateOf(i: number): DecadeState {
    return decadeOf(this.env.env(i))!.state;
  }

  /** ε at the current env step: linear from epsilonStart to epsilonEnd, then flat. */
  epsilon(): number {
    const c = this.config;
    const progress = Math.min(1, this.env.envSteps / (c.epsilonFraction * c.totalSteps));
    return c.epsilonStart + progress * (c.epsilonEnd - c.epsilonStart);
  }

  iterate(): void {
    const env = this.env;
    const N = this.config.numEnvs;
    const F = this.layout.size;
    // 1. Every copy's trees, and the rows of the positions it will learn; one forward pass.
    this.forest.clear();
    let moves = 0;
    let rows = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const state = this.stateOf(i);
      const p = this.positions[i];
      const k = this.knowledge[i];
      p.loadTableOnly(state);
      p.stockLen = state.stockLen;
      loadKnowledge(k, state, this.memories ? this.memories[i] : null);
      const n = copy.legalCount;
      this.ensure(moves + n, rows + n + 1);
      this.firstRoot[i] = moves;
      this.forest.addDecision(p, copy.legal, n, k, this.roots, moves);
      writePositionFeatures(p, k, this.sampleRows, rows * F, this.layout);
      rows++;
      for (let m = 0; m < n; m++) {
        const own = this.forest.writeAfterMove(p, copy.legal[m], k, this.sampleRows, rows * F);
        this.rowOfMove[moves + m] = own ? rows++ : -1;
      }
      moves += n;
    }
    this.firstRoot[N] = moves;
    const outputs = forwardPass(this.model, this.forest.rows, this.forest.leafCount, F);
    for (let r = 0; r < moves; r++) {
      this.forest.evaluate(this.roots[r], outputs, this.value);
      this.rootWin[r] = this.value[0];
      this.rootCost[r] = this.value[1];
    }
    // 2–3. Choose, keep the samples, play; a finished game closes its path.
    const epsilon = this.epsilon();
    let ownRow = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const from = this.firstRoot[i];
      const n = this.firstRoot[i + 1] - from;
      let best = 0;
      for (let m = 1; m < n; m++) if (this.score(from + m) > this.score(from + best)) best = m;
      // One draw for the coin and, when exploring, one for the action: the stream never depends on the network.
      const explore = uniformFloat(this.rng) < epsilon;
      const chosen = explore ? randomInt(this.rng, 0, n - 1) : best;
      this.paths[i].add(this.sampleRows, ownRow * F, this.rootWin[from + best], this.rootCost[from + best]);
      for (let m = 0; m < n; m++) {
        const row = this.rowOfMove[from + m];
        if (row < 0) continue;
        if (m === chosen) this.paths[i].add(this.sampleRows, row * F, this.rootWin[from + m], this.rootCost[from + m]);
        else this.learn(row * F, this.rootWin[from + m], this.rootCost[from + m]);
      }
      ownRow += 1 + countRows(this.rowOfMove, from, n);
      env.act(i, copy.legal[chosen]);
      if (env.dones[i]) {
        const o = env.doneOutcomes[i]!;
        this.closePath(i, o.won ? 1 : 0, 'cardsLeft' in o ? o.cardsLeft / 52 : 0);
      }
    }
    this.means.add('epsilon', epsilon);
    this.means.add('leavesPerDecision', this.forest.leafCount / N);
    // 4. Gradient steps.
    if (this.ring.size < this.config.learningStarts) return;
    while (this.sampleCredit >= this.config.samplesPerUpdate) {
      this.sampleCredit -= this.config.samplesPerUpdate;
      this.gradientStep();
    }
  }

  private score(r: number): number {
    return this.rootWin[r] - this.config.tieWeight * this.rootCost[r];
  }

  /** Room for `moves` roots and `rows` sample rows. */
  private ensure(moves: number, rows: number): void {
    if (this.roots.length < moves) {
      const n = moves * 2;
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(n);
        b.set(a);
        return b;
      };
      this.roots = grow(this.roots);
      this.rowOfMove = grow(this.rowOfMove);
      this.rootWin = grow(this.rootWin);
      this.rootCost = grow(this.rootCost);
    }
    if (this.sampleRows.length < rows * this.layout.size) {
      const b = new Float32Array(rows * 2 * this.layout.size);
      b.set(this.sampleRows);
      this.sampleRows = b;
    }
  }

  /** A sample with its targets, into the ring. */
  private learn(offset: number, won: number, cost: number): void {
    this.ring.addOne(this.sampleRows, offset, won, cost);
    this.samples++;
    this.sampleCredit++;
  }

  /** Copy i's game ended: its path's samples learn the search's values mixed with the result. */
  private closePath(i: number, won: number, cost: number): void {
    const path = this.paths[i];
    const λ = this.config.outcomeWeight;
    for (let k = 0; k < path.count; k++) {
      this.ring.addOne(path.rows, k * this.layout.size, (1 - λ) * path.won[k] + λ * won, (1 - λ) * path.cost[k] + λ * cost);
    }
    this.samples += path.count;
    this.sampleCredit += path.count;
    path.count = 0;
  }

  /** The agent that plays the current values, as a saved model of them plays. */
  agent(metadata: ModelMetadata): Agent {
    return new DecadeSearchAgent('model', this.model, metadata, this.search);
  }

  private gradientStep(): void {
    this.ring.sampleInto(this.rng, this.mbRows, this.mbWon, this.mbCost);
    afterstateStep(this.gradients, this.adam, [this.mbRows, this.mbWon, this.mbCost], learningRateAt(this.config, this.env.envSteps), this.config, this.means);
    this.updates++;
  }

  takeStats(): Record<string, number> {
    return this.means.take();
  }

  getState(): AlgorithmState {
    const F = this.layout.size;
    // The paths' samples: their counts, then rows, won and cost targets, packed.
    const counts = this.paths.map((p) => p.count);
    const total = counts.reduce((a, b) => a + b, 0);
    const packed = new Float32Array(total * (F + 2));
    let at = 0;
    for (const p of this.paths) {
      packed.set(p.rows.subarray(0, p.count * F), at);
      at += p.count * F;
    }
    for (const p of this.paths) {
      packed.set(p.won.subarray(0, p.count), at);
      packed.set(p.cost.subarray(0, p.count), at + p.count);
      at += 2 * p.count;
    }
    return {
      json: {
        samples: this.samples,
        updates: this.updates,
        sampleCredit: this.sampleCredit,
        rng: [...this.rng.getState()],
        adamStep: this.adam.step,
        ringSize: this.ring.size,
        ringNext: this.ring.next,
        pathCounts: counts,
        memories: this.memories ? this.memories.map((m) => m.remembered()) : null,
        means: this.means.getState(),
      },
      binary: { optimizer: this.adam.getMoments(), replay: this.ring.toBytes(), paths: new Uint8Array(packed.buffer) },
    };
  }

  setState(state: AlgorithmState, envState: DecisionEnvState): void {
    const j = state.json as {
      samples: number;
      updates: number;
      sampleCredit: number;
      rng: number[];
      adamStep: number;
      ringSize: number;
      ringNext: number;
      pathCounts: number[];
      memories: { unknown: number; known: number[] }[] | null;
      means: [string, number, number][];
    };
    this.samples = j.samples;
    this.updates = j.updates;
    this.sampleCredit = j.sampleCredit;
    this.rng = rngFromState(j.rng);
    this.adam.setMoments(state.binary.optimizer, j.adamStep);
    this.ring.fromBytes(state.binary.replay, j.ringSize, j.ringNext);
    const bytes = state.binary.paths;
    const packed = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const F = this.layout.size;
    let at = 0;
    let targetsAt = j.pathCounts.reduce((a, b) => a + b, 0) * F;
    this.paths.forEach((p, i) => {
      p.count = 0;
      for (let k = 0; k < j.pathCounts[i]; k++, at += F) p.add(packed, at, packed[targetsAt + k], packed[targetsAt + j.pathCounts[i] + k]);
      targetsAt += 2 * j.pathCounts[i];
    });
    this.means.setState(j.means);
    this.env.setState(envState);
    if (this.memories) this.memories.forEach((m, i) => m.restore(this.stateOf(i), j.memories![i]));
  }

  dispose(): void {
    this.gradients.dispose();
    this.adam.dispose();
    this.model.dispose();
  }
}

/** The sample rows moves[from … from+n) have (a move that ends the game has none). */
function countRows(rowOfMove: Int32Array, from: number, n: number): number {
  let c = 0;
  for (let m = 0; m < n; m++) if (rowOfMove[from + m] >= 0) c++;
  return c;
}

export const algorithm: AlgorithmSpec<ExpertIterationConfig> = {
  name: 'expert-iteration',
  configSchema: expertIterationConfigSchema,
  preset: expertIterationPreset,
  create: (env, config) => new ExpertIteration(env, config),
};
