/**
 * An exact solver for one Four Ten round (browser-safe: typed arrays only).
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
 */
import { TengymError } from '../../env/errors.js';
import { judgeHands } from '../../env/games/four-ten.js';

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
const PER_VALUE = 8;
const DECK = 32;

// ---------------------------------------------------------------- multisets of 0..4 cards

export const NUM_MULTISETS = 70;
/** MS_COUNTS[m*4 + v-1]: how many v the multiset m holds. */
export const MS_COUNTS = new Uint8Array(NUM_MULTISETS * 4);
export const MS_SUM = new Uint8Array(NUM_MULTISETS);
export const MS_SIZE = new Uint8Array(NUM_MULTISETS);
/** m plus one v (−1 when m holds 4 cards). */
export const MS_ADD = new Int8Array(NUM_MULTISETS * 4).fill(-1);
/** m minus one v (−1 when m holds no v). */
export const MS_REMOVE = new Int8Array(NUM_MULTISETS * 4).fill(-1);
/** By key c1 + 5 c2 + 25 c3 + 125 c4. */
const MS_BY_KEY = new Int8Array(625).fill(-1);

{
  let n = 0;
  for (let size = 0; size <= 4; size++) {
    for (let c4 = 0; c4 <= size; c4++) {
      for (let c3 = 0; c3 + c4 <= size; c3++) {
        for (let c2 = 0; c2 + c3 + c4 <= size; c2++) {
          const c1 = size - c2 - c3 - c4;
          MS_COUNTS.set([c1, c2, c3, c4], n * 4);
          MS_SUM[n] = c1 + 2 * c2 + 3 * c3 + 4 * c4;
          MS_SIZE[n] = size;
          MS_BY_KEY[c1 + 5 * c2 + 25 * c3 + 125 * c4] = n;
          n++;
        }
      }
    }
  }
  const pow5 = [1, 5, 25, 125];
  for (let m = 0; m < NUM_MULTISETS; m++) {
    let key = 0;
    for (let v = 0; v < 4; v++) key += MS_COUNTS[m * 4 + v] * pow5[v];
    for (let v = 0; v < 4; v++) {
      if (MS_SIZE[m] < 4) MS_ADD[m * 4 + v] = MS_BY_KEY[key + pow5[v]];
      if (MS_COUNTS[m * 4 + v] > 0) MS_REMOVE[m * 4 + v] = MS_BY_KEY[key - pow5[v]];
    }
  }
}

/** The multiset holding `counts[v-1]` cards of value v. */
export function multisetOf(counts: ArrayLike<number>): number {
  let size = 0;
  for (let v = 0; v < 4; v++) size += counts[v];
  if (size > 4) throw new TengymError('bad-argument', `a hand holds at most 4 cards, got ${size}`);
  return MS_BY_KEY[counts[0] + 5 * counts[1] + 25 * counts[2] + 125 * counts[3]];
}

export const NUM_CONFIGS = NUM_MULTISETS * NUM_MULTISETS * NUM_MULTISETS;
const H0 = NUM_MULTISETS * NUM_MULTISETS;
const H1 = NUM_MULTISETS;

export function configId(hand: number, home: number, shadow: number): number {
  return hand * H0 + home * H1 + shadow;
}
/** The multiset of hand h (0 Hand, 1 Home, 2 Shadow) in configuration `id`. */
export function configHand(id: number, h: number): number {
  return h === 0 ? Math.floor(id / H0) : h === 1 ? Math.floor(id / H1) % NUM_MULTISETS : id % NUM_MULTISETS;
}
/** The configuration with hand h replaced by multiset m. */
export function withHand(id: number, h: number, m: number): number {
  const a = Math.floor(id / H0);
  const b = Math.floor(id / H1) % NUM_MULTISETS;
  const c = id % NUM_MULTISETS;
  return h === 0 ? m * H0 + b * H1 + c : h === 1 ? a * H0 + m * H1 + c : a * H0 + b * H1 + m;
}

// ---------------------------------------------------------------- the model: configurations and components

/** Verdicts of a configuration. */
export const CONTINUES = 0;
export const SCORES = 1;
export const FAULTS = 2;
/** More than eight cards of a value: never happens. */
const IMPOSSIBLE = 3;

/** Component flags. */
const TOUCHES_SCORE = 1;
const TOUCHES_FAULT = 2;

/**
 * The static structure for a `handTarget` and `check`: every configuration's verdict, the
 * exchange graph's components, and where each (component, stock) value lives. Built once
 * (about 0.2 s) and shared by every solution with those rules.
 */
