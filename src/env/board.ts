/**
 * What a game tells a front end about its board, so that a page can draw and play any game
 * without knowing it: the cards an action touches (`Game.actionCards`, for hints and taps),
 * the prompt (`Game.prompt`) and a board made of a few kinds of parts (`Game.board`). Plain
 * JSON, browser-safe; the play page (web/board.ts) draws each kind of part one way for every
 * game.
 */

/**
 * A card where it lies, in the terms of the game's state JSON (`getState().game`):
 * - `slot` (tens, block-ten): `game.tableau[index]`;
 * - `line` / `stack` (decade family; `line` with one stack): `game.stacks[stack][index]`,
 *   index 0 = the oldest card;
 * - `hand` / `home` / `shadow` (four-ten): `game[place][index]`, the hands as the state lists them
 *   (values sorted); `drawn`: `game.drawn` (index 0).
 * A game of its own names its places as its state JSON does.
 */
export interface CardSpot {
  place: string;
  /** The stack (decade family only; 0 for the single line). */
  stack?: number;
  index: number;
  /** The card's code as the state JSON writes it ("4C"; Four Ten "3"). */
  code: string;
}

/** A place a card could be, drawn empty (an emptied slot, a hand's free room). */
export interface EmptySpot {
  empty: true;
  place: string;
  index: number;
}

/**
 * A card of an `overlap` part: a card (`blocked` while a card overlapping it is still there: shown,
 * not playable on its own; its `code` empty while it lies face down) or a place emptied.
 */
export type OverlapCell = (CardSpot & { blocked: boolean }) | EmptySpot;

/**
 * A pile drawn beside the cards: the stock (tapping it plays the one legal move that takes no card), a counter, or one
 * card shown apart.
 */
export type BoardPile =
  | { kind: 'stock'; count: number; label: string; tappable: boolean; title?: string }
  | { kind: 'counter'; count: number; label: string }
  | { kind: 'card'; label: string; card: CardSpot | null };

/**
 * A part of a board:
 * - `grid`: cells in rows of `columns` (Tens' slots);
 * - `line`: one row of cards, wrapping; `loop` marks that its ends meet (the decade line);
 * - `columns`: stacks side by side, each labelled; `current` marks the one in play, `cleared` one that is out;
 * - `rows`: labelled rows of cards, each playing `action` when its label or free room is tapped,
 *   with `room` places drawn empty past its cards and a `note` after them (Four Ten's hands);
 * - `overlap`: rows of overlapping cards, each row centred under the one before and half a card
 *   lower, so that a card lies over the cards it touches in the row above (rows of 1, 2, 3… cards
 *   make a pyramid); a card still overlapped is drawn `blocked`, an emptied place keeps its room;
 * - `piles`: the stock and other piles;
 * - `facts`: terms and values (the score, the safeties…), each with a `name` a test can find, and
 *   `spoken` where the value is symbols a screen reader would read as such (Four Ten's ●●○).
 */
export type BoardPart =
  | { kind: 'grid'; columns: number; cells: (CardSpot | EmptySpot)[] }
  | { kind: 'line'; loop: boolean; cards: CardSpot[] }
  | {
      kind: 'columns';
      columns: { stack: number; label: string; current: boolean; cleared: boolean; cards: CardSpot[] }[];
    }
  | {
      kind: 'rows';
      rows: {
        name: string;
        label: string;
        action: number | null;
        room: number;
        cards: CardSpot[];
        note: string;
        made: boolean;
      }[];
    }
  | { kind: 'overlap'; rows: OverlapCell[][] }
  | { kind: 'piles'; piles: BoardPile[] }
  | { kind: 'facts'; facts: { term: string; value: string; name: string; spoken?: string }[] };

/**
 * What `env.board()` returns: the state as parts to draw (rows of cards, piles, counters), which the play
 * page and an app draw without knowing the game.
 */
export interface BoardView {
  /**
   * The game's look on the page (a style sheet class: 'pairing', 'decade', 'four-ten'; a new game may reuse one or name
   * its own).
   */
  style: string;
  /** Drawn in order. */
  parts: BoardPart[];
}

/** The cards in a board's stock pile; 0 where it has none. */
export function stockCount(board: BoardView): number {
  for (const part of board.parts) {
    if (part.kind !== 'piles') continue;
    for (const pile of part.piles) if (pile.kind === 'stock') return pile.count;
  }
  return 0;
}
