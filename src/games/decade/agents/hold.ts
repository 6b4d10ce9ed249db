/**
 * Holding, when discards are optional on one straight line (no loop, 1 stack, discarded
 * cards gone: `decade-optional` and its variants).
 *
 * There, drawing never loses anything: cards are only ever added at the right end, so a
 * run that could be discarded now is still a run (the same cards, still consecutive)
 * after any number of draws, as long as no overlapping run is discarded first. Any game
 * can therefore be replayed as "draw the whole stock, then make the same discards in
 * the same order", with the same end. A fair player who draws every card first loses
 * nothing and then sees every card: the fair optimum equals the perfect-information
 * optimum (the oracle's, about 85% of deals), and the full line's exact value (`LineSolver`,
 * below) gives it. (Not with a loop, where a run must include the top card, nor with seven
 * stacks, where emptying a stack changes where later cards go.)
 */
import { MAX_RUN_LENGTH, MAX_RUN_TOTAL } from '../engine.js';
import { DECK_SIZE, Position, type Rules } from './position.js';

/** Without 'deck-bottom' no game takes 78 steps, so a `maxSteps` of 78 or more never cuts one short. */
const STEPS_NEVER_BINDING = 78;

export function holdsUntilStockEmpty(r: Rules): boolean {
  return r.optional && lineSolves(r);
}

/**
 * Whether `LineSolver` values a position of these rules once its stock is empty: one straight line, discarded cards
 * gone, a step limit that never binds. Forced or optional discards alike, since with nothing to draw they are the same.
 */
export function lineSolves(r: Rules): boolean {
  return r.stacks === 1 && !r.loop && !r.deckBottom && r.maxSteps >= STEPS_NEVER_BINDING;
}

/** Draws the whole stock onto the line (one stack): the position a holding player reaches. */
export function drawAll(p: Position): void {
  const base = p.current * DECK_SIZE;
  for (let i = 0; i < p.stockLen; i++) p.vals[base + p.len[p.current] + i] = p.stock[(p.head + i) % DECK_SIZE];
  p.len[p.current] += p.stockLen;
  p.tableCount += p.stockLen;
  p.steps += p.stockLen;
  p.head = (p.head + p.stockLen) % DECK_SIZE;
  p.stockLen = 0;
}

/**
 * The exact value of one straight line with nothing left to draw, in the `Solver`'s terms
 * (0 = the line can be cleared, else 1 + the fewest cards it can end with), found in
 * polynomial time rather than by search: a game's worst decision was an exhaustive search of
 * up to 2 million moves (0.4 s) where this takes well under a millisecond.
 *
 * Why it is exact: call the cards a discard takes, in the line's original positions, a block.
 * When a block is discarded, every card between its first and last has gone already, so a
 * later block cannot have a card inside an earlier one's span: the blocks of any game are
 * non-crossing, each gap inside a block was cleared by blocks nested in that gap, and no card
 * left at the end lies inside a block. Conversely any such family can be played, innermost
 * first. So a segment of the line can be cleared when its first card starts a block (a chain of
 * cards whose gaps can be cleared, of a discarding total and length) followed by a segment that
 * can be cleared; and the fewest cards a line ends with is the fewest left outside a choice of
 * disjoint segments that can be cleared. A line that ends with the fewest has no run left (it
 * would end with fewer), so the game does end there. With `maxRun` below the longest possible
 * run the chains count their cards exactly; otherwise only up to `minRun`.
 *
 * For one stack, no loop, no 'deck-bottom' and a step limit that never binds
 * (`holdsUntilStockEmpty`), with an empty stock.
 */
export class LineSolver {
  private readonly rules: Rules;
  /** Chain lengths told apart: lengths 1..sizes (the last saturates unless maxRun binds). */
  private readonly sizes: number;
  private readonly maxRunBinds: boolean;
  private readonly goodLo: number;
  private readonly goodHi: number;
  /** clear[a] (words 2a, 2a+1): bit r set when cards a..r can all be discarded. */
  private readonly clear = new Int32Array(2 * (DECK_SIZE + 1));
  /**
   * chains[(j * sizes + t) * 2 + w]: totals (bit s: sums 0..31, then 32..35) of chains from the current start to card
   * j, of length t + 1.
   */
  private readonly chains: Int32Array;
  private readonly fewest = new Int32Array(DECK_SIZE + 1);
  private readonly vals = new Uint8Array(DECK_SIZE);
  private readonly after = new Position(1);

