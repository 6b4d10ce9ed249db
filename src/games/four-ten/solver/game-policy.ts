/**
 * The game-level optimal policy for Four Ten (browser-safe).
 *
 * A game is a sequence of rounds; between rounds the only state is the points p and the safeties
 * left s (every round reshuffles all 32 cards). The policy maximises E[γ^R · 1{win}], R the
 * rounds played to the win, with γ = 1 − δ and δ = 10⁻¹² the "small discount per round": the
 * chance of winning comes first (δ·R is far below the chances of losing that separate real
 * alternatives), and among plays that are equally safe the one that wins in fewer rounds is
 * preferred.
 *
 * Values are kept as the shortfall L(p, s) = 1 − E[γ^R · 1{win}] from the start of a round
 * (L = 0 once p ≥ gameTarget, 1 after a bust), so that chances of losing of 10⁻¹⁰ and the δ per
 * round stay exact in floating point (1 − L would round them away). The round at (p, s) is solved
 * exactly (round-solver.ts) maximising −L of what each ending leads to, which is, with
 * next(L') = δ + (1 − δ)·L':
 *   score → −next(L(p + handTarget, s)),  bottom of the deck at total t → −next(L(p + t, s)),
 *   fault at total t → −next(L(p, s − 1)) with a safety left; with none, −next(L(p − t, 0)) if
 *   p ≥ t, else −1 (bust).
 * So −L(p, s) is that round's value. Rounds with safeties left only move p up or s down, so
 * L(·, s ≥ 1) is one solve per (p, s), highest p first; with no safety left a fault costs points
 * (p − t), which makes L(·, 0) a fixed point, found by Gauss–Seidel sweeps (p from the top, one
 * solve per p) until no value moves by more than a 10⁻⁹ part of itself.
 *
 * The round cap (`maxRounds`) is not part of the state: the policy is optimal for the uncapped
 * game, which is the capped game's optimum as long as the cap practically never binds;
 * `checkGameOptions` refuses caps short enough to matter (fewer than 20 + gameTarget/5 rounds).
 */
import { TengymError } from '../../../env/errors.js';
import { Staged } from '../../../agents/staged.js';
import { roundModel, roundModelStaged, type RoundModel } from './round-model.js';
import {
  MAX_TOTAL,
  solveRound,
  solveRoundSteps,
  type RoundPayoffs,
  type RoundRules,
  type RoundSolution,
} from './round-solver.js';

export interface GameRules extends RoundRules {
  gameTarget: number;
  safeties: number;
  maxRounds: number;
}

/** δ: the discount per round (γ = 1 − δ). */
export const DEFAULT_DISCOUNT = 1e-12;
/** The most (points, safeties) states the game solve takes on (each is at least one round solve, about 1 s). */
export const MAX_GAME_STATES = 2000;
/** Sweeps stop when no shortfall moves by more than this part of itself. */
const CONVERGED = 1e-9;
const MAX_SWEEPS = 300;

/** The smallest `maxRounds` the optimal policy accepts for these rules (see the module comment). */
export function minimumMaxRounds(gameTarget: number): number {
  return 20 + Math.ceil(gameTarget / 5);
}

/** Refuses, naming the option, the rules the game policy cannot be optimal for. */
export function checkGameOptions(rules: GameRules): void {
  const states = rules.gameTarget * (rules.safeties + 1);
  if (states > MAX_GAME_STATES) {
    throw new TengymError(
      'bad-argument',
      `optimal: gameTarget ${rules.gameTarget} with safeties ${rules.safeties} makes ${states} (points, ` +
        (`safeties) states to solve, one round solve (about 1 s) each; the optimal agent takes at most ` +
          `${MAX_GAME_STATES} `) +
        `(gameTarget × (safeties + 1))`,
    );
  }
  const least = minimumMaxRounds(rules.gameTarget);
  if (rules.maxRounds < least) {
    throw new TengymError(
      'bad-argument',
      `optimal: maxRounds ${rules.maxRounds} is too short: the optimal policy maximises the chance of ` +
        `reaching gameTarget ${rules.gameTarget} without a round cap, which is the optimum only when the cap ` +
        `practically never binds; it needs maxRounds ≥ ${least} (20 + gameTarget/5)`,
    );
  }
}

/** The shortfalls L(p, s) = 1 − E[γ^R · 1{win}] for p < gameTarget, s ≤ safeties: `shortfall[s * gameTarget + p]`. */
export class GameValues {
  readonly rules: GameRules;
  /** δ, the discount per round. */
  readonly discount: number;
  readonly shortfall: Float64Array;

  constructor(rules: GameRules, discount: number, shortfall: Float64Array) {
    if (shortfall.length !== rules.gameTarget * (rules.safeties + 1)) throw new Error('GameValues: wrong table size');
    this.rules = rules;
    this.discount = discount;
    this.shortfall = shortfall;
  }

