/**
 * The exact solver of a Pyramid deal whose stock order is known: a depth-first search with a
 * transposition table over the compact position (the pyramid's slots as a bitmask, the stock and
 * waste as a bitmask over a fixed sequence with a cursor between them, the pass), used by the
 * oracle (on the true deal) and by `pimc` (on sampled orders of the unseen cards).
 *
 * It answers whether the goal can still be reached (won or lost), stopping at the first win:
 *
 * - Kings are removed as soon as they are available, without branching: a king pairs with
 *   nothing, so a position without it can do all that one with it can.
 * - Draws and turn-overs are tried last. With unlimited passes a line of draws and turn-overs
 *   alone comes back to where it started: a position met again on the search's path counts as
 *   lost, which is exact because by then every removal of every position on that cycle has been
 *   tried (the removals come first at each of them).
 * - A position is lost, without search, when some rank cannot be matched with its partners
 *   (ranks adding to 13): two pyramid cards where one lies under the other (beyond the overlap
 *   pair), two stock-or-waste cards where those never meet (without pairs of the stock's and the
 *   waste's top cards, or both in the waste on the last pass) can never go together. With goal
 *   'all' every card needs a partner of its own (a perfect matching per pair of ranks); with goal
 *   'pyramid' every pyramid card needs one.
 * - A position is lost, too, when the relaxed game (relaxed.ts: every stock card at hand, the waste
 *   as it is on the last pass) cannot reach the goal from it: that proves most lost deals at once,
 *   where draws and turn-overs would otherwise be enumerated in every order.
 * - Pairs of ranks whose cards left can only go with each other (all free pyramid cards, or two
 *   available cards) are removed at once, as kings are.
 * - The table is keyed by what the future depends on: the pyramid's bitmask, the pass (not with
 *   unlimited passes), the stock-and-waste bitmask and the cursor (moved on to the stock's top).
 *   Entries of older searches are dropped in O(1) by a generation stamp.
 * - A node budget bounds a search (`SOLVE_BUDGET` by default: about a second on one core, a few
 *   on a busy machine); one cut short answers "lost" and `aborted` says so. Without it one deal in
 *   tens of thousands takes minutes (one took 797 s); with it, the oracle plays `greedy`'s move
 *   where no move's solve finished, and research/pyramid-figures.ts counts such deals apart.
 */
import { TranspositionTable } from '../transposition.js';
import { mix32 } from '../../env/rng.js';
import { COVER_LEFT, COVER_MASK, KING, PAIR_SUM, SLOTS, TALON_SIZE } from './shape.js';
import type { TriangleRules, TriangleState } from '../../env/layouts/index.js';
import { CONE, COVERABLE, freeSlots, highBit, lowBit, popCount } from './geometry.js';
import { RelaxedTriangle } from './relaxed.js';

/** What the search needs of the options. */
export interface SolverRules {
  goalAll: boolean;
  stockTopPlayable: boolean;
  /** The stock's top card and the waste's top card may pair. */
  talonPairs: boolean;
  overlap: boolean;
  /** Passes (Infinity: unlimited). */
  passes: number;
  /** Cards a draw turns over. */
  draw: number;
  /** The waste is turned over only after a pass that removed a card (`REMOVED_THIS_PASS` marks the pass). */
  idlePassEnds: boolean;
}

/** The rules a search plays, from a seven-row triangle's compiled rules. */
export function triangleSolverRules(r: TriangleRules): SolverRules {
  return {
    goalAll: r.goalAll,
    stockTopPlayable: r.topPlayable,
    talonPairs: r.talonPairs,
    overlap: r.overlapPairs,
    passes: r.passLimit,
    draw: r.talon.draw,
    idlePassEnds: r.talon.idlePassEnds === true,
  };
}

/**
 * With `idlePassEnds`, a search's `pass` carries this bit once a card was removed in the pass: the turn-over needs
 * it, and the table keys it. Without the rule it is never set.
 */
export const REMOVED_THIS_PASS = 1 << 30;

/** The pass a search starts from for a state: its number, with `REMOVED_THIS_PASS` where the rule needs it. */
export function searchPass(rules: SolverRules, s: TriangleState): number {
  return rules.idlePassEnds && s.removed > s.passStartRemoved ? s.pass | REMOVED_THIS_PASS : s.pass;
}

