/**
 * The slot layout's state as JSON (slots.ts has the layout): `{ tableau, reserve (with sets), pile (with a
 * group pile), stock, removed }`, its parsing and loading, the checks that a state could come from play, and
 * the changes that no play could give, which the fuzz tries.
 */
import * as z from 'zod/mini';
import { DECK_SIZE, RANKS, cardCode, cardLabel, RANK_NAMES, SUIT_NAMES } from '../cards.js';
import { formatZodError } from '../errors.js';
import { randomInt, type Rng } from '../rng.js';
import { RANK_WORDS, badState, checkDeckOrder, checkStockCounts, parseCardLists, removedCards } from './card-state.js';
import {
  EMPTY,
  EMPTY_RANK,
  GATHER_AFTER_REMOVAL,
  GATHER_ONCE_STOCK_OUT,
  NO_PARTNER,
  NOWHERE,
  PILE_TWICE,
  cardsWouldMove,
  copyState,
  createState,
  oneOfEach,
  reserveSuit,
  reservesEmpty,
  type SlotRules,
  type SlotState,
} from './slots.js';
interface SlotJSON {
  /** Slot by slot: a card code, or null for an empty slot. */
  tableau: (string | null)[];
  /** The cards set aside, one per set rank: a card code or null (all null for sets that go out together). */
  reserve?: (string | null)[];
  /** The group pile, bottom first (with `groupPile`). */
  pile?: string[];
  /** Next card first. */
  stock: string[];
  /** In card order (A♣ A♦ … K♠). */
  removed: string[];
  /** With an extra slot (the tableau's last place): the draws to it left. */
  drawsLeft?: number;
}

export function toJSON(s: SlotState): SlotJSON {
  const code = (c: number): string | null => (c === EMPTY ? null : cardCode(c));
  const stock = Array.from(s.deck.subarray(s.stockPos), cardCode);
  const removed = removedCards(
    s.slotCard,
    s.reserve,
    s.pile.subarray(0, s.pileSize),
    s.deck.subarray(s.stockPos),
    s.rules.outsideDeck,
  );
  const tableau = Array.from(s.slotCard, code);
  if (s.rules.pileBase >= 0)
    return { tableau, pile: Array.from(s.pile.subarray(0, s.pileSize), cardCode), stock, removed };
  if (s.rules.extra >= 0) return { tableau, stock, removed, drawsLeft: s.drawsLeft };
  return s.rules.setRanks.length
    ? { tableau, reserve: Array.from(s.reserve, code), stock, removed }
    : { tableau, stock, removed };
}

const jsonSchemas = new Map<string, z.ZodMiniType>();

function jsonSchema(r: SlotRules): z.ZodMiniType {
  const key = `${r.slots}/${r.reserveCount}/${r.pileBase >= 0}/${r.extra}`;
  let schema = jsonSchemas.get(key);
  if (!schema) {
    const cards = z.array(z.string()).check(z.maxLength(DECK_SIZE));
    const places = (n: number) => z.array(z.nullable(z.string())).check(z.length(n));
    const draws = z.number().check(z.int(), z.minimum(0), z.maximum(r.draws));
    schema =
      r.pileBase >= 0
        ? z.strictObject({ tableau: places(r.slots), pile: cards, stock: cards, removed: cards })
        : r.setRanks.length
          ? z.strictObject({ tableau: places(r.slots), reserve: places(r.reserveCount), stock: cards, removed: cards })
          : r.extra >= 0
            ? z.strictObject({ tableau: places(r.slots), stock: cards, removed: cards, drawsLeft: draws })
            : z.strictObject({ tableau: places(r.slots), stock: cards, removed: cards });
    jsonSchemas.set(key, schema);
  }
  return schema;
}

