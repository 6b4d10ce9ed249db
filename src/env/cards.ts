/**
 * Standard 52-card deck: card id = rank * 4 + suit, rank 0..12 for A 2 … 9 T J Q K,
 * suit 0..3 for C D H S. Text is rank + suit ("TH", "AS"); symbols for people ("10♥").
 * Pure data and functions, no Node imports: the engines run in browsers as is.
 */
import { TengymError, showValue } from './errors.js';

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
export const DECK_SIZE = 52;

export const rankOf = (card: number): number => card >> 2;
export const suitOf = (card: number): number => card & 3;

/** "TH" for the ten of hearts. */
export function cardCode(card: number): string {
  return RANKS[card >> 2] + SUITS[card & 3];
}

/** "10♥" for the ten of hearts: what a player reads. */
export function cardLabel(card: number): string {
  const r = card >> 2;
  return (r === 9 ? '10' : RANKS[r]) + SUIT_SYMBOLS[card & 3];
}

/** The card id of a code such as "TH", "th" or "10H"; -1 when it is not one. */
export function parseCardCode(text: string): number {
  const t = text.trim().toUpperCase();
  const m = /^(10|[A2-9TJQK])([CDHS])$/.exec(t);
  if (!m) return -1;
  const r = m[1] === '10' ? 9 : RANKS.indexOf(m[1]);
  return r * 4 + SUITS.indexOf(m[2]);
}

/** Splits a deck given as "AS 2C …", "AS,2C,…" or an array of codes into tokens. */
export function deckTokens(deck: string | readonly (string | number)[]): string[] {
  if (typeof deck === 'string') return deck.split(/[\s,]+/).filter((t) => t.length > 0);
  if (!Array.isArray(deck)) throw new TengymError('bad-deck', `bad deck ${showValue(deck)}: give a string such as "AS 2C …" or an array of card codes`);
  return deck.map((c) => String(c));
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
  if (bad.length) problems.push(`unknown card codes ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''} (a card is rank A23456789TJQK + suit CDHS, e.g. "TH")`);
  if (dup.length) problems.push(`duplicate cards ${dup.join(' ')}`);
  if (!bad.length && !dup.length && tokens.length !== DECK_SIZE) {
    const missing: string[] = [];
    for (let c = 0; c < DECK_SIZE; c++) if (!seen[c]) missing.push(cardCode(c));
    problems.push(`${tokens.length} cards, a deck has ${DECK_SIZE}${missing.length ? ` (missing ${missing.join(' ')})` : ''}`);
  }
  if (problems.length) throw new TengymError('bad-deck', `bad deck: ${problems.join('; ')}`);
  return out;
}

/** The identity deck AC AD AH AS 2C … KS, for shuffling. */
export function orderedDeck(out: Uint8Array = new Uint8Array(DECK_SIZE)): Uint8Array {
  for (let c = 0; c < DECK_SIZE; c++) out[c] = c;
  return out;
}
