/**
 * An exact solver for one Four Ten round (browser-safe: typed arrays only). The configurations and
 * multisets are four-ten-hands.ts's, the round's graph (verdicts, exchange components, the value
 * tables' layout) round-model.ts's; this file holds the solution, its queries and the solve.
 *
 * ## What a state is
 *
 * A card's suit never matters, so a hand is a multiset of values: 70 multisets of 0–4 cards
 * (`MS_*` tables). A configuration is the triple (Hand, Home, Shadow) of multisets,
 * `id = hand * 4900 + home * 70 + shadow` (343,000 ids). A decision state at the start of a
 * turn is a configuration that neither scores nor faults, plus the stock's composition (how many
 * 1s, 2s, 3s, 4s are undrawn): the order of the stock is unknown to the player, so every
 * permutation of it is equally likely and the next card is value v with probability
 * stock[v] / |stock|. While the hands hold fewer than 12 cards nothing is out of play, so the
 * stock is 8 − (the hands' counts) and the configuration alone is the state; with 12 cards the
 * stock is any composition within 0 ≤ stock[v] ≤ 8 − (hands' count of v) (the rest is out of
 * play after replacements).
 *
 * ## The exchange phase
 *
 * An exchange keeps each hand's size and the 12 (or fewer) cards in the hands, so it moves
 * within a finite graph of configurations, undirected (every swap can be swapped back). Within
 * a turn no configuration may be revisited, and a configuration that scores or faults ends the
 * round at once. So after a placement or replacement leaves configuration c on the table, the
 * player can end the turn at any non-ending configuration of c's connected component (the
 * component of the graph restricted to non-ending configurations: a simple path reaches any
 * of them, and a simple path never revisits), or step from any of them into an adjacent ending
 * configuration (a score, or a fault: those are never "seen", so always legal). An optimal player
 * never needs a cycle, so the value after a placement is the component's best:
 *
 *   X(K, stock) = max( score payoff if K touches a scoring configuration,
 *                      max over members y of W(y, stock),
 *                      fault payoff (at K's total) if K touches a faulting configuration ).
 *
 * Exchanges keep the hands' total, so a component has one total. `X` is what the solution
 * stores: one number per (component, stock). For the default rules the 1,493,946 turn-start
 * states fall into 9,464 components, and the table holds 457,154 numbers (3.7 MB): 447,690 for
 * full hands (component × stock composition) and one per component with fewer cards.
 *
 * ## Turn starts
 *
 * W(y, stock), the value of a turn that starts at y:
 * - place, `drawVisible`:  Σ_v p(v) · max over hands h with ≤ 3 cards of A(y + v in h, stock − v)
 * - place, hidden card:    max over h of Σ_v p(v) · A(y + v in h, stock − v)
 * - replace (12 cards):    max over (hand h, value u in h) of Σ_v p(v) · A(y − u in h + v in h, stock − v)
 * and A(c, stock) = the score payoff if c scores, the fault payoff (at c's total) if it faults
 * (`check` decides which is looked at first), the bottom payoff (at c's total) if the stock is
 * empty, else X(component of c, stock). The stock shrinks by one card per turn, so the values are
 * computed layer by layer, from one card left up to the full deck (a bottom-up dynamic programme;
 * nothing recurses).
 *
 * ## Payoffs
 *
 * The solver maximises the expectation of a payoff paid when the round ends: `score` (the Hand
 * reaches `handTarget`), `bottom[t]` (the deck's last card placed with hands totalling t) and
 * `fault[t]` (a fault with hands totalling t). `roundPayoffs(λ)` gives round points minus λ per
 * fault; the game policy (game-policy.ts) gives the chance of winning the game from the points and
 * safeties each ending leads to. With `stats`, the solution also carries, per state, the expected
 * round points, P(fault) and P(score) of the optimal policy (P(bottom) is the rest), for hints.
 *
 * Past 600 lines on purpose: about a sixth of it is the method's explanation below, next to the code it
 * explains.
 */
