/**
 * The slot layout's words and board (slots.ts has the layout): how a move is said, why one is not
 * legal, the board as text and as parts for a front end, and the game's end.
 */
import type { BoardPart, BoardPile, BoardView, CardSpot, EmptySpot } from '../board.js';
import { RANKS, cardCode, cardLabel, RANK_NAMES, SUIT_NAMES } from '../cards.js';
import { plural } from '../errors.js';
import { RANK_WORDS } from './card-state.js';
import {
  EMPTY,
  EMPTY_RANK,
  NOTE_PAUSED,
  NOTE_PILE_OUT,
  NOTE_SET_OUT,
  NOWHERE,
  GATHER_NONE,
  GATHER_UP_COLUMNS,
  cardsWouldMove,
  countInSlots,
  isWon,
  oneOfEach,
  outcome,
  pileCanGoOut,
  reserveSuit,
  setCards,
  type SlotRules,
  type SlotState,
} from './slots.js';
const slotText = (s: SlotState, i: number): string => (s.slotCard[i] === EMPTY ? '--' : cardLabel(s.slotCard[i]));

/** Which block an id is in. */
export function blockOf(
  r: SlotRules,
  action: number,
): 'pair' | 'single' | 'quartet' | 'set' | 'aside' | 'pile' | 'deal' | 'draw' {
  if (action < r.pairCount) return 'pair';
  if (action === r.dealId) return 'deal';
  if (action === r.drawId) return 'draw';
  if (r.pileBase >= 0 && action >= r.pileBase && action < r.pileEnd) return 'pile';
  if (r.singleBase >= 0 && action < r.singleBase + r.slots) return 'single';
  if (r.quartetBase >= 0 && action < r.quartetBase + r.quartetRanks.length) return 'quartet';
  return r.tripleBase >= 0 ? 'set' : 'aside';
}

export function describeAction(s: SlotState, action: number): string {
  const r = s.rules;
  switch (blockOf(r, action)) {
    case 'pair': {
      const i = r.pairFirst[action];
      const j = r.pairSecond[action];
      if (s.slotCard[i] !== EMPTY && s.slotCard[j] !== EMPTY) return `remove ${slotText(s, i)} + ${slotText(s, j)}`;
      return `remove slots ${i} + ${j} (${slotText(s, i)} + ${slotText(s, j)})`;
    }
    case 'deal':
      return r.gather === GATHER_NONE ? 'deal' : consolidateText(s);
    case 'draw':
      return `draw to the extra slot (${plural(s.drawsLeft, 'draw')} left)`;
    case 'single': {
      const i = action - r.singleBase;
      return s.slotCard[i] === EMPTY ? `remove slot ${i} (--)` : `remove ${slotText(s, i)}`;
    }
    case 'quartet':
      return `remove four ${RANK_WORDS[r.quartetRanks[action - r.quartetBase]]}`;
    case 'set':
      return `remove ${setCards(r, action).map(cardLabel).join(' ')}`;
    case 'aside': {
      const i = action - r.asideBase;
      return s.slotCard[i] === EMPTY ? `set aside slot ${i} (--)` : `set ${cardLabel(s.slotCard[i])} aside`;
    }
    case 'pile': {
      const i = action - r.pileBase;
      return s.slotCard[i] === EMPTY ? `put slot ${i} (--) on the pile` : `put ${cardLabel(s.slotCard[i])} on the pile`;
    }
  }
}

/** The group pile's cards, bottom first, and its number total where it holds no set card: "5♠ 3♦ (8)". */
function pileText(s: SlotState): string {
  if (s.pileSize === 0) return '--';
  const cards = Array.from(s.pile.subarray(0, s.pileSize), cardLabel).join(' ');
  return s.pileSetCards === 0 ? `${cards} (${s.pileTotal})` : cards;
}

/** Why the group pile can never go out, in a player's words. */
function deadPileText(s: SlotState): string {
  const r = s.rules;
  const set = oneOfEach(r.groupPile?.set ?? [], 'and');
  if (s.pileSetCards === 0) return `the pile's cards make ${s.pileTotal}, past ${r.pileSum}: it can never go out`;
  if (s.pileSetCards < s.pileSize) return `the pile mixes number cards with ${set}: it can never go out`;
  return `the pile holds a rank twice; only ${set}, one of each, go out: it can never go out`;
}

