/**
 * The shapes a player's session (session.ts) takes and gives: its settings, turns, taps, statistics, board view and
 * save (with the zod schema a save is checked by), and the helpers that say a board's stock and a hint's header in
 * one way for the page and the terminal.
 */
import * as z from 'zod/mini';
import { TengymError, plural, showValue } from '../env/errors.js';
import type { Outcome } from '../env/game.js';
import type { BoardPart, BoardView, CardSpot } from '../env/board.js';
import { isPlace, type Move, type Place, type StepEvents } from '../env/moves.js';
import type { HintResult, Hinter } from '../hints/hint.js';

/** A difficulty a player picks. */
export type Difficulty = 'easy' | 'medium' | 'hard';

/** What a session is made with; every field is saved with it. */
export interface SessionSettings {
  /** A registered env id (`envIds()`). */
  id: string;
  /** The env's options as given (a difficulty's variant is laid over them). */
  options: Record<string, unknown>;
  /**
   * The difficulty: for a game with decisions, deals of that third of the winnable ones (`pickDeal`'s `level`); for a
   * game without, a variant by its measured win rate. null: any deal.
   */
  difficulty: Difficulty | null;
  /** Play forced moves for the player (default true). */
  autoForced: boolean;
}

/** How a session's next deal is chosen. */
export interface SessionDeal {
  /** The seed (default: the one after the last deal's). */
  seed?: number;
  /** The daily deal of this day ("YYYY-MM-DD", UTC), the same everywhere. */
  daily?: string;
  /** Only a deal that can be won. */
  winnable?: boolean;
  /**
   * The `seed` is `pickDeal`'s answer already (found elsewhere, as a page's worker finds it): it is dealt as it is,
   * recorded with the `daily` and `winnable` asked.
   */
  found?: boolean;
}

/** One step of the game since the deal: its action, and whether the session played it for the player. */
export interface SessionStep {
  readonly action: number;
  readonly forced: boolean;
}

/**
 * One of the player's inputs, as a save replays them: a decision's action id, an undo, or a record of steps followed
 * (`followSteps`: every step from the deal, with the undos spent).
 */
export type SessionInput = number | 'undo' | { steps: number[]; undosUsed: number };

/** What one thing the player did led to: their move (or a deal, an undo, a load) and the forced moves after it. */
export interface Turn {
  /** What the player did: a deal, a move, an undo, or a saved game loaded. */
  readonly kind: 'deal' | 'move' | 'undo' | 'load';
  /** The player's move; null for a deal, an undo or a load. */
  readonly move: Move | null;
  /** The moves played for the player after it, in order. */
  readonly forced: readonly Move[];
  /** One per change, in order: the player's move (or the deal, the undo), then each forced move. */
  readonly events: readonly StepEvents[];
  /** What the steps said beyond the moves (`env.stepNote()`), in order. */
  readonly notes: readonly string[];
  /** The result once the game is over; null while it runs. */
  readonly outcome: Outcome | null;
}

/** What a tap did: the selection now, the cards that would complete a move with it, and the move it fired. */
export interface TapResult {
  /** The cards selected now ([] once a move fired). */
  readonly selection: readonly CardSpot[];
  /** The cards that would complete a move with the selection. */
  readonly partners: readonly CardSpot[];
  /** What the move the tap fired did, or null. */
  readonly turn: Turn | null;
}

/** A day's result. */
export interface DailyResult {
  won: boolean;
  moves: number;
}

/** A player's statistics, carried by the save. */
export interface SessionStats {
  games: number;
  wins: number;
  /** Games won in a row, up to the last one. */
  streak: number;
  bestStreak: number;
  /** By day ("YYYY-MM-DD"). */
  daily: Record<string, DailyResult>;
}

/** The stock as one count: every card still to come, a face-up top card included, and that top card. */
export interface StockView {
  count: number;
  top: CardSpot | null;
  /** Tapping it plays the move that takes no card. */
  tappable: boolean;
}

/** The board part of one kind (`BoardPartOf<'grid'>`: a grid's cells and columns). */
export type BoardPartOf<K extends BoardPart['kind']> = Extract<BoardPart, { kind: K }>;