import { TengymError } from '../../../env/errors.js';
import { Staged } from '../../../agents/staged.js';
import {
  FOUR_TEN_DECK_SIZE,
  HAND_STRIDE,
  MS_ADD,
  MS_COUNTS,
  MS_REMOVE,
  MS_SIZE,
  PER_VALUE,
  configCards,
  configCount,
  configHand,
  configTotal,
  withHand,
} from '../hands.js';
import {
  CONTINUES,
  FAULTS,
  SCORES,
  TOUCHES_FAULT,
  TOUCHES_SCORE,
  roundModelStaged,
  type RoundModel,
} from './round-model.js';

export interface RoundRules {
  drawVisible: boolean;
  check: 'points-first' | 'faults-first';
  handTarget: number;
}

/** Payoffs by how the round ends; `bottom` and `fault` are indexed by the hands' total (0..48). */
export interface RoundPayoffs {
  score: number;
  bottom: Float64Array;
  fault: Float64Array;
}

/** What a state or action is worth: the payoff's expectation, and the round's figures under the optimal policy. */
export interface RoundOutlook {
  value: number;
  /** Expected round points (NaN when the solution was made without stats). */
  points: number;
  /** P(the round ends in a fault). */
  fault: number;
  /** P(the Hand reaches handTarget). */
  score: number;
}

export const MAX_TOTAL = 48;

// ---------------------------------------------------------------- payoffs

/** Round points minus λ per fault (λ = 0: expected round points). */
export function roundPayoffs(handTarget: number, lambda = 0): RoundPayoffs {
  const bottom = new Float64Array(MAX_TOTAL + 1);
  for (let t = 0; t <= MAX_TOTAL; t++) bottom[t] = t;
  return { score: handTarget, bottom, fault: new Float64Array(MAX_TOTAL + 1).fill(-lambda) };
}

// ---------------------------------------------------------------- the solution

/**
 * Values of every (component, stock) for one set of payoffs. `full` is indexed by
 * `slotBase[config] + box index of the stock`; `nonFull` by component (the stock follows).
 * With stats, parallel arrays hold the optimal policy's expected points, P(fault), P(score).
 */
export class RoundSolution {
  readonly model: RoundModel;
  readonly rules: RoundRules;
  readonly payoffs: RoundPayoffs;
  readonly full: Float64Array;
  readonly nonFull: Float64Array;
  readonly stats: boolean;
  readonly fullPoints: Float64Array;
  readonly fullFault: Float64Array;
  readonly fullScore: Float64Array;
  readonly nonFullPoints: Float64Array;
  readonly nonFullFault: Float64Array;
  readonly nonFullScore: Float64Array;
  /** Seconds the solve took. */
  seconds = 0;

  constructor(model: RoundModel, rules: RoundRules, payoffs: RoundPayoffs, stats: boolean) {
    this.model = model;
    this.rules = rules;
    this.payoffs = payoffs;
    this.stats = stats;
    this.full = new Float64Array(model.fullSize);
    this.nonFull = new Float64Array(model.numComps);
    const fs = stats ? model.fullSize : 0;
    const ns = stats ? model.numComps : 0;
    this.fullPoints = new Float64Array(fs);
    this.fullFault = new Float64Array(fs);
    this.fullScore = new Float64Array(fs);
    this.nonFullPoints = new Float64Array(ns);
    this.nonFullFault = new Float64Array(ns);
    this.nonFullScore = new Float64Array(ns);
  }

  /** Bytes held by the value (and stats) arrays. */
  get bytes(): number {
    return (
      this.full.byteLength +
      this.nonFull.byteLength +
      this.fullPoints.byteLength * 3 +
      this.nonFullPoints.byteLength * 3
    );
  }

  /** The value of a whole round from its start (empty hands, full deck). */
  get roundValue(): number {
    return this.nonFull[this.model.comp[0]];
  }

  /** The round's outlook from its start. */
  roundOutlook(): RoundOutlook {
    const k = this.model.comp[0];
    return this.stats
      ? {
          value: this.nonFull[k],
          points: this.nonFullPoints[k],
          fault: this.nonFullFault[k],
          score: this.nonFullScore[k],
        }
      : { value: this.nonFull[k], points: NaN, fault: NaN, score: NaN };
  }