  constructor(rules: Rules) {
    if (rules.stacks !== 1 || rules.loop || rules.deckBottom)
      throw new Error('LineSolver: one straight line, without deck-bottom');
    this.rules = rules;
    this.maxRunBinds = rules.maxLen < MAX_RUN_LENGTH;
    this.sizes = this.maxRunBinds ? rules.maxLen : rules.minRun;
    this.chains = new Int32Array(DECK_SIZE * this.sizes * 2);
    let lo = 0;
    let hi = 0;
    for (let s = 0; s <= MAX_RUN_TOTAL; s++) {
      if (rules.good[s] !== 1) continue;
      if (s < 32) lo |= 1 << s;
      else hi |= 1 << (s - 32);
    }
    this.goodLo = lo;
    this.goodHi = hi;
  }

  /** The value after `action` in p (p is not modified), the stock then drawn: what holding leaves to play. */
  valueAfter(p: Position, action: number): number {
    const q = this.after;
    q.copyFrom(p);
    q.apply(this.rules, action);
    drawAll(q);
    return this.value(q);
  }

  /**
   * The value of p's line (its stock must be empty): 0 when it can be cleared, else 1 + the fewest cards it can end
   * with.
   */
  value(p: Position): number {
    const n = p.len[p.current];
    const base = p.current * DECK_SIZE;
    for (let i = 0; i < n; i++) this.vals[i] = p.vals[base + i];
    this.fillClearable(n);
    const left = this.fewestLeft(n);
    return left <= this.rules.winLeft ? 0 : 1 + left;
  }

  private fillClearable(n: number): void {
    const clear = this.clear;
    const chains = this.chains;
    const sizes = this.sizes;
    const minIndex = this.rules.minRun - 1;
    clear[2 * n] = 0;
    clear[2 * n + 1] = 0;
    for (let l = n - 1; l >= 0; l--) {
      chains.fill(0, l * sizes * 2, n * sizes * 2);
      chains[l * sizes * 2] = 1 << this.vals[l];
      let rowLo = 0;
      let rowHi = 0;
      for (let j = l; j < n; j++) {
        const at = j * sizes * 2;
        let any = 0;
        let ends = 0;
        for (let t = 0; t < sizes; t++) {
          const lo = chains[at + 2 * t];
          const hi = chains[at + 2 * t + 1];
          any |= lo | hi;
          if (t >= minIndex) ends |= (lo & this.goodLo) | (hi & this.goodHi);
        }
        if (any === 0) continue;
        if (ends !== 0) {
          // A block from l ends at j: l..j clears, and so does l..r wherever j+1..r does.
          if (j < 32) rowLo |= 1 << j;
          else rowHi |= 1 << (j - 32);
          rowLo |= clear[2 * (j + 1)];
          rowHi |= clear[2 * (j + 1) + 1];
        }
        // The chain's next card: j+1, or r+1 past a gap j+1..r that clears.
        if (j + 1 < n) this.extend(j, j + 1);
        let gapLo = clear[2 * (j + 1)];
        let gapHi = clear[2 * (j + 1) + 1];
        while (gapLo !== 0) {
          const r = 31 - Math.clz32(gapLo & -gapLo);
          gapLo &= gapLo - 1;
          if (r + 1 < n) this.extend(j, r + 1);
        }
        while (gapHi !== 0) {
          const r = 63 - Math.clz32(gapHi & -gapHi);
          gapHi &= gapHi - 1;
          if (r + 1 < n) this.extend(j, r + 1);
        }
      }
      clear[2 * l] = rowLo;
      clear[2 * l + 1] = rowHi;
    }
  }

  /** Adds card k to every chain ending at j. */
  private extend(j: number, k: number): void {
    const chains = this.chains;
    const sizes = this.sizes;
    const v = this.vals[k];
    const from = j * sizes * 2;
    const to = k * sizes * 2;
    for (let t = 0; t < sizes; t++) {
      const lo = chains[from + 2 * t];
      const hi = chains[from + 2 * t + 1];
      if ((lo | hi) === 0) continue;
      // Totals past 35 can discard nothing (and runs no longer than 14 cards exist).
      const shiftedLo = lo << v;
      const shiftedHi = ((hi << v) | (lo >>> (32 - v))) & HIGH_SUMS;
      let u = t + 1;
      if (u === sizes) {
        if (this.maxRunBinds) continue;
        u = sizes - 1;
      }
      chains[to + 2 * u] |= shiftedLo;
      chains[to + 2 * u + 1] |= shiftedHi;
    }
  }

  /** The fewest cards left outside disjoint segments that clear. */
  private fewestLeft(n: number): number {
    const fewest = this.fewest;
    const clear = this.clear;
    fewest[0] = 0;
    for (let r = 0; r < n; r++) {
      let best = fewest[r] + 1;
      const word = r < 32 ? 0 : 1;
      const bit = 1 << (r & 31);
      for (let l = 0; l <= r; l++) {
        if ((clear[2 * l + word] & bit) !== 0 && fewest[l] < best) best = fewest[l];
      }
      fewest[r + 1] = best;
    }
    return fewest[n];
  }
}

/** Bits of totals 32..35 in a chain's high word. */
const HIGH_SUMS = 0xf;
