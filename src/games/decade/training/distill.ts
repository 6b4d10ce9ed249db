/**
 * Distillation of a fair search into a value network, by DAgger (Ross, Gordon & Bagnell 2011):
 * the student plays, the teacher labels. One readable file, its config a zod schema.
 *
 * The teacher is a fair catalogue agent whose `score` gives every legal move's chance of winning
 * (`pimc` by default, the strongest fair player of the decade family); the student is the
 * network of expert-iteration.ts, played through the same learned search (`DecadeSearchAgent`,
 * `studentDepth` draws; the saved model searches `playDepth`), so the positions it learns on
 * are those the saved model meets, up to the depth. Expert
 * iteration learns what its own search makes of the network's values; here the targets come
 * from outside, so they are as good as the teacher from the first game on.
 *
 * Loop, one round of decisions across the copies (forced moves are played by decisions.ts in
 * between; with 'deck-bottom' each copy's memory of the order under the stock sees every state,
 * as expert iteration's does, and the teacher is told it before labelling: `RemembersStock`):
 *   1. every copy's legal moves: the student's trees (one forward pass values every horizon),
 *      the teacher's scores, and the rows of the positions each move leads to;
 *   2. the move played: with probability β (linear from `teacherPlaysStart` to 0 over the first
 *      `epsilonFraction` of the run) the teacher's, with probability ε a uniformly random one,
 *      else the student's: early games follow the teacher, later ones the student, whose own
 *      mistakes then get labelled (DAgger's point: the states a policy reaches depend on it);
 *   3. samples, every one the teacher's judgement (never a game's result; none where the search
 *      decides without the network: 'deck-bottom' with `endgame`, nothing unseen, the solver plays):
 *      - the position each legal move leads to (its forced discards played), with that move's
 *        score as P(win) and its expected cards left / 52 as the cost;
 *      - the decision's own position, with the teacher's best move's;
 *   4. samples go to the replay ring; one gradient step (the afterstate loss, the same as
 *      expert iteration's) for every `samplesPerUpdate` new samples.
 *
 * A teacher reports its cost (the `cardsLeft` of its scores) when it has one; one that does not
 * needs `costLossWeight: 0`, and the saved model then breaks ties between lost positions by
 * nothing. Labelling, most of the time, runs on every core (teacher-labels.ts); the teacher is
 * re-seeded before each position it labels (from the run's seed and the env steps so far), so its
 * labels are the agent's own scores for that position whatever thread labels it and whatever it
 * labelled before: tests check them against a fresh agent.
 *
 * The saved model plays as `DecadeSearchAgent` with `playDepth` draws of search.
 */
import { forwardPass } from '../../../agents/learned/network.js';
import * as z from 'zod';
import { remembersStock } from '../agents/memory.js';
import { Position } from '../agents/position.js';
import { SearchForest, StockKnowledge, loadKnowledge, writePositionFeatures } from '../learned/learned-search.js';
import {
  endgameCardsSchema,
  endgamePositionsSchema,
  endgameSamplesSchema,
  maxLeavesSchema,
} from '../../../agents/learned/metadata.js';
import { TengymError } from '../../../env/errors.js';
import type { Env } from '../../../env/env.js';
import type { EnvConfig } from '../../../env/game.js';
import { decadeOptionsOf } from '../engine.js';
import { deriveSeed } from '../../../env/rng.js';
import {
  commonConfigFields,
  parseSavedJson,
  type Algorithm,
  type AlgorithmSpec,
  type AlgorithmState,
  type SavedAlgorithmState,
} from '../../../train/algorithm.js';
import { savedMemoriesSchema, valueLearningFields } from '../../../train/algorithms/afterstate-learning.js';
import type { DecisionEnvState } from '../../../train/decisions.js';
import { DecadeSearchLearner, checkSearchLearning, checkSearchValueLearning } from './search-learner.js';
import { TeacherLabels, labelPosition, type Labels } from './teacher-labels.js';

