/**
 * The triangle layout's words and board (triangle.ts has the layout): how a move is said, why one is
 * not legal, the board as text and as parts for a front end, and what the end says.
 */
import type { BoardPart, BoardPile, BoardView, CardSpot, EmptySpot } from '../board.js';
import { cardCode, cardLabel, RANK_NAMES } from '../cards.js';
import { plural } from '../errors.js';
import { TERMINATED, TRUNCATED } from '../game.js';
import { EMPTY } from './card-state.js';
import { pileColumns, pileLines, pileTopSpot } from './piles-text.js';
import { isFree, isWon, outcome, placeCard, soleCover, type TriangleRules, type TriangleState } from './triangle.js';

/** Whether the card of `slot` lies face down: dealt so, and a card covers it yet. */
const faceDown = (s: TriangleState, slot: number): boolean =>
  ((s.rules.faceDownMask >>> slot) & 1) === 1 && (s.present & s.rules.coverMask[slot]) !== 0;

/** A slot's card as a player sees it: its label, or "##" face down. */
const seenLabel = (s: TriangleState, slot: number): string => (faceDown(s, slot) ? '##' : cardLabel(s.cards[slot]));

function placeName(r: TriangleRules, place: number): string {
  if (place === r.waste) return "the waste's top card";
  if (place === r.stock) return "the stock's top card";
  if (place >= r.pileBase) return `pile ${place - r.pileBase + 1}`;
  return `row ${r.rowOf[place] + 1} card ${r.columnOf[place] + 1}`;
}

function passText(r: TriangleRules, pass: number): string {
  return r.unlimited ? `pass ${pass}` : `pass ${pass} of ${r.talon.passes}`;
}

/** "a king", "a queen or a king": the ranks removed alone. */
const singlesText = (r: TriangleRules): string => r.singles.map((rank) => `a ${RANK_NAMES[rank]}`).join(' or ');

const isSingle = (r: TriangleRules, card: number): boolean => ((r.singleMask >>> (card >> 2)) & 1) === 1;

export function describeAction(s: TriangleState, action: number): string {
  const r = s.rules;
  if (action === r.draw) return 'draw';
  if (action === r.recycle) return `turn the waste over (${passText(r, s.pass + 1)})`;
  const places = action < r.pairIds ? [r.pairFirst[action], r.pairSecond[action]] : [action - r.singleBase];
  const cards = places.map((p) => (p < r.slots && faceDown(s, p) ? EMPTY : placeCard(s, p)));
  if (cards.every((c) => c !== EMPTY)) return `remove ${cards.map(cardLabel).join(' + ')}`;
  return (
    `remove ${places.map((p) => placeName(r, p)).join(' + ')} ` +
    `(${cards.map((c) => (c === EMPTY ? 'none' : cardLabel(c))).join(' + ')})`
  );
}

/** Why the card at `place` cannot be taken now, or null when it can. */
function placeProblem(s: TriangleState, place: number): string | null {
  const r = s.rules;
  if (place === r.waste) return s.cursor > 0 ? null : 'the waste is empty';
  if (place === r.stock) {
    if (!r.topPlayable) return "the stock's top card is not in play until it is drawn (stockTopPlayable is false)";
    return s.cursor < s.talonLen ? null : 'the stock is empty';
  }
  if (place >= r.pileBase) return placeCard(s, place) === EMPTY ? `${placeName(r, place)} is empty` : null;
  if (s.cards[place] === EMPTY) return `${placeName(r, place)} has been removed`;
  if (isFree(r, s.present, place)) return null;
  const covers = [r.coverLeft[place], r.coverRight[place]]
    .filter((c) => s.cards[c] !== EMPTY)
    .map((c) => seenLabel(s, c));
  const card = faceDown(s, place) ? `${placeName(r, place)} (face down)` : cardLabel(s.cards[place]);
  return `${card} is covered by ${covers.join(' and ')}`;
}

