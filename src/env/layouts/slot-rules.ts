/**
 * The slot layout's rules (slots.ts has the layout): what a game declares (`SlotRulesSpec`), and the ids
 * and lookup tables the hot path reads (`SlotRules`), built once per declaration; the state's shape.
 */
import { DECK_SIZE, RANK_NAMES, cardLabel } from '../cards.js';
import { EMPTY, RANK_WORDS } from './card-state.js';
import { rankDeck, type RankDeck } from './deck.js';

/** An empty slot or reserve (the toolkit's empty place). */
export { EMPTY };
/** `cardSlot` of a card in no slot. */
export const NOWHERE = 255;
/** `slotRank` of an empty slot, and the index of the empty slots' bit set in `rankSlots`. */
export const EMPTY_RANK = 13;
/** The rank a rank without a pair partner looks up: its bit set stays 0. */
export const NO_PARTNER = 14;

/** "a jack, a queen and a king": one of each rank, joined by `last`. */
export function oneOfEach(ranks: ArrayLike<number>, last: string): string {
  const words = Array.from(ranks, (r) => `a ${RANK_NAMES[r]}`);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** "an ace", "an eight", "a king". */
const withArticle = (name: string): string => `${/^[ae]/.test(name) ? 'an' : 'a'} ${name}`;

/** What a game over slots declares under one set of options. Ranks are 0 = A … 12 = K; values A = 1 … K = 13. */
export interface SlotRulesSpec {
  readonly slots: number;
  /** Slots per row of the grid. */
  readonly columns: number;
  /** Two cards pair when their values make this sum, among the ranks no other rule claims. */
  readonly pairSum: number;
  /** Ranks that pair with their own rank only (Block Ten's J, Q, K). */
  readonly sameRankPairs?: readonly number[];
  /** Ranks removed alone (Thirteens' kings). */
  readonly singles?: readonly number[];
  /** Ranks whose four cards are removed together from the slots, one id each, in this order (Tens' 10 J Q K). */
  readonly quartets?: readonly number[];
  /** Ranks never removed: each blocks its slot for good (Block Ten's tens). */
  readonly blocked?: readonly number[];
  /**
   * One card of each of these ranks go out as a set: from the slots together ('together'), or set aside
   * one at a time into a reserve per rank, the set going out when every reserve holds a card
   * ('reserve'; 'reserve-no-refill': no slot refills while a reserve holds a card).
   * `oneRank`: instead four reserves take cards of one of these ranks, all of one rank, and the four go out together.
   */
  readonly sets?: {
    readonly ranks: readonly number[];
    readonly how: 'together' | 'reserve' | 'reserve-no-refill';
    readonly oneRank?: boolean;
  };
  /** Pairs, and sets, of one suit only. */
  readonly sameSuit?: boolean;
  /** Emptied slots refill at once, or when the player deals. */
  readonly refill: 'at-once' | 'on-deal';
  /** Pairs lie in touching slots ('neighbours': the eight around a slot) or in one row or column ('line'). */
  readonly touch?: 'neighbours' | 'line';
  /**
   * The cards slide to close the gaps in reading order, then the stock fills the end slots: on the player's deal
   * ('on-deal', with refill 'on-deal'), after every removal ('after-removal'), or, once the stock is out, after every
   * removal, the stock filling emptied slots in place until then ('once-stock-out'). 'up-columns': on the deal, each
   * card rises up its column past the empty slots above it, then the stock fills the empty slots in reading order.
   */
  readonly consolidate?: 'on-deal' | 'after-removal' | 'once-stock-out' | 'up-columns';
  /**
   * A group pile (Fifteens): any slot card may go onto one open pile, one at a time, without limit. After each
   * move the pile goes out when it holds number cards only (the ranks outside `set`) whose values total `sum`, or
   * exactly one card of each rank of `set`. No slot refills while it holds a card; once it can never go out (past
   * the sum, or number and `set` cards mixed, or a `set` rank twice), no move is legal. `set` ranks never pair.
   */
  readonly groupPile?: { readonly sum: number; readonly set: readonly number[] };
  /** The observation shows each slot's suit as well as its rank. */
  readonly observeSuits?: boolean;
  /** The deck's ranks, every suit of each (default all thirteen; Simple Tens deals A to 9). */
  readonly ranks?: readonly number[];
  /**
   * The last slot is an extra slot: the deal and the refill leave it empty, and the player may turn the stock's
   * next card into it while it is empty, `draws` times a game (Eight Cards).
   */
  readonly extraSlot?: { readonly draws: number };
  /** Reward per card removed instead of 1 for a win. */
  readonly rewardCards: boolean;
  readonly undoLimit: 0 | 3 | 'unlimited';
}

/** A `SlotRulesSpec` with its ids and lookup tables: what the hot path reads, built once per spec. */
export interface SlotRules extends SlotRulesSpec {
  readonly sameSuit: boolean;
  /** Set cards go aside into reserves. */
  readonly reserves: boolean;
  /** No refill while a reserve holds a card. */
  readonly pauseRefill: boolean;
  /** The reserves take four cards of one set rank, not one card of each (`sets.oneRank`). */
  readonly oneRankReserves: boolean;
  /** Reserves in the state: one per set rank, or four with `oneRankReserves`. */
  readonly reserveCount: number;
  readonly buffered: boolean;
  /** Emptied slots refill at once, whatever the move (no deal action, no reserves that pause it). */
  readonly refillAtOnce: boolean;
  readonly pairCount: number;
  readonly pairFirst: Uint8Array;
  readonly pairSecond: Uint8Array;
  /** pairBase[i] = id of the pair (i, i+1). */
  readonly pairBase: Int32Array;
  /** The rank each rank pairs with, NO_PARTNER for none (and for an empty slot). */
  readonly partner: Uint8Array;
  /** First id of each block, -1 where the rules have none. */
  readonly singleBase: number;
  /** The first id after the singles, and after the quartets (the next block's first where there are none). */
  readonly singleEnd: number;
  readonly quartetEnd: number;
  readonly quartetBase: number;
  readonly tripleBase: number;
  readonly asideBase: number;
  readonly dealId: number;
  readonly singleRanks: Uint8Array;
  readonly quartetRanks: Uint8Array;
  readonly blockedRanks: Uint8Array;
  readonly setRanks: Uint8Array;
  /** Per rank (and EMPTY_RANK): its place among the set ranks, -1 for none. */
  readonly setIndex: Int8Array;
  /** Per quartet id: 1 when its rank may go (not blocked). */
  readonly quartetOpen: Uint8Array;
  /** Scratch suit digits for enumerating sets (the hot path allocates nothing). */
  readonly setDigits: Int8Array;
  readonly numActions: number;
  readonly observationSize: number;
  readonly slotWidth: number;
  /** Where the reserves' features start (-1 without), the unseen-card flags (-1 without), the rank counts. */
  readonly reserveAt: number;
  readonly unseenAt: number;
  readonly ranksAt: number;
  /** Cards removed in a won game (the deck's, less the blocked ranks'). */
  readonly clearTarget: number;
  /** The deck dealt, and its size (the stock ends at deck position `deckSize`). */
  readonly deck: RankDeck;
  readonly deckSize: number;
  /** The stock's rank counts before the deal: 4 for each rank of the deck. */
  readonly fullStock: Uint8Array;
  /** Card ids outside the deck (none for a full deck). */
  readonly outsideDeck: Uint8Array;
  /** The slots the deal and the refill fill: all but the extra slot. */
  readonly refillSlots: number;
  /** Slots the first deal fills. */
  readonly dealtSlots: number;
  /** The extra slot (`extraSlot`): its index, or -1; the draws a game; the draw's id, -1 without. */
  readonly extra: number;
  readonly draws: number;
  readonly drawId: number;
  /** Where the draws left (/ draws) lie in the observation, -1 without. */
  readonly drawsAt: number;
  /** Per rank: why a card of it does not pair with a card of another rank, or '' (the sum decides). */
  readonly pairNote: readonly ((card: number) => string)[];
  /** Pairs only between touching slots (`touch`). */
  readonly near: boolean;
  /** Per slot i: bit j set when a pair of slots i and j touches (all set without `touch`). */
  readonly touching: Int32Array;
  /** How the slots consolidate: GATHER_NONE, or one of the GATHER_* of `consolidate`. */
  readonly gather: number;
  /** The group pile's ids (T, the card of slot i onto the pile; -1 without a pile) and its end. */
  readonly pileBase: number;
  readonly pileEnd: number;
  /** The total the pile's number cards go out at (0 without a pile). */
  readonly pileSum: number;
  /** Per rank: its bit among the pile's set ranks (0 for a number card). */
  readonly pileSetBit: Uint8Array;
  /** All the set ranks' bits: the pile holding exactly these goes out. */
  readonly pileSetFull: number;
  /** Where the pile's features start (-1 without a pile): 13 rank counts / 4, then its number total / `pileSum`. */
  readonly pileAt: number;
}

/** `SlotRules.gather`: no consolidation, or one per `consolidate` value. */
export const GATHER_NONE = 0;
export const GATHER_ON_DEAL = 1;
export const GATHER_AFTER_REMOVAL = 2;
export const GATHER_ONCE_STOCK_OUT = 3;
export const GATHER_UP_COLUMNS = 4;
const GATHER_OF = { 'on-deal': 1, 'after-removal': 2, 'once-stock-out': 3, 'up-columns': 4 } as const;

/** Per slot, the slots it touches: the eight around it, or its row and column ('line'); every slot without `touch`. */
function touchingSlots(p: SlotRulesSpec): Int32Array {
  const touching = new Int32Array(p.slots).fill(-1);
  if (p.touch === undefined) return touching;
  const w = p.columns;
  for (let i = 0; i < p.slots; i++) {
    touching[i] = 0;
    for (let j = 0; j < p.slots; j++) {
      const rows = Math.abs(Math.floor(i / w) - Math.floor(j / w));
      const cols = Math.abs((i % w) - (j % w));
      const near = p.touch === 'line' ? rows === 0 || cols === 0 : rows <= 1 && cols <= 1;
      if (near && i !== j) touching[i] |= 1 << j;
    }
  }
  return touching;
}

/** A slot game's state (the layout in this file's comment). */
export interface SlotState {
  readonly rules: SlotRules;
  readonly slotCard: Uint8Array;
  readonly slotRank: Uint8Array;
  readonly cardSlot: Uint8Array;
  readonly rankSlots: Int32Array;
  readonly reserve: Uint8Array;
  readonly stockCount: Uint8Array;
  readonly deck: Uint8Array;
  stockPos: number;
  removed: number;
  /** Cached by legalActions for status (the env's call order guarantees it is fresh). */
  legalCount: number;
  /** What the last step did beyond its move (stepNote): NOTE_NONE, NOTE_SET_OUT (`lastSet` went out) or NOTE_PAUSED. */
  note: number;
  /** Draws to the extra slot left this game (0 without one). */
  drawsLeft: number;
  readonly lastSet: Uint8Array;
  /** The group pile, bottom first (pile[0..pileSize)); after it went out, pile[0..pileOut) are the cards that did. */
  readonly pile: Uint8Array;
  pileSize: number;
  /** The pile's number cards' values, its set-rank bits held, and its set-rank cards. */
  pileTotal: number;
  pileSets: number;
  pileSetCards: number;
  pileOut: number;
}

export const NOTE_NONE = 0;
export const NOTE_SET_OUT = 1;
export const NOTE_PAUSED = 2;
/** The group pile went out (`pile[0..pileOut)`). */
export const NOTE_PILE_OUT = 3;

/** Pair id of slots i < j among `slots`: lexicographic order. */
export function pairId(slots: number, i: number, j: number): number {
  return i * slots - (i * (i + 1)) / 2 + (j - i - 1);
}

const rulesCache = new Map<string, SlotRules>();

/** The spec's ids and lookup tables, built once per distinct spec. */
export function compileSlotRules(p: SlotRulesSpec): SlotRules {
  const key = JSON.stringify(p);
  const cached = rulesCache.get(key);
  if (cached) return cached;
  const T = p.slots;
  const pairCount = (T * (T - 1)) / 2;
  const pairFirst = new Uint8Array(pairCount);
  const pairSecond = new Uint8Array(pairCount);
  const pairBase = new Int32Array(T);
  for (let i = 0; i < T; i++) {
    pairBase[i] = pairId(T, i, i + 1);
    for (let j = i + 1; j < T; j++) {
      pairFirst[pairId(T, i, j)] = i;
      pairSecond[pairId(T, i, j)] = j;
    }
  }
  const setRanks = Uint8Array.from(p.sets?.ranks ?? []);
  const singles = p.singles ?? [];
  const quartets = p.quartets ?? [];
  const blocked = p.blocked ?? [];
  const sameRank = p.sameRankPairs ?? [];
  const pileSet = p.groupPile?.set ?? [];
  const claimed = new Set([...singles, ...quartets, ...blocked, ...sameRank, ...setRanks, ...pileSet]);
  const partner = new Uint8Array(EMPTY_RANK + 1).fill(NO_PARTNER);
  for (let r = 0; r < 13; r++) {
    const q = p.pairSum - r - 2;
    if (!claimed.has(r) && q >= 0 && q < 13 && !claimed.has(q)) partner[r] = q;
  }
  for (const r of sameRank) partner[r] = r;
  const reserves = p.sets !== undefined && p.sets.how !== 'together';
  const sameSuit = p.sameSuit ?? false;
  const together = p.sets?.how === 'together';
  const oneRankReserves = reserves && p.sets?.oneRank === true;
  const reserveCount = oneRankReserves ? 4 : setRanks.length;
  const setText = oneOfEach(setRanks, 'and');
  const pairNote = Array.from({ length: 13 }, (_, r): ((card: number) => string) => {
    if (blocked.includes(r)) return () => `${RANK_WORDS[r]} are never removed`;
    if (singles.includes(r)) return () => `a ${RANK_NAMES[r]} is removed alone, not in a pair`;
    if (quartets.includes(r)) return () => `${RANK_WORDS[r]} are removed four at a time`;
    if (sameRank.includes(r)) return () => `${withArticle(RANK_NAMES[r])} pairs only with another ${RANK_NAMES[r]}`;
    if (pileSet.includes(r))
      return (card) => `${cardLabel(card)} never pairs: it goes out from the pile, with ${oneOfEach(pileSet, 'and')}`;
    if (!setRanks.includes(r)) return () => '';
    if (together) return (card) => `${cardLabel(card)} is a face card: ${setText} go out together`;
    if (setRanks[0] >= 10)
      return (card) => `${cardLabel(card)} is a face card: face cards are set aside, one at a time`;
    return (card) =>
      `${cardLabel(card)} is set aside, not paired: ${RANK_WORDS[setRanks[0]]} and higher go one at a time`;
  });
  let next = pairCount;
  const block = (present: boolean, size: number): number => {
    if (!present) return -1;
    next += size;
    return next - size;
  };
  const singleBase = block(singles.length > 0, T);
  const singleEnd = next;
  const quartetBase = block(quartets.length > 0, quartets.length);
  const quartetEnd = next;
  const tripleBase = block(together, 4 ** setRanks.length);
  const asideBase = block(reserves, T);
  const pileBase = block(p.groupPile !== undefined, T);
  const pileEnd = next;
  const dealId = block(p.refill === 'on-deal', 1);
  const drawId = block(p.extraSlot !== undefined, 1);
  const deck = rankDeck(p.ranks);
  const extra = p.extraSlot ? T - 1 : -1;
  const slotWidth = p.observeSuits ? 17 : 13;
  const reserveAt = reserves ? slotWidth * T : -1;
  const unseenAt = sameSuit ? slotWidth * T + (reserves ? 4 * setRanks.length : 0) : -1;
  const pileAt = p.groupPile ? slotWidth * T + (reserves ? 4 * setRanks.length : 0) + (sameSuit ? DECK_SIZE : 0) : -1;
  const ranksAt =
    slotWidth * T + (reserves ? 4 * setRanks.length : 0) + (sameSuit ? DECK_SIZE : 0) + (p.groupPile ? 14 : 0);
  const drawsAt = extra >= 0 ? ranksAt + 14 : -1;
  // Every field named, in one order, no spread: all slot games' rules then share one object shape, which keeps
  // the hot path's property reads monomorphic and in-object (a spread of the spec's optional fields did not).
  const rules: SlotRules = {
    slots: T,
    columns: p.columns,
    pairSum: p.pairSum,
    sameRankPairs: sameRank,
    singles,
    quartets,
    blocked,
    sets: p.sets,
    refill: p.refill,
    touch: p.touch,
    consolidate: p.consolidate,
    observeSuits: p.observeSuits ?? false,
    rewardCards: p.rewardCards,
    undoLimit: p.undoLimit,
    sameSuit,
    reserves,
    pauseRefill: p.sets?.how === 'reserve-no-refill',
    oneRankReserves,
    reserveCount,
    buffered: p.refill === 'on-deal',
    refillAtOnce:
      p.refill === 'at-once' &&
      p.sets?.how !== 'reserve-no-refill' &&
      p.consolidate === undefined &&
      p.groupPile === undefined,
    pairCount,
    pairFirst,
    pairSecond,
    pairBase,
    partner,
    singleBase,
    singleEnd,
    quartetBase,
    quartetEnd,
    tripleBase,
    asideBase,
    dealId,
    singleRanks: Uint8Array.from(singles),
    quartetRanks: Uint8Array.from(quartets),
    blockedRanks: Uint8Array.from(blocked),
    setRanks,
    setIndex: Int8Array.from({ length: EMPTY_RANK + 1 }, (_, r) => setRanks.indexOf(r)),
    quartetOpen: Uint8Array.from(quartets, (r) => (blocked.includes(r) ? 0 : 1)),
    setDigits: new Int8Array(setRanks.length),
    numActions: next,
    observationSize: ranksAt + 14 + (extra >= 0 ? 1 : 0),
    slotWidth,
    reserveAt,
    unseenAt,
    ranksAt,
    clearTarget: deck.size - 4 * blocked.length,
    deck,
    deckSize: deck.size,
    fullStock: Uint8Array.from({ length: 13 }, (_, r) => (deck.holds[4 * r] ? 4 : 0)),
    outsideDeck: Uint8Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !deck.holds[c]),
    refillSlots: ((1 << T) - 1) & ~(extra >= 0 ? 1 << extra : 0),
    dealtSlots: extra >= 0 ? T - 1 : T,
    extra,
    draws: p.extraSlot?.draws ?? 0,
    drawId,
    drawsAt,
    pairNote,
    near: p.touch !== undefined,
    touching: touchingSlots(p),
    gather: p.consolidate === undefined ? GATHER_NONE : GATHER_OF[p.consolidate],
    groupPile: p.groupPile,
    pileBase,
    pileEnd,
    pileSum: p.groupPile?.sum ?? 0,
    pileSetBit: Uint8Array.from({ length: EMPTY_RANK + 1 }, (_, r) =>
      pileSet.includes(r) ? 1 << pileSet.indexOf(r) : 0,
    ),
    pileSetFull: (1 << pileSet.length) - 1,
    pileAt,
  };
  rulesCache.set(key, rules);
  return rules;
}
