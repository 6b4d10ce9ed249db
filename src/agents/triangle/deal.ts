/**
 * A position in the solver's terms (`SearchPosition`), the position after an engine action, and a deal kept loaded
 * in a solver while a game goes on from it (`KnownDeal`): what the agents (oracle.ts, pimc.ts) hand the solver
 * (solver.ts).
 */
import type { TriangleState } from '../../env/layouts/index.js';
import { highBit } from './geometry.js';
import { DRAW, EMPTY, KING_BASE, PAIR_FIRST, PAIR_SECOND, RECYCLE, SLOTS, TALON_SIZE, WASTE } from './shape.js';
import { REMOVED_THIS_PASS, type SolverRules, type TriangleSolver, drawnCursor, searchPass } from './solver.js';

/**
 * A position in a solver's terms: the slots with cards, the stock-and-waste positions with cards, the cursor (the
 * waste below it), the pass.
 */
export interface SearchPosition {
  present: number;
  talon: number;
  cursor: number;
  pass: number;
}

/**
 * The position after the engine's `action` (legal in `p`), written into `out` (which may be `p`).
 * Places are the engine's: the waste's top is the highest position with a card below the cursor,
 * the stock's top the lowest from it.
 */
export function applyAction(
  p: SearchPosition,
  action: number,
  out: SearchPosition,
  rules?: SolverRules,
): SearchPosition {
  const below = (1 << p.cursor) - 1;
  const waste = p.talon & below;
  const stock = p.talon & ~below;
  let present = p.present;
  let talon = p.talon;
  let cursor = p.cursor;
  let pass = p.pass;
  const take = (place: number): void => {
    if (place < SLOTS) present &= ~(1 << place);
    else talon &= ~(place === WASTE ? 1 << highBit(waste) : stock & -stock);
  };
  if (action === DRAW) cursor = drawnCursor(p.talon, p.cursor, rules?.draw ?? 1);
  else if (action === RECYCLE) {
    cursor = 0;
    pass = (pass & ~REMOVED_THIS_PASS) + 1;
  } else {
    if (action >= KING_BASE) take(action - KING_BASE);
    else {
      take(PAIR_FIRST[action]);
      take(PAIR_SECOND[action]);
    }
    if (rules?.idlePassEnds) pass |= REMOVED_THIS_PASS;
  }
  out.present = present;
  out.talon = talon;
  out.cursor = cursor;
  out.pass = pass;
  return out;
}

/** Loads an engine state into `solver` as it stands (the stock's true order); returns its position. */
export function loadState(solver: TriangleSolver, s: TriangleState): SearchPosition {
  const ranks = new Int8Array(SLOTS);
  for (let i = 0; i < SLOTS; i++) ranks[i] = s.cards[i] === EMPTY ? -1 : s.cards[i] >> 2;
  const talon = new Int8Array(s.talonLen);
  for (let k = 0; k < s.talonLen; k++) talon[k] = s.talon[k] >> 2;
  solver.load(ranks, talon, s.talonLen);
  return { present: s.present, talon: (1 << s.talonLen) - 1, cursor: s.cursor, pass: searchPass(solver.rules, s) };
}

/**
 * A deal loaded into a solver and kept while a game goes on from it, so that the table's values
 * serve every later position: the triangle's cards stay where they were and the stock and waste
 * only lose cards, in order. `position` reloads the solver when the state is another deal.
 */
export class KnownDeal {
  private readonly slots = new Uint8Array(SLOTS);
  private readonly talon = new Uint8Array(TALON_SIZE);
  private length = -1;
  private solver: TriangleSolver | null = null;
  /** Deals loaded so far: a new number whenever `position` loads another deal. */
  loads = 0;

  /** Forgets the deal (the next `position` loads afresh). */
  forget(): void {
    this.length = -1;
  }

  /**
   * The state's position in the deal `solver` holds (loading the state's deal into it when it is another), written
   * into `out`.
   */
  position(solver: TriangleSolver, s: TriangleState, out: SearchPosition): SearchPosition {
    if (solver !== this.solver || !this.holds(s)) {
      this.solver = solver;
      this.slots.set(s.cards);
      this.talon.set(s.talon.subarray(0, s.talonLen));
      this.length = s.talonLen;
      this.loads++;
      loadState(solver, s);
    }
    // Each card of the stock and waste at its position in the deal's sequence.
    let talon = 0;
    let cursor = this.length;
    for (let k = 0, at = 0; k < s.talonLen; k++, at++) {
      while (this.talon[at] !== s.talon[k]) at++;
      talon |= 1 << at;
      if (k === s.cursor) cursor = at;
    }
    out.present = s.present;
    out.talon = talon;
    out.cursor = cursor;
    out.pass = searchPass(solver.rules, s);
    return out;
  }

  /** Whether the state's cards are where the deal had them (its stock and waste a subsequence of the deal's). */
  private holds(s: TriangleState): boolean {
    if (this.length < 0) return false;
    for (let i = 0; i < SLOTS; i++) if (s.cards[i] !== EMPTY && s.cards[i] !== this.slots[i]) return false;
    let at = 0;
    for (let k = 0; k < s.talonLen; k++, at++) {
      while (at < this.length && this.talon[at] !== s.talon[k]) at++;
      if (at === this.length) return false;
    }
    return true;
  }
}
