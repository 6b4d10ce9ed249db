/**
 * The deck a layout deals: every suit of each rank it lists (all thirteen for a standard deck; The Wish's
 * ace and seven to king for a 32-card one). Card ids stay the standard ones (rank · 4 + suit), so codes,
 * labels and suits mean the same in every deck; only which cards are in it differs.
 */
import { DECK_SIZE, cardCode, deckTokens, parseCardCode, parseStandardDeck } from '../cards.js';
import { TengymError } from '../errors.js';

/** A deck of the listed ranks, every suit of each. */
export interface RankDeck {
  /** The ranks, 0 = A … 12 = K, ascending. */
  readonly ranks: readonly number[];
  /** Cards in the deck: 4 per rank. */
  readonly size: number;
  /** Its cards in card-id order: the deal a shuffle starts from. */
  readonly cards: Uint8Array;
  /** 1 for each card id in the deck (52 entries). */
  readonly holds: Uint8Array;
  readonly standard: boolean;
}

const ALL_RANKS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const decks = new Map<string, RankDeck>();

/** The deck of `ranks` (default: all thirteen), built once per list. */
export function rankDeck(ranks: readonly number[] = ALL_RANKS): RankDeck {
  const sorted = [...new Set(ranks)].sort((a, b) => a - b);
  const key = sorted.join(',');
  const cached = decks.get(key);
  if (cached) return cached;
  if (sorted.length === 0 || sorted.some((r) => !Number.isInteger(r) || r < 0 || r > 12))
    throw new RangeError(`a deck's ranks are 0..12, at least one: ${key}`);
  const holds = new Uint8Array(DECK_SIZE);
  for (const r of sorted) holds.fill(1, 4 * r, 4 * r + 4);
  const cards = Uint8Array.from(sorted.flatMap((r) => [4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3]));
  const deck: RankDeck = { ranks: sorted, size: cards.length, cards, holds, standard: sorted.length === 13 };
  decks.set(key, deck);
  return deck;
}

/** A deck input (codes, as `reset({ deck })` takes them) as card ids: each card of `deck` once, no other. */
export function parseRankDeck(deck: RankDeck, input: string | readonly (string | number)[]): Uint8Array {
  if (deck.standard) return parseStandardDeck(input);
  const tokens = deckTokens(input);
  const out = new Uint8Array(deck.size);
  const seen = new Uint8Array(DECK_SIZE);
  const bad = (message: string) => new TengymError('bad-deck', `bad deck: ${message}`);
  tokens.forEach((token, i) => {
    const c = parseCardCode(token);
    if (c < 0) throw bad(`"${token}" at index ${i} is not a card code (rank A23456789TJQK + suit CDHS, e.g. "TH")`);
    if (!deck.holds[c]) throw bad(`${cardCode(c)} at index ${i} is not in this ${deck.size}-card deck`);
    if (seen[c]) throw bad(`duplicate card ${cardCode(c)}`);
    seen[c] = 1;
    if (i < deck.size) out[i] = c;
  });
  if (tokens.length !== deck.size) {
    const missing = Array.from(deck.cards)
      .filter((c) => !seen[c])
      .map(cardCode);
    throw bad(
      `${tokens.length} cards, this deck has ${deck.size}${missing.length ? ` (missing ${missing.join(' ')})` : ''}`,
    );
  }
  return out;
}