/** The cursor after a draw of `draw` cards from the stock of `talon` whose top is at `cursor` or past it. */
export function drawnCursor(talon: number, cursor: number, draw: number): number {
  let stock = talon & ~((1 << cursor) - 1);
  for (let k = 1; k < draw && (stock & (stock - 1)) !== 0; k++) stock &= stock - 1;
  return lowBit(stock) + 1;
}

const WON = 1;
const LOST = 2;
const IN_PROGRESS = 3;
const PROBES = 32;
/** More decision points on one path than any game has (28 removals, 24 draws a pass, its turn-overs) with a margin. */
const MAX_DEPTH = 4000;
/**
 * Moves one solve applies at most by default: a deal that needs more is given up ("lost", with
 * `aborted` set) after about a second on one core. 3,000 one-pass deals took at most 0.8 million.
 */
export const SOLVE_BUDGET = 3_000_000;
/** Relaxed positions one question to the relaxed game may search before it answers "maybe". */
const RELAXED_BUDGET = 20_000;

/**
 * A deal loaded for search: the cards' ranks at fixed places (the pyramid's slots, and a sequence
 * of stock and waste cards that only loses cards as the game goes on), and the search over it.
 */
export class TriangleSolver {
  readonly rules: SolverRules;
  /** Moves applied in the current search. */
  nodes = 0;
  /** Whether the node budget ran out in the last search: its answer is then not exact. */
  aborted = false;
  private budget = Infinity;
  readonly slotRank = new Int8Array(SLOTS);
  readonly talonRank = new Int8Array(TALON_SIZE);
  talonLen = 0;
  /** Slots, and sequence positions, holding each rank. */
  private readonly slotsOfRank = new Int32Array(13);
  private readonly talonOfRank = new Int32Array(13);
  /** Slots whose covers block a pair with them (all that lie over, less the overlap pair's). */
  private readonly block = new Int32Array(SLOTS);
  private readonly table: TranspositionTable;
  /** The relaxed game of this deal, asked before a position is searched. */
  private readonly relaxed: RelaxedTriangle;
  /** Scratch of the matching check. */
  private readonly compat = new Int32Array(4);
  /** Where `find` says to store a position it did not find. */
  private spare = -1;
  /** Decision points on the current path (a backstop: the table's marks end every cycle). */
  private depth = 0;

  /**
   * `tableBits`: log2 of the table's entries (13 bytes each). `prune`: false searches every
   * position, with none of the shortcuts above but the kings (the tests' reference).
   */
  constructor(
    rules: SolverRules,
    tableBits = 20,
    private readonly prune = true,
  ) {
    this.rules = rules;
    this.table = new TranspositionTable(tableBits);
    for (let i = 0; i < SLOTS; i++) this.block[i] = rules.overlap ? CONE[i] & ~COVER_MASK[i] : CONE[i];
    this.relaxed = new RelaxedTriangle(rules.goalAll, rules.talonPairs, rules.overlap, tableBits - 2);
  }

  /** Forgets every stored position (O(1)). */
  clear(): void {
    this.table.clear();
  }

  /**
   * Loads a deal: the rank of each slot's card (any value where the slot is empty) and of the
   * stock-and-waste sequence, oldest waste card first. Forgets the table.
   */
  load(slotRank: ArrayLike<number>, talonRank: ArrayLike<number>, talonLen: number): void {
    this.slotsOfRank.fill(0);
    this.talonOfRank.fill(0);
    for (let i = 0; i < SLOTS; i++) {
      this.slotRank[i] = slotRank[i];
      if (slotRank[i] >= 0 && slotRank[i] < 13) this.slotsOfRank[slotRank[i]] |= 1 << i;
    }
    this.relaxed.load(slotRank, talonRank, talonLen);
    this.talonLen = talonLen;
    for (let k = 0; k < talonLen; k++) {
      this.talonRank[k] = talonRank[k];
      this.talonOfRank[talonRank[k]] |= 1 << k;
    }
    this.clear();
  }

  /**
   * Whether the position can still reach the goal: `present` the slots with cards, `talon` the
   * sequence positions with cards, the waste below `cursor` (its top the highest), the stock from
   * `cursor` on, `pass` from 1. At most `budget` moves are applied (`aborted` says whether it ran out;
   * Infinity for an exact answer however long it takes).
   */
  solve(present: number, talon: number, cursor: number, pass: number, budget = SOLVE_BUDGET): boolean {
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    this.depth = 0;
    return this.search(present, talon, cursor, pass);
  }