  // ------------------------------------------------------------ queries (allocate a little; for agents and hints)

  /**
   * A(c, stock): the value right after a placement or replacement leaves configuration `c` with
   * `stock` undrawn, before any exchange (the exchange phase, played optimally, included).
   */
  afterChange(c: number, stock: ArrayLike<number>, out: RoundOutlook): RoundOutlook {
    const m = this.model;
    const v = m.verdict[c];
    const total = configTotal(c);
    if (v === SCORES) return setOutlook(out, this.payoffs.score, this.rules.handTarget, 0, 1);
    if (v === FAULTS) return setOutlook(out, this.payoffs.fault[total], 0, 1, 0);
    if (v !== CONTINUES)
      throw new TengymError('bad-argument', 'impossible Four Ten configuration (more than eight cards of a value)');
    const size = stock[0] + stock[1] + stock[2] + stock[3];
    if (size === 0) return setOutlook(out, this.payoffs.bottom[total], total, 0, 0);
    const k = m.comp[c];
    if (m.compCards[k] < 12) {
      checkStockFollows(c, stock);
      return this.stats
        ? setOutlook(out, this.nonFull[k], this.nonFullPoints[k], this.nonFullFault[k], this.nonFullScore[k])
        : setOutlook(out, this.nonFull[k], NaN, NaN, NaN);
    }
    const i = this.fullIndex(c, stock);
    return this.stats
      ? setOutlook(out, this.full[i], this.fullPoints[i], this.fullFault[i], this.fullScore[i])
      : setOutlook(out, this.full[i], NaN, NaN, NaN);
  }

  private fullIndex(c: number, stock: ArrayLike<number>): number {
    const m = this.model;
    const M = m.cfgM[c];
    let idx = m.slotBase[c];
    for (let v = 0; v < 4; v++) {
      const s = stock[v];
      if (s < 0 || s > PER_VALUE - m.mCounts[M * 4 + v])
        throw new TengymError('bad-argument', `a stock of ${s} cards of value ${v + 1} is impossible with these hands`);
      idx += s * m.mStride[M * 4 + v];
    }
    return idx;
  }

  /** The expectation over the next card of A(c with hand h ← MS_ADD[base][v], stock − v). */
  private drawInto(c: number, h: number, base: number, stock: number[], out: RoundOutlook): RoundOutlook {
    const size = stock[0] + stock[1] + stock[2] + stock[3];
    const acc = setOutlook(out, 0, 0, 0, 0);
    const tmp = blankOutlook();
    for (let v = 0; v < 4; v++) {
      if (stock[v] === 0) continue;
      const p = stock[v] / size;
      stock[v]--;
      this.afterChange(withHand(c, h, MS_ADD[base * 4 + v]), stock, tmp);
      stock[v]++;
      addScaled(acc, tmp, p);
    }
    return acc;
  }

  /** The value of placing the next (unseen) card into hand h of `c`. */
  placeHidden(c: number, h: number, stock: ArrayLike<number>, out: RoundOutlook): RoundOutlook {
    return this.drawInto(c, h, configHand(c, h), Array.from(stock), out);
  }

  /** The value of replacing a card of value u (1..4) in hand h of full configuration `c`. */
  replace(c: number, h: number, u: number, stock: ArrayLike<number>, out: RoundOutlook): RoundOutlook {
    const base = MS_REMOVE[configHand(c, h) * 4 + u - 1];
    if (base < 0) throw new TengymError('bad-argument', `hand ${h} holds no ${u}`);
    return this.drawInto(c, h, base, Array.from(stock), out);
  }

