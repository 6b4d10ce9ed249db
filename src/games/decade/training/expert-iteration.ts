/**
 * Expert iteration for the decade family (Anthony, Tian & Barber 2017, in the value form of
 * TreeStrap: Veness et al. 2009): a value network used inside a search, trained on what that
 * search makes of the network's own values. One readable file, its config a zod schema.
 *
 * The expert is the search of src/games/decade/learned/learned-search.ts: at a decision it values every
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
 *      for every `samplesPerUpdate` new samples: the afterstate learner's machinery
 *      (afterstate-learning.ts).
 *
 * The saved model plays as `DecadeSearchAgent` with `playDepth` draws of search.
 *
 * Tensors: every forward pass and update runs in tf.tidy; the optimizer's moments are made at
 * construction; `tf.memory().numTensors` stays flat (test/games/decade/training/expert-iteration.test.ts).
 */
import { forwardPass } from '../../../agents/learned/network.js';
import * as z from 'zod';
import { Position } from '../agents/position.js';
import { SearchForest, StockKnowledge, loadKnowledge, writePositionFeatures } from '../learned/learned-search.js';
import { maxLeavesSchema } from '../../../agents/learned/metadata.js';
import type { EnvConfig } from '../../../env/game.js';
import { decadeOptionsOf } from '../engine.js';
import {
  commonConfigFields,
  parseSavedJson,
  type Algorithm,
  type AlgorithmSpec,
  type AlgorithmState,
  type SavedAlgorithmState,
} from '../../../train/algorithm.js';
import {
  SampleBuffer,
  packSamples,
  savedMemoriesSchema,
  savedSampleCounts,
  unpackSamples,
  valueLearningFields,
} from '../../../train/algorithms/afterstate-learning.js';
import type { DecisionEnvState } from '../../../train/decisions.js';
import { DecadeSearchLearner, checkSearchLearning, checkSearchValueLearning } from './search-learner.js';

export const expertIterationConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** Draws the search looks ahead when it makes the targets and plays the training games. */
  depth: z.int().min(1).max(4).default(1),
  /** Draws the saved model's search looks ahead when it plays (evaluations, hints, `tengym eval`). */
  playDepth: z.int().min(0).max(4).default(1),
  /** Horizon positions per decision: past it the search looks one draw less deep. */
  maxLeaves: z._default(maxLeavesSchema, 512),
  /** A score is P(win) − tieWeight · cards left / 52: the cards separate positions that are all but lost. */
  tieWeight: z.number().min(0).default(0.02),
  /**
   * λ: the weight of the game's result in the targets of the positions a copy played through (the rest is the search's
   * value).
   */
  outcomeWeight: z.number().min(0).max(1).default(0.5),
  ...valueLearningFields({ epsilonStart: 0.1, epsilonEnd: 0.01 }),
});
export type ExpertIterationConfig = z.infer<typeof expertIterationConfigSchema>;

/** Defaults: a decade game with forced discards is ~63 env steps and 2–4 decisions. */
export function expertIterationPreset(env: EnvConfig): Partial<ExpertIterationConfig> {
  const sevenStacks = decadeOptionsOf(env)?.stacks === 7;
  return {
    numEnvs: 128,
    hidden: [256, 256],
    learningRate: 1e-3,
    totalSteps: sevenStacks ? 10_000_000 : 20_000_000,
    evalEpisodes: 2000,
  };
}

/** Why expert iteration cannot train this env, or null. */
export function expertIterationUnsupported(env: EnvConfig): string | null {
  // The engine's name, for the message only.
  if (decadeOptionsOf(env) === null)
    return `expert iteration is written for the decade family (the search of learned-search.ts), not ${env.game.name}`;
  return null;
}

export class ExpertIteration extends DecadeSearchLearner implements Algorithm {
  readonly name = 'expert-iteration';
  private readonly config: ExpertIterationConfig;
  private readonly forest: SearchForest;
  /** Per copy: the samples on the path it plays, with the search's targets, waiting for the game's result. */
  private readonly paths: SampleBuffer[];
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

