/**
 * What Elevens' agents know of its moves: which move needs no search (`nextMove`), and the
 * full-information optimum of a deal from a position (`ElevensSolver`).
 *
 * A move needs no search when playing it first never ends worse than any other line:
 * - a pair: its two cards leave only by being paired, and every removal deals the next stock
 *   cards, so a pair commutes with every other move (two pairs competing for a card differ only
 *   in suits, which then do not matter);
 * - with triples, a J-Q-K set, for the same reasons;
 * - with reserves holding a card, setting aside a face card that fits them: that card can leave
 *   the grid only into that reserve, and every line that does not end the game there sets it aside;
 * - with empty reserves and no pair: under `'reserve'` with any suits, any face card (the game is
 *   decision-free); under `'reserve-no-refill'`, a card of a set whose three cards are on the grid
 *   (it goes out at once). With no such set every move there loses as it stands: the grid is never
 *   refilled again, so no pair appears and no set completes (`DOOMED`).
 * What is left is Suit Elevens' choice (`'reserve'` with one suit): with empty reserves and no pair
 * the first card set aside chooses the suit of the next set (`DECISION`); the choices are one per
 * suit on the grid (the rest of that suit's face cards then go aside without search).
 *
 * So a deal's optimum needs a search only over the order in which suits are chosen: at most four
 * choices on a line, 24 lines in all. test/games/elevens/agents.test.ts checks the solver against
 * an exhaustive search over every legal move.
 */
import { DECK_SIZE } from '../../../env/cards.js';
import {
  EMPTY,
  NOWHERE,
  pairId,
  playSlotMove as playMove,
  reserveSuit,
  type SlotRules as ElevensRules,
} from '../../../env/layouts/index.js';
import { JACK, elevensGame, rulesOf, type ElevensOptions, type ElevensState } from '../engine.js';

/** The set id offset of the jack of suit a, the queen of suit b and the king of suit c. */
const tripleOffset = (a: number, b: number, c: number): number => 16 * a + 4 * b + c;

/** `nextMove`: no legal move (the game is over). */
export const NONE = -1;
/** `nextMove`: moves are legal, and every line from here ends as the game stands now. */
export const DOOMED = -2;
/** `nextMove`: a real choice, among `decisionMoves`. */
export const DECISION = -3;

/** Whether face rank f's card of suit `suit` (any suit when -1) is on the grid; returns its slot or NOWHERE. */
function faceSlot(s: ElevensState, f: number, suit: number): number {
  if (suit >= 0) return s.cardSlot[(JACK + f) * 4 + suit];
  const bits = s.rankSlots[JACK + f];
  return bits === 0 ? NOWHERE : 31 - Math.clz32(bits & -bits);
}

/**
 * The move to play without search (an action id), or NONE, DOOMED or DECISION. Reads only the grid
 * and the reserves, never the stock: fair agents play it.
 */
export function nextMove(s: ElevensState): number {
  const r = s.rules;
  const G = r.slots;
  for (let i = 0; i < G; i++) {
    const card = s.slotCard[i];
    if (card === EMPTY || card >> 2 >= JACK) continue;
    let j: number;
    if (r.sameSuit) j = s.cardSlot[(9 - (card >> 2)) * 4 + (card & 3)];
    else {
      const bits = s.rankSlots[9 - (card >> 2)];
      j = bits === 0 ? NOWHERE : 31 - Math.clz32(bits & -bits);
    }
    if (j !== NOWHERE) return i < j ? pairId(G, i, j) : pairId(G, j, i);
  }
  if (!r.reserves) {
    for (let a = 0; a < 4; a++) {
      if (s.cardSlot[JACK * 4 + a] === NOWHERE) continue;
      for (let b = 0; b < 4; b++) {
        if ((r.sameSuit && b !== a) || s.cardSlot[(JACK + 1) * 4 + b] === NOWHERE) continue;
        for (let c = 0; c < 4; c++) {
          if ((r.sameSuit && c !== a) || s.cardSlot[(JACK + 2) * 4 + c] === NOWHERE) continue;
          return r.tripleBase + tripleOffset(a, b, c);
        }
      }
    }
    return NONE;
  }
  const suit = reserveSuit(s);
  if (suit >= 0) {
    for (let f = 0; f < 3; f++) {
      if (s.reserve[f] !== EMPTY) continue;
      const slot = faceSlot(s, f, r.sameSuit ? suit : -1);
      if (slot !== NOWHERE) return r.asideBase + slot;
    }
    return NONE;
  }
  let firstFace = NOWHERE;
  for (let i = 0; i < G && firstFace === NOWHERE; i++)
    if (s.slotCard[i] !== EMPTY && s.slotCard[i] >> 2 >= JACK) firstFace = i;
  if (firstFace === NOWHERE) return NONE;
  if (!r.pauseRefill) return r.sameSuit ? DECISION : r.asideBase + firstFace;
  for (const u of r.sameSuit ? [0, 1, 2, 3] : [-1]) {
    const jack = faceSlot(s, 0, u);
    if (jack !== NOWHERE && faceSlot(s, 1, u) !== NOWHERE && faceSlot(s, 2, u) !== NOWHERE) return r.asideBase + jack;
  }
  return DOOMED;
}