  /** W(c, stock): the value of a turn starting at configuration c (which neither scores nor faults). */
  turnStart(c: number, stock: ArrayLike<number>, out: RoundOutlook): RoundOutlook {
    const st = Array.from(stock);
    const size = st[0] + st[1] + st[2] + st[3];
    const best = setOutlook(out, -Infinity, 0, 0, 0);
    const tmp = blankOutlook();
    if (configCards(c) === 12) {
      for (let h = 0; h < 3; h++) {
        for (let u = 1; u <= 4; u++) {
          if (MS_COUNTS[configHand(c, h) * 4 + u - 1] === 0) continue;
          this.replace(c, h, u, st, tmp);
          if (tmp.value > best.value) copyOutlook(best, tmp);
        }
      }
      return best;
    }
    if (!this.rules.drawVisible) {
      for (let h = 0; h < 3; h++) {
        if (MS_SIZE[configHand(c, h)] === 4) continue;
        this.placeHidden(c, h, st, tmp);
        if (tmp.value > best.value) copyOutlook(best, tmp);
      }
      return best;
    }
    setOutlook(best, 0, 0, 0, 0);
    const pick = blankOutlook();
    for (let v = 0; v < 4; v++) {
      if (st[v] === 0) continue;
      const p = st[v] / size;
      st[v]--;
      pick.value = -Infinity;
      for (let h = 0; h < 3; h++) {
        const hand = configHand(c, h);
        if (MS_SIZE[hand] === 4) continue;
        this.afterChange(withHand(c, h, MS_ADD[hand * 4 + v]), st, tmp);
        if (tmp.value > pick.value) copyOutlook(pick, tmp);
      }
      st[v]++;
      addScaled(best, pick, p);
    }
    return best;
  }
}

function checkStockFollows(c: number, stock: ArrayLike<number>): void {
  for (let v = 1; v <= 4; v++) {
    if (stock[v - 1] !== PER_VALUE - configCount(c, v)) {
      throw new TengymError(
        'bad-argument',
        'with fewer than 12 cards in the hands nothing is out of play, so the stock must hold the rest of the 32 cards',
      );
    }
  }
}

export function blankOutlook(): RoundOutlook {
  return { value: 0, points: 0, fault: 0, score: 0 };
}
function setOutlook(o: RoundOutlook, value: number, points: number, fault: number, score: number): RoundOutlook {
  o.value = value;
  o.points = points;
  o.fault = fault;
  o.score = score;
  return o;
}
function copyOutlook(dst: RoundOutlook, src: RoundOutlook): void {
  setOutlook(dst, src.value, src.points, src.fault, src.score);
}
function addScaled(acc: RoundOutlook, x: RoundOutlook, p: number): void {
  acc.value += p * x.value;
  acc.points += p * x.points;
  acc.fault += p * x.fault;
  acc.score += p * x.score;
}

// ---------------------------------------------------------------- the solve

/**
 * Solves a round for `payoffs`: fills every (component, stock) value, stock size 1 up to 32.
 * About 1 s for the default rules on one core (a third more with stats).
 */
export function solveRound(
  rules: RoundRules,
  payoffs: RoundPayoffs,
  opts: { stats?: boolean; model?: RoundModel } = {},
): RoundSolution {
  return new Staged(solveRoundSteps(rules, payoffs, opts)).get();
}

/** `solveRound` a slice at a time (`Staged`): its `seconds` count the pauses between slices too. */
export function* solveRoundSteps(
  rules: RoundRules,
  payoffs: RoundPayoffs,
  opts: { stats?: boolean; model?: RoundModel } = {},
): Generator<void, RoundSolution> {
  const start = performance.now();
  const model = opts.model ?? (yield* roundModelStaged(rules.handTarget, rules.check).steps());
  if (model.handTarget !== rules.handTarget || model.check !== rules.check)
    throw new Error('solveRound: model of other rules');
  if (payoffs.bottom.length <= MAX_TOTAL || payoffs.fault.length <= MAX_TOTAL)
    throw new TengymError('bad-argument', `round payoffs need bottom and fault for totals 0..${MAX_TOTAL}`);
  const sol = new RoundSolution(model, rules, payoffs, opts.stats === true);
  yield* solveFull(sol);
  yield* solveNonFull(sol);
  sol.seconds = (performance.now() - start) / 1000;
  return sol;
}