/** The cards a consolidating deal moves: those after a gap, or below an empty slot of their column. */
export function cardsToMove(s: SlotState): number[] {
  const r = s.rules;
  const moved: number[] = [];
  let gap = false;
  for (let i = 0; i < r.slots; i++) {
    if (s.slotCard[i] === EMPTY) gap = true;
    else if (r.gather === GATHER_UP_COLUMNS ? i >= r.columns && s.slotCard[i - r.columns] === EMPTY : gap)
      moved.push(i);
  }
  if (r.gather !== GATHER_UP_COLUMNS) return moved;
  // A card below another that rises rises too.
  for (let i = r.columns; i < r.slots; i++)
    if (s.slotCard[i] !== EMPTY && !moved.includes(i) && moved.includes(i - r.columns)) moved.push(i);
  return moved.sort((a, b) => a - b);
}

/** A consolidating deal in a player's words: "consolidate: 3 cards close the gaps, 4 dealt into the end slots". */
function consolidateText(s: SlotState): string {
  const up = s.rules.gather === GATHER_UP_COLUMNS;
  const moved = cardsToMove(s).length;
  const dealt = Math.min(countInSlots(s, EMPTY_RANK), s.rules.deckSize - s.stockPos);
  const parts: string[] = [];
  if (moved > 0)
    parts.push(up ? `${plural(moved, 'card')} rise up their columns` : `${plural(moved, 'card')} close the gaps`);
  if (dealt > 0) parts.push(`${plural(dealt, 'card')} dealt into the ${up ? 'empty' : 'end'} slots`);
  return `consolidate: ${parts.join(', ')}`;
}

/** Why two cards are not a pair, in a player's words: a rank never removed, each card's rank, the sum, the suits. */
function pairProblem(r: SlotRules, first: number, second: number): string {
  const a = first >> 2;
  const b = second >> 2;
  if (r.partner[a] === b && (!r.sameSuit || (first & 3) === (second & 3))) return 'it is legal';
  for (const card of [first, second]) if (r.blockedRanks.includes(card >> 2)) return r.pairNote[card >> 2](card);
  for (const card of [first, second]) {
    const note = r.pairNote[card >> 2](card);
    if (note) return note;
  }
  const sum = a + b + 2;
  if (sum !== r.pairSum) return `${cardLabel(first)} + ${cardLabel(second)} make ${sum}, not ${r.pairSum}`;
  return `${cardLabel(first)} and ${cardLabel(second)} are not of one suit`;
}

