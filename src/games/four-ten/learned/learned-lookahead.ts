/**
 * Four Ten's learned search, one turn deeper than the expansion (browser-safe): the network's
 * values at the start of the turn after next, combined by the rules exactly. A model whose
 * metadata says `search: 'next-turn'` plays with it (learned/afterstate-agent.ts, `AfterstateAgent`).
 *
 * The expansion (afterstate-features.ts) values a decision's options by the turn starts they can
 * end the turn at, each valued by the network. Here each of those turn starts T (configuration c,
 * stock S, at the decision's points and safeties) is valued instead by the turn it starts:
 *
 *   drawVisible:   W(T) = Σ_v p(v) · min over hands h with room of A(c + v in h, S − v)
 *   hidden card:   W(T) = min over h with room of Σ_v p(v) · A(c + v in h, S − v)
 *
 * p(v) = S[v] / |S|, and A(c', S') the cost (rounds still to play / 10) right after the card:
 * the round's end when c' scores or faults (one round, plus the network's
 * value of the next round's start, or exactly a win or a bust, as the expansion values them), else
 * the best the exchange phase can reach: the lowest network value over the turn starts of c''s
 * exchange component (every configuration exchanges reach without scoring or faulting:
 * round-model.ts lists them) and the component's exits (an exchange into a score or a fault).
 * So the next card's chance, where it can go and what exchanges it opens are exact, and the
 * network's error enters one turn later, averaged over the card.
 *
 * Why: most of what a decision turns on is where to end the turn among the configurations
 * exchanges reach, all with the same cards and stock. The network's values of those
 * configurations are close together and its error reorders them; one turn deeper, their
 * differences come mostly from the rules (what the next card does in each) and much less from
 * the network (docs/experiments/2026-11-22-learned-search.md, "Four Ten: search one turn deeper").
 *
 * Cost: a component's value at a stock is computed once per (points, safeties) and kept
 * (`cached`), so the turns of one round share their work, and every network row a decision
 * needs is valued in one forward pass. Replacements, and placements that fill the hands (whose
 * next turn is a replacement, hundreds of positions), keep the expansion's values.
 * Nothing reads the stock's order: only its composition.
 */
import type { Env } from '../../../env/env.js';
import { FIRST_EXCHANGE, FIRST_REPLACE, fourTenOf, type FourTenOptions } from '../engine.js';
import {
  FAULTS,
  MS_ADD,
  MS_COUNTS,
  MS_SIZE,
  MS_SUM,
  SCORES,
  STOCK_CODES,
  configCards,
  configHand,
  configOfKey,
  configTotal,
  stockOfCode,
  withHand,
} from '../hands.js';
import { CONTINUES, TOUCHES_FAULT, TOUCHES_SCORE, roundModel, type RoundModel } from '../solver/round-model.js';
import {
  doubled,
  type AfterstateExpansion,
  type AfterstateSearch,
  type AfterstateSearchSpec,
} from '../../../agents/afterstate.js';
import {
  FOUR_TEN_LAYOUT,
  FourTenExpansion,
  roundEndCode,
  roundEndCost,
  writeFourTenFeatures,
  writeRoundStart,
} from './afterstate-features.js';

/** Component values kept per (points, safeties) before the cache starts over. */
const MAX_CACHED = 200_000;
/** Stock code · 9^v: one card of value v + 1 fewer. */
const STOCK_STRIDE = [1, 9, 81, 729];

export class FourTenLookahead implements AfterstateSearch {
  private readonly model: RoundModel;
  /**
   * The cost of a component at a stock (key: component · STOCK_CODES + stock code), at `cachedFor`'s points and
   * safeties.
   */
  private readonly cached = new Map<number, number>();
  /** Round starts' network costs, by points · 1024 + safeties. */
  private readonly starts = new Map<number, number>();
  private cachedFor = -1;
  /**
   * Components (key as `cached`) and round starts (−1 − code) asked for in this decision, in the order their rows were
   * written.
   */
  private readonly asked: number[] = [];
  private readonly askedSet = new Set<number>();
  /** Feature rows for the forward pass (`ask` writes them), and the first row of each asked key. */
  rows: Float32Array<ArrayBuffer> = new Float32Array(256 * FOUR_TEN_LAYOUT.size);
  rowCount = 0;
  private readonly firstRowOf: number[] = [];
  /** The outputs handed back for the expansion's rows. */
  private outputs = new Float32Array(128);
  private readonly stock = new Int32Array(4);
  private readonly position = {
    counts: new Uint8Array(12),
    sums: new Int32Array(3),
    stock: new Uint8Array(4),
    points: 0,
    safeties: 0,
  };
  private points = 0;
  private safeties = 0;
  /** Rows valued by the network so far (for measurements). */
  rowsValued = 0;

