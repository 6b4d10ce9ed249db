/**
 * The board of any game, drawn from the view the game gives (`env.board()`, src/env/board.ts):
 * each kind of part is drawn one way for every game. Drawing only: which cards a move takes and
 * whether it is legal come from the library (`env.actionCards`, `legalActions`) in main.ts.
 */
import { cardLabel, parseCardCode } from '../src/index.js';
import type { BoardPart, BoardView, CardSpot } from '../src/index.js';
import { cardKey, stockCount } from './store.js';

export { cardKey };

/** A card on the board, in the hints' terms. */
export type CardPlace = CardSpot;

export interface BoardHandlers {
  /** A card was tapped. */
  card(card: CardPlace): void;
  /** The stock was tapped (draw or deal). */
  stock(): void;
  /** A part that plays one action was tapped (a Four Ten hand outside its cards: place the drawn card there). */
  action(action: number): void;
}

const RED_SUITS = new Set(['D', 'H']);

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** A key that names one card element. */
export const spotKey = (c: Pick<CardSpot, 'place' | 'stack' | 'index'>): string =>
  `${c.place}:${c.stack ?? 0}:${c.index}`;

/** "10♠" for a standard card's code ("TS"), or null for any other code (a value card). */
function standardLabel(code: string): string | null {
  const card = parseCardCode(code);
  return card < 0 ? null : cardLabel(card);
}