function whyPairIllegal(s: TriangleState, first: number, second: number): string {
  const r = s.rules;
  const a = placeCard(s, first);
  const b = placeCard(s, second);
  if (first === r.waste && second === r.stock && !r.talon.topPairsWithWaste && r.topPlayable)
    return "the stock's and the waste's top cards do not pair here (stockWastePair is false)";
  // An overlap pair: the covered card and its only cover.
  const overlap = first < r.slots && second < r.slots && soleCover(r, s.present, first) === second && a !== EMPTY;
  const problem = (overlap && r.overlapPairs ? null : placeProblem(s, first)) ?? placeProblem(s, second);
  if (problem) {
    if (overlap && !r.overlapPairs && (a >> 2) + (b >> 2) === r.rankSum)
      return `${problem}; a card pairs with the one covering it only with overlapPairs`;
    return problem;
  }
  if (isSingle(r, a) || isSingle(r, b)) return `a ${RANK_NAMES[(isSingle(r, a) ? a : b) >> 2]} is removed alone`;
  const total = (a >> 2) + (b >> 2) + 2;
  if (total !== r.pairSum) return `${cardLabel(a)} + ${cardLabel(b)} make ${total}, not ${r.pairSum}`;
  return 'it is legal';
}

export function whyIllegal(s: TriangleState, action: number): string {
  const r = s.rules;
  if (s.status === TERMINATED) return 'the game is over';
  if (s.status === TRUNCATED) return `the step limit (maxSteps ${r.maxSteps}) is reached`;
  if (action === r.draw) return s.cursor < s.talonLen ? 'it is legal' : 'the stock is empty';
  if (action === r.recycle) {
    if (s.cursor < s.talonLen) return 'the stock is not empty yet';
    if (s.cursor === 0) return 'the waste is empty';
    if (s.pass >= r.passLimit) return `no pass is left (passes ${r.talon.passes})`;
    if (!turnAllowed(s)) return 'no card was removed in this pass: the next one would go the same way';
    return 'it is legal';
  }
  if (action >= r.singleBase) {
    const place = action - r.singleBase;
    const problem = placeProblem(s, place);
    if (problem) return problem;
    const card = placeCard(s, place);
    if (isSingle(r, card)) return 'it is legal';
    const alone = singlesText(r);
    return `${cardLabel(card)} is not ${alone} (only ${alone} is removed alone)`;
  }
  return whyPairIllegal(s, r.pairFirst[action], r.pairSecond[action]);
}

export function render(s: TriangleState): string {
  const r = s.rules;
  const lines: string[] = [];
  for (let row = 0, i = 0; row < r.rows; row++) {
    const cells: string[] = [];
    for (let c = 0; c <= row; c++, i++) cells.push((s.cards[i] === EMPTY ? '--' : seenLabel(s, i)).padStart(3));
    lines.push(' '.repeat((r.rows - 1 - row) * 2) + cells.join(' '));
  }
  lines.push(...pileLines(r.pileRow, s.piles));
  const stock = s.talonLen - s.cursor;
  const top = r.topPlayable && stock > 0 ? ` (top ${cardLabel(s.talon[s.cursor])})` : '';
  const waste = s.cursor > 0 ? ` (top ${cardLabel(s.talon[s.cursor - 1])})` : '';
  const talon = r.hasTalon
    ? `stock ${plural(stock, 'card')}${top} · waste ${plural(s.cursor, 'card')}${waste} · ${passText(r, s.pass)} · `
    : '';
  lines.push(`${talon}removed ${s.removed}`);
  if (s.status === TRUNCATED) lines.push(`truncated after ${s.steps} steps (maxSteps)`);
  else if (s.status === TERMINATED) {
    const { won, cardsLeft } = outcome(s);
    lines.push(
      `game over: ${won ? 'won' : 'lost'}, ${plural(cardsLeft, 'card')} of the ` +
        `${r.goalAll ? 'deck' : r.name} left`,
    );
  }
  return lines.join('\n');
}

/** Whether the rule of idle passes lets the waste be turned over (a card removed in this pass, or no such rule). */
const turnAllowed = (s: TriangleState): boolean => !s.rules.talon.idlePassEnds || s.removed > s.passStartRemoved;