  /** L(p, s): 0 at or above the target. */
  loss(points: number, safeties: number): number {
    return points >= this.rules.gameTarget ? 0 : this.shortfall[safeties * this.rules.gameTarget + points];
  }

  /** 1 − L(p, s): the chance of winning from the start of a round at (p, s), discounted by γ per round. */
  winChance(points: number, safeties: number): number {
    return 1 - this.loss(points, safeties);
  }

  /** The round payoffs at (points, safeties). */
  payoffs(points: number, safeties: number): RoundPayoffs {
    return gamePayoffs(this.rules, this.discount, points, safeties, (p, s) => this.loss(p, s));
  }
}

function gamePayoffs(
  rules: GameRules,
  delta: number,
  p: number,
  s: number,
  loss: (p: number, s: number) => number,
): RoundPayoffs {
  const next = (q: number, t: number) => -(delta + (1 - delta) * loss(q, t));
  const bottom = new Float64Array(MAX_TOTAL + 1);
  const fault = new Float64Array(MAX_TOTAL + 1);
  for (let t = 0; t <= MAX_TOTAL; t++) {
    bottom[t] = next(p + t, s);
    fault[t] = s > 0 ? next(p, s - 1) : p >= t ? next(p - t, 0) : -1;
  }
  return { score: next(p + rules.handTarget, s), bottom, fault };
}

export interface GameSolveProgress {
  solves: number;
  points: number;
  safeties: number;
  sweep: number;
  /** How much the shortfall moved, as a part of itself. */
  change: number;
}

/** Solves L for every (points, safeties): about 15·gameTarget + safeties·gameTarget round solves. */
export function computeGameValues(
  rules: GameRules,
  opts: { discount?: number; onProgress?: (p: GameSolveProgress) => void } = {},
): GameValues {
  checkGameOptions(rules);
  const delta = opts.discount ?? DEFAULT_DISCOUNT;
  const G = rules.gameTarget;
  const L = new Float64Array(G * (rules.safeties + 1)).fill(1);
  const loss = (p: number, s: number): number => (p >= G ? 0 : L[s * G + p]);
  const model = roundModel(rules.handTarget, rules.check);
  let solves = 0;
  const solveAt = (p: number, s: number, sweep: number): number => {
    const old = L[s * G + p];
    const now = -solveRound(rules, gamePayoffs(rules, delta, p, s, loss), { model }).roundValue;
    L[s * G + p] = now;
    solves++;
    const change = Math.abs(now - old) / Math.max(now, Number.MIN_VALUE);
    opts.onProgress?.({ solves, points: p, safeties: s, sweep, change });
    return change;
  };
  // No safety left: Gauss–Seidel sweeps. The error shrinks geometrically (by about 0.2 a sweep
  // for the default rules); when two successive ratios agree, the geometric tail is added at
  // once (an extrapolation checked by the sweeps that follow: only a sweep that moves nothing by
  // more than CONVERGED ends the loop, and the fixed point is unique).
  const previous = new Float64Array(G);
  let lastChange = Infinity;
  let lastRatio = NaN;
  for (let sweep = 1; ; sweep++) {
    previous.set(L.subarray(0, G));
    let change = 0;
    for (let p = G - 1; p >= 0; p--) change = Math.max(change, solveAt(p, 0, sweep));
    if (change < CONVERGED) break;
    if (sweep >= MAX_SWEEPS)
      throw new Error(`Four Ten game values did not converge in ${MAX_SWEEPS} sweeps (last change ${change})`);
    const ratio = change / lastChange;
    if (ratio < 0.9 && Math.abs(ratio - lastRatio) < 0.2 * ratio) {
      const tail = ratio / (1 - ratio);
      for (let p = 0; p < G; p++) L[p] = Math.min(1, Math.max(0, L[p] + (L[p] - previous[p]) * tail));
      lastRatio = NaN;
      lastChange = Infinity;
    } else {
      lastRatio = ratio;
      lastChange = change;
    }
  }
  for (let s = 1; s <= rules.safeties; s++) for (let p = G - 1; p >= 0; p--) solveAt(p, s, 1);
  return new GameValues(rules, delta, L);
}

/**
 * The pace objective, beside the win chance that `computeGameValues` puts first: R(p, s), the
 * fewest expected rounds still to play from a round's start at (p, s), this one included, a lost
 * game counting `lossRounds` more (so the game is risked only for that many rounds saved).
 * Each round at (p, s) is solved minimising 1 + R(where it ends): score → R(p + handTarget, s),
 * bottom at total t → R(p + t, s), fault → R(p, s − 1) with a safety left, else R(p − t, 0) if
 * p ≥ t, else the loss. As for the shortfalls, rounds at s ≥ 1 only move p up or s down (one solve
 * per (p, s), highest p first), and s = 0 is a fixed point found by Gauss–Seidel sweeps, here until
 * no value moves by 10⁻⁷ rounds. `onSolve` sees every round solution, the last one of each (p, s)
 * being final (to keep them).
 * The uncapped game's optimum, like the game values (see the module comment on `maxRounds`).
 */
