/**
 * The piles layout's state as JSON (piles.ts has the layout): `{ piles: each pile bottom first, slots,
 * stock, removed }` (slots and stock only where the layout has them), its parsing and loading, and the
 * checks that a state could come from play. Messages say "bad piles state".
 */
import * as z from 'zod/mini';
import { cardCode } from '../cards.js';
import { formatZodError } from '../errors.js';
import { RUNNING } from '../game.js';
import { EMPTY, RANK_WORDS, badState, parseCardLists } from './card-state.js';
import type { PileRow, PileRowShape, PilesRules, PilesState } from './piles.js';

interface PilesJson {
  piles: string[][];
  slots?: (string | null)[];
  stock?: string[];
  removed: string[];
}

export function toJSON(s: PilesState): PilesJson {
  const r = s.rules;
  const placed = new Uint8Array(r.deck.holds.length);
  const code = (c: number) => {
    placed[c] = 1;
    return cardCode(c);
  };
  const piles = Array.from(s.heights, (h, p) => Array.from(s.cards.subarray(p * r.height, p * r.height + h), code));
  const json: PilesJson = { piles, removed: [] };
  if (r.slots > 0) json.slots = Array.from(s.slots, (c) => (c === EMPTY ? null : code(c)));
  if (r.stockSize > 0) json.stock = Array.from(s.stock.subarray(s.stockAt), code);
  json.removed = Array.from(r.deck.cards)
    .filter((c) => !placed[c])
    .map(cardCode);
  return json;
}

const jsonSchemas = new Map<PilesRules, z.ZodMiniType>();

function jsonSchema(r: PilesRules): z.ZodMiniType {
  let schema = jsonSchemas.get(r);
  if (!schema) {
    schema = z.strictObject({
      piles: pileRowJson(r),
      ...(r.slots > 0 ? { slots: z.array(z.nullable(z.string())).check(z.length(r.slots)) } : {}),
      ...(r.stockSize > 0 ? { stock: z.array(z.string()).check(z.maxLength(r.stockSize)) } : {}),
      removed: z.array(z.string()).check(z.maxLength(r.deck.size)),
    });
    jsonSchemas.set(r, schema);
  }
  return schema;
}

const bad = (message: string) => badState(message, 'piles');

export function fromJSON(json: unknown, s: PilesState): void {
  const r = s.rules;
  const parsed = jsonSchema(r).safeParse(json);
  if (!parsed.success) {
    const slots = r.slots > 0 ? `, slots: ${r.slots} card codes or null` : '';
    const more = `${slots}${r.stockSize > 0 ? ', stock: [...]' : ''}`;
    throw bad(
      `${formatZodError(parsed.error)} (expected { piles: ${r.pileCount} lists of card codes, bottom first${more}, ` +
        'removed: [...] })',
    );
  }
  const j = parsed.data as PilesJson;
  const fields: Record<string, (string | null)[]> = {};
  j.piles.forEach((pile, p) => {
    fields[`piles[${p}]`] = pile;
  });
  fields.slots = j.slots ?? [];
  fields.stock = j.stock ?? [];
  fields.removed = j.removed;
  const lists = parseCardLists(fields, EMPTY, bad, r.deck.holds);
  loadPileRow(
    r,
    s,
    j.piles.map((_, p) => lists[`piles[${p}]`]),
  );
  s.slots.set(lists.slots);
  s.stock.set(lists.stock, r.stockSize - lists.stock.length);
  s.stockAt = r.stockSize - lists.stock.length;
  s.removed = lists.removed.length;
  s.status = RUNNING;
  s.legalCount = 0;
  s.obsOut = null;
  const problem = checkState(s);
  if (problem) throw bad(problem);
}

/**
 * A row of piles' problem, or null: no pile above its deal (`grows`: above its room, where deals add cards), no
 * card above a top; `place` checks each card (in one place, of the deck) and says what is wrong with it.
 */