/**
 * The Bellman step of one replacement, for the full-hands solve: Σ_v s[v]·A(y with a card of
 * value u+1 taken from hand h and a v+1 drawn into it, stock − v), not yet divided by the stock's
 * size k; with `figures`, also the expected points, P(fault) and P(score) that follow, into it.
 */
class Replacement {
  private readonly verdict: Uint8Array;
  private readonly slotBase: Int32Array;
  private readonly cfgM: Int16Array;
  private readonly mStride: Int32Array;
  private readonly full: Float64Array;
  private readonly fPts: Float64Array;
  private readonly fFault: Float64Array;
  private readonly fScore: Float64Array;
  private readonly payScore: number;
  private readonly payBottom: Float64Array;
  private readonly payFault: Float64Array;
  private readonly hTarget: number;

  constructor(
    sol: RoundSolution,
    /** The stock's composition, s[v] cards of value v + 1. */
    private readonly s: Int32Array,
  ) {
    const m = sol.model;
    this.verdict = m.verdict;
    this.slotBase = m.slotBase;
    this.cfgM = m.cfgM;
    this.mStride = m.mStride;
    this.full = sol.full;
    this.fPts = sol.fullPoints;
    this.fFault = sol.fullFault;
    this.fScore = sol.fullScore;
    this.payScore = sol.payoffs.score;
    this.payBottom = sol.payoffs.bottom;
    this.payFault = sol.payoffs.fault;
    this.hTarget = sol.rules.handTarget;
  }

  /** `total`: the hands' total before the replacement; figures[0..2]: points, P(fault), P(score). */
  step(y: number, h: number, u: number, k: number, total: number, figures: Float64Array | null): number {
    const s = this.s;
    const z = MS_REMOVE[configHand(y, h) * 4 + u];
    // y with hand h empty: a drawn card makes hand h the multiset z + v.
    const rest = withHand(y, h, 0);
    const stride = HAND_STRIDE[h];
    const inv = 1 / k;
    let acc = 0;
    if (figures) figures.fill(0);
    for (let v = 0; v < 4; v++) {
      const sv = s[v];
      if (sv === 0) continue;
      const c2 = rest + MS_ADD[z * 4 + v] * stride;
      const vd = this.verdict[c2];
      if (vd === SCORES) {
        acc += sv * this.payScore;
        if (figures) {
          figures[0] += sv * inv * this.hTarget;
          figures[2] += sv * inv;
        }
      } else if (vd === FAULTS) {
        acc += sv * this.payFault[total - u + v];
        if (figures) figures[1] += sv * inv;
      } else if (k === 1) {
        acc += sv * this.payBottom[total - u + v];
        if (figures) figures[0] += sv * inv * (total - u + v);
      } else {
        const stride = this.mStride;
        const M2 = this.cfgM[c2] * 4;
        const i2 =
          this.slotBase[c2] +
          s[0] * stride[M2] +
          s[1] * stride[M2 + 1] +
          s[2] * stride[M2 + 2] +
          s[3] * stride[M2 + 3] -
          stride[M2 + v];
        acc += sv * this.full[i2];
        if (figures) {
          const p = sv * inv;
          figures[0] += p * this.fPts[i2];
          figures[1] += p * this.fFault[i2];
          figures[2] += p * this.fScore[i2];
        }
      }
    }
    return acc;
  }
}

/**
 * X(K, stock) of a component K as it is solved: the best of its score (when one of its members is
 * an exchange from scoring), its members' turns, and its fault (when one is an exchange from
 * faulting), with the round's figures of the best (expected points, P(fault), P(score)).
 */
class ComponentBest {
  value = -Infinity;
  points = 0;
  fault = 0;
  score = 0;

  constructor(
    private readonly payoffs: RoundPayoffs,
    private readonly handTarget: number,
  ) {}

  /** Starts a component with these flags: its score, if it touches one. */
  begin(flags: number): void {
    this.value = -Infinity;
    this.points = 0;
    this.fault = 0;
    this.score = 0;
    if (flags & TOUCHES_SCORE) {
      this.value = this.payoffs.score;
      this.points = this.handTarget;
      this.score = 1;
    }
  }