export function fromJSON(json: unknown, s: SlotState): void {
  const r = s.rules;
  const parsed = jsonSchema(r).safeParse(json);
  if (!parsed.success) {
    const reserve = r.setRanks.length
      ? `reserve: ${r.reserveCount} card codes or null, `
      : r.pileBase >= 0
        ? 'pile: [...], '
        : '';
    const draws = r.extra >= 0 ? `, drawsLeft: 0 to ${r.draws}` : '';
    throw badState(
      `${formatZodError(parsed.error)} (expected { tableau: ${r.slots} card codes or null, ${reserve}stock: [...], ` +
        `removed: [...]${draws} })`,
    );
  }
  const data = parsed.data as SlotJSON;
  const lists: Record<string, number[]> = parseCardLists<string>(
    data.reserve
      ? { tableau: data.tableau, reserve: data.reserve, stock: data.stock, removed: data.removed }
      : data.pile
        ? { tableau: data.tableau, pile: data.pile, stock: data.stock, removed: data.removed }
        : { tableau: data.tableau, stock: data.stock, removed: data.removed },
    EMPTY,
    undefined,
    r.deck.holds,
  );
  const scratch = createState(r);
  loadState(scratch, lists.tableau, lists.reserve ?? [], lists.stock, data.drawsLeft ?? 0);
  if (lists.pile) loadPile(scratch, lists.pile);
  const problem = checkState(scratch);
  if (problem) throw badState(problem);
  copyState(scratch, s);
}

/** Fills `s` from checked card lists; the dealt part of `deck` holds the other cards. */
function loadState(
  s: SlotState,
  tableau: readonly number[],
  reserve: readonly number[],
  stock: readonly number[],
  drawsLeft: number,
): void {
  const inStock = new Uint8Array(DECK_SIZE);
  for (const c of stock) inStock[c] = 1;
  s.stockPos = s.rules.deckSize - stock.length;
  let k = 0;
  for (const c of s.rules.deck.cards) if (!inStock[c]) s.deck[k++] = c;
  s.deck.set(stock, s.stockPos);
  s.slotCard.set(tableau);
  s.reserve.set(reserve);
  s.rankSlots.fill(0);
  s.stockCount.fill(0);
  let placed = 0;
  for (let i = 0; i < tableau.length; i++) {
    const c = tableau[i];
    s.slotRank[i] = c === EMPTY ? EMPTY_RANK : c >> 2;
    s.rankSlots[s.slotRank[i]] |= 1 << i;
    if (c !== EMPTY) {
      s.cardSlot[c] = i;
      placed++;
    }
  }
  for (const c of reserve) if (c !== EMPTY) placed++;
  for (const c of stock) s.stockCount[c >> 2]++;
  s.removed = s.rules.deckSize - stock.length - placed;
  s.legalCount = 0;
  s.drawsLeft = drawsLeft;
}

/** Puts checked cards on the group pile, bottom first, keeping its total and set ranks as play would. */
function loadPile(s: SlotState, pile: readonly number[]): void {
  const r = s.rules;
  s.pileSize = 0;
  s.pileTotal = 0;
  s.pileSets = 0;
  s.pileSetCards = 0;
  for (const c of pile) {
    s.pile[s.pileSize++] = c;
    const bit = r.pileSetBit[c >> 2];
    if (bit === 0) s.pileTotal += (c >> 2) + 1;
    else {
      s.pileSets |= (s.pileSets & bit) !== 0 ? PILE_TWICE : bit;
      s.pileSetCards++;
    }
  }
  s.removed -= pile.length;
}

