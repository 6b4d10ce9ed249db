/**
 * `pimc` — the fair search (perfect-information Monte Carlo). On the first pass the stock's
 * face-down cards are unseen: at a decision it deals K orders of them (their composition, which
 * a player knows, shuffled with the agent's own seeded generator from a fixed order, so the true
 * order cannot leak in), solves the position after each legal move exactly on every sampled deal
 * (solver.ts, at most `budget` moves a solve) and plays the move that wins the most samples; ties
 * go to `greedy`'s order. A king is removed at once: nothing is lost by it.
 *
 * From the second pass on nothing is unseen: the stock is the waste turned over, whose order the
 * player saw form. Then one "sample" is the true deal, solved with `endgameBudget`, and the table
 * is kept from move to move. The waste's order is always known (the player laid it).
 *
 * `score` is the fraction of samples each move still wins ('win-probability').
 *
 * The samples at a decision come from a generator seeded by the episode's seed and what the
 * player sees there (`seenHash`), never by the calls made before: `act` and `score` agree on a
 * position, and a hint for a position is the same whoever asks and whatever was asked before.
 */
import { validateSeed, type Env } from '../../env/env.js';
import { createRng, deriveSeed, shuffleInPlace } from '../../env/rng.js';
import type { ActionScores, Agent } from '../agent.js';
import { faceDownSlots, type TriangleRules, type TriangleState } from '../../env/layouts/index.js';
import { EMPTY, KING_BASE, DRAW, SLOTS, TALON_SIZE } from './shape.js';
import { greedyRank, triangleEnv, seenHash } from './common.js';
import { lowBit, popCount } from './geometry.js';
import { KnownDeal, applyAction, type SearchPosition } from './deal.js';
import { TriangleSolver, searchPass, triangleSolverRules } from './solver.js';

export interface PimcConfig {
  /** Sampled orders of the unseen cards per decision. */
  samples: number;
  /** Moves one solve (one legal move on one sample) may apply; past it the sample counts as lost for that move. */
  budget: number;
  /**
   * Moves all the solves of one decision may apply together while cards are unseen: with many legal moves each
   * solve gets less than `budget`, so that a decision costs about the same whatever its moves.
   */
  decisionBudget: number;
  /**
   * Moves the solves of one decision may apply together when nothing is unseen (the one true deal, whose table is
   * kept from move to move); past it the moves not yet solved count as lost in that decision.
   */
  endgameBudget: number;
}

/** The defaults: a hint in a few milliseconds, at most tens (docs/agents.md: the measured latency). */
export const PIMC_CONFIG: PimcConfig = { samples: 16, budget: 1500, decisionBudget: 24_000, endgameBudget: 100_000 };

export class PimcAgent implements Agent {
  readonly name: string;
  readonly fair = true;
  private readonly config: PimcConfig;
  private seed = 0;
  private solver: TriangleSolver | null = null;
  private rulesKey = '';
  private readonly slotRank = new Int8Array(SLOTS);
  private readonly talonRank = new Int8Array(TALON_SIZE);
  private readonly unseen = new Uint8Array(TALON_SIZE + SLOTS);
  private readonly root: SearchPosition = { present: 0, talon: 0, cursor: 0, pass: 1 };
  private readonly child: SearchPosition = { present: 0, talon: 0, cursor: 0, pass: 1 };
  /** When nothing is unseen: the true deal the table holds values for. */
  private readonly deal = new KnownDeal();

  constructor(config: Partial<PimcConfig> = {}, name = 'pimc') {
    this.config = { ...PIMC_CONFIG, ...config };
    this.name = name;
  }

  reset(seed: number): void {
    this.seed = validateSeed(seed, `agent "${this.name}" seed`);
    this.deal.forget();
  }

  act(env: Env): number {
    const { state, rules } = triangleEnv(env, this.name);
    if (env.legalCount === 1) return env.legal[0];
    // A king goes at once (it pairs with nothing: removing it never loses anything).
    for (let i = 0; i < env.legalCount; i++) if (env.legal[i] >= KING_BASE && env.legal[i] < DRAW) return env.legal[i];
    const wins = this.tally(env, state, rules);
    let best = 0;
    for (let i = 1; i < env.legalCount; i++) if (this.better(state, env.legal, wins, i, best)) best = i;
    return env.legal[best];
  }

