// Helpers shared by the Tens and Block Ten tests.
import type { Env } from '../src/env/env.js';
import { TengymError } from '../src/env/errors.js';

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
export const tableauOf = (env: Env): (string | null)[] => (env.getState().game as { tableau: (string | null)[] }).tableau;

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