/** At a DECISION: one set-aside per suit with a face card on the grid (its lowest slot), in suit order. */
export function decisionMoves(s: ElevensState, out: number[]): number[] {
  out.length = 0;
  const r = s.rules;
  for (let u = 0; u < 4; u++) {
    let slot = NOWHERE;
    for (let f = 0; f < 3; f++) {
      const at = s.cardSlot[(JACK + f) * 4 + u];
      if (at !== NOWHERE && (slot === NOWHERE || at < slot)) slot = at;
    }
    if (slot !== NOWHERE) out.push(r.asideBase + slot);
  }
  return out;
}

/** `moveClass` of the moves that need no search (nextMove's): each is worth what the position is. */
export const SAFE_CLASS = 0;

/**
 * Which moves of `s` are worth the same on every deal: SAFE_CLASS for the moves `nextMove` would
 * play without search (a pair, a set, a card that fits the reserves, a set that goes out at once,
 * any card with any suits and refill: each is worth what the position is, as solver.ts's opening
 * argues); 1 + u for a card that chooses suit u for the next set (Suit Elevens: any of the suit's
 * face cards, the others then following); 5 + the slot for a card set aside whose set cannot go out
 * (Elevens Too's trap), each on its own. For searches that value each class once.
 */
export function moveClass(s: ElevensState, action: number): number {
  const r = s.rules;
  if (!r.reserves || action < r.asideBase || reserveSuit(s) >= 0) return SAFE_CLASS;
  const card = s.slotCard[action - r.asideBase];
  if (!r.pauseRefill) return r.sameSuit ? 1 + (card & 3) : SAFE_CLASS;
  const suit = r.sameSuit ? card & 3 : -1;
  if (faceSlot(s, 0, suit) !== NOWHERE && faceSlot(s, 1, suit) !== NOWHERE && faceSlot(s, 2, suit) !== NOWHERE)
    return SAFE_CLASS;
  return 5 + action - r.asideBase;
}

/** Face cards of suit u on the grid: what `patient` prefers at a decision. */
export function faceCardsOnGrid(s: ElevensState, u: number): number {
  let n = 0;
  for (let f = 0; f < 3; f++) if (s.cardSlot[(JACK + f) * 4 + u] !== NOWHERE) n++;
  return n;
}

/** The most decisions on one line (one per suit), and a scratch state for each level. */
const MAX_DEPTH = 5;

/**
 * A decision's position as a number: the cards removed, one bit each (card c is 2^c; 52 bits are exact
 * in a double). At a decision the reserves are empty and the refill is immediate, so with the deal
 * fixed the removed cards say where every other card is.
 */
function removedKey(s: ElevensState): number {
  let key = 0;
  for (let k = 0; k < s.stockPos; k++) {
    const c = s.deck[k];
    if (s.cardSlot[c] === NOWHERE) key += 2 ** c;
  }
  return key;
}

/**
 * The full-information optimum of Elevens deals: the fewest cards left (0 = won) from a position, its
 * stock as it lies. It remembers each decision's value for the deal it solves (different orders of
 * the same moves meet there) while it is asked about the same deal (`sameDeal`).
 */
export class ElevensSolver {
  private readonly levels: ElevensState[];
  private readonly moves: number[][];
  private readonly memo = new Map<number, number>();
  /** The rules it solves (one per option set, shared: `rulesOf`). */
  readonly rules: ElevensRules;

  constructor(options: ElevensOptions) {
    this.rules = rulesOf(options);
    this.levels = Array.from({ length: MAX_DEPTH + 1 }, () => elevensGame.createState(options));
    this.moves = Array.from({ length: MAX_DEPTH + 1 }, () => []);
  }

  /**
   * The fewest cards left at the end from `s` (its stock order as it lies); `s` is not changed.
   * `sameDeal`: `s` is of the deal of the last call (its stock in the same order), so what was
   * learnt of that deal still holds; by default it is forgotten.
   */
  cardsLeft(s: ElevensState, sameDeal = false): number {
    if (!sameDeal) this.memo.clear();
    elevensGame.copyState(s, this.levels[0]);
    return this.solve(0);
  }

  /** The fewest cards left after `action` (legal in `s`); `sameDeal` as for `cardsLeft`. */
  cardsLeftAfter(s: ElevensState, action: number, sameDeal = false): number {
    if (!sameDeal) this.memo.clear();
    const st = this.levels[0];
    elevensGame.copyState(s, st);
    playMove(st, action);
    return this.solve(0);
  }

  private solve(depth: number): number {
    const st = this.levels[depth];
    for (;;) {
      const move = nextMove(st);
      if (move < 0) {
        if (move !== DECISION) return DECK_SIZE - st.removed;
        break;
      }
      playMove(st, move);
    }
    const key = removedKey(st);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    let best = DECK_SIZE;
    for (const move of decisionMoves(st, this.moves[depth])) {
      const next = this.levels[depth + 1];
      elevensGame.copyState(st, next);
      playMove(next, move);
      best = Math.min(best, this.solve(depth + 1));
      if (best === 0) break;
    }
    this.memo.set(key, best);
    return best;
  }
}