  constructor(env: EnvConfig, config: ExpertIterationConfig) {
    checkExpertIterationConfig(env, config);
    super(env, config, 'expert-iteration', {
      depth: config.playDepth,
      maxLeaves: config.maxLeaves,
      tieWeight: config.tieWeight,
    });
    this.config = config;
    this.forest = new SearchForest(this.rules, {
      depth: config.depth,
      maxLeaves: config.maxLeaves,
      tieWeight: config.tieWeight,
    });
    this.paths = Array.from({ length: config.numEnvs }, () => new SampleBuffer(this.layout.size));
    this.knowledge = Array.from({ length: config.numEnvs }, () => new StockKnowledge());
    this.positions = Array.from({ length: config.numEnvs }, () => new Position(this.rules.stacks));
    this.firstRoot = new Int32Array(config.numEnvs + 1);
    this.sampleRows = new Float32Array(4 * config.numEnvs * this.layout.size);
  }

  iterate(): void {
    const env = this.env;
    const learning = this.learning;
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
    const epsilon = learning.epsilon(env.envSteps);
    let ownRow = 0;
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const from = this.firstRoot[i];
      const n = this.firstRoot[i + 1] - from;
      let best = 0;
      for (let m = 1; m < n; m++) if (this.score(from + m) > this.score(from + best)) best = m;
      const chosen = learning.explores(epsilon) ? learning.randomIndex(n) : best;
      this.paths[i].add(this.sampleRows, ownRow * F, this.rootWin[from + best], this.rootCost[from + best]);
      for (let m = 0; m < n; m++) {
        const row = this.rowOfMove[from + m];
        if (row < 0) continue;
        if (m === chosen) this.paths[i].add(this.sampleRows, row * F, this.rootWin[from + m], this.rootCost[from + m]);
        else learning.learn(this.sampleRows, row * F, this.rootWin[from + m], this.rootCost[from + m]);
      }
      ownRow += 1 + countRows(this.rowOfMove, from, n);
      env.act(i, copy.legal[chosen]);
      if (env.dones[i]) {
        const o = env.doneOutcomes[i]!;
        this.closePath(i, o.won ? 1 : 0, typeof o.cardsLeft === 'number' ? o.cardsLeft / 52 : 0);
      }
    }
    learning.means.add('epsilon', epsilon);
    learning.means.add('leavesPerDecision', this.forest.leafCount / N);
    // 4. Gradient steps.
    learning.train(env.envSteps);
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

  /** Copy i's game ended: its path's samples learn the search's values mixed with the result. */
  private closePath(i: number, won: number, cost: number): void {
    const path = this.paths[i];
    const λ = this.config.outcomeWeight;
    for (let k = 0; k < path.count; k++) {
      this.learning.learn(
        path.rows,
        k * this.layout.size,
        (1 - λ) * path.won[k] + λ * won,
        (1 - λ) * path.cost[k] + λ * cost,
      );
    }
    path.count = 0;
  }

  getState(): AlgorithmState {
    const paths = packSamples(this.paths, ['won', 'cost']);
    return this.learning.getState(
      { pathCounts: paths.counts, memories: this.rememberedStocks() },
      { paths: paths.bytes },
    );
  }

  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void {
    const N = this.config.numEnvs;
    const j = parseSavedJson(
      z.looseObject({
        pathCounts: savedSampleCounts(N, 4 * (this.layout.size + 2)),
        memories: savedMemoriesSchema(N, this.memories !== null),
      }),
      state.json,
    );
    this.learning.setState(state);
    unpackSamples(this.paths, ['won', 'cost'], j.pathCounts, state, 'paths', false);
    this.env.setState(envState);
    this.restoreMemories(j.memories);
  }
}

/** The sample rows moves[from … from+n) have (a move that ends the game has none). */
function countRows(rowOfMove: Int32Array, from: number, n: number): number {
  let c = 0;
  for (let m = 0; m < n; m++) if (rowOfMove[from + m] >= 0) c++;
  return c;
}

/** What an expert-iteration run refuses of its config before it allocates anything (AlgorithmSpec.check). */
function checkExpertIterationConfig(env: EnvConfig, config: ExpertIterationConfig): void {
  const targets = "the targets are the game's result: won, and the cards left";
  checkSearchLearning(env, config, 'expert-iteration', expertIterationUnsupported(env), targets);
  checkSearchValueLearning(env, config, 'expert-iteration');
}

export const algorithm: AlgorithmSpec<ExpertIterationConfig> = {
  name: 'expert-iteration',
  configSchema: expertIterationConfigSchema,
  preset: expertIterationPreset,
  check: checkExpertIterationConfig,
  create: (env, config) => new ExpertIteration(env, config),
};
