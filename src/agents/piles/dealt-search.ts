/**
 * The search of a piles game with a dealt stock (src/env/layouts/piles.ts, `dealtStock`) on a known deal:
 * depth-first over every legal action (removals, deals, moves into an empty pile), stepping copies of the
 * state with the layout's own rules. Cards change places there, so a position's key hashes all of it into
 * two words (piles, slots, the stock's top). With the true stock it is an oracle; on a sampled stock, one
 * sample of a fair search.
 */
import { TranspositionTable } from '../transposition.js';
import * as piles from '../../env/layouts/piles.js';
import type { PilesRules, PilesState } from '../../env/layouts/index.js';

const WIN = 1;
const LOSS = 2;

/** Positions one solve may visit before it answers "unknown". */
export const DEALT_BUDGET = 20_000;

export class DealtPilesSearch {
  readonly rules: PilesRules;
  private readonly table: TranspositionTable;
  /** The position at each depth, its legal actions and their order. */
  private readonly states: PilesState[] = [];
  private readonly legal: Int32Array[] = [];
  private readonly mask: Uint8Array;
  private nodes = 0;
  private budget = DEALT_BUDGET;

  constructor(rules: PilesRules, tableBits = 18) {
    this.rules = rules;
    this.table = new TranspositionTable(tableBits);
    this.mask = new Uint8Array(rules.numActions);
  }

  private at(depth: number): PilesState {
    while (this.states.length <= depth) {
      this.states.push(piles.createState(this.rules));
      this.legal.push(new Int32Array(this.rules.numActions));
    }
    return this.states[depth];
  }

  /**
   * Loads a position (its true stock, or a sampled one). The table is cleared, so that an answer never depends on
   * what came before (`keepTable` is the exact solver's, kept for one interface).
   */
  load(s: PilesState, _keepTable = false): void {
    this.table.clear();
    piles.copyState(s, this.at(0));
  }

  /** Whether the loaded position can be won after `action`: 1, 0, or -1 when the budget ran out. */
  solveAfterAction(action: number, budget = DEALT_BUDGET): number {
    this.nodes = 0;
    this.budget = budget;
    const next = this.at(1);
    piles.copyState(this.at(0), next);
    piles.stepState(next, null, action);
    const won = this.search(1);
    return this.nodes > this.budget ? -1 : won ? 1 : 0;
  }

  private search(depth: number): boolean {
    const s = this.states[depth];
    const r = this.rules;
    if (piles.isWon(s)) return true;
    if (++this.nodes > this.budget) return false;
    let k1 = 0x811c9dc5 ^ s.stockAt;
    let k2 = s.stockAt + 1;
    for (let p = 0; p < r.pileCount; p++) {
      const h = s.heights[p];
      k1 = Math.imul(k1 ^ (h | 0x100), 0x01000193);
      k2 = Math.imul(k2 + h + 0x9e37, 0x85ebca77) ^ (k2 >>> 13);
      for (let k = 0; k < h; k++) {
        const c = s.cards[p * r.height + k];
        k1 = Math.imul(k1 ^ c, 0x01000193);
        k2 = Math.imul(k2 + c + 1, 0x85ebca77) ^ (k2 >>> 13);
      }
    }
    for (let k = 0; k < r.slots; k++) {
      k1 = Math.imul(k1 ^ s.slots[k], 0x01000193);
      k2 = Math.imul(k2 + s.slots[k] + 1, 0x85ebca77) ^ (k2 >>> 13);
    }
    const table = this.table;
    let at = (k1 ^ Math.imul(k2, 0x9e3779b1)) >>> 0;
    at = (at ^ (at >>> 15)) & table.mask;
    const home = at;
    for (let probe = 0; probe < 4; probe++, at = (at + 1) & table.mask) {
      if (table.gen[at] !== table.generation) break;
      if (table.key1[at] === k1 && table.key2[at] === k2) return table.val[at] === WIN;
    }
    this.at(depth + 1);
    const legal = this.legal[depth];
    const n = piles.legalActions(s, null, this.mask, legal);
    let won = false;
    const king = kingMove(r, legal, n);
    // A card that goes alone never hurts to remove: it is the only move the search needs then. Else removals, then
    // the deal, then moves, as the ids' order gives them.
    const from = Math.max(king, 0);
    const to = king >= 0 ? king + 1 : n;
    for (let m = from; m < to && !won; m++) {
      const next = this.states[depth + 1];
      piles.copyState(s, next);
      piles.stepState(next, null, legal[m]);
      won = this.search(depth + 1);
    }
    if (this.nodes <= this.budget) {
      at = home;
      for (let probe = 0; probe < 3 && table.gen[at] === table.generation; probe++) at = (at + 1) & table.mask;
      table.put(at, k1, k2, won ? WIN : LOSS);
    }
    return won;
  }
}

/** The index in `legal` of a single's id, or -1. */
function kingMove(r: PilesRules, legal: Int32Array, n: number): number {
  for (let m = 0; m < n; m++) if (legal[m] >= r.singleBase && legal[m] < r.extraBase) return m;
  return -1;
}
