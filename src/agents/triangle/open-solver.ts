/**
 * The exact solver of a triangle of seven rows beside open piles, without a stock (Giza): every card is in sight,
 * so a depth-first search over the removals decides a deal, and is fair. A position is the pyramid's slots as a
 * bitmask and the piles' heights packed into one word: the deal fixes every card's place, and play only takes cards
 * away, so the search never meets a cycle. Its transposition table keys those two words.
 *
 * - Kings are removed as soon as they are available, without branching: a king pairs with nothing, so a position
 *   without it can do all that one with it can.
 * - A pair of ranks (adding to 13) whose cards left are all available goes at once: they pair only with each other,
 *   and taking them only uncovers more.
 * - A position is lost, without search, when the cards of some pair of ranks cannot be matched each with a partner
 *   it can ever meet: two pyramid cards where one lies over the other, or two cards of one pile, never do.
 * - A node budget bounds a search (`OPEN_SOLVE_BUDGET` by default); one cut short answers "lost" and `aborted`
 *   says so.
 */
import type { TriangleRules, TriangleState } from '../../env/layouts/index.js';
import { mix32 } from '../../env/rng.js';
import { TranspositionTable } from '../transposition.js';
import { CONE, freeSlots, lowBit } from './geometry.js';
import { EMPTY, KING, PAIR_SUM, SLOTS } from './shape.js';

const WON = 1;
const LOST = 2;
const PROBES = 8;
/** Moves one solve applies at most by default. */
export const OPEN_SOLVE_BUDGET = 2_000_000;

/** A position: the slots with cards, and each pile's height in `heightBits` bits, pile 0 lowest. */
export interface OpenPosition {
  present: number;
  heights: number;
}

/** A deal of a triangle beside open piles, loaded for search (`load`), and the exact search (`solve`). */
export class OpenTriangleSolver {
  readonly rules: TriangleRules;
  /** Moves applied in the last search, and whether its budget ran out (its answer is then not exact). */
  nodes = 0;
  aborted = false;
  private budget = OPEN_SOLVE_BUDGET;
  private readonly table: TranspositionTable;
  private readonly slotRank = new Int8Array(SLOTS);
  /** Pile p's card k (from its bottom) at p · height + k: its rank, -1 for none. */
  private readonly pileRank: Int8Array;
  private readonly pileCard: Uint8Array;
  private readonly slotCard = new Uint8Array(SLOTS);
  private readonly slotsOfRank = new Int32Array(13);
  private readonly height: number;
  private readonly heightBits: number;
  private readonly heightMask: number;
  /** Scratch of the matching check: compatible partners of each card, as bits over the partner list. */
  private readonly compat = new Int32Array(8);
  private readonly partnerSlot = new Int32Array(8);
  private readonly partnerPile = new Int32Array(8);
  private loaded = false;

  constructor(rules: TriangleRules, tableBits = 20) {
    this.rules = rules;
    this.table = new TranspositionTable(tableBits);
    this.height = rules.pileRow.height;
    this.heightBits = 32 - Math.clz32(this.height);
    this.heightMask = (1 << this.heightBits) - 1;
    if (rules.pileCount * this.heightBits > 31) throw new RangeError('too many piles for a one-word key');
    this.pileRank = new Int8Array(rules.pileCount * this.height);
    this.pileCard = new Uint8Array(rules.pileCount * this.height);
  }

  /**
   * Loads a state's deal and returns its position. The table is kept when the state is a later position of the
   * deal loaded before (its cards where they were): its keys name every position that deal reaches alike.
   */
  load(s: TriangleState): OpenPosition {
    const r = this.rules;
    let same = this.loaded;
    for (let i = 0; i < SLOTS && same; i++) same = s.cards[i] === EMPTY || s.cards[i] === this.slotCard[i];
    for (let p = 0; p < r.pileCount && same; p++)
      for (let k = 0; k < s.piles.heights[p]; k++)
        same &&= s.piles.cards[p * this.height + k] === this.pileCard[p * this.height + k];
    if (!same) {
      this.table.clear();
      this.slotsOfRank.fill(0);
      for (let i = 0; i < SLOTS; i++) {
        this.slotCard[i] = s.cards[i];
        this.slotRank[i] = s.cards[i] === EMPTY ? -1 : s.cards[i] >> 2;
        if (s.cards[i] !== EMPTY) this.slotsOfRank[s.cards[i] >> 2] |= 1 << i;
      }
      for (let k = 0; k < this.pileRank.length; k++) {
        this.pileCard[k] = s.piles.cards[k];
        this.pileRank[k] = s.piles.cards[k] === EMPTY ? -1 : s.piles.cards[k] >> 2;
      }
      this.loaded = true;
    }
    let heights = 0;
    for (let p = 0; p < r.pileCount; p++) heights |= s.piles.heights[p] << (p * this.heightBits);
    return { present: s.present, heights };
  }

