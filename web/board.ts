/**
 * The board of each game, drawn from the state JSON (`env.getState().game`, the documented
 * format each engine's file tables). Drawing only: which cards a move takes and whether it is
 * legal come from the library (`actionCards`, `legalActions`) in main.ts.
 */
import { cardLabel, parseCardCode } from '../src/index.js';
import type { HintCard } from '../src/index.js';
import type { FourTenJSON } from '../src/env/games/four-ten.js';

/** A card on the board, in the hints' terms (HintCard without its code is where it lies). */
export type CardPlace = Pick<HintCard, 'place' | 'stack' | 'index' | 'code'>;

export interface BoardHandlers {
  /** A card was tapped. */
  card(card: CardPlace): void;
  /** The stock was tapped (draw or deal). */
  stock(): void;
  /** A Four Ten hand (0 Hand, 1 Home, 2 Shadow) was tapped outside its cards. */
  hand(hand: number): void;
}

/** The state JSON of Tens and Block Ten, and of the decade family, as their engines' files table it. */
interface PairingJson {
  tableau: (string | null)[];
  stock: string[];
  removed: string[];
}
interface DecadeJson {
  stacks: string[][];
  eliminated: boolean[];
  current: number;
  stock: string[];
  discarded: string[];
  steps: number;
}