  /** Ends it: its fault at the hands' total, if it touches one and the fault is worth more. */
  end(flags: number, total: number): void {
    if (flags & TOUCHES_FAULT && this.payoffs.fault[total] > this.value) {
      this.value = this.payoffs.fault[total];
      this.points = 0;
      this.fault = 1;
      this.score = 0;
    }
  }
}

/** Full hands: replacements, stock sizes 1..20. */
function* solveFull(sol: RoundSolution): Generator<void> {
  const m = sol.model;
  const slotBase = m.slotBase;
  const full = sol.full;
  const stats = sol.stats;
  const fPts = sol.fullPoints;
  const fFault = sol.fullFault;
  const fScore = sol.fullScore;
  const flagsOf = m.compFlags;
  const totalOf = m.compTotal;
  const s = new Int32Array(4);
  const replacement = new Replacement(sol, s);
  const figures = new Float64Array(3);
  const best = new ComponentBest(sol.payoffs, sol.rules.handTarget);
  for (let k = 1; k <= FOUR_TEN_DECK_SIZE - 12; k++) {
    const inv = 1 / k;
    for (let M = 0; M < m.numM; M++) {
      const compFrom = m.mCompStart[M];
      const compTo = m.mCompStart[M + 1];
      if (compFrom === compTo) continue;
      const list = m.mStockStart[M];
      const from = m.mSizeStart[M * 22 + k];
      const to = k < 21 ? m.mSizeStart[M * 22 + k + 1] : m.mBox[M];
      if (k > 20 || from >= to) continue;
      yield;
      for (let si = from; si < to; si++) {
        const idx = m.mStocks[list + si];
        let rest = idx;
        for (let v = 0; v < 4; v++) {
          const r = 9 - m.mCounts[M * 4 + v];
          s[v] = rest % r;
          rest = (rest - s[v]) / r;
        }
        for (let ci = compFrom; ci < compTo; ci++) {
          const comp = m.mComps[ci];
          const flags = flagsOf[comp];
          const total = totalOf[comp];
          best.begin(flags);
          for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
            const y = m.compMembers[mi];
            // W(y, s): the best replacement.
            let w = -Infinity;
            let wh = -1;
            let wu = -1;
            for (let h = 0; h < 3; h++) {
              const hm = configHand(y, h);
              for (let u = 0; u < 4; u++) {
                if (MS_COUNTS[hm * 4 + u] === 0) continue;
                const acc = replacement.step(y, h, u, k, total, null);
                if (acc > w) {
                  w = acc;
                  wh = h;
                  wu = u;
                }
              }
            }
            w *= inv;
            if (w > best.value) {
              best.value = w;
              if (stats) {
                // The chosen replacement's figures.
                replacement.step(y, wh, wu, k, total, figures);
                best.points = figures[0];
                best.fault = figures[1];
                best.score = figures[2];
              }
            }
          }
          best.end(flags, total);
          const at = slotBase[m.compMembers[m.compStart[comp]]] + idx;
          full[at] = best.value;
          if (stats) {
            fPts[at] = best.points;
            fFault[at] = best.fault;
            fScore[at] = best.score;
          }
        }
      }
    }
  }
}