export const distillConfigSchema = z.strictObject({
  ...commonConfigFields,
  /** The catalogue agent whose per-move scores the network learns (fair, with a 'win-probability' `score`). */
  teacher: z.string().default('pimc'),
  /**
   * Worker threads that label beside the main one (teacher-labels.ts): 1 uses both cores of a 2-core machine. The
   * labels, and so the run, do not depend on it.
   */
  labelWorkers: z.int().min(0).max(63).default(1),
  /**
   * β at the start: the share of decisions where the copy plays the teacher's move (then linear to 0 over
   * epsilonFraction of the run).
   */
  teacherPlaysStart: z.number().min(0).max(1).default(0.5),
  /**
   * Draws the student's search looks ahead in its training games (each draw deeper multiplies the forward passes' rows
   * by about ten).
   */
  studentDepth: z.int().min(0).max(4).default(1),
  /** Draws the saved model's search looks ahead when it plays (evaluations, hints, `tengym eval`). */
  playDepth: z.int().min(0).max(4).default(1),
  /** Horizon positions per decision: past it the search looks one draw less deep. */
  maxLeaves: z._default(maxLeavesSchema, 512),
  /**
   * The search's exact endgame (`search.endgame`, learned-search.ts), in training and in the saved
   * model: at most this many stock cards, searched to the game's end; with 'deck-bottom', once no
   * card is unseen, the solver's values. There the network is never asked, so with 'deck-bottom'
   * those decisions are neither labelled nor learned. 0: none.
   */
  endgame: z._default(endgameCardsSchema, 0),
  /**
   * With 'deck-bottom' and `endgame`: a training game is dealt anew once nothing in its stock is
   * unseen, where the solver would play the rest and nothing is labelled, so the run's time goes
   * to the decisions the network makes (a tenth of a game's steps hold them all).
   */
  untilKnown: z.boolean().default(false),
  /**
   * With `endgame` on one stock: the exact fair solve values those decisions within this many positions
   * (`search.endgamePositions`); 0: the tree.
   */
  endgamePositions: z._default(endgamePositionsSchema, 0),
  /**
   * With `endgame` on one stock: those decisions valued on this many sampled deals, each solved to the end
   * (`search.endgameSamples`, `pimc`'s rule); 0: the tree or the fair solve.
   */
  endgameSamples: z._default(endgameSamplesSchema, 0),
  /** A score is P(win) − tieWeight · cards left / 52: the cards separate positions that are all but lost. */
  tieWeight: z.number().min(0).default(0.02),
  ...valueLearningFields({ epsilonStart: 0.05, epsilonEnd: 0 }),
});
export type DistillConfig = z.infer<typeof distillConfigSchema>;

/**
 * Defaults: labels cost far more than gradient steps, so fewer copies and steps than expert
 * iteration. With 'deck-bottom' the search solves every decision once the stock's order is known
 * (`endgame`), 95% of them: a game of some 580 env steps and 19 decisions leaves the network about one,
 * so the run is longer in steps, and a smaller network plays as well (a quarter of the download).
 */
export function distillPreset(env: EnvConfig): Partial<DistillConfig> {
  const o = decadeOptionsOf(env);
  // Another game has no preset (nor pimc, its reference): the run is refused for its game (distillUnsupported), not for
  // the preset's reference.
  if (o === null) return {};
  const base = {
    numEnvs: 64,
    hidden: [256, 256],
    learningRate: 1e-3,
    evalEpisodes: 2000,
    evalReference: 'pimc',
    samplesPerUpdate: 64,
  };
  if (o?.pickedUp === 'deck-bottom')
    return { ...base, hidden: [64, 64], totalSteps: 20_000_000, evalEvery: 2_000_000, endgame: 12 };
  return { ...base, totalSteps: o?.stacks === 7 ? 2_000_000 : 4_000_000 };
}