/** The group pile: its cards off the slots and the stock, its kept total in step, and one play could leave. */
function checkPile(s: SlotState, located: Uint8Array, dealtAt: Int16Array): string | null {
  const r = s.rules;
  if (s.pileSize === 0) return null;
  let total = 0;
  let sets = 0;
  let setCards = 0;
  const seen = new Set<number>();
  for (let k = 0; k < s.pileSize; k++) {
    const c = s.pile[k];
    if (c >= DECK_SIZE || seen.has(c))
      return `pile place ${k} holds ${c < DECK_SIZE ? cardCode(c) : c} twice or no card`;
    if (located[c] !== NOWHERE || dealtAt[c] >= s.stockPos)
      return `card ${cardCode(c)} is on the pile and also ${located[c] !== NOWHERE ? 'in a slot' : 'in the stock'}`;
    seen.add(c);
    // The pile below its top card could still go out, or no move would have been legal to put the top card on.
    if (k === s.pileSize - 1 && !(setCards === 0 ? total < r.pileSum : setCards === k && (sets & PILE_TWICE) === 0))
      return 'the pile could not go out before its top card; no card could have joined it';
    const bit = r.pileSetBit[c >> 2];
    if (bit === 0) total += (c >> 2) + 1;
    else {
      sets |= (sets & bit) !== 0 ? PILE_TWICE : bit;
      setCards++;
    }
  }
  if (total !== s.pileTotal || sets !== s.pileSets || setCards !== s.pileSetCards)
    return `the pile's kept total ${s.pileTotal} and ranks do not match its cards (total ${total})`;
  if (setCards === 0 ? total === r.pileSum : sets === r.pileSetFull && setCards === s.pileSize)
    return `the pile (${Array.from(s.pile.subarray(0, s.pileSize), cardLabel).join(' ')}) goes out at once`;
  return null;
}

/** With a group pile: the removed number cards' values total a multiple of its sum, its set ranks removed alike. */
function checkPileRemovals(r: SlotRules, gone: Uint8Array): string | null {
  let total = 0;
  const sets: number[] = [];
  for (let rank = 0; rank < 13; rank++) {
    let k = 0;
    for (let u = 0; u < 4; u++) k += gone[rank * 4 + u];
    if (r.pileSetBit[rank] === 0) total += k * (rank + 1);
    else sets.push(k);
  }
  if (total % r.pileSum !== 0) return `the removed number cards total ${total}; they go out in groups of ${r.pileSum}`;
  if (sets.some((k) => k !== sets[0]))
    return `the removed ${oneOfEach(r.groupPile?.set ?? [], 'and')} are not as many of each`;
  return null;
}

// Invariants.

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four'];

/** Each card once in the deck, slot cards among the dealt ones, the lookups in step with the slots. */
function checkBookkeeping(s: SlotState): string | null {
  const r = s.rules;
  const order = checkDeckOrder(s.deck);
  if ('problem' in order) return order.problem;
  const { dealtAt } = order;
  if (!Number.isInteger(s.stockPos) || s.stockPos < r.dealtSlots || s.stockPos > r.deckSize)
    return (
      `the stock holds ${r.deckSize - s.stockPos} cards; ` +
      `after the first deal at most ${r.deckSize - r.dealtSlots} are left`
    );
  const expected = new Int32Array(NO_PARTNER + 1);
  const located = new Uint8Array(DECK_SIZE).fill(NOWHERE);
  let empty = 0;
  for (let i = 0; i < r.slots; i++) {
    const c = s.slotCard[i];
    if (c === EMPTY) {
      if (s.slotRank[i] !== EMPTY_RANK) return `slot ${i} is empty but has rank ${s.slotRank[i]}`;
      expected[EMPTY_RANK] |= 1 << i;
      empty++;
      continue;
    }
    if (c >= DECK_SIZE) return `slot ${i} holds ${c}, not a card`;
    if (!r.deck.holds[c]) return `slot ${i} holds ${cardCode(c)}, not a card of this deck`;
    if (located[c] !== NOWHERE) return `card ${cardCode(c)} is in two slots`;
    if (dealtAt[c] >= s.stockPos) return `card ${cardCode(c)} is in slot ${i} and in the stock`;
    if (s.slotRank[i] !== c >> 2) return `slot ${i} holds ${cardCode(c)} but has rank ${s.slotRank[i]}`;
    located[c] = i;
    expected[c >> 2] |= 1 << i;
  }
  if (s.rankSlots[NO_PARTNER] !== 0) return 'the no-partner slot set is not empty';
  for (let k = 0; k <= EMPTY_RANK; k++) {
    if (expected[k] !== s.rankSlots[k])
      return (
        `the slot set of ${k === EMPTY_RANK ? 'empty slots' : `rank ${RANKS[k]}`} is ` +
        `${s.rankSlots[k].toString(2)}, the slots say ${expected[k].toString(2)}`
      );
  }
  for (let c = 0; c < DECK_SIZE; c++)
    if (s.cardSlot[c] !== located[c])
      return (
        `card ${cardCode(c)} is looked up in slot ${s.cardSlot[c]}, but lies in ` +
        `${located[c] === NOWHERE ? 'no slot' : `slot ${located[c]}`}`
      );
  let aside = 0;
  for (let f = 0; f < s.reserve.length; f++) {
    const c = s.reserve[f];
    if (c === EMPTY) continue;
    if (r.oneRankReserves) {
      if (c >= DECK_SIZE || r.setIndex[c >> 2] < 0 || c >> 2 !== s.reserve[0] >> 2 || s.reserve[f - 1] === EMPTY)
        return `reserve ${f + 1} holds ${c < DECK_SIZE ? cardCode(c) : c}: the reserves fill in order, one rank`;
    } else if (c >= DECK_SIZE || c >> 2 !== r.setRanks[f])
      return `the ${RANK_NAMES[r.setRanks[f]]} reserve holds ${c < DECK_SIZE ? cardCode(c) : c}`;
    if (located[c] !== NOWHERE || dealtAt[c] >= s.stockPos)
      return `card ${cardCode(c)} is set aside and also ${located[c] !== NOWHERE ? 'in a slot' : 'in the stock'}`;
    aside++;
  }
  const counts = checkStockCounts(s.deck, s.stockPos, s.stockCount);
  if (counts) return counts;
  const pile = r.pileBase >= 0 ? checkPile(s, located, dealtAt) : s.pileSize === 0 ? null : 'a pile without its rules';
  if (pile) return pile;
  const removed = s.stockPos - (r.slots - empty) - aside - s.pileSize;
  const where = s.reserve.length ? 'the slots, reserves and stock' : 'the slots and stock';
  if (s.removed !== removed) return `removed is ${s.removed}, ${where} leave ${removed}`;
  return null;
}