export function whyIllegal(s: SlotState, action: number): string {
  const r = s.rules;
  if (s.legalCount === 0) return 'the game is over';
  switch (blockOf(r, action)) {
    case 'pair': {
      const i = r.pairFirst[action];
      const j = r.pairSecond[action];
      if (s.slotCard[i] === EMPTY || s.slotCard[j] === EMPTY) return `slot ${s.slotCard[i] === EMPTY ? i : j} is empty`;
      const problem = pairProblem(r, s.slotCard[i], s.slotCard[j]);
      if (problem !== 'it is legal' || ((r.touching[i] >> j) & 1) === 1) return problem;
      const where = r.touch === 'line' ? 'in one row or column' : 'in touching slots';
      return `${slotText(s, i)} and ${slotText(s, j)} are not ${where}`;
    }
    case 'deal':
      if (r.gather !== GATHER_NONE && cardsWouldMove(s)) return 'it is legal';
      if (s.stockPos === r.deckSize)
        return r.gather === GATHER_NONE ? 'the stock is empty' : 'the stock is empty and no card would move';
      return s.rankSlots[EMPTY_RANK] === 0 ? 'no slot is empty' : 'it is legal';
    case 'draw':
      if (s.drawsLeft === 0) return `no draw is left; a game has ${r.draws}`;
      if (s.slotCard[r.extra] !== EMPTY) return `the extra slot holds ${cardLabel(s.slotCard[r.extra])}`;
      return s.stockPos === r.deckSize ? 'the stock is empty' : 'it is legal';
    case 'single': {
      const i = action - r.singleBase;
      const card = s.slotCard[i];
      if (card === EMPTY) return `slot ${i} is empty`;
      if (r.singleRanks.includes(card >> 2)) return 'it is legal';
      const alone = RANK_WORDS[r.singleRanks[0]];
      return `${cardLabel(card)} is not ${oneOfEach(r.singleRanks, 'or')}; only ${alone} go alone`;
    }
    case 'quartet': {
      const rank = r.quartetRanks[action - r.quartetBase];
      if (r.blockedRanks.includes(rank)) return `${RANK_WORDS[rank]} are never removed`;
      const here = countInSlots(s, rank);
      return here === 4 ? 'it is legal' : `only ${here} of the four ${RANK_WORDS[rank]} are in the slots`;
    }
    case 'set': {
      const cards = setCards(r, action);
      const away = cards.filter((c) => s.cardSlot[c] === NOWHERE);
      if (away.length > 0)
        return `${away.map(cardLabel).join(' and ')} ${away.length === 1 ? 'is' : 'are'} not on the grid`;
      if (r.sameSuit && new Set(cards.map((c) => c & 3)).size > 1)
        return `${cards.map(cardLabel).join(' ')} are not of one suit`;
      return 'it is legal';
    }
    case 'aside': {
      const i = action - r.asideBase;
      const card = s.slotCard[i];
      if (card === EMPTY) return `slot ${i} is empty`;
      const f = r.setRanks.indexOf(card >> 2);
      if (f < 0) return `${cardLabel(card)} is not ${oneOfEach(r.setRanks, 'or')}`;
      if (r.oneRankReserves) {
        const heldRank = s.reserve[0] === EMPTY ? card >> 2 : s.reserve[0] >> 2;
        if (heldRank === card >> 2) return 'it is legal';
        return `the cards set aside are ${RANK_WORDS[heldRank]}; ${cardLabel(card)} cannot join them`;
      }
      const held = s.reserve[f];
      if (held !== EMPTY) return `a ${RANK_NAMES[card >> 2]} (${cardLabel(held)}) is already set aside`;
      const suit = reserveSuit(s);
      if (r.sameSuit && suit !== (card & 3))
        return `the cards set aside are ${SUIT_NAMES[suit]}; ${cardLabel(card)} cannot join them`;
      return 'it is legal';
    }
    case 'pile': {
      const i = action - r.pileBase;
      if (s.slotCard[i] === EMPTY) return `slot ${i} is empty`;
      return pileCanGoOut(s) ? 'it is legal' : deadPileText(s);
    }
  }
}

export function render(s: SlotState): string {
  const r = s.rules;
  const lines: string[] = [];
  for (let start = 0; start < r.dealtSlots; start += r.columns) {
    const cells: string[] = [];
    for (let i = start; i < Math.min(start + r.columns, r.dealtSlots); i++)
      cells.push(`${String(i).padStart(2)} ${slotText(s, i).padEnd(3)}`);
    lines.push(cells.join('  ').trimEnd());
  }
  if (r.extra >= 0)
    lines.push(`extra ${String(r.extra).padStart(2)} ${slotText(s, r.extra)}  (${plural(s.drawsLeft, 'draw')} left)`);
  if (r.reserves) {
    const held = Array.from(
      r.oneRankReserves ? ['1', '2', '3', '4'] : Array.from(r.setRanks, (rank) => RANKS[rank]),
      (name, f) => `${name}: ${s.reserve[f] === EMPTY ? '--' : cardLabel(s.reserve[f])}`,
    );
    lines.push(`set aside  ${held.join('  ')}`);
  }
  if (r.pileBase >= 0) lines.push(`pile  ${pileText(s)}`);
  const stock = r.deckSize - s.stockPos;
  lines.push(`stock ${plural(stock, 'card')} · removed ${s.removed} · cards left ${r.deckSize - s.removed}`);
  if (s.legalCount === 0) lines.push(`game over: ${isWon(s) ? 'won' : 'lost'}, ${r.deckSize - s.removed} cards left`);
  return lines.join('\n');
}

/** What the last step did beyond its move: a set gone out from the reserves, or the refill paused. */
export function stepNote(s: SlotState): string | null {
  if (s.note === NOTE_SET_OUT) return `${Array.from(s.lastSet, cardLabel).join(' ')} went out together.`;
  if (s.note === NOTE_PILE_OUT)
    return `The pile went out: ${Array.from(s.pile.subarray(0, s.pileOut), cardLabel).join(' ')}.`;
  if (s.note === NOTE_PAUSED && s.rules.pileBase >= 0) return 'The empty slots stay empty until the pile goes out.';
  if (s.note === NOTE_PAUSED && s.rules.oneRankReserves)
    return 'The empty slots stay empty until four cards of one rank are set aside.';
  if (s.note === NOTE_PAUSED)
    return `The empty slots stay empty until ${oneOfEach(s.rules.setRanks, 'and')} are all set aside.`;
  return null;
}

