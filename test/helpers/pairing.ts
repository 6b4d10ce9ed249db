// Helpers shared by the engine tests: Tens and Block Ten decks and slots, and the error a call throws.
import { DECK_SIZE, cardCode } from '../../src/env/cards.js';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';

/** A pairing game's state JSON. */
export interface TableJSON {
  tableau: (string | null)[];
  stock: string[];
  removed: string[];
}

/** The given cards first (the tableau's slots, then the top of the stock), then the rest in card order. */
export function deckWith(first: string[]): string[] {
  const used = new Set(first);
  const rest: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!used.has(cardCode(c))) rest.push(cardCode(c));
  return [...first, ...rest];
}

export const gameOf = (env: Env): TableJSON => env.getState().game as TableJSON;

/** Pair id of slots i < j among `slots`, written from the spec's "lexicographic order". */
export function pairId(slots: number, i: number, j: number): number {
  let id = 0;
  for (let a = 0; a < slots; a++) {
    for (let b = a + 1; b < slots; b++) {
      if (a === i && b === j) return id;
      id++;
    }
  }
  throw new Error('no such pair');
}

/** The state's tableau: card codes, null for an empty slot. */
export const tableauOf = (env: Env): (string | null)[] =>
  (env.getState().game as { tableau: (string | null)[] }).tableau;

/** The TengymError `fn` throws (fails the test if it throws nothing or something else). */
export function thrown(fn: () => unknown): TengymError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TengymError) return e;
    throw e;
  }
  throw new Error('nothing was thrown');
}