const RED_SUITS = new Set(['D', 'H']);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** A key that names a card where cards of one value are interchangeable (Four Ten's hands). */
export const cardKey = (c: Pick<HintCard, 'place' | 'stack' | 'code'>): string => `${c.place}:${c.stack ?? 0}:${c.code}`;
/** A key that names one card element. */
export const spotKey = (c: Pick<HintCard, 'place' | 'stack' | 'index'>): string => `${c.place}:${c.stack ?? 0}:${c.index}`;

function cardButton(card: CardPlace, on: BoardHandlers): HTMLButtonElement {
  const b = el('button', 'card');
  b.type = 'button';
  b.dataset.place = card.place;
  b.dataset.index = String(card.index);
  if (card.stack !== undefined) b.dataset.stack = String(card.stack);
  b.dataset.code = card.code;
  b.dataset.key = cardKey(card);
  b.dataset.spot = spotKey(card);
  if (/^[1-4]$/.test(card.code)) {
    // Four Ten: suitless values 1..4.
    b.classList.add('value-card');
    b.append(el('span', 'rank', card.code), el('span', 'pips', '•'.repeat(Number(card.code))));
    b.setAttribute('aria-label', `${card.place} ${card.code}`);
  } else {
    const label = cardLabel(parseCardCode(card.code));
    const rank = label.slice(0, -1);
    const suit = label.slice(-1);
    if (RED_SUITS.has(card.code[1])) b.classList.add('red');
    b.append(el('span', 'rank', rank), el('span', 'suit', suit));
    b.setAttribute('aria-label', label);
  }
  b.addEventListener('click', () => on.card(card));
  return b;
}

function stockPile(count: number, label: string, on: BoardHandlers, clickable: boolean): HTMLElement {
  const pile = el(clickable ? 'button' : 'div', `pile stock${count === 0 ? ' empty' : ''}`);
  if (pile instanceof HTMLButtonElement) {
    pile.type = 'button';
    pile.addEventListener('click', () => on.stock());
  }
  pile.dataset.place = 'stock';
  pile.append(el('span', 'count', String(count)), el('span', 'label', label));
  return pile;
}

function counter(count: number, label: string): HTMLElement {
  const pile = el('div', 'pile counter');
  pile.append(el('span', 'count', String(count)), el('span', 'label', label));
  return pile;
}

/** Tens and Block Ten: the slots in rows (Tens 5 + 5 + 3 or 3 × 5, Block Ten 3 × 3). */
function pairingBoard(game: PairingJson, on: BoardHandlers): HTMLElement {
  const board = el('div', 'board pairing');
  const rowLength = game.tableau.length === 9 ? 3 : 5;
  const grid = el('div', 'slots');
  grid.style.setProperty('--columns', String(rowLength));
  game.tableau.forEach((code, index) => {
    if (code === null) {
      const empty = el('div', 'card slot-empty');
      empty.dataset.place = 'slot';
      empty.dataset.index = String(index);
      grid.append(empty);
    } else grid.append(cardButton({ place: 'slot', index, code }, on));
  });
  const side = el('div', 'piles');
  side.append(stockPile(game.stock.length, 'stock', on, true), counter(game.removed.length, 'removed'));
  board.append(grid, side);
  return board;
}

/** The decade family: one line (wrapping on the page), or seven stacks side by side. */
function decadeBoard(game: DecadeJson, options: Record<string, unknown>, on: BoardHandlers): HTMLElement {
  const board = el('div', 'board decade');
  const loop = options.loop === true;
  if (game.stacks.length === 1) {
    const line = el('div', `line${loop ? ' loop' : ''}`);
    game.stacks[0].forEach((code, index) => line.append(cardButton({ place: 'line', stack: 0, index, code }, on)));
    if (loop && game.stacks[0].length > 0) line.append(el('span', 'loop-mark', '↻'));
    board.append(line);
  } else {
    const stacks = el('div', 'stacks');
    game.stacks.forEach((cards, stack) => {
      const column = el('div', `stack${stack === game.current ? ' current' : ''}${game.eliminated[stack] ? ' eliminated' : ''}`);
      column.dataset.stack = String(stack);
      column.append(el('div', 'stack-label', game.eliminated[stack] ? 'cleared' : stack === game.current ? `stack ${stack} ◂` : `stack ${stack}`));
      cards.forEach((code, index) => column.append(cardButton({ place: 'stack', stack, index, code }, on)));
      stacks.append(column);
    });
    board.append(stacks);
  }
  const side = el('div', 'piles');
  side.append(stockPile(game.stock.length, 'stock', on, true));
  if (options.pickedUp !== 'deck-bottom') side.append(counter(game.discarded.length, 'discarded'));
  board.prepend(side);
  return board;
}

const HAND_NAMES = ['Hand', 'Home', 'Shadow'] as const;
const HAND_KEYS = ['hand', 'home', 'shadow'] as const;

/** Four Ten: Hand, Home and Shadow with their values, the drawn card, the score and the stock's composition. */
function fourTenBoard(game: FourTenJSON, options: Record<string, unknown>, on: BoardHandlers): HTMLElement {
  const board = el('div', 'board four-ten');
  const target = Number(options.handTarget ?? 10);
  const hands = el('div', 'hands');
  HAND_KEYS.forEach((key, h) => {
    const row = el('div', `hand-row ${key}`);
    row.dataset.hand = String(h);
    const sum = game[key].reduce((a, c) => a + Number(c), 0);
    const name = el('button', 'hand-name', HAND_NAMES[h]);
    name.type = 'button';
    name.addEventListener('click', () => on.hand(h));
    const cards = el('div', 'hand-cards');
    cards.addEventListener('click', (e) => {
      if (e.target === cards) on.hand(h);
    });
    game[key].forEach((code, index) => cards.append(cardButton({ place: key, index, code }, on)));
    for (let i = game[key].length; i < 4; i++) cards.append(el('div', 'card slot-empty'));
    row.append(name, cards, el('span', `hand-sum${key === 'hand' && sum === target ? ' made' : ''}`, `= ${sum}`));
    hands.append(row);
  });
  const side = el('div', 'piles');
  const drawn = el('div', 'drawn');
  drawn.append(el('span', 'label', 'drawn'));
  if (game.drawn !== null) drawn.append(cardButton({ place: 'drawn', index: 0, code: game.drawn }, on));
  else drawn.append(el('div', 'card slot-empty'));
  const byValue = [1, 2, 3, 4].map((v) => game.stock.filter((c) => c === String(v)).length);
  const stock = stockPile(game.stock.length, 'stock', on, false);
  stock.title = 'cards of each value still in the stock';
  side.append(drawn, stock);
  const facts = el('dl', 'facts');
  const fact = (term: string, value: string, name: string) => {
    const dt = el('dt', '', term);
    const dd = el('dd', '', value);
    dd.dataset.fact = name;
    facts.append(dt, dd);
  };
  const safetiesTotal = Number(options.safeties ?? 3);
  fact('Points', `${game.points} / ${options.gameTarget ?? 50}`, 'points');
  fact('Safeties', safetiesTotal > 0 && safetiesTotal <= 10 ? '●'.repeat(game.safeties) + '○'.repeat(Math.max(0, safetiesTotal - game.safeties)) : `${game.safeties} / ${safetiesTotal}`, 'safeties');
  fact('Round', String(game.rounds + (['place', 'replace', 'exchange'].includes(game.phase) ? 1 : 0)), 'round');
  fact('Stock', byValue.map((n, i) => `${i + 1}: ${n}`).join(' · '), 'stock');
  if (game.outOfPlay.length > 0) fact('Out of play', game.outOfPlay.join(' '), 'out-of-play');
  board.append(hands, side, facts);
  return board;
}

/** The board of `engine` for a state's game JSON. */
export function renderBoard(engine: string, game: unknown, options: Record<string, unknown>, on: BoardHandlers): HTMLElement {
  switch (engine) {
    case 'tens':
    case 'block-ten':
      return pairingBoard(game as PairingJson, on);
    case 'decade':
      return decadeBoard(game as DecadeJson, options, on);
    case 'four-ten':
      return fourTenBoard(game as FourTenJSON, options, on);
    default:
      return el('pre', 'board', `no board for ${engine}`);
  }
}
