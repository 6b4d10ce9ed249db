/**
 * The model of a Four Ten round's graph (browser-safe; the solve is round-solver.ts): every
 * configuration's verdict, the components of the exchange graph (configurations one exchange
 * apart, restricted to those that neither score nor fault: what a turn's exchanges can reach), and
 * where each (component, stock composition) value lives in a solution's tables. Configurations and
 * multisets are four-ten-hands.ts's. Built once per `handTarget` and `check` (about 0.2 s) and
 * shared by every solution with those rules.
 *
 * Full hands (12 cards) are laid out by M, the hands' 12-card multiset: with M fixed, the stock can
 * be any composition with 0 ≤ stock[v] ≤ 8 − m_v (the rest is out of play after replacements), a
 * box of ∏ (9 − m_v) compositions; a full component's values fill one box. Components with fewer
 * cards have one value each (the stock follows from the hands).
 */
import { TengymError } from '../../../env/errors.js';
import { Staged } from '../../../agents/staged.js';
import {
  FAULTS,
  MS_COUNTS,
  MS_SIZE,
  MS_SUM,
  NOTHING,
  NUM_CONFIGS,
  NUM_MULTISETS,
  PER_VALUE,
  SCORES,
  configCards,
  configHand,
  configId,
  configTotal,
  exchangeNeighbours,
  judgeHands,
  type HandRules,
} from '../hands.js';

/** Verdicts of a configuration: four-ten-hands.ts's check, and one more. */
export const CONTINUES = NOTHING;
export { FAULTS, SCORES };
/** More than eight cards of a value: never happens. */
export const IMPOSSIBLE = 3;

/** Component flags. */
export const TOUCHES_SCORE = 1;
export const TOUCHES_FAULT = 2;

/**
 * The static structure for a `handTarget` and `check`: every configuration's verdict, the
 * exchange graph's components, and where each (component, stock) value lives. Built once
 * (about 0.2 s) and shared by every solution with those rules.
 */
export class RoundModel implements HandRules {
  readonly handTarget: number;
  readonly check: HandRules['check'];
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

  /** Unbuilt: `build` fills it in. */
  private constructor(handTarget: number, check: HandRules['check']) {
    this.handTarget = handTarget;
    this.check = check;
  }

  /** The model for these rules, built a slice at a time (`Staged`). */
  static *build(handTarget: number, check: HandRules['check']): Generator<void, RoundModel> {
    if (!Number.isInteger(handTarget) || handTarget < 1 || handTarget > 40) {
      throw new TengymError('bad-argument', `the Four Ten solver takes handTarget 1..40, got ${handTarget}`);
    }
    const model = new RoundModel(handTarget, check);
    yield* model.judgeAll();
    yield* model.findComponents();
    yield* model.layOutFull();
    return model;
  }

  private *judgeAll(): Generator<void> {
    for (let a = 0; a < NUM_MULTISETS; a++) {
      yield;
      for (let b = 0; b < NUM_MULTISETS; b++) {
        for (let c = 0; c < NUM_MULTISETS; c++) {
          const id = configId(a, b, c);
          let ok = true;
          for (let v = 0; v < 4; v++)
            if (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v] > PER_VALUE) ok = false;
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

  private *findComponents(): Generator<void> {
    const queue = new Int32Array(NUM_CONFIGS);
    const members = new Int32Array(NUM_CONFIGS);
    const starts: number[] = [0];
    const flags: number[] = [];
    const totals: number[] = [];
    const cards: number[] = [];
    const nb = new Int32Array(32);
    let nMembers = 0;
    for (let id = 0; id < NUM_CONFIGS; id++) {
      if ((id & 4095) === 4095) yield;
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

  private *layOutFull(): Generator<void> {
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
      yield;
      for (let b = 0; b < NUM_MULTISETS; b++) {
        if (MS_SIZE[b] !== 4) continue;
        for (let c = 0; c < NUM_MULTISETS; c++) {
          if (MS_SIZE[c] !== 4) continue;
          const id = configId(a, b, c);
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
      if ((M & 7) === 7) yield;
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
    const a = configHand(id, 0);
    const b = configHand(id, 1);
    const c = configHand(id, 2);
    let key = 0;
    for (let v = 0, p = 1; v < 4; v++, p *= 9)
      key += (MS_COUNTS[a * 4 + v] + MS_COUNTS[b * 4 + v] + MS_COUNTS[c * 4 + v]) * p;
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

const models = new Map<string, Staged<RoundModel>>();
/** The shared model for these rules, built in slices where a caller asks for them. */
export function roundModelStaged(handTarget: number, check: HandRules['check']): Staged<RoundModel> {
  const key = `${handTarget}/${check}`;
  let m = models.get(key);
  if (!m) {
    m = new Staged(RoundModel.build(handTarget, check));
    // A refused handTarget is refused now, and again at every later call.
    m.step();
    models.set(key, m);
  }
  return m;
}

/** The shared model for these rules. */
export const roundModel = (handTarget: number, check: HandRules['check']): RoundModel =>
  roundModelStaged(handTarget, check).get();