  /** The position after an engine action (legal there), written into `out`. */
  after(p: OpenPosition, action: number, out: OpenPosition): OpenPosition {
    const r = this.rules;
    let present = p.present;
    let heights = p.heights;
    const take = (place: number) => {
      if (place < SLOTS) present &= ~(1 << place);
      else heights -= 1 << ((place - r.pileBase) * this.heightBits);
    };
    if (action >= r.singleBase) take(action - r.singleBase);
    else {
      take(r.pairFirst[action]);
      take(r.pairSecond[action]);
    }
    out.present = present;
    out.heights = heights;
    return out;
  }

  /** Whether the position can still be won; at most `budget` moves are applied (`aborted` says whether it ran out). */
  solve(p: OpenPosition, budget = OPEN_SOLVE_BUDGET): boolean {
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    return this.search(p.present, p.heights);
  }

  private heightOf(heights: number, p: number): number {
    return (heights >>> (p * this.heightBits)) & this.heightMask;
  }

  /** The rank of pile p's top card, -1 when it is empty. */
  private topRank(heights: number, p: number): number {
    const h = this.heightOf(heights, p);
    return h === 0 ? -1 : this.pileRank[p * this.height + h - 1];
  }

  private search(present: number, heights: number): boolean {
    const r = this.rules;
    if (++this.nodes > this.budget) {
      this.aborted = true;
      return false;
    }
    // Kings, and pairs of ranks whose cards are all available, go at once.
    let free = freeSlots(present);
    for (let changed = true; changed; ) {
      changed = false;
      const kings = free & this.slotsOfRank[KING];
      if (kings !== 0) {
        present &= ~kings;
        changed = true;
      }
      for (let p = 0; p < r.pileCount; p++)
        if (this.topRank(heights, p) === KING) {
          heights -= 1 << (p * this.heightBits);
          changed = true;
        }
      if (!changed && this.allAvailable(present, free, heights)) {
        present = this.nextPresent;
        heights = this.nextHeights;
        changed = true;
      }
      if (changed) free = freeSlots(present);
    }
    if (present === 0 && heights === 0) return true;
    const slot = this.find(present, heights);
    if (slot >= 0) return this.table.val[slot] === WON;
    if (this.lost(present, heights)) {
      this.store(present, heights, LOST);
      return false;
    }
    const won = this.tryMoves(present, heights, free);
    if (!this.aborted || won) this.store(present, heights, won ? WON : LOST);
    return won;
  }

  /** Set by `allAvailable`: the position after the cards it took. */
  private nextPresent = 0;
  private nextHeights = 0;

  /** Whether some pair of ranks has all its cards left available; then takes them all into `next…`. */
  private allAvailable(present: number, free: number, heights: number): boolean {
    const r = this.rules;
    for (let rank = 0; rank <= PAIR_SUM - rank; rank++) {
      const other = PAIR_SUM - rank;
      const inSlots = present & (this.slotsOfRank[rank] | this.slotsOfRank[other]);
      if ((inSlots & ~free) !== 0) continue;
      let tops = 0;
      let buried = false;
      let any = inSlots !== 0;
      for (let p = 0; p < r.pileCount && !buried; p++) {
        const h = this.heightOf(heights, p);
        for (let k = 0; k < h; k++) {
          const q = this.pileRank[p * this.height + k];
          if (q !== rank && q !== other) continue;
          any = true;
          if (k < h - 1) buried = true;
          else tops += 1 << (p * this.heightBits);
        }
      }
      if (buried || !any) continue;
      this.nextPresent = present & ~inSlots;
      this.nextHeights = heights - tops;
      return true;
    }
    return false;
  }