export class RoundModel {
  readonly handTarget: number;
  readonly check: 'points-first' | 'faults-first';
  /** CONTINUES, SCORES, FAULTS or IMPOSSIBLE per configuration. */
  readonly verdict = new Uint8Array(NUM_CONFIGS);
  /** Component of each non-ending configuration, −1 otherwise. */
  readonly comp = new Int32Array(NUM_CONFIGS).fill(-1);
  numComps = 0;
  /** Members of component k: compMembers[compStart[k] .. compStart[k+1]-1]. */
  compStart: Int32Array = new Int32Array(0);
  compMembers: Int32Array = new Int32Array(0);
  compFlags: Uint8Array = new Uint8Array(0);
  compTotal: Uint8Array = new Uint8Array(0);
  compCards: Uint8Array = new Uint8Array(0);
  /** Non-full components, most cards first (the order the solver fills them). */
  nonFullOrder: Int32Array = new Int32Array(0);

  // Full hands (12 cards): M is the hands' 12-card multiset (counts m1..m4).
  numM = 0;
  /** m counts, 4 per M. */
  mCounts: Uint8Array = new Uint8Array(0);
  /** Stock compositions for M: ∏ (9 − m_v); a stock s has box index Σ s_v · stride_v. */
  mBox: Int32Array = new Int32Array(0);
  mStride: Int32Array = new Int32Array(0);
  /** Full components of M: mComps[mCompStart[M] .. mCompStart[M+1]-1]. */
  mCompStart: Int32Array = new Int32Array(0);
  mComps: Int32Array = new Int32Array(0);
  /** Box indices of M ordered by stock size: mStocks[mStockStart[M] + ...], sizes bucketed by mSizeStart. */
  mStocks: Int32Array = new Int32Array(0);
  mStockStart: Int32Array = new Int32Array(0);
  /** mSizeStart[M*22 + k]: where stocks of size k start within M's list (k = 0..21). */
  mSizeStart: Int32Array = new Int32Array(0);
  /** M of each full configuration (−1 otherwise). */
  readonly cfgM = new Int16Array(NUM_CONFIGS).fill(-1);
  /** Full non-ending configurations: where its component's stock box starts in the value table. */
  readonly slotBase = new Int32Array(NUM_CONFIGS).fill(-1);
  /** Size of the full-hands value table. */
  fullSize = 0;
  /** M by key m1 + 9 m2 + 81 m3 + 729 m4. */
  private readonly mByKey = new Int16Array(6561).fill(-1);

  constructor(handTarget: number, check: 'points-first' | 'faults-first') {
    if (!Number.isInteger(handTarget) || handTarget < 1 || handTarget > 40) {
      throw new TengymError('bad-argument', `the Four Ten solver takes handTarget 1..40, got ${handTarget}`);
    }
    this.handTarget = handTarget;
    this.check = check;
    this.judgeAll();
    this.findComponents();
    this.layOutFull();
  }