export function computePaceValues(
  rules: GameRules,
  opts: {
    lossRounds?: number;
    onSolve?: (points: number, safeties: number, solution: RoundSolution) => void;
    onProgress?: (p: GameSolveProgress) => void;
  } = {},
): Float64Array {
  checkGameOptions(rules);
  const loss = opts.lossRounds ?? 10;
  const G = rules.gameTarget;
  // A first guess at the pace: about 12 points a round.
  const R = Float64Array.from({ length: G * (rules.safeties + 1) }, (_, i) => 1 + (G - (i % G)) / 12);
  const rounds = (p: number, s: number): number => (p >= G ? 0 : R[s * G + p]);
  const model = roundModel(rules.handTarget, rules.check);
  let solves = 0;
  const solveAt = (p: number, s: number, sweep: number): number => {
    const next = (q: number, t: number) => -(1 + rounds(q, t));
    const lost = -(1 + loss);
    const bottom = new Float64Array(MAX_TOTAL + 1);
    const fault = new Float64Array(MAX_TOTAL + 1);
    for (let t = 0; t <= MAX_TOTAL; t++) {
      bottom[t] = next(p + t, s);
      fault[t] = s > 0 ? next(p, s - 1) : p >= t ? next(p - t, 0) : lost;
    }
    const solution = solveRound(rules, { score: next(p + rules.handTarget, s), bottom, fault }, { model });
    const change = Math.abs(-solution.roundValue - R[s * G + p]);
    R[s * G + p] = -solution.roundValue;
    solves++;
    opts.onProgress?.({ solves, points: p, safeties: s, sweep, change });
    opts.onSolve?.(p, s, solution);
    return change;
  };
  for (let sweep = 1; ; sweep++) {
    let change = 0;
    for (let p = G - 1; p >= 0; p--) change = Math.max(change, solveAt(p, 0, sweep));
    if (change < 1e-7) break;
    if (sweep >= MAX_SWEEPS)
      throw new Error(`Four Ten pace values did not converge in ${MAX_SWEEPS} sweeps (last change ${change})`);
  }
  for (let s = 1; s <= rules.safeties; s++) for (let p = G - 1; p >= 0; p--) solveAt(p, s, 1);
  return R;
}

/**
 * The policy: game values plus the round solved at each (points, safeties) met, kept in memory
 * (about 3.6 MB each for the default rules; the least recently used go beyond `maxTables`).
 */
export class GamePolicy {
  readonly values: GameValues;
  readonly maxTables: number;
  /** Each round solved or being solved, and whether with the round figures; least recently used first. */
  private readonly tables = new Map<string, { solution: Staged<RoundSolution>; stats: boolean }>();
  /** Round solves done so far, and their seconds. */
  solves = 0;
  solveSeconds = 0;

  constructor(values: GameValues, maxTables = 64) {
    this.values = values;
    this.maxTables = maxTables;
  }

  /** The round model for these rules, shared with every solver of them. */
  get model(): RoundModel {
    return roundModelStaged(this.values.rules.handTarget, this.values.rules.check).get();
  }

  /** The round solved for (points, safeties); `stats` adds the round figures for hints. */
  round(points: number, safeties: number, stats = false): RoundSolution {
    return this.roundStaged(points, safeties, stats).get();
  }

  /**
   * `round` a slice at a time (`Staged`), for a hint with a time budget: a solve begun here is the one `round` then
   * finishes. A round solved with its figures serves a call without them.
   */
  roundStaged(points: number, safeties: number, stats = false): Staged<RoundSolution> {
    const key = `${points}/${safeties}`;
    const hit = this.tables.get(key);
    this.tables.delete(key);
    if (hit && (hit.stats || !stats)) {
      this.tables.set(key, hit);
      return hit.solution;
    }
    const solution = new Staged(this.solve(points, safeties, stats));
    this.tables.set(key, { solution, stats });
    while (this.tables.size > this.maxTables) this.tables.delete(this.tables.keys().next().value as string);
    return solution;
  }

  private *solve(points: number, safeties: number, stats: boolean): Generator<void, RoundSolution> {
    // The rules' shared round model, built in slices by the solve where it is not yet.
    const solution = yield* solveRoundSteps(this.values.rules, this.values.payoffs(points, safeties), { stats });
    this.solves++;
    this.solveSeconds += solution.seconds;
    return solution;
  }
}
