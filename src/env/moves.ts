/**
 * Moves by card and step events, for every game from the members it has: a move is a legal action
 * with its kind and the cards it takes (`Game.actionCards`); what a step or an undo did is where the
 * cards of the board (`Game.board`) went. A game may name its moves' kinds (`Game.moveKind`); without
 * it a move is named by how many cards it takes. Browser-safe; nothing here runs on the hot path.
 */
import type { BoardView, CardSpot } from './board.js';
import { actionCardsOf, boardOf, describeActionOf } from './defaults.js';
import type { AnyGame, Outcome } from './game.js';

/**
 * A move's kind: what a game calls it ('pair', 'quartet', 'run', 'deal', 'draw', 'place', 'replace',
 * 'exchange', 'end-turn'…). Without `Game.moveKind`: 'draw' for a move that takes no card, then 'single',
 * 'pair', 'triple', 'quartet', and 'group' past four cards.
 */
export type MoveKind = string;

/** A legal move: its action id, kind, words and the cards it takes where they lie now. */
export interface Move {
  readonly action: number;
  readonly kind: MoveKind;
  readonly label: string;
  readonly cards: readonly CardSpot[];
}

/** A place on the board, as a tap names it: a `CardSpot` without its code (a code given is not compared). */
export interface Place {
  readonly place: string;
  readonly stack?: number;
  readonly index: number;
}

const KINDS_BY_COUNT = ['draw', 'single', 'pair', 'triple', 'quartet'];

/** The kind of a legal action: the game's, or its cards counted. */
export function moveKindOf(game: AnyGame, s: unknown, o: object, action: number, cards: readonly CardSpot[]): MoveKind {
  return game.moveKind ? game.moveKind(s, o, action) : (KINDS_BY_COUNT[cards.length] ?? 'group');
}

/** A legal action as a `Move`. */
export function moveOf(game: AnyGame, s: unknown, o: object, action: number): Move {
  const cards = actionCardsOf(game, s, o, action);
  return { action, kind: moveKindOf(game, s, o, action, cards), label: describeActionOf(game, s, o, action), cards };
}

/** One key per place: the same place gives the same key whatever its card. */
export function placeKey(p: Place): string {
  return `${p.place}/${p.stack ?? 0}/${p.index}`;
}

/** Whether `p` names a place (an object with a string `place` and an integer `index`). */
export function isPlace(p: unknown): p is Place {
  if (p === null || typeof p !== 'object') return false;
  const q = p as Record<string, unknown>;
  return (
    typeof q.place === 'string' && Number.isInteger(q.index) && (q.stack === undefined || Number.isInteger(q.stack))
  );
}

/** The legal moves that take the card at `place`. */
export function movesTaking(moves: readonly Move[], place: Place): Move[] {
  const key = placeKey(place);
  return moves.filter((m) => m.cards.some((c) => placeKey(c) === key));
}

/** The legal move taking exactly the cards at `places` (in any order), or null; [] is the move that takes none. */
export function moveTakingExactly(moves: readonly Move[], places: readonly Place[]): Move | null {
  const want = new Set(places.map(placeKey));
  if (want.size !== places.length) return null;
  for (const m of moves) if (m.cards.length === want.size && m.cards.every((c) => want.has(placeKey(c)))) return m;
  return null;
}

/** The cards that complete a move with the card at `place`: every other card of the moves that take it, once each. */
export function partnersOf(moves: readonly Move[], place: Place): CardSpot[] {
  const key = placeKey(place);
  const seen = new Map<string, CardSpot>();
  for (const m of movesTaking(moves, place))
    for (const c of m.cards) if (placeKey(c) !== key && !seen.has(placeKey(c))) seen.set(placeKey(c), c);
  return [...seen.values()];
}

/** Every card a board shows, by place (grid cells, the line, columns, rows, a card pile). */
export function boardCards(view: BoardView): CardSpot[] {
  const out: CardSpot[] = [];
  for (const part of view.parts) {
    switch (part.kind) {
      case 'grid':
        for (const c of part.cells) if (!('empty' in c)) out.push(c);
        break;
      case 'line':
        out.push(...part.cards);
        break;
      case 'columns':
        for (const col of part.columns) out.push(...col.cards);
        break;
      case 'rows':
        for (const row of part.rows) out.push(...row.cards);
        break;
      case 'piles':
        for (const p of part.piles) if (p.kind === 'card' && p.card !== null) out.push(p.card);
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * What a reset, a step or an undo did, as a front end animates it (a session's `turn.events`):
 * - `removed`: cards that left the board, where they were;
 * - `placed`: cards that came onto it (dealt, refilled, drawn), where they are now;
 * - `moved`: cards still on it at another place;
 * - `emptied`: places that held a card and hold none now;
 * - `move`: the move a step played (its cards where they were), null for a reset or an undo;
 * - `reward`, `note` (`env.stepNote()`), and `outcome` once the game is over (null while it runs).
 */
export interface StepEvents {
  readonly kind: 'reset' | 'step' | 'undo';
  readonly move: Move | null;
  readonly removed: readonly CardSpot[];
  readonly placed: readonly CardSpot[];
  readonly moved: readonly { readonly from: CardSpot; readonly to: CardSpot }[];
  readonly emptied: readonly Place[];
  readonly reward: number;
  readonly note: string | null;
  readonly outcome: Outcome | null;
}

/** Where the cards went between two boards' cards (`before` empty for a deal). */
export function cardChanges(
  before: readonly CardSpot[],
  after: readonly CardSpot[],
): Pick<StepEvents, 'removed' | 'placed' | 'moved' | 'emptied'> {
  const was = new Map(before.map((c) => [placeKey(c), c]));
  const now = new Map(after.map((c) => [placeKey(c), c]));
  const gone: CardSpot[] = [];
  const came: CardSpot[] = [];
  for (const [key, c] of was) if (now.get(key)?.code !== c.code) gone.push(c);
  for (const [key, c] of now) if (was.get(key)?.code !== c.code) came.push(c);
  // A code gone from one place and come to another is a move (the first such place each, in board order).
  const moved: { from: CardSpot; to: CardSpot }[] = [];
  const removed: CardSpot[] = [];
  const placed = came.slice();
  for (const c of gone) {
    const i = placed.findIndex((p) => p.code === c.code);
    if (i >= 0) moved.push({ from: c, to: placed.splice(i, 1)[0] });
    else removed.push(c);
  }
  const emptied = gone
    .filter((c) => !now.has(placeKey(c)))
    .map(
      (c): Place =>
        c.stack === undefined ? { place: c.place, index: c.index } : { place: c.place, stack: c.stack, index: c.index },
    );
  return { removed, placed, moved, emptied };
}

/** The board's cards of a state (a copy the env keeps, or its own). */
export function stateCards(game: AnyGame, s: unknown, o: object): CardSpot[] {
  return boardCards(boardOf(game, s, o, []));
}