  private search(present: number, talon: number, cursor: number, pass: number): boolean {
    const r = this.rules;
    if (++this.nodes > this.budget) {
      this.aborted = true;
      return false;
    }
    // Kings go at once.
    let free = freeSlots(present);
    const removedMark = r.idlePassEnds ? REMOVED_THIS_PASS : 0;
    for (;;) {
      if (r.goalAll ? present === 0 && talon === 0 : present === 0) return true;
      const kings = free & this.slotsOfRank[KING];
      if (kings !== 0) {
        present &= ~kings;
        free = freeSlots(present);
        pass |= removedMark;
        continue;
      }
      const waste = talon & ((1 << cursor) - 1);
      if (waste !== 0 && this.talonRank[highBit(waste)] === KING) {
        talon &= ~(1 << highBit(waste));
        pass |= removedMark;
        continue;
      }
      const stock = talon & ~((1 << cursor) - 1);
      if (r.stockTopPlayable && stock !== 0 && this.talonRank[lowBit(stock)] === KING) {
        talon &= ~(stock & -stock);
        pass |= removedMark;
        continue;
      }
      // A pair of ranks whose cards left are all free pyramid cards, or are two available cards:
      // they can go only with each other, so taking them now loses nothing.
      const wasteTop = waste === 0 ? -1 : highBit(waste);
      const stockTop = r.stockTopPlayable && stock !== 0 ? lowBit(stock) : -1;
      let gone = false;
      for (let rank = 0; rank < 6 && !gone && this.prune; rank++) {
        const cls = present & (this.slotsOfRank[rank] | this.slotsOfRank[PAIR_SUM - rank]);
        const inTalon = talon & (this.talonOfRank[rank] | this.talonOfRank[PAIR_SUM - rank]);
        if (inTalon === 0) {
          if (cls !== 0 && (cls & ~free) === 0) {
            present &= ~cls;
            gone = true;
          }
          continue;
        }
        if (popCount(cls) + popCount(inTalon) !== 2) continue;
        // One card in the stock or waste and one in the pyramid, or both in the stock and waste.
        const usable =
          (inTalon & ~((wasteTop >= 0 ? 1 << wasteTop : 0) | (stockTop >= 0 ? 1 << stockTop : 0))) === 0 &&
          (cls & ~free) === 0;
        if (!usable || (cls === 0 && !r.talonPairs)) continue;
        present &= ~cls;
        talon &= ~inTalon;
        gone = true;
      }
      if (gone) {
        free = freeSlots(present);
        pass |= removedMark;
        continue;
      }
      break;
    }
    const stock = talon & ~((1 << cursor) - 1);
    const stockTop = stock === 0 ? -1 : lowBit(stock);
    // The cursor at the stock's top (past the end when it is empty): one key per position.
    cursor = stockTop < 0 ? this.talonLen : stockTop;
    const waste = talon & ((1 << cursor) - 1);
    const wasteTop = waste === 0 ? -1 : highBit(waste);
    const lastPass = (pass & ~REMOVED_THIS_PASS) >= r.passes;
    const k1 = present | ((r.passes === Infinity ? 0 : pass & ~REMOVED_THIS_PASS) << 28);
    const k2 = talon | (cursor << 24) | (pass & REMOVED_THIS_PASS);
    const slot = this.find(k1, k2);
    // On the path (a cycle of draws and turn-overs): nothing new that way.
    if (slot >= 0) return this.table.val[slot] === WON;
    if (
      this.prune &&
      (this.lost(present, talon, cursor, lastPass) || !this.relaxedWins(present, talon, cursor, lastPass))
    ) {
      this.store(slot, k1, k2, LOST);
      return false;
    }
    if (this.depth >= MAX_DEPTH) {
      this.aborted = true;
      return false;
    }
    const at = this.store(slot, k1, k2, IN_PROGRESS);
    this.depth++;
    const won = this.tryMoves(present, talon, cursor, pass, free, wasteTop, r.stockTopPlayable ? stockTop : -1);
    this.depth--;
    // A search cut short stores nothing it did not finish.
    if (this.aborted && !won) this.forget(at);
    else if (at >= 0) this.store(at, k1, k2, won ? WON : LOST);
    return won;
  }