/** Why distillation cannot train this env, or null. */
export function distillUnsupported(env: EnvConfig): string | null {
  const o = decadeOptionsOf(env);
  if (o === null)
    return (
      `distillation is written for the decade family (the student is ` +
      `decade's learned search), not ${env.game.name}`
    );
  return null;
}

export class Distill extends DecadeSearchLearner implements Algorithm {
  readonly name = 'distill';
  /** The teacher, on every core. */
  readonly labeller: TeacherLabels;
  private readonly config: DistillConfig;
  private readonly forest: SearchForest;
  private readonly knowledge = new StockKnowledge();
  private readonly position: Position;
  private roots = new Int32Array(64);
  /** This round's sample rows: per copy, its own position's, then its moves' (a move that ends the game has none). */
  private rows: Float32Array;
  private readonly value = new Float64Array(2);
  /** Per copy: where its moves start in `roots` and `studentScore`. */
  private readonly firstRoot: Int32Array;
  private studentScore = new Float64Array(64);
  /** The teacher's labels of one decision's moves, in legal order. */
  private teacherWin = new Float64Array(64);
  private teacherCost = new Float64Array(64);

  constructor(env: EnvConfig, config: DistillConfig) {
    checkDistillConfig(env, config);
    const labeller = new TeacherLabels(env.id, env.options, config.teacher, config.labelWorkers);
    super(env, config, 'distill', {
      depth: config.playDepth,
      maxLeaves: config.maxLeaves,
      tieWeight: config.tieWeight,
      ...(config.endgame > 0 ? { endgame: config.endgame } : {}),
      ...(config.endgame > 0 && config.endgamePositions > 0 ? { endgamePositions: config.endgamePositions } : {}),
      ...(config.endgame > 0 && config.endgameSamples > 0 ? { endgameSamples: config.endgameSamples } : {}),
    });
    this.config = config;
    this.labeller = labeller;
    this.forest = new SearchForest(this.rules, { ...this.search, depth: config.studentDepth });
    this.position = new Position(this.rules.stacks);
    this.rows = new Float32Array(64 * this.layout.size);
    this.firstRoot = new Int32Array(config.numEnvs + 1);
    // A teacher whose scores cannot be labels is refused now, not at the first decision.
    const first = this.env.env(0);
    try {
      if (this.memories && !remembersStock(this.labeller.teacher))
        throw new TengymError(
          'bad-argument',
          `distill config: teacher "${config.teacher}" cannot be told what the player remembers of the stock, ` +
            `which 'deck-bottom' needs`,
        );
      this.toTargets(
        labelPosition(this.labeller.teacher, first, 0),
        first,
        new Float64Array(first.legalCount),
        new Float64Array(first.legalCount),
      );
    } catch (e) {
      this.dispose();
      throw e;
    }
  }

  /** β after `envSteps`: the chance a decision plays the teacher's move. */
  teacherShare(envSteps: number): number {
    const c = this.config;
    return c.teacherPlaysStart * Math.max(0, 1 - envSteps / (c.epsilonFraction * c.totalSteps));
  }

  /**
   * The teacher's labels of a decision, as targets in legal order: P(win), and cards left / 52
   * (0 when the teacher reports none). Returns the index of the teacher's move.
   */
  toTargets(labels: Labels, env: Env, win: Float64Array, cost: Float64Array): number {
    for (const { action, score, expected } of labels) {
      const cardsLeft = expected?.cardsLeft;
      const m = indexOf(env.legal, env.legalCount, action);
      win[m] = score;
      if (cardsLeft === undefined && this.config.costLossWeight > 0)
        throw new TengymError(
          'bad-argument',
          `distill config: teacher "${this.config.teacher}" gives no cards-left estimate; set costLossWeight to 0`,
        );
      cost[m] = (cardsLeft ?? 0) / 52;
    }
    // Scores come best first, ties broken the teacher's own way: the first is its move.
    return indexOf(env.legal, env.legalCount, labels[0].action);
  }

