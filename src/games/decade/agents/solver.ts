/**
 * The exact solver of a decade deal whose stock order is known: a depth-first search
 * over `Position`s with a transposition table, used by the oracle (on the true deal) and
 * by the determinized search (on sampled deals).
 *
 * Value of a position (lower is better): 0 when the game can still be won, otherwise
 * 1 + the fewest cards it can end with. A search stops at the first win it finds.
 *
 * - Forced moves (a single legal action) are applied in a loop, so only decision points
 *   recurse and only decision points are stored in the table.
 * - Moves are tried in the engine's order, but the draw (optional discards) last: drawing first,
 *   a search with 'deck-bottom', whose stock never runs out, went down to its depth cap before it
 *   tried a discard (docs/decisions.md, "Optional discards with 'deck-bottom'").
 * - The table is keyed by a 64-bit hash (two 32-bit words) of what the future depends
 *   on: the stock size, the current stack and every stack's values; with 'deck-bottom'
 *   also the stock's values in order (discarded cards come back), and the step count when
 *   `maxSteps` could cut a game short (below 78, the most steps a game without
 *   'deck-bottom' can take). Entries of older searches are dropped in O(1) by a
 *   generation stamp.
 * - 'deck-bottom' can cycle: a position met again on the current path counts as lost
 *   (the cycle would run to maxSteps). Values found that way are stored as if exact, and
 *   the step count is not in the key, so with 'deck-bottom' the solver is a close
 *   approximation, not exact.
 * - The positions the game itself has already held (`HeldPositions`) count as on the path
 *   too. Without them, each search's winning line is a real one, but following the first
 *   winning move of one search after another can lead back to where the game has been,
 *   and round again until maxSteps, while every search says the game is won.
 * - A node budget (applied moves) and a depth cap bound every search; a search cut short
 *   returns estimates (the cards on the table, as if lost there) and stores nothing it
 *   did not finish.
 */
import { TranspositionTable } from '../../../agents/transposition.js';
import { mix32 } from '../../../env/rng.js';
import { DRAW } from '../engine.js';
import { ENDED, type Position, SearchLevels, type Rules } from './position.js';

const WON = 0;
const IN_PROGRESS = 255;
const UNKNOWN = 254;
/** More decision points on one path than this are not searched (deep 'deck-bottom' cycles). */
const MAX_DEPTH = 600;
/** Without 'deck-bottom' no game takes more steps than this (≤ 49 draws + ≤ 26 discards). */
const MAX_STEPS_WITHOUT_CYCLES = 78;
const PROBES = 24;

export class Solver {
  readonly rules: Rules;
  /** Applied moves in the current search (decision and forced). */
  nodes = 0;
  /** Set when the node budget ran out: the values returned since are estimates. */
  aborted = false;
  private budget = 0;
  private lastExact = true;
  private readonly keySteps: boolean;
  private readonly table: TranspositionTable;
  private readonly levels: SearchLevels;
  /** The current position's key (hashPosition): two 32-bit words. */
  private readonly key = new Int32Array(2);
  /** Positions the current search counts as already on its path (the game's own). */
  private held: HeldPositions | null = null;

  /** `tableBits`: log2 of the transposition table's entries (13 bytes each). */
  constructor(rules: Rules, tableBits = 18) {
    this.rules = rules;
    this.levels = new SearchLevels(rules.stacks);
    this.keySteps = !rules.deckBottom && rules.maxSteps < MAX_STEPS_WITHOUT_CYCLES;
    this.table = new TranspositionTable(tableBits);
  }

  /** Forgets every stored position (O(1)). */
  clear(): void {
    this.table.clear();
  }

  /**
   * The value of position `p` (not modified): 0 = can be won, else 1 + fewest cards left.
   * At most `budget` moves are applied; `aborted` tells whether the value is exact. With
   * `held`, reaching one of those positions ends the line as a cycle does. The values
   * stored then depend on `held`: clear the table when it changes.
   */
  value(p: Position, budget: number, held: HeldPositions | null = null): number {
    this.levels.at(0).copyFrom(p);
    return this.start(budget, held);
  }

  /** The value after `action` in `p` (p is not modified). */
  valueAfter(p: Position, action: number, budget: number, held: HeldPositions | null = null): number {
    const q = this.levels.at(0);
    q.copyFrom(p);
    q.apply(this.rules, action);
    return this.start(budget, held);
  }

  private start(budget: number, held: HeldPositions | null): number {
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    this.held = held !== null && held.size > 0 ? held : null;
    return this.search(0);
  }

  private terminalValue(p: Position): number {
    return p.status === ENDED && p.tableCount <= this.rules.winLeft ? WON : 1 + p.tableCount;
  }