/** How the game ended, for a player: cleared, or the cards left. */
export function endText(s: SlotState): string {
  const { won, cardsLeft } = outcome(s);
  const left = `${cardsLeft} card${cardsLeft === 1 ? '' : 's'} left`;
  if (won) return `Won! ${cardsLeft === 0 ? 'Every card is cleared.' : `${left}.`}`;
  if (s.rules.pileBase >= 0 && !pileCanGoOut(s)) return `No more moves: ${deadPileText(s)}. ${left}.`;
  return `No more moves: ${left}.`;
}

// ---------------------------------------------------------------------------
// For hints and a front end: places as the state JSON has them (`tableau[index]`, `reserve[f]`).

function slotSpot(s: SlotState, index: number): CardSpot {
  return { place: 'slot', index, code: s.slotCard[index] === EMPTY ? '' : cardCode(s.slotCard[index]) };
}

export function actionCards(s: SlotState, action: number): CardSpot[] {
  const r = s.rules;
  switch (blockOf(r, action)) {
    case 'pair':
      return [slotSpot(s, r.pairFirst[action]), slotSpot(s, r.pairSecond[action])];
    case 'deal':
    case 'draw':
      return []; // the cards come from the stock, unseen
    case 'single':
      return [slotSpot(s, action - r.singleBase)];
    case 'quartet': {
      const rank = r.quartetRanks[action - r.quartetBase];
      const out: CardSpot[] = [];
      for (let i = 0; i < r.slots; i++) if (s.slotRank[i] === rank) out.push(slotSpot(s, i));
      return out;
    }
    case 'set':
      return setCards(r, action).map((c) => slotSpot(s, s.cardSlot[c]));
    case 'aside':
      return [slotSpot(s, action - r.asideBase)];
    case 'pile':
      return [slotSpot(s, action - r.pileBase)];
  }
}

const CONSOLIDATE_TITLE = 'Tap to consolidate: the cards close up, then the stock fills the empty slots';

export function board(s: SlotState): BoardView {
  const r = s.rules;
  const cells: (CardSpot | EmptySpot)[] = [];
  for (let i = 0; i < r.dealtSlots; i++)
    cells.push(s.slotCard[i] === EMPTY ? { empty: true, place: 'slot', index: i } : slotSpot(s, i));
  const parts: BoardPart[] = [{ kind: 'grid', columns: r.columns, cells }];
  if (r.reserves) {
    parts.push({
      kind: 'columns',
      columns: Array.from(s.reserve, (_, f) => ({
        stack: f,
        label: r.oneRankReserves ? `reserve ${f + 1}` : `${RANK_NAMES[r.setRanks[f]]} set aside`,
        current: false,
        cleared: false,
        cards: s.reserve[f] === EMPTY ? [] : [{ place: 'reserve', index: f, code: cardCode(s.reserve[f]) }],
      })),
    });
  }
  if (r.pileBase >= 0) {
    const total = s.pileSize > 0 && s.pileSetCards === 0 ? ` (${s.pileTotal} of ${r.pileSum})` : '';
    parts.push({
      kind: 'columns',
      columns: [
        {
          stack: 0,
          label: `pile${total}`,
          current: false,
          cleared: false,
          cards: Array.from(s.pile.subarray(0, s.pileSize), (c, index) => ({
            place: 'pile',
            index,
            code: cardCode(c),
          })),
        },
      ],
    });
  }
  const count = r.deckSize - s.stockPos;
  const piles: BoardPile[] = [
    // A stock that deals by itself is never tapped; with an extra slot, a tap draws to it.
    r.gather !== GATHER_NONE && r.buffered
      ? { kind: 'stock', count, label: 'stock', tappable: true, title: CONSOLIDATE_TITLE }
      : { kind: 'stock', count, label: 'stock', tappable: r.buffered || r.extra >= 0 },
  ];
  if (r.extra >= 0)
    piles.push({
      kind: 'card',
      label: `extra slot, ${plural(s.drawsLeft, 'draw')} left`,
      card: s.slotCard[r.extra] === EMPTY ? null : slotSpot(s, r.extra),
    });
  piles.push({ kind: 'counter', count: s.removed, label: 'removed' });
  parts.push({ kind: 'piles', piles });
  return { style: 'pairing', parts };
}
