/**
 * The triangle layout's state as JSON (triangle.ts has the layout): `{ <name>: slot by slot, stockTop,
 * stock, waste, removed, pass, steps }` (with piles beside the triangle, `piles` after the triangle's field, each
 * pile bottom first; without a stock, no `stockTop`, `stock`, `waste` or `pass`), its parsing and loading, and the
 * checks that a state could come from play. Messages say "bad <name> state".
 */
import * as z from 'zod/mini';
import { DECK_SIZE, cardCode } from '../cards.js';
import { formatZodError } from '../errors.js';
import { RUNNING } from '../game.js';
import { EMPTY, RANK_WORDS, badState, parseCardLists } from './card-state.js';
import { checkPileRow, loadPileRow, pileRowJson } from './piles-json.js';
import { popCount, type TriangleRules, type TriangleState } from './triangle.js';

/** The state as JSON; the triangle's field is named after it (`rules.name`). */
type TriangleJson = Record<string, unknown> & {
  piles?: string[][];
  stockTop?: string | null;
  stock?: string[];
  waste?: string[];
  removed: string[];
  pass?: number;
  steps: number;
  /** With `idlePassEnds` only: the cards removed when this pass began. */
  passStartRemoved?: number;
};

export function toJSON(s: TriangleState): TriangleJson {
  const r = s.rules;
  const cards = Array.from(s.cards, (c) => (c === EMPTY ? null : cardCode(c)));
  const faceUp = r.topPlayable && s.cursor < s.talonLen;
  const stockTop = faceUp ? cardCode(s.talon[s.cursor]) : null;
  const stock: string[] = [];
  for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) stock.push(cardCode(s.talon[k]));
  const waste: string[] = [];
  for (let k = 0; k < s.cursor; k++) waste.push(cardCode(s.talon[k]));
  const placed = new Uint8Array(DECK_SIZE);
  for (const c of s.cards) if (c !== EMPTY) placed[c] = 1;
  for (let k = 0; k < s.talonLen; k++) placed[s.talon[k]] = 1;
  const height = r.pileRow.height;
  const piles = Array.from(s.piles.heights, (h, p) =>
    Array.from(s.piles.cards.subarray(p * height, p * height + h), (c) => {
      placed[c] = 1;
      return cardCode(c);
    }),
  );
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!placed[c]) removed.push(cardCode(c));
  if (!r.hasTalon) return { [r.name]: cards, piles, removed, steps: s.steps };
  const json: TriangleJson = { [r.name]: cards, stockTop, stock, waste, removed, pass: s.pass, steps: s.steps };
  if (r.pileCount > 0) json.piles = piles;
  if (r.talon.idlePassEnds) json.passStartRemoved = s.passStartRemoved;
  return json;
}

const jsonSchemas = new Map<string, z.ZodMiniType>();

function jsonSchema(r: TriangleRules): z.ZodMiniType {
  const key = `${r.name}/${r.slots}/${r.talon.idlePassEnds === true}/${r.pileRow.piles.join(',')}/${r.hasTalon}`;
  let schema = jsonSchemas.get(key);
  if (!schema) {
    const talon = {
      stockTop: z.nullable(z.string()),
      stock: z.array(z.string()).check(z.maxLength(r.talonSize)),
      waste: z.array(z.string()).check(z.maxLength(r.talonSize)),
    };
    schema = z.strictObject({
      [r.name]: z.array(z.nullable(z.string())).check(z.length(r.slots)),
      ...(r.pileCount > 0 ? { piles: pileRowJson(r.pileRow) } : {}),
      ...(r.hasTalon ? talon : {}),
      removed: z.array(z.string()).check(z.maxLength(DECK_SIZE)),
      ...(r.hasTalon ? { pass: z.int().check(z.minimum(1)) } : {}),
      steps: z.int().check(z.minimum(0)),
      ...(r.talon.idlePassEnds ? { passStartRemoved: z.int().check(z.minimum(0)) } : {}),
    });
    jsonSchemas.set(key, schema);
  }
  return schema;
}

export function fromJSON(json: unknown, s: TriangleState): void {
  const r = s.rules;
  const bad = (message: string) => badState(message, r.name);
  const parsed = jsonSchema(r).safeParse(json);
  if (!parsed.success) {
    const piles = r.pileCount > 0 ? `piles: ${r.pileCount} lists of card codes, bottom first, ` : '';
    const talon = r.hasTalon ? 'stockTop: a card code or null, stock: [...], waste: [...], ' : '';
    throw bad(
      `${formatZodError(parsed.error)} (expected { ${r.name}: ${r.slots} card codes or null, ${piles}${talon}` +
        `removed: [...], ${r.hasTalon ? 'pass, ' : ''}steps })`,
    );
  }
  const j = parsed.data as TriangleJson;
  const fields: Record<string, readonly (string | null)[] | string | null> = { [r.name]: j[r.name] as string[] };
  (j.piles ?? []).forEach((pile, p) => {
    fields[`piles[${p}]`] = pile;
  });
  Object.assign(fields, { stockTop: j.stockTop ?? null, stock: j.stock ?? [], waste: j.waste ?? [] });
  fields.removed = j.removed;
  const lists = parseCardLists(fields, EMPTY, bad);
  const cards = lists[r.name];
  const { stockTop, stock, waste } = lists;
  const pass = j.pass ?? 1;
  if (r.topPlayable && stockTop.length === 0 && stock.length > 0)
    throw bad(
      "stockTop is null but the stock holds cards: with stockTopPlayable the stock's top card lies face up, in " +
        'stockTop',
    );
  if (!r.topPlayable && stockTop.length > 0)
    throw bad('stockTop holds a card, but without stockTopPlayable the stock is face down: put it first in stock');
  if (pass > r.passLimit) throw bad(`pass is ${pass}, but this game has ${r.talon.passes} passes`);
  if (j.steps > r.maxSteps) throw bad(`steps is ${j.steps}, more than maxSteps (${r.maxSteps})`);
  s.cards.set(cards);
  if (r.pileCount > 0)
    loadPileRow(
      r.pileRow,
      s.piles,
      r.pileRow.piles.map((_, p) => lists[`piles[${p}]`]),
    );
  s.present = 0;
  for (let i = 0; i < r.slots; i++) if (cards[i] !== EMPTY) s.present |= 1 << i;
  // The loaded state is another: the next observe writes the observation anew.
  s.obsOut = null;
  s.talon.set(waste, 0);
  s.talon.set(stockTop, waste.length);
  s.talon.set(stock, waste.length + stockTop.length);
  s.cursor = waste.length;
  s.talonLen = waste.length + stockTop.length + stock.length;
  s.pass = pass;
  s.steps = j.steps;
  s.removed = DECK_SIZE - popCount(s.present) - s.talonLen - pileCards(s);
  s.passStartRemoved = j.passStartRemoved ?? 0;
  s.status = RUNNING;
  const problem = checkState(s);
  if (problem) throw bad(problem);
}