  /** The removals of a position: whether one of them wins. */
  private tryMoves(present: number, heights: number, free: number): boolean {
    const r = this.rules;
    const bits = this.heightBits;
    for (let rank = 0; rank < 6; rank++) {
      const other = PAIR_SUM - rank;
      const a = free & this.slotsOfRank[rank];
      const b = free & this.slotsOfRank[other];
      // Two free pyramid cards.
      for (let x = a; x !== 0; x &= x - 1)
        for (let y = b; y !== 0; y &= y - 1) if (this.search(present & ~((x & -x) | (y & -y)), heights)) return true;
      // A pile's top with a free pyramid card, or with another pile's top.
      for (let p = 0; p < r.pileCount; p++) {
        const t = this.topRank(heights, p);
        if (t !== rank && t !== other) continue;
        const less = heights - (1 << (p * bits));
        for (let y = free & this.slotsOfRank[PAIR_SUM - t]; y !== 0; y &= y - 1)
          if (this.search(present & ~(y & -y), less)) return true;
        for (let q = p + 1; q < r.pileCount; q++)
          if (this.topRank(heights, q) === PAIR_SUM - t && this.search(present, less - (1 << (q * bits)))) return true;
      }
    }
    return false;
  }

  /**
   * Whether the cards of some pair of ranks cannot be matched each with a partner it can meet (the doc comment
   * above): a perfect matching of at most four cards with four.
   */
  private lost(present: number, heights: number): boolean {
    const r = this.rules;
    for (let rank = 0; rank < 6; rank++) {
      const other = PAIR_SUM - rank;
      // The partners: the other rank's cards, as slots (pile -1) or piles (slot -1).
      let m = 0;
      for (let y = present & this.slotsOfRank[other]; y !== 0; y &= y - 1, m++) {
        this.partnerSlot[m] = lowBit(y);
        this.partnerPile[m] = -1;
      }
      for (let p = 0; p < r.pileCount; p++)
        for (let k = this.heightOf(heights, p) - 1; k >= 0; k--)
          if (this.pileRank[p * this.height + k] === other) {
            this.partnerSlot[m] = -1;
            this.partnerPile[m++] = p;
          }
      let n = 0;
      for (let x = present & this.slotsOfRank[rank]; x !== 0; x &= x - 1) {
        const i = lowBit(x);
        let ok = 0;
        for (let j = 0; j < m; j++) {
          const s = this.partnerSlot[j];
          if (s < 0 || (((CONE[i] >>> s) & 1) === 0 && ((CONE[s] >>> i) & 1) === 0)) ok |= 1 << j;
        }
        if (ok === 0) return true;
        this.compat[n++] = ok;
      }
      for (let p = 0; p < r.pileCount; p++)
        for (let k = this.heightOf(heights, p) - 1; k >= 0; k--)
          if (this.pileRank[p * this.height + k] === rank) {
            let ok = 0;
            for (let j = 0; j < m; j++) if (this.partnerPile[j] !== p) ok |= 1 << j;
            if (ok === 0) return true;
            this.compat[n++] = ok;
          }
      if (n !== m || !this.matching(n, 0, 0)) return true;
    }
    return false;
  }

  /** Whether cards i … n−1 can each take a distinct partner outside `used`. */
  private matching(n: number, used: number, i: number): boolean {
    if (i === n) return true;
    for (let bits = this.compat[i] & ~used; bits !== 0; bits &= bits - 1)
      if (this.matching(n, used | (bits & -bits), i + 1)) return true;
    return false;
  }

  private hash(present: number, heights: number): number {
    return mix32(present ^ mix32(heights + 0x9e3779b9)) & this.table.mask;
  }

  /** The entry holding the position, or -1. */
  private find(present: number, heights: number): number {
    const t = this.table;
    for (let p = 0, h = this.hash(present, heights); p < PROBES; p++, h = (h + 1) & t.mask) {
      if (t.gen[h] !== t.generation) return -1;
      if (t.key1[h] === present && t.key2[h] === heights) return h;
    }
    return -1;
  }

  private store(present: number, heights: number, value: number): void {
    const t = this.table;
    let h = this.hash(present, heights);
    for (let p = 0; p < PROBES - 1 && t.gen[h] === t.generation; p++) h = (h + 1) & t.mask;
    t.put(h, present, heights, value);
  }
}