  constructor(private readonly options: FourTenOptions) {
    this.model = roundModel(options.handTarget, options.check);
  }

  /**
   * False where the decision keeps the expansion's values (a replacement, or a placement that
   * fills the hands); else the rows the network must value are `rows[0 … rowCount · 245)` (none,
   * when everything needed is known), for `answer`.
   */
  ask(env: Env, expansion: AfterstateExpansion): boolean {
    this.rowCount = 0;
    const four = fourTenOf(env);
    if (!four || !(expansion instanceof FourTenExpansion))
      throw new Error(`the Four Ten lookahead searches Four Ten expansions, not ${env.id}'s`);
    const x = expansion;
    const first = env.legal[0];
    if (first >= FIRST_REPLACE && first < FIRST_EXCHANGE) return false;
    let some = -1;
    for (let r = 0; r < x.rowCount && some < 0; r++) if (x.rowKey[r] >= 0) some = r;
    if (some < 0 || configCards(configOfKey(x.rowKey[some])) >= 12) return false;
    this.at(four.state.points, four.state.safeties);
    // What the decision needs that is not known yet: components at stocks, and round starts.
    this.asked.length = 0;
    this.firstRowOf.length = 0;
    this.askedSet.clear();
    for (let r = 0; r < x.rowCount; r++) {
      if (x.sameAs[r] !== r) continue;
      if (x.rowKey[r] >= 0) this.turn(configOfKey(x.rowKey[r]), x.rowStock[r], false);
      else this.start(x.rowStart[r] - 1, false);
    }
    return true;
  }

  /**
   * The outputs for every row of the expansion `ask` was given (as `ExpansionBatch.run` gives them); `out` holds the
   * network's [win logit, cost] of the rows `ask` wrote. Reused across calls.
   */
  answer(expansion: AfterstateExpansion, out: Float32Array): Float32Array {
    const x = expansion as FourTenExpansion;
    if (this.rowCount > 0) {
      this.rowsValued += this.rowCount;
      this.learn(out);
    }
    // Every turn start one turn deeper, every round start as the network values it; the win logit 0 (it decides nothing
    // in Four Ten).
    if (this.outputs.length < x.rowCount * 2) this.outputs = new Float32Array(x.rowCount * 4);
    const outputs = this.outputs;
    for (let r = 0; r < x.rowCount; r++) {
      const f = x.sameAs[r];
      outputs[r * 2] = 0;
      if (f !== r) outputs[r * 2 + 1] = outputs[f * 2 + 1];
      else
        outputs[r * 2 + 1] =
          x.rowKey[r] >= 0
            ? this.turn(configOfKey(x.rowKey[r]), x.rowStock[r], true)
            : this.start(x.rowStart[r] - 1, true);
    }
    return outputs.subarray(0, x.rowCount * 2);
  }

  /** Forgets every value kept (a network whose weights changed starts from nothing). */
  forget(): void {
    this.cached.clear();
    this.starts.clear();
    this.cachedFor = -1;
  }

  /** Starts over when the points or safeties change (every value depends on them). */
  private at(points: number, safeties: number): void {
    const key = points * 1024 + safeties;
    if (key === this.cachedFor && this.cached.size < MAX_CACHED) return;
    this.forget();
    this.cachedFor = key;
    this.points = points;
    this.safeties = safeties;
  }

  /**
   * The turn starting at configuration c with stock code `code`: with `value`, its cost one turn
   * deeper (everything it needs known); without, asks for what it needs (returns NaN).
   */
  private turn(c: number, code: number, value: boolean): number {
    const stock = this.stock;
    stockOfCode(code, stock);
    const size = stock[0] + stock[1] + stock[2] + stock[3];
    if (this.options.drawVisible) {
      // Seen card: Σ_v p(v) min_h.
      let total = 0;
      for (let v = 0; v < 4; v++) {
        if (stock[v] === 0) continue;
        let min = Infinity;
        for (let h = 0; h < 3; h++) min = Math.min(min, this.afterCard(c, h, v, code - STOCK_STRIDE[v], value));
        total += (stock[v] / size) * min;
      }
      return value ? total : NaN;
    }
    // Hidden card: min_h Σ_v p(v).
    let best = Infinity;
    for (let h = 0; h < 3; h++) {
      if (MS_SIZE[configHand(c, h)] >= 4) continue;
      let sum = 0;
      for (let v = 0; v < 4; v++)
        if (stock[v] > 0) sum += (stock[v] / size) * this.afterCard(c, h, v, code - STOCK_STRIDE[v], value);
      best = Math.min(best, sum);
    }
    return value ? best : NaN;
  }

