/**
 * The triangle layout's shape (triangle.ts has the layout): its slots and places, their action ids and cover tables,
 * what depends on the rows and the piles beside them alone. Built once per shape.
 */
import { DECK_SIZE } from '../cards.js';

/** At most seven rows: a set of slots is one 32-bit mask. */
export const MAX_ROWS = 7;

/** A triangle's slots and places, their ids and cover tables: what depends on the rows alone. */
export interface TriangleShape {
  readonly rows: number;
  readonly slots: number;
  /** Cards the deal leaves for the stock. */
  readonly talonSize: number;
  /** The place of the waste's top card, and of the stock's (-1 without a stock). */
  readonly waste: number;
  readonly stock: number;
  /** The first pile's place, and the piles beside the triangle. */
  readonly pileBase: number;
  readonly pileCount: number;
  readonly places: number;
  /**
   * Pair ids, one per unordered pair of places; the first single id (a single per place); draw; turn-over (without
   * a stock, these two lie past the last id: never legal).
   */
  readonly pairIds: number;
  readonly singleBase: number;
  readonly draw: number;
  readonly recycle: number;
  readonly numActions: number;
  /** The two places of each pair id. */
  readonly pairFirst: Uint8Array;
  readonly pairSecond: Uint8Array;
  readonly rowOf: Uint8Array;
  readonly columnOf: Uint8Array;
  /** The left one of the two slots covering each slot (the right one is next to it), -1 in the bottom row. */
  readonly coverLeft: Int8Array;
  readonly coverRight: Int8Array;
  /** Bits of the (at most two) slots directly covering each slot. */
  readonly coverMask: Int32Array;
  /** Every slot's bit: a full triangle. */
  readonly full: number;
}

/** The pair id of places i < j among `places`: lexicographic order. */
export function placePairId(places: number, i: number, j: number): number {
  return i * places - (i * (i + 1)) / 2 + (j - i - 1);
}

/** The slot of row r, card c. */
export const slotOf = (row: number, column: number): number => (row * (row + 1)) / 2 + column;

const shapes = new Map<string, TriangleShape>();

/**
 * The shape of a triangle of `rows` rows (1 … MAX_ROWS) beside piles dealt `piles[p]` cards each, built once per
 * row count and piles. The cards left after them are the stock: with none, there are no waste and stock places.
 */
export function triangleShape(rows: number, piles: readonly number[] = []): TriangleShape {
  const shapeKey = `${rows}/${piles.join(',')}`;
  const cached = shapes.get(shapeKey);
  if (cached) return cached;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) throw new RangeError(`rows must be 1..${MAX_ROWS}`);
  const slots = slotOf(rows, 0);
  const talonSize = DECK_SIZE - slots - piles.reduce((sum, n) => sum + n, 0);
  if (talonSize < 0) throw new RangeError(`the triangle and piles take ${DECK_SIZE - talonSize} cards of 52`);
  const talonPlaces = talonSize > 0 ? 2 : 0;
  const pileBase = slots + talonPlaces;
  const places = pileBase + piles.length;
  const pairIds = (places * (places - 1)) / 2;
  const pairFirst = new Uint8Array(pairIds);
  const pairSecond = new Uint8Array(pairIds);
  for (let i = 0; i < places; i++) {
    for (let j = i + 1; j < places; j++) {
      pairFirst[placePairId(places, i, j)] = i;
      pairSecond[placePairId(places, i, j)] = j;
    }
  }
  const rowOf = new Uint8Array(slots);
  const columnOf = new Uint8Array(slots);
  const coverLeft = new Int8Array(slots).fill(-1);
  const coverRight = new Int8Array(slots).fill(-1);
  const coverMask = new Int32Array(slots);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0; c <= r; c++, i++) {
      rowOf[i] = r;
      columnOf[i] = c;
      if (r + 1 < rows) {
        coverLeft[i] = i + r + 1;
        coverRight[i] = i + r + 2;
        coverMask[i] = (1 << (i + r + 1)) | (1 << (i + r + 2));
      }
    }
  }
  const shape: TriangleShape = {
    rows,
    slots,
    talonSize,
    waste: talonPlaces ? slots : -1,
    stock: talonPlaces ? slots + 1 : -1,
    pileBase,
    pileCount: piles.length,
    places,
    pairIds,
    singleBase: pairIds,
    draw: pairIds + places,
    recycle: pairIds + places + 1,
    numActions: pairIds + places + talonPlaces,
    pairFirst,
    pairSecond,
    rowOf,
    columnOf,
    coverLeft,
    coverRight,
    coverMask,
    full: slots === 32 ? -1 : (1 << slots) - 1,
  };
  shapes.set(shapeKey, shape);
  return shape;
}

/**
 * The slots of `present` that no card covers, as bits, row by row: a slot is covered while either card of the row
 * below that overlaps it is there (slot c of row r under slots c and c + 1 of row r + 1).
 */
export function freeSlots(present: number, rows: number): number {
  let covered = 0;
  for (let row = 0, start = 0; row + 1 < rows; start += row + 1, row++) {
    const below = (present >>> (start + row + 1)) & ((1 << (row + 2)) - 1);
    covered |= ((below | (below >>> 1)) & ((1 << (row + 1)) - 1)) << start;
  }
  return present & ~covered;
}