  private judgeAll(): void {
    for (let a = 0; a < NUM_MULTISETS; a++) {
      for (let b = 0; b < NUM_MULTISETS; b++) {
        for (let c = 0; c < NUM_MULTISETS; c++) {
          const id = a * H0 + b * H1 + c;
          let ok = true;
          for (let v = 0; v < 4; v++) if (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v] > PER_VALUE) ok = false;
          if (!ok) {
            this.verdict[id] = IMPOSSIBLE;
            continue;
          }
          const hand = MS_SUM[a];
          const home = MS_SUM[b];
          const shadow = MS_SUM[c];
          // The engine's own check (its verdict codes are CONTINUES, SCORES, FAULTS).
          this.verdict[id] = judgeHands(hand, home, shadow, this);
        }
      }
    }
  }

  private findComponents(): void {
    const queue = new Int32Array(NUM_CONFIGS);
    const members = new Int32Array(NUM_CONFIGS);
    const starts: number[] = [0];
    const flags: number[] = [];
    const totals: number[] = [];
    const cards: number[] = [];
    const nb = new Int32Array(32);
    let nMembers = 0;
    for (let id = 0; id < NUM_CONFIGS; id++) {
      if (this.verdict[id] !== CONTINUES || this.comp[id] >= 0) continue;
      const k = flags.length;
      let flag = 0;
      let head = 0;
      let tail = 0;
      queue[tail++] = id;
      this.comp[id] = k;
      while (head < tail) {
        const x = queue[head++];
        members[nMembers++] = x;
        const n = exchangeNeighbours(x, nb);
        for (let i = 0; i < n; i++) {
          const y = nb[i];
          const v = this.verdict[y];
          if (v === SCORES) flag |= TOUCHES_SCORE;
          else if (v === FAULTS) flag |= TOUCHES_FAULT;
          else if (v === CONTINUES && this.comp[y] < 0) {
            this.comp[y] = k;
            queue[tail++] = y;
          }
        }
      }
      flags.push(flag);
      totals.push(configTotal(id));
      cards.push(configCards(id));
      starts.push(nMembers);
    }
    this.numComps = flags.length;
    this.compStart = Int32Array.from(starts);
    this.compMembers = members.slice(0, nMembers);
    this.compFlags = Uint8Array.from(flags);
    this.compTotal = Uint8Array.from(totals);
    this.compCards = Uint8Array.from(cards);
    const nonFull: number[] = [];
    for (let k = 0; k < this.numComps; k++) if (this.compCards[k] < 12) nonFull.push(k);
    nonFull.sort((x, y) => this.compCards[y] - this.compCards[x] || x - y);
    this.nonFullOrder = Int32Array.from(nonFull);
  }

  private layOutFull(): void {
    const mCounts: number[] = [];
    for (let m4 = 0; m4 <= 8; m4++) {
      for (let m3 = 0; m3 <= 8; m3++) {
        for (let m2 = 0; m2 <= 8; m2++) {
          const m1 = 12 - m2 - m3 - m4;
          if (m1 < 0 || m1 > 8) continue;
          this.mByKey[m1 + 9 * m2 + 81 * m3 + 729 * m4] = mCounts.length / 4;
          mCounts.push(m1, m2, m3, m4);
        }
      }
    }
    const numM = mCounts.length / 4;
    this.numM = numM;
    this.mCounts = Uint8Array.from(mCounts);
    this.mBox = new Int32Array(numM);
    this.mStride = new Int32Array(numM * 4);
    for (let M = 0; M < numM; M++) {
      let stride = 1;
      for (let v = 0; v < 4; v++) {
        this.mStride[M * 4 + v] = stride;
        stride *= 9 - this.mCounts[M * 4 + v];
      }
      this.mBox[M] = stride;
    }
    // Full components by M.
    const compsOfM: number[][] = Array.from({ length: numM }, () => []);
    for (let k = 0; k < this.numComps; k++) {
      if (this.compCards[k] !== 12) continue;
      const M = this.mOfConfig(this.compMembers[this.compStart[k]]);
      compsOfM[M].push(k);
    }
    this.mCompStart = new Int32Array(numM + 1);
    const mComps: number[] = [];
    let offset = 0;
    for (let M = 0; M < numM; M++) {
      this.mCompStart[M] = mComps.length;
      compsOfM[M].forEach((k, local) => {
        const base = offset + local * this.mBox[M];
        for (let i = this.compStart[k]; i < this.compStart[k + 1]; i++) this.slotBase[this.compMembers[i]] = base;
        mComps.push(k);
      });
      offset += compsOfM[M].length * this.mBox[M];
    }
    this.mCompStart[numM] = mComps.length;
    this.mComps = Int32Array.from(mComps);
    this.fullSize = offset;
    // Every full configuration's M (ending ones too: the solver looks up their totals only, but queries use M).
    for (let a = 0; a < NUM_MULTISETS; a++) {
      if (MS_SIZE[a] !== 4) continue;
      for (let b = 0; b < NUM_MULTISETS; b++) {
        if (MS_SIZE[b] !== 4) continue;
        for (let c = 0; c < NUM_MULTISETS; c++) {
          if (MS_SIZE[c] !== 4) continue;
          const id = a * H0 + b * H1 + c;
          if (this.verdict[id] !== IMPOSSIBLE) this.cfgM[id] = this.mOfConfig(id);
        }
      }
    }
    // Stocks of each M by size.
    const stockStart = new Int32Array(numM + 1);
    const sizeStart = new Int32Array(numM * 22);
    let total = 0;
    for (let M = 0; M < numM; M++) total += this.mBox[M];
    const stocks = new Int32Array(total);
    let at = 0;
    for (let M = 0; M < numM; M++) {
      stockStart[M] = at;
      const box = this.mBox[M];
      const sizes = new Int32Array(box);
      const countBySize = new Int32Array(22);
      for (let i = 0; i < box; i++) {
        let rest = i;
        let size = 0;
        for (let v = 0; v < 4; v++) {
          const r = 9 - this.mCounts[M * 4 + v];
          size += rest % r;
          rest = Math.floor(rest / r);
        }
        sizes[i] = size;
        countBySize[size]++;
      }
      let s = at;
      for (let k = 0; k < 22; k++) {
        sizeStart[M * 22 + k] = s - at;
        s += countBySize[k];
      }
      const fill = new Int32Array(22);
      for (let i = 0; i < box; i++) {
        const k = sizes[i];
        stocks[at + sizeStart[M * 22 + k] + fill[k]++] = i;
      }
      at += box;
    }
    stockStart[numM] = at;
    this.mStocks = stocks;
    this.mStockStart = stockStart;
    this.mSizeStart = sizeStart;
  }

  /** The M (12-card multiset) of a full configuration. */
  mOfConfig(id: number): number {
    const a = Math.floor(id / H0);
    const b = Math.floor(id / H1) % NUM_MULTISETS;
    const c = id % NUM_MULTISETS;
    let key = 0;
    for (let v = 0, p = 1; v < 4; v++, p *= 9) key += (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v]) * p;
    return this.mByKey[key];
  }

  /** Number of turn-start decision states (non-ending configurations × their possible stocks, stock not empty). */
  countDecisionStates(): number {
    let n = 0;
    for (let k = 0; k < this.numComps; k++) {
      const size = this.compStart[k + 1] - this.compStart[k];
      if (this.compCards[k] < 12) n += size;
      else {
        const M = this.mOfConfig(this.compMembers[this.compStart[k]]);
        n += size * (this.mBox[M] - 1);
      }
    }
    return n;
  }
}