/** Why the game ended where the move alone does not say it (unlimited passes: nothing can be removed again). */
export function stepNote(s: TriangleState): string | null {
  if (s.status !== TERMINATED || isWon(s) || !s.rules.unlimited || s.talonLen === 0) return null;
  if (s.cursor === s.talonLen && !turnAllowed(s))
    return 'A whole pass went by without a card removed, and the next would go the same way: the game is over.';
  return 'No card can be removed again, however often the waste is turned over: the game is over.';
}

/** Where the card at `place` lies, as the state JSON places it. */
function spotOf(s: TriangleState, place: number): CardSpot {
  const r = s.rules;
  if (place < r.slots)
    return { place: r.name, index: place, code: s.cards[place] === EMPTY ? '' : cardCode(s.cards[place]) };
  if (place >= r.pileBase) return pileTopSpot(r.pileRow, s.piles, place - r.pileBase);
  if (place === r.waste) return { place: 'waste', index: s.cursor - 1, code: cardCode(s.talon[s.cursor - 1]) };
  return { place: 'stockTop', index: 0, code: cardCode(s.talon[s.cursor]) };
}

export function actionCards(s: TriangleState, action: number): CardSpot[] {
  const r = s.rules;
  if (action >= r.draw) return [];
  if (action >= r.singleBase) return [spotOf(s, action - r.singleBase)];
  return [spotOf(s, r.pairFirst[action]), spotOf(s, r.pairSecond[action])];
}

export function board(s: TriangleState): BoardView {
  const r = s.rules;
  const rows: ((CardSpot & { blocked: boolean }) | EmptySpot)[][] = [];
  for (let row = 0, i = 0; row < r.rows; row++) {
    const cells: ((CardSpot & { blocked: boolean }) | EmptySpot)[] = [];
    for (let c = 0; c <= row; c++, i++)
      cells.push(
        s.cards[i] === EMPTY
          ? { empty: true, place: r.name, index: i }
          : // A face-down card keeps its place and hides its code.
            { ...spotOf(s, i), ...(faceDown(s, i) ? { code: '' } : {}), blocked: !isFree(r, s.present, i) },
      );
    rows.push(cells);
  }
  const removed: BoardPile = { kind: 'counter', count: s.removed, label: 'removed' };
  if (!r.hasTalon) {
    const parts: BoardPart[] = [{ kind: 'overlap', rows }];
    if (r.pileCount > 0) parts.push(pileColumns(r.pileRow, s.piles));
    parts.push({ kind: 'piles', piles: [removed] });
    return { style: 'pairing', parts };
  }
  const faceUp = r.topPlayable && s.cursor < s.talonLen;
  // The stock is counted one way everywhere: every card still to come, its face-up top card included.
  const stock = s.talonLen - s.cursor;
  const canTurn = s.cursor === s.talonLen && s.cursor > 0 && s.pass < r.passLimit && turnAllowed(s);
  const piles: BoardPile[] = [
    {
      kind: 'stock',
      count: stock,
      label: 'stock',
      tappable: true,
      ...(canTurn ? { title: 'turn the waste over' } : {}),
    },
  ];
  if (faceUp) piles.push({ kind: 'card', label: 'stock top', card: spotOf(s, r.stock) });
  // An empty waste as a count, not a card pile without its card (which would read as a card kept from view).
  piles.push(
    s.cursor > 0
      ? { kind: 'card', label: `waste (${s.cursor})`, card: spotOf(s, r.waste) }
      : { kind: 'counter', count: 0, label: 'waste' },
  );
  piles.push(removed);
  const parts: BoardPart[] = [
    { kind: 'overlap', rows },
    ...(r.pileCount > 0 ? [pileColumns(r.pileRow, s.piles)] : []),
    { kind: 'piles', piles },
    {
      kind: 'facts',
      facts: [{ term: 'Pass', value: r.unlimited ? `${s.pass}` : `${s.pass} of ${r.talon.passes}`, name: 'pass' }],
    },
  ];
  return { style: 'pairing', parts };
}
