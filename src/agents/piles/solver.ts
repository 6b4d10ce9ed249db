/**
 * The exact solver of a piles game (src/env/layouts/piles.ts) on a known deal: depth-first over the
 * removals, with a transposition table keyed by what changes in play (the piles' heights, the slots'
 * cards and the stock's top), since the deal fixes every card's place. On an open deal without a stock
 * it is exact and fair; where cards are face down or in a stock it reads them, so it is either an oracle
 * or, on a sampled deal, one sample of a fair search.
 */
import { TranspositionTable } from '../transposition.js';
import type { PilesRules, PilesState } from '../../env/layouts/index.js';

const EMPTY = 255;
const WIN = 1;
const LOSS = 2;

/** Positions one solve may visit before it answers "unknown". */
export const SOLVE_BUDGET = 400_000;

export class PilesSolver {
  readonly rules: PilesRules;
  private readonly table: TranspositionTable;
  /** The deal being solved: pile cards, the slots' cards, the stock. */
  private readonly cards: Uint8Array;
  private readonly heights: Uint8Array;
  private readonly slots: Uint8Array;
  private readonly stock: Uint8Array;
  private stockAt = 0;
  private removed = 0;
  /** Bits per pile height in the key. */
  private readonly heightBits: number;
  /** Piles whose heights make the key's first word. */
  private readonly firstWord: number;
  /** Moves of each depth: pairs of places, a single as (p, p). */
  private readonly moveFirst: Uint8Array;
  private readonly moveSecond: Uint8Array;
  /** The slot cards a removal replaced, per depth and card, for undo. */
  private readonly replaced: Uint8Array;
  private nodes = 0;
  private budget = SOLVE_BUDGET;
  /** Cards of each rank still in play, and scratch counts of a pile's cards below a card. */
  private readonly left = new Uint8Array(13);
  private readonly below = new Uint8Array(13);
  /** Whether the table may hold positions of another deal (nothing loaded yet). */
  private fresh = true;

  constructor(rules: PilesRules, tableBits = 20) {
    this.rules = rules;
    const r = this.rules;
    this.table = new TranspositionTable(tableBits);
    this.cards = new Uint8Array(r.pileCount * r.height);
    this.heights = new Uint8Array(r.pileCount);
    this.slots = new Uint8Array(r.slots);
    this.stock = new Uint8Array(r.stockSize);
    this.heightBits = 32 - Math.clz32(r.height);
    const depth = r.deck.size + 1;
    this.moveFirst = new Uint8Array(depth * r.numActions);
    this.moveSecond = new Uint8Array(depth * r.numActions);
    this.replaced = new Uint8Array(depth * 2);
    this.firstWord = Math.min(r.pileCount, Math.floor(31 / this.heightBits));
    if ((r.pileCount - this.firstWord) * this.heightBits + r.slots * 6 + 6 > 31)
      throw new RangeError('too many piles and slots for a two-word key');
  }

  /**
   * Loads a state (its true cards, or a sampled deal's). The table is kept when the state is a later position of
   * the deal loaded before (its cards where they were, its stock the rest of that stock): every position it can
   * reach is one the table's keys name alike. `keepTable` false clears it all the same: a search with a budget then
   * answers a position the same way whatever it solved before (pimc's `act` and its hint agree).
   */
  load(s: PilesState, keepTable = true): void {
    if (this.fresh || !keepTable || !this.sameDeal(s)) this.table.clear();
    this.fresh = false;
    this.left.fill(0);
    for (let p = 0; p < this.rules.pileCount; p++)
      for (let k = 0; k < s.heights[p]; k++) this.left[s.cards[p * this.rules.height + k] >> 2]++;
    for (const c of s.slots) if (c !== EMPTY) this.left[c >> 2]++;
    for (let k = s.stockAt; k < this.rules.stockSize; k++) this.left[s.stock[k] >> 2]++;
    this.cards.set(s.cards);
    this.heights.set(s.heights);
    this.slots.set(s.slots);
    this.stock.set(s.stock);
    this.stockAt = s.stockAt;
    this.removed = s.removed;
  }

  private sameDeal(s: PilesState): boolean {
    const r = this.rules;
    for (let p = 0; p < r.pileCount; p++)
      for (let k = 0; k < s.heights[p]; k++)
        if (s.cards[p * r.height + k] !== this.cards[p * r.height + k]) return false;
    for (let k = s.stockAt; k < r.stockSize; k++) if (s.stock[k] !== this.stock[k]) return false;
    return true;
  }

  /** Whether some pile holds a card whose every partner still in play lies under it in that pile: a lost position. */
  private trapped(): boolean {
    const r = this.rules;
    for (let p = 0; p < r.pileCount; p++) {
      const h = this.heights[p];
      if (h < 2) continue;
      this.below.fill(0);
      for (let k = 0; k < h; k++) {
        const rank = this.cards[p * r.height + k] >> 2;
        let partners = r.partners[rank];
        if (partners !== 0) {
          let free = (partners >>> rank) & 1 ? -1 : 0;
          while (partners !== 0) {
            const q = 31 - Math.clz32(partners);
            partners &= ~(1 << q);
            free += this.left[q] - this.below[q];
          }
          if (free <= 0) return true;
        }
        this.below[rank]++;
      }
    }
    return false;
  }

  /**
   * Whether the loaded position can be won after the removal of places a and b (b = a for a single): 1, 0, or -1
   * when the budget ran out.
   */
  solveAfter(first: number, second: number, budget = SOLVE_BUDGET): number {
    this.nodes = 0;
    this.budget = budget;
    this.take(first, 0);
    if (second !== first) this.take(second, 1);
    const won = this.search(1);
    if (second !== first) this.put(second, 1);
    this.put(first, 0);
    return this.nodes > this.budget ? -1 : won ? 1 : 0;
  }