/** Writes the configurations one exchange away from `id` into `out`; returns how many. */
export function exchangeNeighbours(id: number, out: Int32Array): number {
  const a = Math.floor(id / H0);
  const b = Math.floor(id / H1) % NUM_MULTISETS;
  const c = id % NUM_MULTISETS;
  let n = 0;
  for (let x = 0; x < 4; x++) {
    if (MS_COUNTS[a * 4 + x] === 0) continue;
    const a1 = MS_REMOVE[a * 4 + x];
    for (let y = 0; y < 4; y++) {
      if (y === x) continue;
      const a2 = MS_ADD[a1 * 4 + y];
      if (MS_COUNTS[b * 4 + y] > 0) out[n++] = a2 * H0 + MS_ADD[MS_REMOVE[b * 4 + y] * 4 + x] * H1 + c;
      if (MS_COUNTS[c * 4 + y] > 0) out[n++] = a2 * H0 + b * H1 + MS_ADD[MS_REMOVE[c * 4 + y] * 4 + x];
    }
  }
  return n;
}

export function configTotal(id: number): number {
  return MS_SUM[Math.floor(id / H0)] + MS_SUM[Math.floor(id / H1) % NUM_MULTISETS] + MS_SUM[id % NUM_MULTISETS];
}
export function configCards(id: number): number {
  return MS_SIZE[Math.floor(id / H0)] + MS_SIZE[Math.floor(id / H1) % NUM_MULTISETS] + MS_SIZE[id % NUM_MULTISETS];
}
/** The hands' count of value v (1..4). */
export function configCount(id: number, v: number): number {
  return MS_COUNTS[Math.floor(id / H0) * 4 + v - 1] + MS_COUNTS[(Math.floor(id / H1) % NUM_MULTISETS) * 4 + v - 1] + MS_COUNTS[(id % NUM_MULTISETS) * 4 + v - 1];
}

