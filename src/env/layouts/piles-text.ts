/**
 * The piles layout's words and board (piles.ts has the layout): how a move is said, why one is not
 * legal, the board as text and as parts for a front end.
 */
import type { BoardPart, BoardPile, BoardView, CardSpot } from '../board.js';
import { cardCode, cardLabel, RANK_NAMES } from '../cards.js';
import { plural } from '../errors.js';
import { EMPTY } from './card-state.js';
import {
  canMoveToEmpty,
  emptyPile,
  outcome,
  placeCard,
  type PileRow,
  type PileRowShape,
  type PilesRules,
  type PilesState,
} from './piles.js';

const placeName = (r: PilesRules, place: number): string =>
  place < r.slotBase ? `pile ${place + 1}` : `slot ${place - r.slotBase + 1}`;

/** The places an action takes from: a pair's two, a single's or a move's one, none for a deal. */
const placesOf = (r: PilesRules, action: number): number[] => {
  if (action < r.pairIds) return [r.pairFirst[action], r.pairSecond[action]];
  if (action < r.extraBase) return [action - r.singleBase];
  return action === r.dealId ? [] : [action - r.moveBase];
};

export function describeAction(s: PilesState, action: number): string {
  const r = s.rules;
  if (action >= r.extraBase) return describeExtra(s, action);
  const places = placesOf(r, action);
  const cards = places.map((p) => placeCard(s, p));
  if (cards.every((c) => c !== EMPTY)) return `remove ${cards.map(cardLabel).join(' + ')}`;
  return (
    `remove ${places.map((p) => placeName(r, p)).join(' + ')} ` +
    `(${cards.map((c) => (c === EMPTY ? 'none' : cardLabel(c))).join(' + ')})`
  );
}

/** A deal or a move into an empty pile, in words. */
function describeExtra(s: PilesState, action: number): string {
  const r = s.rules;
  if (action === r.dealId) {
    const toSlots = r.stockSize - s.stockAt === r.dealtStock?.slotsAt ? ' and each slot' : '';
    return `deal a card onto each pile${toSlots}`;
  }
  const place = action - r.moveBase;
  const card = placeCard(s, place);
  const to = emptyPile(s);
  const where = to < 0 ? 'an empty pile' : `empty pile ${to + 1}`;
  return `move ${card === EMPTY ? placeName(r, place) : cardLabel(card)} to ${where}`;
}

/** Why a deal or a move into an empty pile is not legal. */
function whyExtraIllegal(s: PilesState, action: number): string {
  const r = s.rules;
  if (action === r.dealId) return s.stockAt < r.stockSize ? 'it is legal' : 'the stock is empty';
  const place = action - r.moveBase;
  if (placeCard(s, place) === EMPTY) return `${placeName(r, place)} is empty`;
  if (emptyPile(s) < 0) return 'no pile is empty';
  if (!canMoveToEmpty(s, place)) return `${placeName(r, place)} holds one card: moving it would change nothing`;
  return 'it is legal';
}

/** The pairing rule in words: "make 14", "are of one rank", "make 15, or are two aces". */
export function pairText(r: PilesRules): string {
  const ways: string[] = [];
  if (r.pairSum !== null) ways.push(`make ${r.pairSum}`);
  if (r.sameRank) ways.push('are of one rank');
  for (const [a, b] of r.alsoPairs ?? [])
    ways.push(a === b ? `are two ${RANK_NAMES[a]}s` : `are a ${RANK_NAMES[a]} and a ${RANK_NAMES[b]}`);
  return ways.join(', or ');
}

export function whyIllegal(s: PilesState, action: number): string {
  const r = s.rules;
  if (s.legalCount === 0) return 'the game is over';
  if (action >= r.extraBase) return whyExtraIllegal(s, action);
  const places = placesOf(r, action);
  for (const p of places) if (placeCard(s, p) === EMPTY) return `${placeName(r, p)} is empty`;
  const [a, b] = places.map((p) => placeCard(s, p));
  if (b === undefined) {
    const alone = r.singles.map((rank) => `a ${RANK_NAMES[rank]}`).join(' or ');
    return (r.singleMask >>> (a >> 2)) & 1 ? 'it is legal' : `${cardLabel(a)} is not ${alone}, which goes alone`;
  }
  for (const c of [a, b]) if ((r.singleMask >>> (c >> 2)) & 1) return `a ${RANK_NAMES[c >> 2]} is removed alone`;
  if ((r.partners[a >> 2] >>> (b >> 2)) & 1) return 'it is legal';
  return `${cardLabel(a)} and ${cardLabel(b)} do not pair: two cards pair when they ${pairText(r)}`;
}