/** The cards in the piles beside the triangle. */
const pileCards = (s: TriangleState): number => s.piles.heights.reduce((n, h) => n + h, 0);

/** Every card in one place, the counters in step with the cards, the removed cards removable by the rules. */
export function checkState(s: TriangleState): string | null {
  const r = s.rules;
  const seen = new Uint8Array(DECK_SIZE);
  const left = new Uint8Array(13);
  let present = 0;
  for (let i = 0; i < r.slots; i++) {
    const c = s.cards[i];
    if (c === EMPTY) continue;
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (seen[c]) return `card ${cardCode(c)} is twice in the ${r.name}`;
    seen[c] = 1;
    left[c >> 2]++;
    present |= 1 << i;
  }
  if (present !== s.present) return `the slot set is ${s.present.toString(2)}, the slots say ${present.toString(2)}`;
  for (let i = 0; i < r.slots; i++) {
    if (((present >>> i) & 1) === 0 && (present & r.coverMask[i]) !== 0)
      return (
        `slot ${i} is empty but a card covering it is still there: a card leaves only once it is free (or ` +
        `with its only cover)`
      );
  }
  const pileProblem = checkPileRow(r.pileRow, s.piles, (c, where) => {
    if (c >= DECK_SIZE) return `${where} holds ${c}, not a card`;
    if (seen[c]) return `card ${cardCode(c)} is in two places`;
    seen[c] = 1;
    left[c >> 2]++;
    return null;
  });
  if (pileProblem) return pileProblem;
  if (!Number.isInteger(s.talonLen) || s.talonLen < 0 || s.talonLen > r.talonSize)
    return `the stock and waste hold ${s.talonLen} cards; the deal leaves ${r.talonSize}`;
  if (!Number.isInteger(s.cursor) || s.cursor < 0 || s.cursor > s.talonLen)
    return `the waste holds ${s.cursor} of the ${s.talonLen} stock and waste cards`;
  for (let k = 0; k < s.talonLen; k++) {
    const c = s.talon[k];
    if (c >= DECK_SIZE) return `stock or waste position ${k} holds ${c}, not a card`;
    if (seen[c]) return `card ${cardCode(c)} is in two places`;
    seen[c] = 1;
    left[c >> 2]++;
  }
  const removed = DECK_SIZE - popCount(present) - s.talonLen - pileCards(s);
  if (s.removed !== removed) {
    const places = r.pileCount > 0 ? (r.hasTalon ? ', piles, stock and waste' : ' and piles') : ', stock and waste';
    return `removed is ${s.removed}, the ${r.name}${places} leave ${removed}`;
  }
  for (let rank = 0; 2 * rank < r.rankSum; rank++) {
    const other = r.rankSum - rank;
    if (other > 12 || ((r.singleMask >>> rank) | (r.singleMask >>> other)) & 1) continue;
    const gone = 4 - left[rank];
    const partners = 4 - left[other];
    if (gone !== partners)
      return `${gone} ${RANK_WORDS[rank]} but ${partners} ${RANK_WORDS[other]} are removed; they go in pairs`;
  }
  if (!Number.isInteger(s.pass) || s.pass < 1 || s.pass > r.passLimit)
    return `pass ${s.pass} is not one of 1..${r.talon.passes}`;
  if (!Number.isInteger(s.passStartRemoved) || s.passStartRemoved < 0 || s.passStartRemoved > removed)
    return `passStartRemoved ${s.passStartRemoved} outside 0..removed (${removed})`;
  if (s.pass === 1 && s.passStartRemoved !== 0) return `passStartRemoved is ${s.passStartRemoved} on the first pass`;
  if (!Number.isInteger(s.steps) || s.steps < 0 || s.steps > r.maxSteps)
    return `steps ${s.steps} outside 0..maxSteps (${r.maxSteps})`;
  // Each turn-over is a step, and a removal takes at most two cards.
  const least = s.pass - 1 + Math.ceil(removed / 2);
  if (s.steps < least)
    return `steps is ${s.steps}, but ${removed} cards removed and ${s.pass - 1} turn-overs take at least ${least}`;
  return null;
}