/** The board as named parts: each is the game's part of that kind, or null where it has none. */
export interface SessionView {
  style: string;
  grid: BoardPartOf<'grid'> | null;
  line: BoardPartOf<'line'> | null;
  columns: BoardPartOf<'columns'> | null;
  rows: BoardPartOf<'rows'> | null;
  overlap: BoardPartOf<'overlap'> | null;
  stock: StockView | null;
  /** The other piles: a waste, counters. */
  piles: BoardPartOf<'piles'>['piles'];
  /** The facts by name (`score`, `pass`…). */
  facts: Record<string, string>;
  /** What the player is asked now ('' when the board says enough). */
  prompt: string;
}

/** What `session.save()` writes: plain JSON. */
export interface SessionSave {
  format: 'tengym-session';
  version: 1;
  settings: SessionSettings;
  deal: { seed: number; daily: string | null; winnable: boolean };
  /** The player's inputs since the deal: action ids, undos and steps followed, replayed on load. */
  inputs: SessionInput[];
  /** The player's statistics when saved. */
  stats: SessionStats;
}

/** Options of `new Session`. */
export interface SessionConfig {
  options?: Record<string, unknown>;
  difficulty?: Difficulty | null;
  autoForced?: boolean;
  /** Who ranks the hints (default: `createHinter()`, made on the first hint). */
  hinter?: Hinter;
  /** Statistics to go on from (a save's, another session's); default: none yet. */
  stats?: SessionStats;
}

/** Fresh statistics. */
export function emptyStats(): SessionStats {
  return { games: 0, wins: 0, streak: 0, bestStreak: 0, daily: {} };
}

/** The stock of a board as one count (every card still to come, the face-up top included) and its top card. */
export function stockOf(board: BoardView): StockView | null {
  let stock: StockView | null = null;
  for (const part of board.parts) {
    if (part.kind !== 'piles') continue;
    for (const pile of part.piles) {
      if (pile.kind === 'stock') stock = { count: pile.count, top: null, tappable: pile.tappable };
      else if (pile.kind === 'card' && pile.label === 'stock top' && stock !== null) stock.top = pile.card;
    }
  }
  return stock;
}

/** "stock 24 cards (top K♠)": the one way the CLI and the page say the stock. */
export function stockText(stock: StockView, label: (code: string) => string): string {
  return `stock ${plural(stock.count, 'card')}${stock.top ? ` (top ${label(stock.top.code)})` : ''}`;
}

/** A hint's header in a player's words: no agent names, no table building. */
export function hintHeader(result: HintResult): string {
  const moves = plural(result.legalCount, 'legal move');
  // A note is the game's own sentence for the player ("Tens has no real decisions: …").
  if (result.note) return `${result.note} (${moves})`;
  return result.interim
    ? `Quick hints, best first, while better ones get ready · ${moves}`
    : `Hints, best first · ${moves}`;
}

/** A place ({ place, index, stack? }, a `CardSpot` of the board or of a turn's events), or a bad-argument error. */
export function checkedPlace(place: unknown, call: string): Place {
  if (!isPlace(place))
    throw new TengymError(
      'bad-argument',
      `${call} takes a place { place, index, stack? } (a CardSpot of the board or a turn's events), got ` +
        showValue(place),
    );
  return place;
}

/** A difficulty, or null: any deal. */
export const difficultySchema = z.nullable(z.enum(['easy', 'medium', 'hard']));
/** `SessionStats` as a save holds them. */
const statsSchema = z.object({
  games: z.int().check(z.minimum(0)),
  wins: z.int().check(z.minimum(0)),
  streak: z.int().check(z.minimum(0)),
  bestStreak: z.int().check(z.minimum(0)),
  daily: z.record(z.string(), z.object({ won: z.boolean(), moves: z.int().check(z.minimum(0)) })),
});
/** What `Session.load` takes: `SessionSave`, checked. */
export const saveSchema = z.object({
  format: z.literal('tengym-session'),
  version: z.literal(1),
  settings: z.object({
    id: z.string(),
    options: z.record(z.string(), z.unknown()),
    difficulty: difficultySchema,
    autoForced: z.boolean(),
  }),
  deal: z.object({ seed: z.int().check(z.minimum(0)), daily: z.nullable(z.string()), winnable: z.boolean() }),
  inputs: z.array(
    z.union([
      z.int().check(z.minimum(0)),
      z.literal('undo'),
      z.object({ steps: z.array(z.int().check(z.minimum(0))), undosUsed: z.int().check(z.minimum(0)) }),
    ]),
  ),
  stats: statsSchema,
});
