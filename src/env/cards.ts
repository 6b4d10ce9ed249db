/**
 * Standard 52-card deck: card id = rank * 4 + suit, rank 0..12 for A 2 … 9 T J Q K,
 * suit 0..3 for C D H S. Text is rank + suit ("TH", "AS"); symbols for people ("10♥").
 * Pure data and functions, no Node imports: the engines run in browsers as is.
 */
import { TengymError, describeKind, plural, showValue } from './errors.js';

/** The ranks in card-code order, ace first: a card's rank is `rankOf(card)`, an index into this. */
export const RANKS = 'A23456789TJQK';
/**
 * The suits in card-code order (clubs, diamonds, hearts, spades): a card's suit is `suitOf(card)`, an index into this.
 */
export const SUITS = 'CDHS';
/** The suits' symbols, in suit order (clubs, diamonds, hearts, spades). */
export const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
export const DECK_SIZE = 52;

/**
 * `card` when it is a card id; otherwise refused, as the bit arithmetic would read a wrong card out of 1.5 or "AS" and
 * none out of 52.
 */
function checkCard(card: number, fn: string): number {
  if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE)
    throw new TengymError(
      'bad-argument',
      `${fn}: ${showValue(card)} is not a card id (an integer from 0 to ${DECK_SIZE - 1}, rank * 4 + suit)`,
    );
  return card;
}

/** The rank of a card code, 0 (ace) to 12 (king); a `TengymError` for a number that is no card. */
export const rankOf = (card: number): number => checkCard(card, 'rankOf') >> 2;
/** The suit of a card code, 0 to 3 in the order of `SUITS`; a `TengymError` for a number that is no card. */
export const suitOf = (card: number): number => checkCard(card, 'suitOf') & 3;

/** "TH" for the ten of hearts. */
export function cardCode(card: number): string {
  checkCard(card, 'cardCode');
  return RANKS[card >> 2] + SUITS[card & 3];
}

/** "10♥" for the ten of hearts: what a player reads. */
export function cardLabel(card: number): string {
  const r = checkCard(card, 'cardLabel') >> 2;
  return (r === 9 ? '10' : RANKS[r]) + SUIT_SYMBOLS[card & 3];
}

/** The card id of a code such as "TH", "th" or "10H"; -1 when it is not one. */
export function parseCardCode(text: string): number {
  if (typeof text !== 'string') return -1;
  const t = text.trim().toUpperCase();
  const m = /^(10|[A2-9TJQK])([CDHS])$/.exec(t);
  if (!m) return -1;
  const r = m[1] === '10' ? 9 : RANKS.indexOf(m[1]);
  return r * 4 + SUITS.indexOf(m[2]);
}

/** The most cards `reset({ deck })` reads (Four Ten takes one 32-card deck per round, for 32,768 rounds). */
export const MAX_DECK_CARDS = 1 << 20;

/** Splits a deck given as "AS 2C …", "AS,2C,…" or an array of codes into tokens. */
export function deckTokens(deck: string | readonly (string | number)[]): string[] {
  const tooLong = (n: number) =>
    new TengymError('bad-deck', `bad deck: ${n} cards, more than the ${MAX_DECK_CARDS} a deck input may hold`);
  if (typeof deck === 'string') {
    const tokens = deck.split(/[\s,]+/).filter((t) => t.length > 0);
    if (tokens.length > MAX_DECK_CARDS) throw tooLong(tokens.length);
    return tokens;
  }
  if (!Array.isArray(deck)) {
    // A typed array would be shown as {"0":1,"1":2,…}, which reads as an object of fields.
    if (ArrayBuffer.isView(deck))
      throw new TengymError(
        'bad-deck',
        `bad deck: ${describeKind(deck)}; give a string such as "AS 2C …" or an array of card codes ` +
          `(Array.from turns a typed array into one)`,
      );
    throw new TengymError(
      'bad-deck',
      `bad deck ${showValue(deck)}: give a string such as "AS 2C …" or an array of card codes`,
    );
  }
  if (deck.length > MAX_DECK_CARDS) throw tooLong(deck.length);
  // Index by index, not map/forEach: those skip the holes of a sparse array, which would leave
  // a card out of the deal and another in it twice.
  const tokens = new Array<string>(deck.length);
  for (let i = 0; i < deck.length; i++) {
    if (!Object.hasOwn(deck, i))
      throw new TengymError('bad-deck', `bad deck: no card at index ${i} (a hole in a sparse array); give every card`);
    const c: unknown = deck[i];
    if (typeof c !== 'string' && typeof c !== 'number')
      throw new TengymError('bad-deck', `bad deck: index ${i} holds ${showValue(c)}, not a card code such as "TH"`);
    tokens[i] = String(c);
  }
  return tokens;
}

/**
 * Parses a full 52-card deck (each card exactly once) into card ids. The error lists
 * what is wrong: unknown codes, duplicates, missing cards, the wrong count.
 */
