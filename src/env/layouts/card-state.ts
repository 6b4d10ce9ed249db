/**
 * What every card layout's state does the same way, written once: the bad-state error, the words
 * for ranks, the card lists of a state's JSON (each of the 52 cards in one place), the removed
 * cards, and the checks of a deal order and of the unseen cards' counts.
 */
import { DECK_SIZE, RANKS, cardCode, parseCardCode } from '../cards.js';
import { TengymError } from '../errors.js';
import { CARDS_LEFT_RESULT, type OptionsSchema } from '../game.js';

/** A place without a card. */
export const EMPTY = 255;

/** Ranks in words, A = 0 … K = 12, as messages count them ("2 jacks are removed"). */
export const RANK_WORDS: readonly string[] = [
  'aces',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
];

/**
 * A state that no play could reach, or JSON that is not a state: what `fromJSON` throws ("bad state: …",
 * or "bad <layout> state: …" for a layout whose messages name it).
 */
export function badState(message: string, layout?: string): TengymError {
  return new TengymError('bad-state', `bad ${layout ? `${layout} ` : ''}state: ${message}`);
}

/**
 * The card ids of a state's card lists, field by field (a null is `empty`; a field of one card, or null
 * for none, gives a list of one or none), with each of the deck's cards in exactly one of them (the 52, or
 * those `holds` marks: a stripped deck's); the error (`bad`, `badState` by default) names the field and
 * index, or the cards missing.
 */
export function parseCardLists<K extends string>(
  fields: Record<K, readonly (string | null)[] | string | null>,
  empty: number,
  bad: (message: string) => TengymError = badState,
  holds?: Uint8Array,
): Record<K, number[]> {
  const where: string[] = new Array(DECK_SIZE).fill('');
  const out = {} as Record<K, number[]>;
  for (const key of Object.keys(fields) as K[]) {
    const field = fields[key];
    const one = typeof field === 'string' || field === null;
    const codes: readonly (string | null)[] = one ? (field === null ? [] : [field]) : field;
    out[key] = codes.map((code, k) => {
      if (code === null) return empty;
      const name = one ? key : `${key}[${k}]`;
      const card = parseCardCode(code);
      if (card < 0)
        throw bad(`${name} is ${JSON.stringify(code)}, not a card code (rank ${RANKS} + suit CDHS, e.g. "TH")`);
      if (holds && !holds[card]) throw bad(`${name} is ${cardCode(card)}, which this deck does not hold`);
      if (where[card])
        throw bad(
          `card ${cardCode(card)} is both in ${where[card]} and in ${name}; each card must be in exactly one place`,
        );
      where[card] = name;
      return card;
    });
  }
  const missing: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!where[c] && (!holds || holds[c])) missing.push(cardCode(c));
  if (missing.length) {
    const names = Object.keys(fields);
    const listed = `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
    const size = holds ? holds.reduce((n, h) => n + h, 0) : DECK_SIZE;
    throw bad(`cards ${missing.join(' ')} are missing; ${listed} must hold each of the ${size} cards once`);
  }
  return out;
}

/** The codes of the cards in none of `placed` (card ids; other values are passed over), in card order. */
export function removedCards(...placed: ArrayLike<number>[]): string[] {
  const seen = new Uint8Array(DECK_SIZE);
  for (const list of placed) for (let k = 0; k < list.length; k++) if (list[k] < DECK_SIZE) seen[list[k]] = 1;
  const removed: string[] = [];
  for (let c = 0; c < DECK_SIZE; c++) if (!seen[c]) removed.push(cardCode(c));
  return removed;
}

/** A deal order's problem (a card twice, or no card), or where each card lies in it (`dealtAt[card]`). */
export function checkDeckOrder(deck: Uint8Array): { problem: string } | { dealtAt: Int16Array } {
  const seen = new Uint8Array(DECK_SIZE);
  const dealtAt = new Int16Array(DECK_SIZE);
  for (let k = 0; k < deck.length; k++) {
    const c = deck[k];
    if (c >= DECK_SIZE || seen[c])
      return { problem: `deck position ${k} holds ${c < DECK_SIZE ? cardCode(c) + ' a second time' : 'no card'}` };
    seen[c] = 1;
    dealtAt[c] = k;
  }
  return { dealtAt };
}

/** Whether the stock's rank counts (`stockCount[r]`) are those of `deck[from…]`, or what differs. */
export function checkStockCounts(deck: Uint8Array, from: number, stockCount: Uint8Array): string | null {
  const counted = new Uint8Array(13);
  for (let k = from; k < deck.length; k++) counted[deck[k] >> 2]++;
  for (let r = 0; r < 13; r++)
    if (counted[r] !== stockCount[r])
      return `stock count of ${RANKS[r]} is ${stockCount[r]}, the stock holds ${counted[r]}`;
  return null;
}

/** What every layout's compiled rules hold that its `Game` reads alike. */
interface LayoutRules {
  readonly numActions: number;
  readonly observationSize: number;
  readonly undoLimit: 0 | 3 | 'unlimited';
}

/**
 * The `Game` members a layout's game fills alike from its compiled rules (`rulesOf`): the result (cards left), the
 * sizes, the observation bounds, a new state and the undos.
 */
export function layoutGameParts<O, R extends LayoutRules, S, B>(
  optionsSchema: OptionsSchema<O>,
  rulesOf: (o: O) => R,
  createState: (r: R) => S,
  observationBounds: (r: R) => B,
) {
  return {
    result: CARDS_LEFT_RESULT,
    optionsSchema,
    numActions: (o: O) => rulesOf(o).numActions,
    observationSize: (o: O) => rulesOf(o).observationSize,
    observationBounds: (o: O) => observationBounds(rulesOf(o)),
    createState: (o: O) => createState(rulesOf(o)),
    undoLimit: (o: O) => {
      const limit = rulesOf(o).undoLimit;
      return limit === 'unlimited' ? Infinity : limit;
    },
  };
}