const models = new Map<string, RoundModel>();
/** The shared model for these rules. */
export function roundModel(handTarget: number, check: 'points-first' | 'faults-first'): RoundModel {
  const key = `${handTarget}/${check}`;
  let m = models.get(key);
  if (!m) {
    m = new RoundModel(handTarget, check);
    models.set(key, m);
  }
  return m;
}

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
    return this.full.byteLength + this.nonFull.byteLength + this.fullPoints.byteLength * 3 + this.nonFullPoints.byteLength * 3;
  }

  /** The value of a whole round from its start (empty hands, full deck). */
  get roundValue(): number {
    return this.nonFull[this.model.comp[0]];
  }

  /** The round's outlook from its start. */
  roundOutlook(): RoundOutlook {
    const k = this.model.comp[0];
    return this.stats
      ? { value: this.nonFull[k], points: this.nonFullPoints[k], fault: this.nonFullFault[k], score: this.nonFullScore[k] }
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
    if (v !== CONTINUES) throw new TengymError('bad-argument', 'impossible Four Ten configuration (more than eight cards of a value)');
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
    return this.stats ? setOutlook(out, this.full[i], this.fullPoints[i], this.fullFault[i], this.fullScore[i]) : setOutlook(out, this.full[i], NaN, NaN, NaN);
  }

  private fullIndex(c: number, stock: ArrayLike<number>): number {
    const m = this.model;
    const M = m.cfgM[c];
    let idx = m.slotBase[c];
    for (let v = 0; v < 4; v++) {
      const s = stock[v];
      if (s < 0 || s > PER_VALUE - m.mCounts[M * 4 + v]) throw new TengymError('bad-argument', `a stock of ${s} cards of value ${v + 1} is impossible with these hands`);
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
      throw new TengymError('bad-argument', 'with fewer than 12 cards in the hands nothing is out of play, so the stock must hold the rest of the 32 cards');
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
export function solveRound(rules: RoundRules, payoffs: RoundPayoffs, opts: { stats?: boolean; model?: RoundModel } = {}): RoundSolution {
  const model = opts.model ?? roundModel(rules.handTarget, rules.check);
  if (model.handTarget !== rules.handTarget || model.check !== rules.check) throw new Error('solveRound: model of other rules');
  if (payoffs.bottom.length <= MAX_TOTAL || payoffs.fault.length <= MAX_TOTAL) throw new TengymError('bad-argument', `round payoffs need bottom and fault for totals 0..${MAX_TOTAL}`);
  const start = performance.now();
  const sol = new RoundSolution(model, rules, payoffs, opts.stats === true);
  solveFull(sol);
  solveNonFull(sol);
  sol.seconds = (performance.now() - start) / 1000;
  return sol;
}

/** Full hands: replacements, stock sizes 1..20. */
function solveFull(sol: RoundSolution): void {
  const m = sol.model;
  const verdict = m.verdict;
  const slotBase = m.slotBase;
  const cfgM = m.cfgM;
  const mStride = m.mStride;
  const full = sol.full;
  const stats = sol.stats;
  const fPts = sol.fullPoints;
  const fFault = sol.fullFault;
  const fScore = sol.fullScore;
  const payScore = sol.payoffs.score;
  const payBottom = sol.payoffs.bottom;
  const payFault = sol.payoffs.fault;
  const hTarget = sol.rules.handTarget;
  const flagsOf = m.compFlags;
  const totalOf = m.compTotal;
  const s = new Int32Array(4);
  const hands = new Int32Array(3);
  for (let k = 1; k <= DECK - 12; k++) {
    const inv = 1 / k;
    for (let M = 0; M < m.numM; M++) {
      const compFrom = m.mCompStart[M];
      const compTo = m.mCompStart[M + 1];
      if (compFrom === compTo) continue;
      const list = m.mStockStart[M];
      const from = m.mSizeStart[M * 22 + k];
      const to = k < 21 ? m.mSizeStart[M * 22 + k + 1] : m.mBox[M];
      if (k > 20 || from >= to) continue;
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
          let best = -Infinity;
          let bPts = 0;
          let bFault = 0;
          let bScore = 0;
          if (flags & TOUCHES_SCORE) {
            best = payScore;
            bPts = hTarget;
            bScore = 1;
          }
          for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
            const y = m.compMembers[mi];
            hands[0] = Math.floor(y / H0);
            hands[1] = Math.floor(y / H1) % NUM_MULTISETS;
            hands[2] = y % NUM_MULTISETS;
            // W(y, s): the best replacement.
            let w = -Infinity;
            let wh = -1;
            let wu = -1;
            for (let h = 0; h < 3; h++) {
              const hm = hands[h];
              for (let u = 0; u < 4; u++) {
                if (MS_COUNTS[hm * 4 + u] === 0) continue;
                const z = MS_REMOVE[hm * 4 + u];
                let acc = 0;
                for (let v = 0; v < 4; v++) {
                  const sv = s[v];
                  if (sv === 0) continue;
                  const nh = MS_ADD[z * 4 + v];
                  const c2 = h === 0 ? nh * H0 + hands[1] * H1 + hands[2] : h === 1 ? hands[0] * H0 + nh * H1 + hands[2] : hands[0] * H0 + hands[1] * H1 + nh;
                  const vd = verdict[c2];
                  let a: number;
                  if (vd === SCORES) a = payScore;
                  else if (vd === FAULTS) a = payFault[total - u + v];
                  else if (k === 1) a = payBottom[total - u + v];
                  else {
                    const M2 = cfgM[c2] * 4;
                    a = full[slotBase[c2] + s[0] * mStride[M2] + s[1] * mStride[M2 + 1] + s[2] * mStride[M2 + 2] + s[3] * mStride[M2 + 3] - mStride[M2 + v]];
                  }
                  acc += sv * a;
                }
                if (acc > w) {
                  w = acc;
                  wh = h;
                  wu = u;
                }
              }
            }
            w *= inv;
            if (w > best) {
              best = w;
              if (stats) {
                // The chosen replacement's figures.
                const hm = hands[wh];
                const z = MS_REMOVE[hm * 4 + wu];
                bPts = 0;
                bFault = 0;
                bScore = 0;
                for (let v = 0; v < 4; v++) {
                  const sv = s[v];
                  if (sv === 0) continue;
                  const p = sv * inv;
                  const nh = MS_ADD[z * 4 + v];
                  const c2 = wh === 0 ? nh * H0 + hands[1] * H1 + hands[2] : wh === 1 ? hands[0] * H0 + nh * H1 + hands[2] : hands[0] * H0 + hands[1] * H1 + nh;
                  const vd = verdict[c2];
                  if (vd === SCORES) {
                    bPts += p * hTarget;
                    bScore += p;
                  } else if (vd === FAULTS) bFault += p;
                  else if (k === 1) bPts += p * (total - wu + v);
                  else {
                    const M2 = cfgM[c2] * 4;
                    const i2 = slotBase[c2] + s[0] * mStride[M2] + s[1] * mStride[M2 + 1] + s[2] * mStride[M2 + 2] + s[3] * mStride[M2 + 3] - mStride[M2 + v];
                    bPts += p * fPts[i2];
                    bFault += p * fFault[i2];
                    bScore += p * fScore[i2];
                  }
                }
              }
            }
          }
          if (flags & TOUCHES_FAULT && payFault[total] > best) {
            best = payFault[total];
            bPts = 0;
            bFault = 1;
            bScore = 0;
          }
          const at = slotBase[m.compMembers[m.compStart[comp]]] + idx;
          full[at] = best;
          if (stats) {
            fPts[at] = bPts;
            fFault[at] = bFault;
            fScore[at] = bScore;
          }
        }
      }
    }
  }
}

