/**
 * The pyramid's shape as bit arithmetic, for the searches: which slots are free, which lie over
 * which. A slot's bit is 1 << slot (slot r(r+1)/2 + c is row r, card c; engine.ts).
 */
import { COVER_LEFT, COVER_MASK, SLOTS } from './shape.js';

/** First slot of each row, and one past the last row. */
const ROW_START = [0, 1, 3, 6, 10, 15, 21, 28];

/** The slots of `present` that no present card covers. */
export function freeSlots(present: number): number {
  let covered = 0;
  for (let r = 0; r < 6; r++) {
    const below = (present >>> ROW_START[r + 1]) & ((1 << (r + 2)) - 1);
    covered |= ((below | (below >>> 1)) & ((1 << (r + 1)) - 1)) << ROW_START[r];
  }
  return present & ~covered;
}

/** Bits of every slot lying over each slot, however far down (all that must go before it is free). */
export const CONE = new Int32Array(SLOTS);
for (let i = SLOTS - 1; i >= 0; i--)
  if (COVER_LEFT[i] >= 0) CONE[i] = COVER_MASK[i] | CONE[COVER_LEFT[i]] | CONE[COVER_LEFT[i] + 1];

/** Slots above the bottom row (those a card can cover). */
export const COVERABLE = (1 << ROW_START[6]) - 1;

/** The index of the lowest set bit (bits ≠ 0). */
export const lowBit = (bits: number): number => 31 - Math.clz32(bits & -bits);
/** The index of the highest set bit (bits ≠ 0). */
export const highBit = (bits: number): number => 31 - Math.clz32(bits);

export function popCount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; n++) b &= b - 1;
  return n;
}