/** The removed and set-aside cards could have gone in legal moves, and the refill left no hole it would have filled. */
function checkRules(s: SlotState): string | null {
  const r = s.rules;
  const held = !reservesEmpty(s);
  if (held && !r.reserves)
    return `a card is set aside, but ${oneOfEach(r.setRanks, 'and')} go out together from the grid`;
  if (held && s.reserve.every((c) => c !== EMPTY))
    return `the ${NUMBER_WORDS[s.reserve.length]} reserves are full; their set goes out at once`;
  if (r.sameSuit && held && s.reserve.some((c) => c !== EMPTY && (c & 3) !== reserveSuit(s)))
    return `the cards set aside are not of one suit (${Array.from(s.reserve)
      .filter((c) => c !== EMPTY)
      .map(cardLabel)
      .join(' ')})`;
  const paused = (r.pauseRefill && held) || s.pileSize > 0;
  const emptyGrid = s.rankSlots[EMPTY_RANK] & r.refillSlots;
  if (!r.buffered && !paused && s.stockPos < r.deckSize && emptyGrid !== 0) {
    const more = r.pauseRefill ? ' and no card is set aside' : r.pileBase >= 0 ? ' and the pile is empty' : '';
    return `a slot is empty while the stock holds ${r.deckSize - s.stockPos} cards${more}; it is refilled at once`;
  }
  const drawn = r.draws - s.drawsLeft;
  if (!Number.isInteger(s.drawsLeft) || drawn < 0 || drawn > r.draws)
    return `${s.drawsLeft} draws are left; a game has ${r.draws}`;
  if (drawn > s.stockPos - r.dealtSlots)
    return `${drawn} cards were drawn, but only ${s.stockPos - r.dealtSlots} left the stock`;
  if (r.extra >= 0 && drawn === 0 && s.slotCard[r.extra] !== EMPTY)
    return 'the extra slot holds a card, but none was drawn; only a draw fills it';
  const closed = r.gather === GATHER_AFTER_REMOVAL || (r.gather === GATHER_ONCE_STOCK_OUT && s.stockPos === r.deckSize);
  if (closed && cardsWouldMove(s)) return 'a card lies after an empty slot; the cards close up after every removal';
  const gone = new Uint8Array(DECK_SIZE);
  for (const c of r.deck.cards) gone[c] = 1;
  for (let k = s.stockPos; k < r.deckSize; k++) gone[s.deck[k]] = 0;
  for (const c of s.slotCard) if (c !== EMPTY) gone[c] = 0;
  for (const c of s.reserve) if (c !== EMPTY) gone[c] = 0;
  for (let k = 0; k < s.pileSize; k++) gone[s.pile[k]] = 0;
  // Pairs and pile groups both take number cards: their counts need not match, only their total.
  if (r.pileBase >= 0) return checkPileRemovals(r, gone);
  for (const suit of r.sameSuit ? [0, 1, 2, 3] : [-1]) {
    const of = suit < 0 ? '' : ` of ${SUIT_NAMES[suit]}`;
    const goneOf = (rank: number): number => {
      let n = 0;
      for (let u = 0; u < 4; u++) if (suit < 0 || u === suit) n += gone[rank * 4 + u];
      return n;
    };
    for (let rank = 0; rank < 13; rank++) {
      const k = goneOf(rank);
      const p = r.partner[rank];
      const words = `${RANK_WORDS[rank]}${of}`;
      if (p === rank && k % 2) return `${k} ${words} are removed; they go in pairs`;
      if (p !== NO_PARTNER && p > rank && k !== goneOf(p))
        return `${k} ${words} but ${goneOf(p)} ${RANK_WORDS[p]}${of} are removed; they go in pairs`;
      if (r.blockedRanks.includes(rank) && k > 0)
        return `${k} ${words} are removed; ${RANK_WORDS[rank]} are never removed here`;
      if (r.quartetRanks.includes(rank) && k !== 0 && k !== 4)
        return `${k} ${words} are removed; they go four at a time`;
    }
    const sets = Array.from(r.setRanks, goneOf);
    const notFour = r.setRanks.findIndex((rank) => goneOf(rank) % 4 !== 0);
    if (r.oneRankReserves && notFour >= 0)
      return `${sets[notFour]} ${RANK_WORDS[r.setRanks[notFour]]}${of} are removed; they go out four at a time`;
    if (!r.oneRankReserves && sets.some((k) => k !== sets[0])) {
      const counts = Array.from(r.setRanks, (rank, f) => `${sets[f]} ${RANK_WORDS[rank]}`);
      const listed = `${counts.slice(0, -1).join(', ')} and ${counts[counts.length - 1]}${of}`;
      return `${listed} are removed; they go out one of each together`;
    }
  }
  return null;
}

