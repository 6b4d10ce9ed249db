/**
 * The relaxed game: Pyramid with every stock and waste card at hand whenever it is wanted (as if the
 * stock could be searched through at will); on the last pass, with the waste as it is (only its top
 * card at hand, a stack that only shrinks) and the stock's cards at hand. A position the relaxed game
 * cannot win is lost in the real one, whatever the stock's order and the passes left: the solver
 * (solver.ts) asks it before searching a position, and so cuts whole subtrees that draws and
 * turn-overs would otherwise enumerate. It catches what a card-by-card check cannot: chains of cards
 * that must each go before the other (a queen that can only go with an ace lying over another
 * queen's only partners, and so on).
 *
 * Its position is the pyramid's bitmask, how many cards of each rank are at hand, and on the last
 * pass the waste's cards (bits over the stock-and-waste sequence); it is searched depth first with
 * its own transposition table, kings and pairs of ranks that can only go with each other taken at
 * once, as in the solver.
 */
import { TranspositionTable } from '../transposition.js';
import { mix32 } from '../../env/rng.js';
import { COVER_LEFT, COVER_MASK, KING, PAIR_SUM, SLOTS, TALON_SIZE } from './shape.js';
import { COVERABLE, freeSlots, highBit, lowBit, popCount } from './geometry.js';

const WON = 1;
const LOST = 2;
const PROBES = 16;

/** Three bits per rank A … Q: ranks 0–9 in the low word, 10–11 in the high one. */
export function countOf(low: number, high: number, rank: number): number {
  return rank < 10 ? (low >>> (3 * rank)) & 7 : (high >>> (3 * (rank - 10))) & 7;
}

export class RelaxedTriangle {
  /** Searches since `load`; the relaxed game's positions searched in the last one. */
  nodes = 0;
  private budget = 0;
  private aborted = false;
  private readonly slotsOfRank = new Int32Array(13);
  private readonly slotRank = new Int8Array(SLOTS);
  /** Rank at each position of the stock-and-waste sequence, and the positions of each rank. */
  private readonly talonRank = new Int8Array(TALON_SIZE);
  private readonly talonOfRank = new Int32Array(13);
  private readonly table: TranspositionTable;
  private spare = 0;

  constructor(
    private readonly goalAll: boolean,
    private readonly talonPairs: boolean,
    private readonly overlap: boolean,
    tableBits = 18,
  ) {
    this.table = new TranspositionTable(tableBits, 3);
  }

  /** A new deal (ranks by slot, -1 where empty; ranks of the stock-and-waste sequence): forgets the table. */
  load(slotRank: ArrayLike<number>, talonRank: ArrayLike<number>, talonLen: number): void {
    this.slotsOfRank.fill(0);
    for (let i = 0; i < SLOTS; i++) {
      this.slotRank[i] = slotRank[i];
      if (slotRank[i] >= 0) this.slotsOfRank[slotRank[i]] |= 1 << i;
    }
    this.talonOfRank.fill(0);
    for (let k = 0; k < talonLen; k++) {
      this.talonRank[k] = talonRank[k];
      this.talonOfRank[talonRank[k]] |= 1 << k;
    }
    this.table.clear();
  }

  /**
   * Whether the relaxed game can reach the goal from `present` with the counts (`countOf`)
   * `low`/`high` of cards at hand and the waste `waste` (sequence positions, its top the highest;
   * 0 except on the last pass, where the waste's cards are not counted at hand). True also when
   * `budget` positions did not settle it.
   */
  wins(present: number, low: number, high: number, waste: number, budget: number): boolean {
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    const k1 = present | ((high & 15) << 28);
    const k2 = low | ((high >>> 4) << 30);
    const slot = this.find(k1, k2, waste);
    if (slot >= 0) return this.table.val[slot] === WON;
    const won = this.search(present, low, high, waste);
    // A search cut short is "maybe", kept as such: asked again, it would only run out again.
    if (this.aborted) this.store(k1, k2, waste, WON);
    return won || this.aborted;
  }