/** A pile's cards as text, bottom first; face-down cards as "##". */
export function pileText(r: PileRowShape, row: PileRow, p: number): string {
  const h = row.heights[p];
  const cards: string[] = [];
  for (let k = 0; k < h; k++) cards.push(r.hidden && k < h - 1 ? '##' : cardLabel(row.cards[p * r.height + k]));
  return cards.length ? cards.join(' ') : '--';
}

/** The text lines of a row of piles: "pile  1: …". */
export const pileLines = (r: PileRowShape, row: PileRow): string[] =>
  r.piles.map((_, p) => `pile ${String(p + 1).padStart(2)}: ${pileText(r, row, p)}`);

/** A pile's top card where the state JSON has it: `piles[p]`, its last card. */
export const pileTopSpot = (r: PileRowShape, row: PileRow, p: number): CardSpot => ({
  place: 'piles',
  stack: p,
  index: row.heights[p] - 1,
  code: cardCode(row.cards[p * r.height + row.heights[p] - 1]),
});

/** A row of piles as a board's `columns` part: each pile labelled, face-down cards counted in its label. */
export function pileColumns(r: PileRowShape, row: PileRow): BoardPart {
  const columns = [];
  for (let p = 0; p < r.pileCount; p++) {
    const h = row.heights[p];
    const cards: CardSpot[] = [];
    // A face-down card is not drawn: the pile's label counts them.
    for (let k = r.hidden ? Math.max(0, h - 1) : 0; k < h; k++)
      cards.push({ place: 'piles', stack: p, index: k, code: cardCode(row.cards[p * r.height + k]) });
    const down = r.hidden && h > 1 ? ` (${h - 1} face down)` : '';
    columns.push({ stack: p, label: `pile ${p + 1}${down}`, current: false, cleared: h === 0, cards });
  }
  return { kind: 'columns', columns };
}

export function render(s: PilesState): string {
  const r = s.rules;
  const lines: string[] = [];
  lines.push(...pileLines(r, s));
  if (r.slots > 0) lines.push(`slots: ${Array.from(s.slots, (c) => (c === EMPTY ? '--' : cardLabel(c))).join(' ')}`);
  const stock = r.stockSize > 0 ? `stock ${plural(r.stockSize - s.stockAt, 'card')} · ` : '';
  lines.push(`${stock}removed ${s.removed}`);
  if (s.legalCount === 0) {
    const { won, cardsLeft } = outcome(s);
    lines.push(`game over: ${won ? 'won' : 'lost'}, ${plural(cardsLeft, 'card')} left`);
  }
  return lines.join('\n');
}

/** Where the card at `place` lies, as the state JSON places it. */
function spotOf(s: PilesState, place: number): CardSpot {
  const r = s.rules;
  if (place < r.slotBase) return pileTopSpot(r, s, place);
  return { place: 'slots', index: place - r.slotBase, code: cardCode(placeCard(s, place)) };
}

export function actionCards(s: PilesState, action: number): CardSpot[] {
  return placesOf(s.rules, action)
    .filter((p) => placeCard(s, p) !== EMPTY)
    .map((p) => spotOf(s, p));
}

export function board(s: PilesState): BoardView {
  const r = s.rules;
  const piles: BoardPile[] = [];
  for (let k = 0; k < r.slots; k++) {
    const card = s.slots[k];
    piles.push({
      kind: 'card',
      label: `slot ${k + 1}`,
      card: card === EMPTY ? null : { place: 'slots', index: k, code: cardCode(card) },
    });
  }
  // A dealt stock is tapped to deal.
  const count = r.stockSize - s.stockAt;
  if (r.stockSize > 0) piles.push({ kind: 'stock', count, label: 'stock', tappable: r.dealId >= 0 && count > 0 });
  piles.push({ kind: 'counter', count: s.removed, label: 'removed' });
  const parts: BoardPart[] = [pileColumns(r, s), { kind: 'piles', piles }];
  return { style: 'pairing', parts };
}