export function checkState(s: SlotState): string | null {
  return checkBookkeeping(s) ?? checkRules(s);
}

/**
 * Changes to a state's JSON that no play could give (the fuzz tries them; `fromJSON` must refuse them):
 * one card from the slots or the stock put among the removed ones alone, of a rank never removed alone.
 */
export function slotInconsistencies(rules: SlotRules, game: Record<string, unknown>, rng: Rng): (() => string)[] {
  if (!Array.isArray(game.tableau) || !Array.isArray(game.removed) || !Array.isArray(game.stock)) return [];
  const notAlone = (code: string | null): boolean =>
    code !== null && !rules.singleRanks.includes(RANKS.indexOf(code[0]));
  const changes: (() => string)[] = [];
  const tableau = game.tableau as (string | null)[];
  const stock = game.stock as string[];
  const removed = game.removed as string[];
  const filled = tableau.flatMap((c, i) => (notAlone(c) ? [i] : []));
  if (filled.length > 0) {
    changes.push(() => {
      const i = filled[randomInt(rng, 0, filled.length - 1)];
      removed.push(tableau[i] as string);
      tableau[i] = null;
      return `the card of slot ${i} removed alone`;
    });
  }
  const inStock = stock.flatMap((c, k) => (notAlone(c) ? [k] : []));
  if (inStock.length > 0) {
    changes.push(() => {
      const card = stock.splice(inStock[randomInt(rng, 0, inStock.length - 1)], 1)[0];
      removed.push(card);
      return `the stock card ${card} removed alone`;
    });
  }
  return changes;
}

// ---------------------------------------------------------------------------