  private search(present: number, low: number, high: number, waste: number): boolean {
    if (++this.nodes > this.budget) {
      this.aborted = true;
      return false;
    }
    let free = freeSlots(present);
    // Kings, and pairs of ranks whose cards left can only go with each other.
    for (;;) {
      const kings = free & this.slotsOfRank[KING];
      if (kings !== 0) {
        present &= ~kings;
        free = freeSlots(present);
        continue;
      }
      if (waste !== 0 && this.talonRank[highBit(waste)] === KING) {
        waste &= ~(1 << highBit(waste));
        continue;
      }
      let gone = false;
      for (let rank = 0; rank < 6 && !gone; rank++) {
        const cls = present & (this.slotsOfRank[rank] | this.slotsOfRank[PAIR_SUM - rank]);
        if (
          cls === 0 ||
          (cls & ~free) !== 0 ||
          (waste & (this.talonOfRank[rank] | this.talonOfRank[PAIR_SUM - rank])) !== 0
        )
          continue;
        const a = countOf(low, high, rank);
        const b = countOf(low, high, PAIR_SUM - rank);
        if (a + b === 0) {
          present &= ~cls;
          gone = true;
        } else if (a + b === 1 && (cls & (cls - 1)) === 0) {
          present &= ~cls;
          const r = a === 1 ? rank : PAIR_SUM - rank;
          low = takeLow(low, r);
          high = takeHigh(high, r);
          gone = true;
        }
      }
      if (!gone) break;
      free = freeSlots(present);
    }
    if (present === 0 && waste === 0) return !this.goalAll || this.talonPairs || (low === 0 && high === 0);
    if (present === 0 && !this.goalAll) return true;
    if (this.goalAll && !this.talonPairs) {
      // Every stock and waste card needs a pyramid partner of its own.
      for (let rank = 0; rank < 12; rank++)
        if (countOf(low, high, rank) > popCount(present & this.slotsOfRank[PAIR_SUM - rank])) return false;
    }
    // Three words: the pyramid with 4 bits of the high counts, the low counts with its other 2, the waste.
    const k1 = present | ((high & 15) << 28);
    const k2 = low | ((high >>> 4) << 30);
    const slot = this.find(k1, k2, waste);
    if (slot >= 0) return this.table.val[slot] === WON;
    const won = this.tryMoves(present, low, high, waste, free);
    // Moves only remove cards: no position comes back, nothing is left in progress.
    if (!this.aborted || won) this.store(k1, k2, waste, won ? WON : LOST);
    return won;
  }

  private tryMoves(present: number, low: number, high: number, waste: number, free: number): boolean {
    for (let rank = 0; rank < 6; rank++) {
      const a = free & this.slotsOfRank[rank];
      const b = free & this.slotsOfRank[PAIR_SUM - rank];
      for (let x = a; x !== 0; x &= x - 1)
        for (let y = b; y !== 0; y &= y - 1)
          if (this.search(present & ~((x & -x) | (y & -y)), low, high, waste)) return true;
    }
    if (waste !== 0) {
      // The waste's top card, with a free pyramid card or a card at hand.
      const top = highBit(waste);
      const want = PAIR_SUM - this.talonRank[top];
      for (let y = free & this.slotsOfRank[want]; y !== 0; y &= y - 1)
        if (this.search(present & ~(y & -y), low, high, waste & ~(1 << top))) return true;
      if (
        this.talonPairs &&
        countOf(low, high, want) > 0 &&
        this.search(present, takeLow(low, want), takeHigh(high, want), waste & ~(1 << top))
      )
        return true;
    }
    if (this.overlap) {
      for (let covered = present & ~free & COVERABLE; covered !== 0; covered &= covered - 1) {
        const i = lowBit(covered);
        const over = present & COVER_MASK[i];
        if ((over & (over - 1)) !== 0) continue;
        const c = over === 1 << COVER_LEFT[i] ? COVER_LEFT[i] : COVER_LEFT[i] + 1;
        if (
          (free >>> c) & 1 &&
          this.slotRank[i] + this.slotRank[c] === PAIR_SUM &&
          this.search(present & ~((1 << i) | (1 << c)), low, high, waste)
        )
          return true;
      }
    }
    for (let x = free & ~this.slotsOfRank[KING]; x !== 0; x &= x - 1) {
      const want = PAIR_SUM - this.slotRank[lowBit(x)];
      if (countOf(low, high, want) === 0) continue;
      if (this.search(present & ~(x & -x), takeLow(low, want), takeHigh(high, want), waste)) return true;
    }
    return false;
  }

  /** The slot holding the key in this generation, or -1; then `spare` is a slot to store it in. */
  private find(k1: number, k2: number, k3: number): number {
    const t = this.table;
    let h = mix32(k1 ^ mix32(k2 ^ mix32(k3 + 0x9e3779b9))) & t.mask;
    this.spare = h;
    for (let p = 0; p < PROBES; p++, h = (h + 1) & t.mask) {
      if (t.gen[h] !== t.generation) {
        this.spare = h;
        break;
      }
      if (t.key1[h] === k1 && t.key2[h] === k2 && t.key3[h] === k3) return h;
    }
    return -1;
  }

  /** Stores a finished position (over the first probe's entry when its window is full). */
  private store(k1: number, k2: number, k3: number, value: number): void {
    const found = this.find(k1, k2, k3);
    const at = found >= 0 ? found : this.spare;
    this.table.put(at, k1, k2, value);
    this.table.key3[at] = k3;
  }
}

/** The low word of the counts with one card of `rank` fewer. */
const takeLow = (low: number, rank: number): number => (rank < 10 ? low - (1 << (3 * rank)) : low);
/** The high word of the counts with one card of `rank` fewer. */
const takeHigh = (high: number, rank: number): number => (rank < 10 ? high : high - (1 << (3 * (rank - 10))));