  /** The moves of a position, removals first: whether one of them wins. */
  private tryMoves(
    present: number,
    talon: number,
    cursor: number,
    pass: number,
    free: number,
    wasteTop: number,
    stockTop: number,
  ): boolean {
    const r = this.rules;
    // Every move below but the draw and the turn-over removes a card.
    const draws = pass;
    if (r.idlePassEnds) pass |= REMOVED_THIS_PASS;
    // Two free pyramid cards.
    for (let rank = 0; rank < 6; rank++) {
      const a = free & this.slotsOfRank[rank];
      if (a === 0) continue;
      const b = free & this.slotsOfRank[PAIR_SUM - rank];
      for (let x = a; x !== 0; x &= x - 1) {
        for (let y = b; y !== 0; y &= y - 1) {
          if (this.search(present & ~((x & -x) | (y & -y)), talon, cursor, pass)) return true;
        }
      }
    }
    // A card and the only card covering it.
    if (r.overlap) {
      for (let covered = present & ~free & COVERABLE; covered !== 0; covered &= covered - 1) {
        const i = lowBit(covered);
        const left = COVER_LEFT[i];
        const over = present & COVER_MASK[i];
        if ((over & (over - 1)) !== 0) continue;
        const c = over === 1 << left ? left : left + 1;
        if (
          (free >>> c) & 1 &&
          this.slotRank[i] + this.slotRank[c] === PAIR_SUM &&
          this.search(present & ~((1 << i) | (1 << c)), talon, cursor, pass)
        )
          return true;
      }
    }
    // The waste's top card and the stock's top card, with a free pyramid card or together.
    if (wasteTop >= 0 && this.withFreeCard(present, talon, cursor, pass, free, wasteTop)) return true;
    if (stockTop >= 0 && this.withFreeCard(present, talon, cursor, pass, free, stockTop)) return true;
    if (
      r.talonPairs &&
      wasteTop >= 0 &&
      stockTop >= 0 &&
      this.talonRank[wasteTop] + this.talonRank[stockTop] === PAIR_SUM
    ) {
      if (this.search(present, talon & ~((1 << wasteTop) | (1 << stockTop)), cursor, pass)) return true;
    }
    // Draw, or turn the waste over.
    if (cursor < this.talonLen)
      return this.search(present, talon, r.draw === 1 ? cursor + 1 : drawnCursor(talon, cursor, r.draw), draws);
    const passNumber = draws & ~REMOVED_THIS_PASS;
    if (talon !== 0 && passNumber < r.passes && (!r.idlePassEnds || draws !== passNumber))
      return this.search(present, talon, 0, passNumber + 1);
    return false;
  }

  /** Whether removing the stock-or-waste card at position `top` with a free pyramid card wins. */
  private withFreeCard(
    present: number,
    talon: number,
    cursor: number,
    pass: number,
    free: number,
    top: number,
  ): boolean {
    for (let y = free & this.slotsOfRank[PAIR_SUM - this.talonRank[top]]; y !== 0; y &= y - 1) {
      if (this.search(present & ~(y & -y), talon & ~(1 << top), cursor, pass)) return true;
    }
    return false;
  }

  /**
   * Whether the relaxed game (relaxed.ts: every stock and waste card at hand, but on the last
   * pass the waste as it is) still reaches the goal.
   */
  private relaxedWins(present: number, talon: number, cursor: number, lastPass: boolean): boolean {
    const waste = lastPass ? talon & ((1 << cursor) - 1) : 0;
    const hand = talon & ~waste;
    let low = 0;
    let high = 0;
    for (let rank = 0; rank < 10; rank++) low |= popCount(hand & this.talonOfRank[rank]) << (3 * rank);
    for (let rank = 10; rank < 12; rank++) high |= popCount(hand & this.talonOfRank[rank]) << (3 * (rank - 10));
    // Never past the search's own budget: a relaxed question is a part of the solve.
    const budget = Math.min(RELAXED_BUDGET, Math.max(1, this.budget - this.nodes));
    const won = this.relaxed.wins(present, low, high, waste, budget);
    this.nodes += this.relaxed.nodes;
    return won;
  }