  /** The seed the teacher is reset with before labelling copy i's decision this round. */
  private seedOf(i: number): number {
    return deriveSeed(this.config.seed ^ 0x5eed, this.env.envSteps + i);
  }

  iterate(): void {
    const env = this.env;
    const learning = this.learning;
    const N = this.config.numEnvs;
    const F = this.layout.size;
    const beta = this.teacherShare(env.envSteps);
    const epsilon = learning.epsilon(env.envSteps);
    // With untilKnown, a copy whose whole stock is known is dealt anew: the solver would play the rest, unlabelled.
    if (this.config.untilKnown) for (let i = 0; i < N; i++) this.untilUnseen(i);
    // 1. The student's trees for every copy, one forward pass for all.
    this.forest.clear();
    let moves = 0;
    const firstRoot = this.firstRoot;
    // The copies whose decision the network takes part in (not those the solver decides:
    // 'deck-bottom', nothing unseen, `endgame`).
    const solvesKnown = this.rules.deckBottom && this.config.endgame > 0;
    const asked: number[] = [];
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      this.loadPosition(i);
      if (!(solvesKnown && this.knowledge.unknown === 0)) asked.push(i);
      this.ensureRoots(moves + copy.legalCount);
      firstRoot[i] = moves;
      this.forest.addDecision(this.position, copy.legal, copy.legalCount, this.knowledge, this.roots, moves);
      moves += copy.legalCount;
    }
    firstRoot[N] = moves;
    const outputs = forwardPass(this.model, this.forest.rows, this.forest.leafCount, F);
    if (this.studentScore.length < moves) this.studentScore = new Float64Array(2 * moves);
    const studentScore = this.studentScore;
    for (let r = 0; r < moves; r++) {
      this.forest.evaluate(this.roots[r], outputs, this.value);
      studentScore[r] = this.value[0] - this.config.tieWeight * this.value[1];
    }
    // The teacher's labels of every copy's decision the network takes part in, on every core.
    const memories = this.memories;
    const labelled = this.labeller.label(
      asked.map((i) => env.env(i)),
      asked.map((i) => this.seedOf(i)),
      memories && asked.map((i) => memories[i].remembered()),
    );
    const labels = new Array<Labels | undefined>(N);
    asked.forEach((i, j) => (labels[i] = labelled[j]));
    // 2–3. Per copy: the samples, the move.
    for (let i = 0; i < N; i++) {
      const copy = env.env(i);
      const n = copy.legalCount;
      let student = 0;
      for (let m = 1; m < n; m++)
        if (studentScore[firstRoot[i] + m] > studentScore[firstRoot[i] + student]) student = m;
      const label = labels[i];
      if (label === undefined) {
        // The solver's move, the network never asked: nothing to learn here.
        env.act(i, copy.legal[student]);
        continue;
      }
      if (this.teacherWin.length < n) {
        this.teacherWin = new Float64Array(2 * n);
        this.teacherCost = new Float64Array(2 * n);
      }
      const teacherBest = this.toTargets(label, copy, this.teacherWin, this.teacherCost);
      this.loadPosition(i);
      this.ensureRows(n + 1);
      writePositionFeatures(this.position, this.knowledge, this.rows, 0, this.layout);
      learning.learn(this.rows, 0, this.teacherWin[teacherBest], this.teacherCost[teacherBest]);
      for (let m = 0; m < n; m++) {
        if (this.forest.writeAfterMove(this.position, copy.legal[m], this.knowledge, this.rows, (m + 1) * F))
          learning.learn(this.rows, (m + 1) * F, this.teacherWin[m], this.teacherCost[m]);
      }
      learning.means.add('agreement', student === teacherBest ? 1 : 0);
      // Two draws per decision whatever the network says, so the stream of choices never depends on it.
      const follows = learning.explores(beta);
      const chosen = learning.explores(epsilon) ? learning.randomIndex(n) : follows ? teacherBest : student;
      env.act(i, copy.legal[chosen]);
    }
    if (solvesKnown) learning.means.add('solvedShare', (N - asked.length) / N);
    learning.means.add('teacherShare', beta);
    learning.means.add('epsilon', epsilon);
    // 4. Gradient steps.
    learning.train(env.envSteps);
  }

  /**
   * Deals copy i anew until it stands at a decision with a card of its stock unseen (its memory, kept at every state,
   * says).
   */
  private untilUnseen(i: number): void {
    const memory = this.memories![i];
    for (let deals = 0; ; deals++) {
      if (memory.unknown > 0) return;
      if (deals === MAX_DEALS_WITHOUT_UNSEEN)
        throw new TengymError(
          'bad-argument',
          `distill: ${MAX_DEALS_WITHOUT_UNSEEN} deals in a row of ${this.env.vec.id} reached no decision with ` +
            `a card unseen: untilKnown has nothing to train on`,
        );
      this.env.restart(i);
    }
  }

  /** Copy i's position and what its player knows of the stock, into `position` and `knowledge`. */
  private loadPosition(i: number): void {
    const state = this.stateOf(i);
    this.position.loadTableOnly(state);
    this.position.stockLen = state.stockLen;
    loadKnowledge(this.knowledge, state, this.memories ? this.memories[i] : null);
  }

  private ensureRoots(n: number): void {
    if (this.roots.length >= n) return;
    const b = new Int32Array(2 * n);
    b.set(this.roots);
    this.roots = b;
  }

  private ensureRows(n: number): void {
    if (this.rows.length < n * this.layout.size) this.rows = new Float32Array(2 * n * this.layout.size);
  }

  override dispose(): void {
    this.labeller.dispose();
    super.dispose();
  }

  getState(): AlgorithmState {
    return this.learning.getState({ memories: this.rememberedStocks() }, {});
  }

  setState(state: SavedAlgorithmState, envState: DecisionEnvState): void {
    const j = parseSavedJson(
      z.looseObject({ memories: savedMemoriesSchema(this.config.numEnvs, this.memories !== null) }),
      state.json,
    );
    this.learning.setState(state);
    this.env.setState(envState);
    this.restoreMemories(j.memories);
  }
}