  /** `solveAfter` of an action id: a pair's two places, a single's place twice. */
  solveAfterAction(action: number, budget = SOLVE_BUDGET): number {
    const r = this.rules;
    if (action < r.pairIds) return this.solveAfter(r.pairFirst[action], r.pairSecond[action], budget);
    return this.solveAfter(action - r.singleBase, action - r.singleBase, budget);
  }

  private rankAt(place: number): number {
    const r = this.rules;
    if (place >= r.slotBase) {
      const c = this.slots[place - r.slotBase];
      return c === EMPTY ? -1 : c >> 2;
    }
    const h = this.heights[place];
    return h === 0 ? -1 : this.cards[place * r.height + h - 1] >> 2;
  }

  private take(place: number, slot: number): void {
    const r = this.rules;
    this.removed++;
    if (place < r.slotBase) {
      const h = --this.heights[place];
      this.left[this.cards[place * r.height + h] >> 2]--;
      return;
    }
    const k = place - r.slotBase;
    this.left[this.slots[k] >> 2]--;
    this.replaced[slot] = this.slots[k];
    this.slots[k] = this.stockAt < r.stockSize ? this.stock[this.stockAt++] : EMPTY;
  }

  private put(place: number, slot: number): void {
    const r = this.rules;
    this.removed--;
    if (place < r.slotBase) {
      this.left[this.cards[place * r.height + this.heights[place]++] >> 2]++;
      return;
    }
    const k = place - r.slotBase;
    if (this.slots[k] !== EMPTY) this.stockAt--;
    this.slots[k] = this.replaced[slot];
    this.left[this.slots[k] >> 2]++;
  }

  /** Whether the position can be won; `depth` indexes the scratch arrays. */
  private search(depth: number): boolean {
    const r = this.rules;
    if (this.removed === r.deck.size) return true;
    if (++this.nodes > this.budget) return false;
    let k1 = 0;
    let k2 = this.stockAt;
    for (let p = 0; p < r.pileCount; p++) {
      if (p < this.firstWord) k1 = (k1 << this.heightBits) | this.heights[p];
      else k2 = (k2 << this.heightBits) | this.heights[p];
    }
    for (let k = 0; k < r.slots; k++) k2 = (k2 << 6) | (this.slots[k] & 63);
    const mask = this.table.mask;
    let at = (Math.imul(k1, 0x9e3779b1) ^ Math.imul(k2 ^ (k1 >>> 16), 0x85ebca77)) >>> 0;
    at = (at ^ (at >>> 15)) & mask;
    for (let probe = 0; probe < 4; probe++, at = (at + 1) & mask) {
      if (this.table.gen[at] !== this.table.generation) break;
      if (this.table.key1[at] === k1 && this.table.key2[at] === k2) return this.table.val[at] === WIN;
    }
    const n = this.trapped() ? 0 : this.moves(depth);
    const base = depth * r.numActions;
    let won = false;
    for (let m = 0; m < n && !won; m++) {
      const a = this.moveFirst[base + m];
      const b = this.moveSecond[base + m];
      this.take(a, 2 * depth);
      if (b !== a) this.take(b, 2 * depth + 1);
      won = this.search(depth + 1);
      if (b !== a) this.put(b, 2 * depth + 1);
      this.put(a, 2 * depth);
    }
    if (this.nodes <= this.budget) this.store(k1, k2, won ? WIN : LOSS);
    return won;
  }

  private store(k1: number, k2: number, value: number): void {
    const mask = this.table.mask;
    let at = (Math.imul(k1, 0x9e3779b1) ^ Math.imul(k2 ^ (k1 >>> 16), 0x85ebca77)) >>> 0;
    at = (at ^ (at >>> 15)) & mask;
    for (let probe = 0; probe < 3 && this.table.gen[at] === this.table.generation; probe++) at = (at + 1) & mask;
    this.table.put(at, k1, k2, value);
  }

  /** The removals of the position, from the taller piles first (they uncover more), into depth's scratch. */
  private moves(depth: number): number {
    const r = this.rules;
    const base = depth * r.numActions;
    let n = 0;
    for (let i = 0; i < r.places; i++) {
      const ri = this.rankAt(i);
      if (ri < 0) continue;
      if ((r.singleMask >>> ri) & 1) {
        // A card that goes alone never hurts to remove: it is the only move the search needs here.
        this.moveFirst[base] = i;
        this.moveSecond[base] = i;
        return 1;
      }
      const partners = r.partners[ri];
      for (let j = i + 1; j < r.places; j++) {
        const rj = this.rankAt(j);
        if (rj < 0 || ((partners >>> rj) & 1) === 0) continue;
        this.moveFirst[base + n] = i;
        this.moveSecond[base + n] = j;
        n++;
      }
    }
    // Insertion sort by the heights taken, tallest first.
    for (let m = 1; m < n; m++) {
      const a = this.moveFirst[base + m];
      const b = this.moveSecond[base + m];
      const w = this.weight(a) + this.weight(b);
      let k = m - 1;
      while (k >= 0 && this.weight(this.moveFirst[base + k]) + this.weight(this.moveSecond[base + k]) < w) {
        this.moveFirst[base + k + 1] = this.moveFirst[base + k];
        this.moveSecond[base + k + 1] = this.moveSecond[base + k];
        k--;
      }
      this.moveFirst[base + k + 1] = a;
      this.moveSecond[base + k + 1] = b;
    }
    return n;
  }

  private weight(place: number): number {
    return place < this.rules.slotBase ? this.heights[place] : 0;
  }
}