  /** Value of positions[d], which it may change. Sets lastExact. */
  private search(d: number): number {
    const r = this.rules;
    const p = this.levels.at(d);
    const moves = this.levels.moves(d);
    let n = p.generate(r, moves);
    while (n === 1) {
      if (++this.nodes > this.budget) return this.estimate(p);
      p.apply(r, moves[0]);
      n = p.generate(r, moves);
    }
    if (n === 0) {
      this.lastExact = true;
      return this.terminalValue(p);
    }
    if (d >= MAX_DEPTH || this.aborted) return this.estimate(p);
    this.hash(p);
    if (this.held?.has(this.key[0], this.key[1])) {
      // The game has been here: going on from it would go round again.
      this.lastExact = true;
      return 1 + p.tableCount;
    }
    const slot = this.find();
    if (slot >= 0) {
      const v = this.table.val[slot];
      if (v === IN_PROGRESS) {
        // A cycle ('deck-bottom' only): going round it again would end truncated.
        this.lastExact = true;
        return 1 + p.tableCount;
      }
      if (v !== UNKNOWN) {
        this.lastExact = true;
        return v;
      }
    }
    const at = slot >= 0 ? slot : this.insert();
    const table = this.table;
    table.val[at] = IN_PROGRESS;
    const h1 = this.key[0];
    const h2 = this.key[1];
    const child = this.levels.at(d + 1);
    let best = 255;
    let exact = true;
    // With optional discards the draw is listed first (id 0) but tried last (see the top).
    const drawLast = moves[0] === DRAW ? 1 : 0;
    for (let j = 0; j < n; j++) {
      const i = drawLast === 1 ? (j + 1) % n : j;
      if (++this.nodes > this.budget) {
        this.aborted = true;
        exact = false;
        if (best === 255) best = 1 + p.tableCount;
        break;
      }
      child.copyFrom(p);
      child.apply(r, moves[i]);
      const v = this.search(d + 1);
      if (!this.lastExact) exact = false;
      if (v < best) best = v;
      if (best === WON) {
        if (this.lastExact) exact = true;
        break;
      }
    }
    // The slot may have been reused by a deeper search when the table is crowded.
    if (table.gen[at] === table.generation && table.key1[at] === h1 && table.key2[at] === h2)
      table.val[at] = exact ? best : UNKNOWN;
    this.lastExact = exact;
    return best;
  }

  private estimate(p: Position): number {
    this.aborted = this.nodes > this.budget || this.aborted;
    this.lastExact = false;
    return 1 + p.tableCount;
  }

  private hash(p: Position): void {
    hashPosition(p, this.rules.deckBottom, this.keySteps, this.key);
  }

  /** The slot holding the current hash, or -1. */
  private find(): number {
    const t = this.table;
    const g = t.generation;
    const h1 = this.key[0];
    const h2 = this.key[1];
    let i = h1 & t.mask;
    for (let probe = 0; probe < PROBES; probe++) {
      if (t.gen[i] !== g) return -1;
      if (t.key1[i] === h1 && t.key2[i] === h2) return i;
      i = (i + 1) & t.mask;
    }
    return -1;
  }

  /** A slot for the current hash: the first free one, or (table crowded) its home slot. */
  private insert(): number {
    const t = this.table;
    const home = this.key[0] & t.mask;
    let i = home;
    let at = home;
    for (let probe = 0; probe < PROBES; probe++) {
      if (t.gen[i] !== t.generation) {
        at = i;
        break;
      }
      i = (i + 1) & t.mask;
    }
    t.put(at, this.key[0], this.key[1], UNKNOWN);
    return at;
  }
}

/**
 * The 64-bit key (two words, into `out`) of what a position's future depends on: the stock
 * size, the current stack and every stack's values; with `withStock` the stock's values in
 * order ('deck-bottom', where discarded cards come back); with `withSteps` the step count.
 */
function hashPosition(p: Position, withStock: boolean, withSteps: boolean, out: Int32Array): void {
  let a = Math.imul(p.stockLen + 1, 0x9e3779b1) ^ p.current;
  let b = Math.imul(p.stockLen + 0x51ed27, 0x85ebca77) + p.current;
  if (withSteps) {
    a = Math.imul(a ^ p.steps, 0x01000193);
    b = Math.imul(b + p.steps, 0x5bd1e995);
  }
  for (let k = 0; k < p.stacks; k++) {
    const n = p.len[k];
    const base = k * 52;
    a = Math.imul(a ^ (n + 64), 0x01000193);
    b = Math.imul(b + n + 64, 0x5bd1e995) ^ (b >>> 13);
    for (let i = 0; i < n; i++) {
      const v = p.vals[base + i];
      a = Math.imul(a ^ v, 0x01000193);
      b = Math.imul(b + v, 0x5bd1e995) ^ (b >>> 13);
    }
  }
  if (withStock) {
    for (let i = 0; i < p.stockLen; i++) {
      const v = p.stock[(p.head + i) % 52];
      a = Math.imul(a ^ (v + 16), 0x01000193);
      b = Math.imul(b + v + 16, 0x5bd1e995) ^ (b >>> 13);
    }
  }
  out[0] = mix32(a);
  out[1] = mix32(b ^ 0x2545f491);
}

/** One number (53 bits, exact in a double and in JSON) for a key's two words. */
function keyNumber(h1: number, h2: number): number {
  return (h1 >>> 0) * 0x200000 + (h2 >>> 11);
}

/**
 * The positions a 'deck-bottom' game has held since its whole stock became known (memory.ts
 * records them): a search that reaches one counts it as a cycle (`Solver.value`'s `held`).
 * Only then can a game come back to a position: while a card is unseen, every draw takes an
 * unseen card and the player knows more than it did.
 */
export class HeldPositions {
  private readonly keys = new Set<number>();
  private readonly key = new Int32Array(2);

  get size(): number {
    return this.keys.size;
  }

  /** Records `p` (its stock holding the true order). */
  add(p: Position): void {
    hashPosition(p, true, false, this.key);
    this.keys.add(keyNumber(this.key[0], this.key[1]));
  }

  has(h1: number, h2: number): boolean {
    return this.keys.has(keyNumber(h1, h2));
  }

  clear(): void {
    this.keys.clear();
  }

  /** The same positions as `other`. */
  copyFrom(other: HeldPositions): void {
    this.keys.clear();
    for (const k of other.keys) this.keys.add(k);
  }

  /** The keys, to save beside what a player remembers (memory.ts, `Remembered`). */
  toArray(): number[] {
    return [...this.keys];
  }

  /** The positions `toArray` gave. */
  setKeys(keys: readonly number[]): void {
    this.keys.clear();
    for (const k of keys) this.keys.add(k);
  }
}