/** Fewer than 12 cards: placements, 11 cards down to 0 (the stock follows from the hands). */
function* solveNonFull(sol: RoundSolution): Generator<void> {
  const m = sol.model;
  const verdict = m.verdict;
  const slotBase = m.slotBase;
  const cfgM = m.cfgM;
  const mBox = m.mBox;
  const compOf = m.comp;
  const full = sol.full;
  const nonFull = sol.nonFull;
  const stats = sol.stats;
  const fPts = sol.fullPoints;
  const fFault = sol.fullFault;
  const fScore = sol.fullScore;
  const nPts = sol.nonFullPoints;
  const nFault = sol.nonFullFault;
  const nScore = sol.nonFullScore;
  const payScore = sol.payoffs.score;
  const payFault = sol.payoffs.fault;
  const hTarget = sol.rules.handTarget;
  const visible = sol.rules.drawVisible;
  const s = new Int32Array(4);
  const hands = new Int32Array(3);
  const best = new ComponentBest(sol.payoffs, sol.rules.handTarget);
  // A(c2) for the solve: value and figures of the configuration after a placement.
  let aPts = 0;
  let aFault = 0;
  let aScore = 0;
  const after = (c2: number, total: number): number => {
    const vd = verdict[c2];
    if (vd === SCORES) {
      if (stats) {
        aPts = hTarget;
        aFault = 0;
        aScore = 1;
      }
      return payScore;
    }
    if (vd === FAULTS) {
      if (stats) {
        aPts = 0;
        aFault = 1;
        aScore = 0;
      }
      return payFault[total];
    }
    const k2 = compOf[c2];
    if (m.compCards[k2] === 12) {
      const i = slotBase[c2] + mBox[cfgM[c2]] - 1;
      if (stats) {
        aPts = fPts[i];
        aFault = fFault[i];
        aScore = fScore[i];
      }
      return full[i];
    }
    if (stats) {
      aPts = nPts[k2];
      aFault = nFault[k2];
      aScore = nScore[k2];
    }
    return nonFull[k2];
  };
  for (let oi = 0; oi < m.nonFullOrder.length; oi++) {
    if ((oi & 255) === 255) yield;
    const comp = m.nonFullOrder[oi];
    const flags = m.compFlags[comp];
    const total = m.compTotal[comp];
    const size = FOUR_TEN_DECK_SIZE - m.compCards[comp];
    const inv = 1 / size;
    best.begin(flags);
    for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
      const y = m.compMembers[mi];
      hands[0] = configHand(y, 0);
      hands[1] = configHand(y, 1);
      hands[2] = configHand(y, 2);
      for (let v = 0; v < 4; v++)
        s[v] = PER_VALUE - MS_COUNTS[hands[0] * 4 + v] - MS_COUNTS[hands[1] * 4 + v] - MS_COUNTS[hands[2] * 4 + v];
      let w = 0;
      let wPts = 0;
      let wFault = 0;
      let wScore = 0;
      if (visible) {
        for (let v = 0; v < 4; v++) {
          if (s[v] === 0) continue;
          let pick = -Infinity;
          let pPts = 0;
          let pFault = 0;
          let pScore = 0;
          for (let h = 0; h < 3; h++) {
            const hm = hands[h];
            if (MS_SIZE[hm] === 4) continue;
            const nh = MS_ADD[hm * 4 + v];
            const c2 = withHand(y, h, nh);
            const a = after(c2, total + v + 1);
            if (a > pick) {
              pick = a;
              pPts = aPts;
              pFault = aFault;
              pScore = aScore;
            }
          }
          const p = s[v] * inv;
          w += p * pick;
          if (stats) {
            wPts += p * pPts;
            wFault += p * pFault;
            wScore += p * pScore;
          }
        }
      } else {
        w = -Infinity;
        for (let h = 0; h < 3; h++) {
          const hm = hands[h];
          if (MS_SIZE[hm] === 4) continue;
          let acc = 0;
          let cPts = 0;
          let cFault = 0;
          let cScore = 0;
          for (let v = 0; v < 4; v++) {
            if (s[v] === 0) continue;
            const nh = MS_ADD[hm * 4 + v];
            const c2 = withHand(y, h, nh);
            const p = s[v] * inv;
            acc += p * after(c2, total + v + 1);
            if (stats) {
              cPts += p * aPts;
              cFault += p * aFault;
              cScore += p * aScore;
            }
          }
          if (acc > w) {
            w = acc;
            wPts = cPts;
            wFault = cFault;
            wScore = cScore;
          }
        }
      }
      if (w > best.value) {
        best.value = w;
        best.points = wPts;
        best.fault = wFault;
        best.score = wScore;
      }
    }
    best.end(flags, total);
    nonFull[comp] = best.value;
    if (stats) {
      nPts[comp] = best.points;
      nFault[comp] = best.fault;
      nScore[comp] = best.score;
    }
  }
}