  /**
   * A(c + card of value v + 1 in h, stock code after): the cost right after the card (Infinity
   * when h is full). Never the round's last card: with fewer than 12 cards in the hands none is out
   * of play, so the stock holds 20 or more.
   */
  private afterCard(c: number, h: number, v: number, code: number, value: boolean): number {
    const hand = configHand(c, h);
    if (MS_SIZE[hand] >= 4) return Infinity;
    const next = withHand(c, h, MS_ADD[hand * 4 + v]);
    const verdict = this.model.verdict[next];
    if (verdict !== CONTINUES) return this.roundEnd(verdict, configTotal(next), value);
    const k = this.model.comp[next];
    const key = k * STOCK_CODES + code;
    const known = this.cached.get(key);
    if (known !== undefined) return known;
    if (value) throw new Error('four-ten lookahead: a component was not valued');
    if (!this.askedSet.has(key)) this.askComponent(k, key, code);
    return NaN;
  }

  /** The cost of a round that ends with this verdict (SCORES or FAULTS) at hands totalling `total`. */
  private roundEnd(verdict: number, total: number, value: boolean): number {
    const code = roundEndCode(verdict, total, this.points, this.safeties, this.options);
    return roundEndCost(code, code >= 0 ? this.start(code, value) : 0);
  }

  /** The network's cost of a round's start (code: points · 1024 + safeties); without `value`, asks for it (NaN). */
  private start(code: number, value: boolean): number {
    const known = this.starts.get(code);
    if (known !== undefined) return known;
    if (value) throw new Error('four-ten lookahead: a round start was not valued');
    if (!this.askedSet.has(-1 - code)) {
      const row = this.addRow(-1 - code);
      writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * FOUR_TEN_LAYOUT.size);
    }
    return NaN;
  }

  /** Asks for component k at a stock: one row per member, and the round starts its exits lead to. */
  private askComponent(k: number, key: number, code: number): void {
    const m = this.model;
    const F = FOUR_TEN_LAYOUT.size;
    const p = this.position;
    stockOfCode(code, p.stock);
    p.points = this.points;
    p.safeties = this.safeties;
    for (let i = m.compStart[k]; i < m.compStart[k + 1]; i++) {
      const y = m.compMembers[i];
      for (let h = 0; h < 3; h++) {
        const ms = configHand(y, h);
        for (let v = 0; v < 4; v++) p.counts[h * 4 + v] = MS_COUNTS[ms * 4 + v];
        p.sums[h] = MS_SUM[ms];
      }
      const row = this.addRow(i === m.compStart[k] ? key : NaN);
      writeFourTenFeatures(p, this.options, this.rows, row * F);
    }
    const flags = m.compFlags[k];
    if (flags & TOUCHES_SCORE) this.roundEnd(SCORES, m.compTotal[k], false);
    if (flags & TOUCHES_FAULT) this.roundEnd(FAULTS, m.compTotal[k], false);
  }

  /** A new feature row; `key` (not NaN) starts what it is the first row of. */
  private addRow(key: number): number {
    const row = this.rowCount++;
    if (this.rowCount * FOUR_TEN_LAYOUT.size > this.rows.length) this.rows = doubled(this.rows);
    if (!Number.isNaN(key)) {
      this.asked.push(key);
      this.firstRowOf.push(row);
      this.askedSet.add(key);
    }
    return row;
  }

  /** Keeps the forward pass's values: round starts first (components' exits need them), then each component's best. */
  private learn(out: Float32Array): void {
    for (let j = 0; j < this.asked.length; j++) {
      const key = this.asked[j];
      if (key < 0) this.starts.set(-1 - key, out[this.firstRowOf[j] * 2 + 1]);
    }
    const m = this.model;
    for (let j = 0; j < this.asked.length; j++) {
      const key = this.asked[j];
      if (key < 0) continue;
      const k = Math.floor(key / STOCK_CODES);
      const row = this.firstRowOf[j];
      let best = Infinity;
      for (let i = 0; i < m.compStart[k + 1] - m.compStart[k]; i++) best = Math.min(best, out[(row + i) * 2 + 1]);
      const flags = m.compFlags[k];
      if (flags & TOUCHES_SCORE) best = Math.min(best, this.roundEnd(SCORES, m.compTotal[k], true));
      if (flags & TOUCHES_FAULT) best = Math.min(best, this.roundEnd(FAULTS, m.compTotal[k], true));
      this.cached.set(key, best);
    }
  }
}

/** The search a Four Ten model's metadata names 'next-turn' (learned/from-model.ts gives it to the agent). */
export const FOUR_TEN_SEARCH: AfterstateSearchSpec<FourTenOptions> = {
  name: 'next-turn',
  create: (options) => new FourTenLookahead(options),
};