/**
 * untilKnown: deals in a row a copy may need to reach a decision with a card unseen (a guard against a game with none).
 */
const MAX_DEALS_WITHOUT_UNSEEN = 1000;

function indexOf(legal: Int32Array, n: number, action: number): number {
  for (let m = 0; m < n; m++) if (legal[m] === action) return m;
  throw new TengymError('bad-argument', `distill: the teacher scored action ${action}, which is not legal here`);
}

/**
 * What a distill run refuses of its config before it allocates anything (AlgorithmSpec.check); its teacher is checked
 * when it is made.
 */
function checkDistillConfig(env: EnvConfig, config: DistillConfig): void {
  checkSearchLearning(env, config, 'distill', distillUnsupported(env), "the targets are the teacher's scores");
  if (config.untilKnown && !(decadeOptionsOf(env)!.pickedUp === 'deck-bottom' && config.endgame > 0)) {
    throw new TengymError(
      'bad-argument',
      `distill config: untilKnown needs a stock whose order becomes known ('deck-bottom', as ` +
        `ten-twenty-thirty) and an endgame that solves it (endgame > 0); ${env.id} with endgame ${config.endgame} ` +
        `has none`,
    );
  }
  checkSearchValueLearning(env, config, 'distill');
}

export const algorithm: AlgorithmSpec<DistillConfig> = {
  name: 'distill',
  configSchema: distillConfigSchema,
  preset: distillPreset,
  check: checkDistillConfig,
  create: (env, config) => new Distill(env, config),
};
