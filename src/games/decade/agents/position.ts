/**
 * A compact copy of a decade position for the agents' searches: card values only
 * (suits never matter), typed arrays, no observation or pile bookkeeping, so copying a
 * position and applying a move cost a few dozen nanoseconds.
 *
 * It mirrors the engine's rules (src/games/decade/engine.ts) move for move: the same legal
 * ids in the same order, the same draws, discards, eliminations, step limit and end, for
 * every option of the engine, each read through `rulesOf`. test/games/decade/agents/baselines.test.ts
 * checks it against the engine on random games, with every option set off its default.
 *
 * Action ids, card values and run totals are the engine's (decade.ts exports them).
 *
 * The stock is a ring of values. A fair agent loads the stock's composition in a
 * canonical order and shuffles it with its own generator (`loadFair`); only the oracle
 * loads the true order (`loadTrue`).
 */
import { DECK_SIZE } from '../../../env/cards.js';
import {
  CARD_VALUE,
  DECADE_ACTIONS,
  DRAW,
  MAX_RUN_TOTAL,
  MAX_STACKS,
  maxRunLength,
  runActionId,
  runLengthOf,
  runStartOf,
  runTotals,
  type DecadeOptions,
  type DecadeState,
} from '../engine.js';
import { shuffleInPlace, type Rng } from '../../../env/rng.js';

export { DECK_SIZE, MAX_STACKS };

/** The option values a search needs, resolved once. */
export interface Rules {
  stacks: number;
  minRun: number;
  maxLen: number;
  loop: boolean;
  optional: boolean;
  deckBottom: boolean;
  /** Cards a finished game may leave and still be won (0, or 1 with 'one-left'). */
  winLeft: number;
  maxSteps: number;
  /** good[t] = 1 when a run totalling t discards (the engine's table: read only). */
  good: Uint8Array;
}

export function rulesOf(o: DecadeOptions): Rules {
  return {
    stacks: o.stacks,
    minRun: o.minRun,
    maxLen: maxRunLength(o),
    loop: o.loop,
    optional: o.discard === 'optional',
    deckBottom: o.pickedUp === 'deck-bottom',
    winLeft: o.win === 'one-left' ? 1 : 0,
    maxSteps: o.maxSteps,
    good: runTotals(o),
  };
}

/** How `generate` found the position: still running, over (no legal action), or cut by maxSteps. */
export const RUNNING = 0;
export const ENDED = 1;
export const TRUNCATED = 2;

export class Position {
  readonly stacks: number;
  /** Values of stack k at vals[k*52 .. k*52+len[k]-1], oldest first. */
  readonly vals: Uint8Array;
  readonly len: Int32Array = new Int32Array(MAX_STACKS);
  aliveCount = 0;
  current = 0;
  tableCount = 0;
  /** Ring of values: the next card drawn is stock[head]. */
  readonly stock: Uint8Array = new Uint8Array(DECK_SIZE);
  head = 0;
  stockLen = 0;
  steps = 0;
  /** Set by generate. */
  status = RUNNING;

  constructor(stacks: number) {
    this.stacks = stacks;
    this.vals = new Uint8Array(stacks * DECK_SIZE);
  }

  copyFrom(p: Position): void {
    this.vals.set(p.vals);
    this.len.set(p.len);
    this.aliveCount = p.aliveCount;
    this.current = p.current;
    this.tableCount = p.tableCount;
    this.stock.set(p.stock);
    this.head = p.head;
    this.stockLen = p.stockLen;
    this.steps = p.steps;
    this.status = p.status;
  }

  /** The table of an engine state; the stock is left empty (see loadTrue, loadFair). */
  private loadTable(s: DecadeState): void {
    for (let k = 0; k < this.stacks; k++) {
      const n = s.len[k];
      for (let p = 0; p < n; p++) this.vals[k * DECK_SIZE + p] = CARD_VALUE[s.table[k * DECK_SIZE + p]];
      this.len[k] = n;
    }
    this.aliveCount = s.aliveCount;
    this.current = s.current;
    this.tableCount = s.tableCount;
    this.steps = s.steps;
    this.head = 0;
    this.stockLen = 0;
    this.status = RUNNING;
  }

  /** The engine state with its true stock order: only for agents that are not fair (the oracle). */
  loadTrue(s: DecadeState): void {
    this.loadTable(s);
    for (let i = 0; i < s.stockLen; i++) this.stock[i] = CARD_VALUE[s.stock[(s.stockHead + i) % DECK_SIZE]];
    this.stockLen = s.stockLen;
  }

  /**
   * The engine state with the stock's cards in an order drawn from `rng`. Fair: the
   * order is built from the stock's composition (values in increasing order), never
   * from the true order, so permuting the true stock changes nothing.
   */
  loadFair(s: DecadeState, rng: Rng): void {
    this.loadTable(s);
    this.loadCanonicalStock(s);
    shuffleInPlace(rng, this.stock, this.stockLen);
  }

  /** `p`'s table, with a stock of the values counted in `unseen[1..10]` in a fair order drawn from `rng`. */
  loadFairFrom(p: Position, unseen: ArrayLike<number>, rng: Rng): void {
    this.copyFrom(p);
    this.loadStockOf(unseen);
    shuffleInPlace(rng, this.stock, this.stockLen);
  }

  /** The stock's composition in increasing value order (what a fair agent knows). */
  private loadCanonicalStock(s: DecadeState): void {
    this.loadStockOf(s.stockValues);
  }

  /** A stock of the values counted in `counts[1..10]`, in increasing value order. */
  private loadStockOf(counts: ArrayLike<number>): void {
    let at = 0;
    for (let v = 1; v <= 10; v++) for (let c = 0; c < counts[v]; c++) this.stock[at++] = v;
    this.head = 0;
    this.stockLen = at;
  }

