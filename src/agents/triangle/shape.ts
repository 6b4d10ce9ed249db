/**
 * The triangle these agents play: seven rows (28 slots) and a talon of the other 24 cards, as the triangle layout
 * numbers them (src/env/layouts/triangle.ts): its slots, places, action ids and cover tables, and the ranks of a
 * game pairing to 13 with kings alone. A slot's bit is 1 << slot; slot r(r+1)/2 + c is row r, card c.
 */
import { EMPTY, triangleShape } from '../../env/layouts/index.js';

export { EMPTY };
/** Rows of the triangle. */
export const ROWS = 7;
/** The seven rows' shape, built once. */
export const SHAPE = triangleShape(ROWS);
/** The slots (28), the cards the deal leaves for the talon (24), and the places of the waste's and the stock's tops. */
export const SLOTS = SHAPE.slots;
export const TALON_SIZE = SHAPE.talonSize;
export const WASTE = SHAPE.waste;
export const STOCK = SHAPE.stock;
/** The first single's id (a king at place p is KING_BASE + p), the draw's and the turn-over's. */
export const KING_BASE = SHAPE.singleBase;
export const DRAW = SHAPE.draw;
export const RECYCLE = SHAPE.recycle;
/** The two places of each pair id, and each slot's left cover and cover bits. */
export const PAIR_FIRST = SHAPE.pairFirst;
export const PAIR_SECOND = SHAPE.pairSecond;
export const COVER_LEFT = SHAPE.coverLeft;
export const COVER_MASK = SHAPE.coverMask;
/** Rank index of a king (A = 0), removed alone. */
export const KING = 12;
/** Two ranks pair when their indexes add up to this (13 in card values). */
export const PAIR_SUM = 11;