export function checkPileRow(
  r: PileRowShape,
  row: PileRow,
  place: (card: number, where: string) => string | null,
  grows = false,
): string | null {
  for (let p = 0; p < r.pileCount; p++) {
    const h = row.heights[p];
    if (grows && h > r.height) return `pile ${p + 1} holds ${h} cards, more than the deals give it`;
    if (!grows && h > r.piles[p]) return `pile ${p + 1} holds ${h} cards, more than the ${r.piles[p]} dealt to it`;
    for (let k = 0; k < r.height; k++) {
      const c = row.cards[p * r.height + k];
      if (k >= h) {
        if (c !== EMPTY) return `pile ${p + 1} holds a card above its top`;
        continue;
      }
      const problem = place(c, `pile ${p + 1}`);
      if (problem) return problem;
    }
  }
  return null;
}

/** The piles' field of a state's JSON: each pile's cards bottom first, at most its room. */
export const pileRowJson = (r: PileRowShape) =>
  z.array(z.array(z.string()).check(z.maxLength(r.height))).check(z.length(r.pileCount));

/** Loads a row of piles from its cards, parsed pile by pile (`piles[p]`, bottom first). */
export function loadPileRow(r: PileRowShape, row: PileRow, piles: readonly (readonly number[])[]): void {
  row.cards.fill(EMPTY);
  for (let p = 0; p < r.pileCount; p++) {
    row.cards.set(piles[p], p * r.height);
    row.heights[p] = piles[p].length;
  }
}

/**
 * Every card in one place, no pile above its deal, no slot empty beside a stock that refills it (none filled
 * before a dealt stock's deal that fills them), the removed cards in pairs.
 */
export function checkState(s: PilesState): string | null {
  const r = s.rules;
  const seen = new Uint8Array(r.deck.holds.length);
  const left = new Uint8Array(13);
  const place = (c: number, where: string): string | null => {
    if (c >= seen.length || !r.deck.holds[c]) return `${where} holds ${c}, not a card of this deck`;
    if (seen[c]) return `card ${cardCode(c)} is in two places`;
    seen[c] = 1;
    left[c >> 2]++;
    return null;
  };
  let count = 0;
  const problem = checkPileRow(
    r,
    s,
    (c, where) => {
      count++;
      return place(c, where);
    },
    Boolean(r.dealtStock),
  );
  if (problem) return problem;
  if (!Number.isInteger(s.stockAt) || s.stockAt < 0 || s.stockAt > r.stockSize)
    return `the stock's top is at ${s.stockAt}, outside 0..${r.stockSize}`;
  for (let k = 0; k < r.slots; k++) {
    if (r.dealtStock && s.slots[k] !== EMPTY && r.stockSize - s.stockAt >= r.dealtStock.slotsAt)
      return `slot ${k + 1} holds a card before the deal that fills the slots`;
    if (s.slots[k] === EMPTY) {
      if (s.stockAt < r.slotStockEnd) return `slot ${k + 1} is empty while the stock holds cards: slots refill at once`;
      continue;
    }
    const problem = place(s.slots[k], `slot ${k + 1}`);
    if (problem) return problem;
    count++;
  }
  for (let k = s.stockAt; k < r.stockSize; k++) {
    const problem = place(s.stock[k], `stock position ${k}`);
    if (problem) return problem;
    count++;
  }
  if (s.removed !== r.deck.size - count)
    return `removed is ${s.removed}, the piles, slots and stock leave ${r.deck.size - count}`;
  // A rank with one partner rank leaves with it: as many gone of each, or an even number of a rank paired with itself.
  for (let rank = 0; rank < 13; rank++) {
    const partners = r.partners[rank];
    if (!r.deck.holds[4 * rank] || partners === 0 || (partners & (partners - 1)) !== 0) continue;
    const other = 31 - Math.clz32(partners);
    const gone = 4 - left[rank];
    if (other === rank && gone % 2 === 1) return `${gone} ${RANK_WORDS[rank]} are removed; they go in pairs`;
    if (other !== rank && r.partners[other] === 1 << rank && gone !== 4 - left[other])
      return `${gone} ${RANK_WORDS[rank]} but ${4 - left[other]} ${RANK_WORDS[other]} are removed; they go in pairs`;
  }
  return null;
}