/** Fewer than 12 cards: placements, 11 cards down to 0 (the stock follows from the hands). */
function solveNonFull(sol: RoundSolution): void {
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
    const comp = m.nonFullOrder[oi];
    const flags = m.compFlags[comp];
    const total = m.compTotal[comp];
    const size = DECK - m.compCards[comp];
    const inv = 1 / size;
    let best = -Infinity;
    let bPts = 0;
    let bFault = 0;
    let bScore = 0;
    if (flags & TOUCHES_SCORE) {
      best = payScore;
      bPts = hTarget;
      bScore = 1;
    }
    for (let mi = m.compStart[comp], mEnd = m.compStart[comp + 1]; mi < mEnd; mi++) {
      const y = m.compMembers[mi];
      hands[0] = Math.floor(y / H0);
      hands[1] = Math.floor(y / H1) % NUM_MULTISETS;
      hands[2] = y % NUM_MULTISETS;
      for (let v = 0; v < 4; v++) s[v] = PER_VALUE - MS_COUNTS[hands[0] * 4 + v] - MS_COUNTS[hands[1] * 4 + v] - MS_COUNTS[hands[2] * 4 + v];
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
            const c2 = h === 0 ? nh * H0 + hands[1] * H1 + hands[2] : h === 1 ? hands[0] * H0 + nh * H1 + hands[2] : hands[0] * H0 + hands[1] * H1 + nh;
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
            const c2 = h === 0 ? nh * H0 + hands[1] * H1 + hands[2] : h === 1 ? hands[0] * H0 + nh * H1 + hands[2] : hands[0] * H0 + hands[1] * H1 + nh;
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
      if (w > best) {
        best = w;
        bPts = wPts;
        bFault = wFault;
        bScore = wScore;
      }
    }
    if (flags & TOUCHES_FAULT && payFault[total] > best) {
      best = payFault[total];
      bPts = 0;
      bFault = 1;
      bScore = 0;
    }
    nonFull[comp] = best;
    if (stats) {
      nPts[comp] = bPts;
      nFault[comp] = bFault;
      nScore[comp] = bScore;
    }
  }
}