export function parseStandardDeck(deck: string | readonly (string | number)[]): Uint8Array {
  const tokens = deckTokens(deck);
  const out = new Uint8Array(DECK_SIZE);
  const seen = new Uint8Array(DECK_SIZE);
  const bad: string[] = [];
  const dup: string[] = [];
  tokens.forEach((tok, i) => {
    const c = parseCardCode(tok);
    if (c < 0) bad.push(`"${tok}" at index ${i}`);
    else if (seen[c]) dup.push(cardCode(c));
    else {
      seen[c] = 1;
      if (i < DECK_SIZE) out[i] = c;
    }
  });
  const problems: string[] = [];
  // Numbers are Four Ten's cards; a 52-card deck of card ids (rank * 4 + suit, as cardCode takes them) is one step from
  // its codes (in Python too: no JavaScript name in the message).
  const ids =
    typeof deck !== 'string' && deck.some((c) => typeof c === 'number')
      ? '; numbers are not card codes: a card id, rank * 4 + suit, is written as its code, 0 as "AC" and 51 as "KS"'
      : '';
  if (bad.length)
    problems.push(
      `unknown card codes ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''} (a card is rank ` +
        `A23456789TJQK + suit CDHS, e.g. "TH"${ids})`,
    );
  if (dup.length) {
    // Each card once, with its extra copies counted: a deck of 52 "AS" is not 51 "AS" in a row.
    const extra = new Map<string, number>();
    for (const code of dup) extra.set(code, (extra.get(code) ?? 0) + 1);
    problems.push(`duplicate cards ${[...extra].map(([code, n]) => (n > 1 ? `${code} ×${n + 1}` : code)).join(' ')}`);
  }
  if (!bad.length) {
    const missing: string[] = [];
    for (let c = 0; c < DECK_SIZE; c++) if (!seen[c]) missing.push(cardCode(c));
    if (tokens.length !== DECK_SIZE)
      problems.push(
        `${plural(tokens.length, 'card')}, a deck has ${DECK_SIZE}` +
          (missing.length ? ` (missing ${missing.join(' ')})` : ''),
      );
    // A card typed twice in a whole deck is usually another typed wrong: the cards it lacks say which.
    else if (missing.length) problems.push(`missing ${missing.join(' ')}`);
  }
  if (problems.length) throw new TengymError('bad-deck', `bad deck: ${problems.join('; ')}`);
  return out;
}

/** The identity deck AC AD AH AS 2C … KS, for shuffling. */
export function orderedDeck(out: Uint8Array = new Uint8Array(DECK_SIZE)): Uint8Array {
  for (let c = 0; c < DECK_SIZE; c++) out[c] = c;
  return out;
}

/** The suits' names, in suit order. */
export const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'] as const;
/** What a player reads for each rank, ace first ("10", not "T"). */
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** Each rank in a word, ace first ("a queen", "the king"). */
export const RANK_NAMES = [
  'ace',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
];

/**
 * A card as a front end draws it (`cardFace(code)`, `env.card(spot)`): its code as the state JSON writes it, its rank
 * (1 for an ace … 13 for a king; a numbered card's number), what a player reads, and, for a standard card, its suit,
 * symbol and colour (null for a card with no suit, as Four Ten's "1".."4").
 */
export interface CardFace {
  readonly code: string;
  /** 1 (ace) … 13 (king); a numbered card's number; 0 for a code read as neither. */
  readonly rank: number;
  /** "A", "2" … "10", "J", "Q", "K"; a numbered card's number. */
  readonly rankLabel: string;
  /** 'C', 'D', 'H' or 'S'; null without a suit. */
  readonly suit: 'C' | 'D' | 'H' | 'S' | null;
  readonly suitSymbol: '♣' | '♦' | '♥' | '♠' | null;
  readonly suitName: 'clubs' | 'diamonds' | 'hearts' | 'spades' | null;
  readonly colour: 'red' | 'black' | null;
  /** "10♥": what a card shows. */
  readonly label: string;
  /** "ten of hearts": what a screen reader says. */
  readonly name: string;
  /** The card id of a standard card (rank * 4 + suit, `cardCode`'s), null otherwise. */
  readonly id: number | null;
}

/**
 * A card's face from its code: a standard card ("TH", "10h", "AS") or a numbered card ("3", Four Ten's); any other code
 * is kept as its own label with rank 0.
 */
export function cardFace(code: string): CardFace {
  const id = parseCardCode(code);
  if (id >= 0) {
    const r = id >> 2;
    const s = id & 3;
    return {
      code: RANKS[r] + SUITS[s],
      rank: r + 1,
      rankLabel: RANK_LABELS[r],
      suit: SUITS[s] as CardFace['suit'],
      suitSymbol: SUIT_SYMBOLS[s],
      suitName: SUIT_NAMES[s],
      colour: s === 1 || s === 2 ? 'red' : 'black',
      label: RANK_LABELS[r] + SUIT_SYMBOLS[s],
      name: `${RANK_NAMES[r]} of ${SUIT_NAMES[s]}`,
      id,
    };
  }
  const text = String(code);
  const n = /^\d{1,2}$/.test(text) ? Number(text) : 0;
  return {
    code: text,
    rank: n,
    rankLabel: text,
    suit: null,
    suitSymbol: null,
    suitName: null,
    colour: null,
    label: text,
    name: text,
    id: null,
  };
}