  /** The engine state's table, with an empty stock: the caller fills the stock (or only its size). */
  loadTableOnly(s: DecadeState): void {
    this.loadTable(s);
  }

  /** The live stack after `from` in rotation (from itself when it is the only one); -1 if none. */
  nextLiveStack(from: number): number {
    if (this.stacks === 1) return 0;
    for (let i = 1; i <= MAX_STACKS; i++) {
      const k = (from + i) % MAX_STACKS;
      if (this.len[k] > 0) return k;
    }
    return -1;
  }

  /**
   * Writes the legal action ids, in the engine's order (increasing ids), into `out`;
   * returns how many and sets `status`. Allocates nothing.
   */
  generate(r: Rules, out: Int32Array): number {
    const canDraw = this.stockLen > 0 && this.aliveCount > 0;
    let count = 0;
    if (canDraw && r.optional) out[count++] = DRAW;
    count = this.stackRuns(r, out, count);
    if (canDraw && !r.optional && count === 0) out[count++] = DRAW;
    if (count > 0 && this.steps >= r.maxSteps) {
      this.status = TRUNCATED;
      return 0;
    }
    this.status = count === 0 ? ENDED : RUNNING;
    return count;
  }

  /** The current stack's runs, as the engine's `stackRuns` lists them, from out[count]; returns the new count. */
  private stackRuns(r: Rules, out: Int32Array, count: number): number {
    const base = this.current * DECK_SIZE;
    const n = this.len[this.current];
    const v = this.vals;
    const good = r.good;
    if (!r.loop) {
      for (let st = 0; st + r.minRun <= n; st++) {
        const end = Math.min(st + r.maxLen, n);
        let sum = 0;
        for (let i = st; i < end; i++) {
          sum += v[base + i];
          if (sum > MAX_RUN_TOTAL) break;
          const length = i - st + 1;
          if (length >= r.minRun && good[sum] === 1) out[count++] = runActionId(st, length);
        }
      }
      return count;
    }
    if (n < r.minRun) return count;
    if (n <= r.maxLen) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += v[base + i];
      if (sum <= MAX_RUN_TOTAL && good[sum] === 1) out[count++] = runActionId(0, n);
    }
    const longest = Math.min(r.maxLen, n - 1);
    for (let st = Math.max(1, n - longest); st < n; st++) {
      let sum = 0;
      for (let i = st; i < n; i++) sum += v[base + i];
      let length = n - st;
      let wrap = 0;
      while (sum <= MAX_RUN_TOTAL) {
        if (length >= r.minRun && good[sum] === 1) out[count++] = runActionId(st, length);
        if (length >= longest) break;
        sum += v[base + wrap];
        wrap++;
        length++;
      }
    }
    return count;
  }

  /** Applies a legal action (0 = draw, else a run id). */
  apply(r: Rules, action: number): void {
    this.steps++;
    if (action === DRAW) this.draw(this.stock[this.head]);
    else this.discard(r, runStartOf(action), runLengthOf(action));
  }

  /** Draws the stock's top card (its value is `value`) onto the next live stack. */
  draw(value: number): void {
    this.head = (this.head + 1) % DECK_SIZE;
    this.stockLen--;
    this.push(this.nextLiveStack(this.current), value);
  }

  /** Puts `value` on top of stack k, which becomes the current stack (no stock change). */
  push(k: number, value: number): void {
    this.vals[k * DECK_SIZE + this.len[k]] = value;
    this.len[k]++;
    this.tableCount++;
    this.current = k;
  }

  private pickUp(r: Rules, value: number): void {
    if (!r.deckBottom) return;
    this.stock[(this.head + this.stockLen) % DECK_SIZE] = value;
    this.stockLen++;
  }

  /** Removes the run (start, length) from the current stack, as the engine does. */
  discard(r: Rules, start: number, length: number): void {
    const k = this.current;
    const base = k * DECK_SIZE;
    const n = this.len[k];
    const v = this.vals;
    const end = start + length;
    if (end <= n) {
      for (let i = start; i < end; i++) this.pickUp(r, v[base + i]);
      for (let i = end; i < n; i++) v[base + i - length] = v[base + i];
    } else {
      const wrapped = end - n;
      for (let i = 0; i < wrapped; i++) this.pickUp(r, v[base + i]);
      for (let i = start; i < n; i++) this.pickUp(r, v[base + i]);
      for (let i = wrapped; i < start; i++) v[base + i - wrapped] = v[base + i];
    }
    this.len[k] = n - length;
    this.tableCount -= length;
    if (n === length && this.stacks === MAX_STACKS) this.aliveCount--;
  }

  /** After generate returned 0: whether the game is won. */
  won(r: Rules): boolean {
    return this.status === ENDED && this.tableCount <= r.winLeft;
  }
}

/**
 * A depth-first search's scratch space: one position and one move list per depth, made on first
 * use and then reused, so a search allocates nothing once it has been as deep before.
 */
export class SearchLevels {
  private readonly positions: Position[] = [];
  private readonly moveLists: Int32Array[] = [];

  constructor(readonly stacks: number) {}

  /** The position of depth d. */
  at(d: number): Position {
    while (this.positions.length <= d) {
      this.positions.push(new Position(this.stacks));
      this.moveLists.push(new Int32Array(DECADE_ACTIONS));
    }
    return this.positions[d];
  }

  /** The move list of depth d (after `at(d)`). */
  moves(d: number): Int32Array {
    return this.moveLists[d];
  }
}