function cardButton(card: CardPlace, on: BoardHandlers): HTMLButtonElement {
  const b = el('button', 'card');
  b.type = 'button';
  b.dataset.place = card.place;
  b.dataset.index = String(card.index);
  if (card.stack !== undefined) b.dataset.stack = String(card.stack);
  b.dataset.code = card.code;
  b.dataset.key = cardKey(card);
  b.dataset.spot = spotKey(card);
  const label = standardLabel(card.code);
  if (label === null) {
    // A value card (Four Ten's 1..4, any game's numbers): the value, with pips up to 10.
    const value = Number(card.code);
    b.classList.add('value-card');
    b.append(
      el('span', 'rank', card.code),
      el('span', 'pips', Number.isInteger(value) && value > 0 ? '•'.repeat(Math.min(value, 10)) : ''),
    );
    b.setAttribute('aria-label', `${card.place} ${card.code}`);
  } else {
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

function emptyCard(spot?: { place: string; index: number }): HTMLElement {
  const empty = el('div', 'card slot-empty');
  if (spot) {
    empty.dataset.place = spot.place;
    empty.dataset.index = String(spot.index);
  }
  return empty;
}

/** Cells in rows of `columns` (Tens 5 + 5 + 3 or 3 × 5, Block Ten 3 × 3). */
function grid(part: Extract<BoardPart, { kind: 'grid' }>, on: BoardHandlers): HTMLElement {
  const cells = el('div', 'slots');
  cells.style.setProperty('--columns', String(part.columns));
  for (const cell of part.cells) cells.append('empty' in cell ? emptyCard(cell) : cardButton(cell, on));
  return cells;
}

/** One line of cards, wrapping on the page (the decade line); a loop's ends meet. */
function line(part: Extract<BoardPart, { kind: 'line' }>, on: BoardHandlers): HTMLElement {
  const row = el('div', `line${part.loop ? ' loop' : ''}`);
  for (const card of part.cards) row.append(cardButton(card, on));
  if (part.loop && part.cards.length > 0) row.append(el('span', 'loop-mark', '↻'));
  return row;
}

/**
 * Marks where a line wraps on the page, once it is laid out (and again when its width changes):
 * a row's last card `wraps` (it goes on in the next row) and the next row's first card is
 * `continued`, as is a loop's first card (it follows the last), so that the rows read as one
 * line and not as a grid whose cards above and below would look adjacent.
 */
export function markLineRows(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>('.line')) {
    const cards = [...row.querySelectorAll<HTMLElement>(':scope > .card')];
    cards[0]?.classList.toggle('continued', row.classList.contains('loop'));
    cards.forEach((card, i) => {
      const next = cards[i + 1];
      const wraps = next !== undefined && next.offsetTop > card.offsetTop + card.offsetHeight / 2;
      card.classList.toggle('wraps', wraps);
      next?.classList.toggle('continued', wraps);
    });
  }
}

/** Stacks side by side (the decade family's seven stacks). */
function columns(part: Extract<BoardPart, { kind: 'columns' }>, on: BoardHandlers): HTMLElement {
  const stacks = el('div', 'stacks');
  for (const c of part.columns) {
    const column = el('div', `stack${c.current ? ' current' : ''}${c.cleared ? ' eliminated' : ''}`);
    column.dataset.stack = String(c.stack);
    column.append(el('div', 'stack-label', c.label));
    for (const card of c.cards) column.append(cardButton(card, on));
    stacks.append(column);
  }
  return stacks;
}

/** Labelled rows that play an action when tapped outside their cards (Four Ten's hands). */
function rows(part: Extract<BoardPart, { kind: 'rows' }>, on: BoardHandlers): HTMLElement {
  const out = el('div', 'hands');
  part.rows.forEach((r, index) => {
    const row = el('div', `hand-row ${r.name}`);
    row.dataset.hand = String(index);
    if (r.action !== null) row.dataset.action = String(r.action);
    const tap = () => {
      if (r.action !== null) on.action(r.action);
    };
    const name = el('button', 'hand-name', r.label);
    name.type = 'button';
    name.addEventListener('click', tap);
    const cards = el('div', 'hand-cards');
    // Outside its cards: the row's free space or an empty slot (at a round's start every slot is empty).
    cards.addEventListener('click', (e) => {
      if (e.target === cards || (e.target as HTMLElement).classList.contains('slot-empty')) tap();
    });
    for (const card of r.cards) cards.append(cardButton(card, on));
    for (let i = r.cards.length; i < r.room; i++) cards.append(emptyCard());
    row.append(name, cards, el('span', `hand-sum${r.made ? ' made' : ''}`, r.note));
    out.append(row);
  });
  return out;
}

/**
 * Rows of overlapping cards (a pyramid): each row centred under the one before and half a card
 * lower, so that a card lies over the cards it touches above; a card still overlapped is dimmed and
 * said to be covered (it stays a button: a move that takes it with the card covering it is a tap).
 */
function overlapRows(part: Extract<BoardPart, { kind: 'overlap' }>, on: BoardHandlers): HTMLElement {
  const out = el('div', 'overlap-rows');
  for (const row of part.rows) {
    const line = el('div', 'overlap-row');
    for (const cell of row) {
      if ('empty' in cell) {
        line.append(emptyCard(cell));
        continue;
      }
      const card = cardButton(cell, on);
      // A face-down card (its code withheld): its back, said as such.
      if (cell.code === '') {
        card.classList.add('face-down');
        card.setAttribute('aria-label', 'face-down card');
      }
      if (cell.blocked) {
        card.classList.add('blocked');
        card.setAttribute('aria-label', `${card.getAttribute('aria-label') ?? cell.code}, covered`);
      }
      line.append(card);
    }
    out.append(line);
  }
  return out;
}

function piles(part: Extract<BoardPart, { kind: 'piles' }>, on: BoardHandlers): HTMLElement {
  const side = el('div', 'piles');
  for (const pile of part.piles) {
    if (pile.kind === 'stock') {
      const stock = stockPile(stockCount(part.piles), pile.label, on, pile.tappable);
      if (pile.title) stock.title = pile.title;
      side.append(stock);
    } else if (pile.kind === 'counter') side.append(counter(pile.count, pile.label));
    else {
      const apart = el('div', 'drawn');
      apart.append(el('span', 'label', pile.label));
      apart.append(pile.card ? cardButton(pile.card, on) : emptyCard());
      side.append(apart);
    }
  }
  return side;
}

function facts(part: Extract<BoardPart, { kind: 'facts' }>): HTMLElement {
  const list = el('dl', 'facts');
  for (const f of part.facts) {
    const dd = el('dd', '', f.spoken === undefined ? f.value : '');
    if (f.spoken !== undefined) {
      // Symbols (Four Ten's ●●○) shown, and the words they stand for read instead.
      const shown = el('span', '', f.value);
      shown.setAttribute('aria-hidden', 'true');
      dd.append(shown, el('span', 'screen-reader', f.spoken));
    }
    dd.dataset.fact = f.name;
    list.append(el('dt', '', f.term), dd);
  }
  return list;
}

/** The board of any game, from its view (`env.board()`). */
export function renderBoard(view: BoardView, on: BoardHandlers): HTMLElement {
  const board = el('div', `board ${view.style}`);
  for (const part of view.parts) {
    switch (part.kind) {
      case 'grid':
        board.append(grid(part, on));
        break;
      case 'line':
        board.append(line(part, on));
        break;
      case 'columns':
        board.append(columns(part, on));
        break;
      case 'rows':
        board.append(rows(part, on));
        break;
      case 'overlap':
        board.append(overlapRows(part, on));
        break;
      case 'piles':
        board.append(piles(part, on));
        break;
      case 'facts':
        board.append(facts(part));
        break;
    }
  }
  return board;
}