  /**
   * Whether some card can never be removed (the matching check in the doc comment above).
   * Stock and waste positions are bits of `talon`; those below `cursor` are the waste.
   */
  private lost(present: number, talon: number, cursor: number, lastPass: boolean): boolean {
    const r = this.rules;
    const wasteBits = (1 << cursor) - 1;
    for (let rank = 0; rank < 6; rank++) {
      const pa = present & this.slotsOfRank[rank];
      const pb = present & this.slotsOfRank[PAIR_SUM - rank];
      const ta = talon & this.talonOfRank[rank];
      const tb = talon & this.talonOfRank[PAIR_SUM - rank];
      if (!r.goalAll && pa === 0 && pb === 0) continue;
      // Compatibility of each A card (pyramid first, then stock and waste) with each B card, as bits over B's list.
      let n = 0;
      const bCount = popCount(pb) + popCount(tb);
      for (let x = pa; x !== 0; x &= x - 1) {
        const i = lowBit(x);
        let bits = 0;
        let k = 0;
        for (let y = pb; y !== 0; y &= y - 1, k++) {
          const j = lowBit(y);
          if ((this.block[i] >>> j) & 1 || (this.block[j] >>> i) & 1) continue;
          bits |= 1 << k;
        }
        bits |= ((1 << bCount) - 1) & ~((1 << k) - 1);
        if (bits === 0) return true;
        this.compat[n++] = bits;
      }
      if (!r.goalAll) {
        // Every B pyramid card needs a partner too.
        for (let y = pb; y !== 0; y &= y - 1) {
          const j = lowBit(y);
          let ok = ta !== 0;
          for (let x = pa; x !== 0 && !ok; x &= x - 1) {
            const i = lowBit(x);
            ok = ((this.block[i] >>> j) & 1) === 0 && ((this.block[j] >>> i) & 1) === 0;
          }
          if (!ok) return true;
        }
        continue;
      }
      for (let x = ta; x !== 0; x &= x - 1) {
        const i = lowBit(x);
        const inWaste = (wasteBits >>> i) & 1;
        // Pyramid partners always could; stock and waste partners only where those two meet.
        let bits = (1 << popCount(pb)) - 1;
        if (r.talonPairs) {
          let k = popCount(pb);
          for (let y = tb; y !== 0; y &= y - 1, k++) {
            if (lastPass && inWaste && (wasteBits >>> lowBit(y)) & 1) continue;
            bits |= 1 << k;
          }
        }
        if (bits === 0) return true;
        this.compat[n++] = bits;
      }
      if (!this.perfectMatching(n, 0)) return true;
    }
    return false;
  }

  /** Whether A cards i … n−1 can each take a distinct B card outside `used`. */
  private perfectMatching(n: number, used: number, i = 0): boolean {
    if (i === n) return true;
    for (let bits = this.compat[i] & ~used; bits !== 0; bits &= bits - 1) {
      if (this.perfectMatching(n, used | (bits & -bits), i + 1)) return true;
    }
    return false;
  }

  // ------------------------------------------------------------ the table

  /**
   * The slot holding (k1, k2) in this generation, or -1; then `spare` is where to store it: a slot
   * unused in this generation, else one holding a finished position (evicted), else -1.
   */
  private find(k1: number, k2: number): number {
    const t = this.table;
    let h = mix32(k1 ^ mix32(k2 + 0x9e3779b9)) & t.mask;
    let unused = -1;
    let evict = -1;
    for (let p = 0; p < PROBES; p++, h = (h + 1) & t.mask) {
      if (t.gen[h] !== t.generation) {
        if (unused < 0) unused = h;
      } else if (t.key1[h] === k1 && t.key2[h] === k2) return h;
      else if (evict < 0 && t.val[h] !== IN_PROGRESS) evict = h;
    }
    this.spare = unused >= 0 ? unused : evict;
    return -1;
  }

  /** Stores a value at `slot` (from `find`; -1: at its spare); returns the slot used, or -1 when none was free. */
  private store(slot: number, k1: number, k2: number, value: number): number {
    const at = slot >= 0 ? slot : this.spare;
    if (at < 0) return -1;
    this.table.put(at, k1, k2, value);
    return at;
  }

  private forget(at: number): void {
    if (at >= 0) this.table.gen[at] = 0;
  }
}