  /** Score: the fraction of sampled deals in which the move still wins. */
  score(env: Env): ActionScores {
    const { state, rules } = triangleEnv(env, this.name);
    const wins = this.tally(env, state, rules);
    const samples = this.unseenCount(state, rules) > 1 ? this.config.samples : 1;
    const order = Array.from({ length: env.legalCount }, (_, i) => i);
    order.sort((a, b) =>
      this.better(state, env.legal, wins, a, b) ? -1 : this.better(state, env.legal, wins, b, a) ? 1 : 0,
    );
    return {
      kind: 'win-probability',
      actions: order.map((i) => ({ action: env.legal[i], score: wins[i] / samples })),
      ...(samples > 1 ? { samples } : {}),
    };
  }

  private better(state: TriangleState, legal: ArrayLike<number>, wins: Float64Array, i: number, j: number): boolean {
    if (wins[i] !== wins[j]) return wins[i] > wins[j];
    return greedyRank(state, legal[i]) > greedyRank(state, legal[j]);
  }

  /** The stock's face-down cards on the first pass (unseen), else 0. */
  private hiddenStock(s: TriangleState, r: TriangleRules): number {
    if (s.pass > 1) return 0;
    return s.talonLen - s.cursor - (r.topPlayable && s.cursor < s.talonLen ? 1 : 0);
  }

  /** The cards a player has not seen: the stock's face-down ones and the pyramid's face-down ones. */
  private unseenCount(s: TriangleState, r: TriangleRules): number {
    return this.hiddenStock(s, r) + popCount(faceDownSlots(r, s.present));
  }

  /** Samples in which each legal move still wins. */
  private tally(env: Env, s: TriangleState, r: TriangleRules): Float64Array {
    const solver = this.solverFor(r);
    const wins = new Float64Array(env.legalCount);
    const hidden = this.hiddenStock(s, r);
    const hiddenSlots = faceDownSlots(r, s.present);
    const unseen = hidden + popCount(hiddenSlots);
    if (unseen <= 1) {
      // Nothing to guess: the true deal, its table kept while the game goes on from it.
      this.deal.position(solver, s, this.root);
      let left = this.config.endgameBudget;
      for (let i = 0; i < env.legalCount && left > 0; i++) {
        wins[i] = this.solveAfter(solver, env.legal[i], left) ? 1 : 0;
        left -= solver.nodes;
      }
      return wins;
    }
    this.deal.forget();
    for (let i = 0; i < SLOTS; i++) this.slotRank[i] = s.cards[i] === EMPTY ? -1 : s.cards[i] >> 2;
    for (let k = 0; k < s.talonLen; k++) this.talonRank[k] = s.talon[k] >> 2;
    this.root.present = s.present;
    this.root.talon = (1 << s.talonLen) - 1;
    this.root.cursor = s.cursor;
    this.root.pass = searchPass(solver.rules, s);
    // The unseen cards in a fixed order (by card), shuffled afresh for each sample: the stock's, then the pyramid's.
    const first = s.talonLen - hidden;
    const cards = Array.from(s.talon.subarray(first, s.talonLen));
    for (let x = hiddenSlots; x !== 0; x &= x - 1) cards.push(s.cards[lowBit(x)]);
    cards.sort((a, b) => a - b);
    const rng = createRng(deriveSeed(this.seed, seenHash(s)));
    const budget = Math.max(
      1,
      Math.min(this.config.budget, Math.floor(this.config.decisionBudget / (this.config.samples * env.legalCount))),
    );
    for (let k = 0; k < this.config.samples; k++) {
      this.unseen.set(cards);
      shuffleInPlace(rng, this.unseen, unseen);
      for (let j = 0; j < hidden; j++) this.talonRank[first + j] = this.unseen[j] >> 2;
      for (let x = hiddenSlots, j = hidden; x !== 0; x &= x - 1, j++) this.slotRank[lowBit(x)] = this.unseen[j] >> 2;
      solver.load(this.slotRank, this.talonRank, s.talonLen);
      for (let i = 0; i < env.legalCount; i++) if (this.solveAfter(solver, env.legal[i], budget)) wins[i]++;
    }
    return wins;
  }

  private solveAfter(solver: TriangleSolver, action: number, budget: number): boolean {
    const c = applyAction(this.root, action, this.child, solver.rules);
    return solver.solve(c.present, c.talon, c.cursor, c.pass, budget);
  }

  private solverFor(rules: TriangleRules): TriangleSolver {
    const key = JSON.stringify(triangleSolverRules(rules));
    if (this.solver === null || key !== this.rulesKey) {
      this.solver = new TriangleSolver(triangleSolverRules(rules), 18);
      this.rulesKey = key;
      this.deal.forget();
    }
    return this.solver;
  }
}
