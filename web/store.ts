/**
 * The play page's state, in one store, and the pure functions that update it: each takes the
 * state and an action and returns the next state, as boardgame.io's client store does. Nothing
 * here touches the page or the game, so that Node tests run every update (test/web/store.test.ts).
 * Rendering reads the store; game.ts holds the game itself.
 */
import type { BoardPart, CardSpot, SessionStep } from '../src/index.js';

export type DealLevel = 'easy' | 'medium' | 'hard';
export const LEVELS: readonly DealLevel[] = ['easy', 'medium', 'hard'];

/** New deals asked for: only winnable ones, and of a difficulty (shown where the game's kit measured its thirds). */
export interface DealSettings {
  winnable: boolean;
  level: DealLevel | null;
}

/** The daily deal dealt last, while it is the game's deal (Restart keeps it): its day, and whether winnable. */
export interface DailyDeal {
  key: string;
  day: string;
  winnable: boolean;
}

export interface PageState {
  /** The game's id, the options that differ from its defaults (what a link carries), and its deal. */
  envId: string;
  options: Record<string, unknown>;
  seed: number;
  /**
   * The game so far, as the URL's `moves` holds it: the session's steps from the deal, undone ones left out, each of
   * the player's moves by its action id and a run of N forced moves as `fN` (a deal's opening draws).
   */
  played: string[];
  /** Undos spent this game (the URL's `undos`, so that a reload keeps them). */
  undos: number;
  /** Whether the game waits at a forced move: a link that ended in an undo of one step stopped there. */
  held: boolean;
  hintsOn: boolean;
  /** Tapped cards (board.ts's cardKey), in order. */
  selection: string[];
  /** What happened since the player's last decision: their move, then the moves forced after it. */
  told: string[];
  /** Whether `told` has changed since the board was last drawn (it is read out once). */
  fresh: boolean;
  /** Whether this game's end was read out and celebrated: once, however often the finished board is drawn. */
  endTold: boolean;
  /** A move number being typed. */
  digits: string;
  /** When `n` last asked to be pressed again; anything else the player does forgets it. */
  newDealAskedAt: number;
  deals: DealSettings;
  /** A deal being found (New deal, Daily deal): its number, until it is dealt, fails or another game starts. */
  finding: number | null;
  daily: DailyDeal | null;
}

export type PageAction =
  | {
      type: 'dealt';
      envId: string;
      options: Record<string, unknown>;
      seed: number;
      steps: readonly SessionStep[];
      undos: number;
      /** The deal's forced moves (decade's opening draws), told as what happened. */
      forced: readonly string[];
      held: boolean;
    }
  | { type: 'played'; steps: readonly SessionStep[]; move: string; forced: readonly string[] }
  | { type: 'undone'; steps: readonly SessionStep[]; undos: number }
  | { type: 'select'; selection: string[] }
  | { type: 'hints'; on: boolean }
  | { type: 'digits'; digits: string }
  | { type: 'ask-new-deal'; at: number }
  | { type: 'forget-new-deal' }
  | { type: 'deal-settings'; deals: DealSettings }
  | { type: 'finding'; token: number | null }
  | { type: 'daily'; daily: DailyDeal | null }
  | { type: 'drawn'; running: boolean };

export function initialState(deals: DealSettings, hintsOn: boolean): PageState {
  return {
    envId: '',
    options: {},
    seed: 0,
    played: [],
    undos: 0,
    held: false,
    hintsOn,
    selection: [],
    told: [],
    fresh: false,
    endTold: false,
    digits: '',
    newDealAskedAt: -Infinity,
    deals,
    finding: null,
    daily: null,
  };
}

/** The record of the session's steps: each of the player's moves by its action id, a run of forced ones as `fN`. */
export function recordOf(steps: readonly SessionStep[]): string[] {
  const played: string[] = [];
  for (const step of steps) {
    const last = played[played.length - 1];
    if (!step.forced) played.push(String(step.action));
    else if (last?.startsWith('f')) played[played.length - 1] = `f${Number(last.slice(1)) + 1}`;
    else played.push('f1');
  }
  return played;
}

/** Whether the player has made a move of their own (forced moves are not theirs). */
export const underWay = (played: readonly string[]): boolean => played.some((t) => !t.startsWith('f'));

/**
 * The URL's `moves` and `undos`: the record, left out while it holds forced moves only (a new deal's link is the deal
 * alone, its forced moves played on), and the undos spent. A game that waits at a forced move is written as the page
 * wrote it before: one forced move more, then `u`, which takes it back and counts one of the undos.
 */
export function linkMoves(
  played: readonly string[],
  undos: number,
  held: boolean,
): { moves: string | null; undos: number } {
  if (held && undos > 0) {
    const last = played[played.length - 1];
    const onward = last?.startsWith('f')
      ? [...played.slice(0, -1), `f${Number(last.slice(1)) + 1}`]
      : [...played, 'f1'];
    return { moves: [...onward, 'u'].join('.'), undos: undos - 1 };
  }
  return { moves: underWay(played) ? played.join('.') : null, undos };
}

export function reduce(state: PageState, action: PageAction): PageState {
  switch (action.type) {
    case 'dealt':
      return {
        ...state,
        envId: action.envId,
        options: action.options,
        seed: action.seed,
        played: recordOf(action.steps),
        undos: action.undos,
        held: action.held,
        selection: [],
        told: [...action.forced],
        fresh: action.forced.length > 0,
        endTold: false,
        finding: null,
      };
    case 'played':
      return {
        ...state,
        played: recordOf(action.steps),
        held: false,
        // The player's move starts what is read out; the forced moves after it are told as what followed it.
        told: [`Played: ${action.move}`, ...action.forced],
        fresh: true,
        selection: [],
      };
    case 'undone':
      return {
        ...state,
        played: recordOf(action.steps),
        undos: action.undos,
        held: false,
        selection: [],
        told: [],
        fresh: false,
      };
    case 'select':
      return { ...state, selection: action.selection };
    case 'hints':
      return { ...state, hintsOn: action.on };
    case 'digits':
      return { ...state, digits: action.digits };
    case 'ask-new-deal':
      return { ...state, newDealAskedAt: action.at };
    case 'forget-new-deal':
      return { ...state, newDealAskedAt: -Infinity };
    case 'deal-settings':
      return { ...state, deals: action.deals };
    case 'finding':
      return { ...state, finding: action.token };
    case 'daily':
      return { ...state, daily: action.daily };
    case 'drawn':
      return { ...state, fresh: false, endTold: !action.running };
  }
}

/** One store: the state, replaced by `dispatch` through `reduce`, and read by whoever renders it. */
export interface Store {
  readonly state: PageState;
  dispatch(action: PageAction): void;
}

export function createStore(initial: PageState): Store {
  let state = initial;
  return {
    get state() {
      return state;
    },
    dispatch(action) {
      state = reduce(state, action);
    },
  };
}

// ------------------------------------------------------------------ what the page says

/** Forced moves in a row read out one by one; a longer run is counted. */
const MAX_TOLD = 8;

/**
 * What a screen reader hears of the moves since the last board: the player's move, then the
 * forced moves it led to as what happened ("then, with no choice: …"), not as the player's own,
 * with the cards they brought and the end.
 */
export function announcement(told: readonly string[], arrived: readonly string[], end: string): string {
  const [first, ...rest] = told;
  if (first === undefined) return end;
  const mine = first.startsWith('Played: ');
  const forced = mine ? rest : told;
  // A long run (Ten-Twenty-Thirty's draws: a hundred) is counted, with its last move.
  const run = forced.length > MAX_TOLD ? `${forced.length} moves, the last: ${forced.at(-1)}` : forced.join(', ');
  const parts = [
    ...(mine ? [first] : []),
    ...(forced.length > 0 ? [`${mine ? 'then, with no choice' : 'With no choice'}: ${run}`] : []),
    ...(arrived.length > 0 ? [`now on the table: ${arrived.join(', ')}`] : []),
  ];
  return `${parts.join('; ')}.${end ? ` ${end}` : ''}`;
}

/** The undo button's words: it takes back the player's last move (with the forced moves after it); the undos left. */
export const undoLabel = (left: number): string =>
  `Undo your last move (u) · ${left === Infinity ? 'unlimited' : `${left} left`}`;

/** What is said after an undo, in `tengym play`'s words. */
export const undoneText = (left: number): string =>
  `Took back your last move${left === Infinity ? '' : ` (${left} undo${left === 1 ? '' : 's'} left)`}.`;

// ------------------------------------------------------------------ taps

/** A legal move as a tap sees it: the cards it takes, by key. */
export interface TapMove {
  action: number;
  keys: ReadonlySet<string>;
  /** Its cards' keys in order, to name a card that chooses between two moves. */
  cardKeys: readonly string[];
}

/** What a tap does: play a move, or change the selection (and say why, where it needs saying). */
export type TapOutcome =
  | { kind: 'play'; action: number }
  | { kind: 'select'; selection: string[]; message: string | null }
  | { kind: 'none-takes'; selection: [] }
  | { kind: 'choose'; selection: string[]; choices: string[] };

/** Moves that take every selected card. */
export const candidates = <M extends { keys: ReadonlySet<string> }>(
  moves: readonly M[],
  keys: readonly string[],
): M[] => moves.filter((m) => keys.every((k) => m.keys.has(k)));

/**
 * A tap on card `key` with `selection` chosen: select the card and show what it can go with; a
 * tap that completes a move plays it. A move completes when exactly one move takes just the
 * selected cards, or, from two selected cards on, when one move is the smallest that takes them
 * all (a run between two tapped ends, a quartet from two of its cards). Tapping the only
 * selected card again plays the one move that takes just that card.
 */
export function tapOutcome(moves: readonly TapMove[], selection: readonly string[], key: string): TapOutcome {
  if (selection.includes(key)) {
    const exact = candidates(moves, selection).filter((m) => m.keys.size === selection.length);
    if (exact.length === 1) return { kind: 'play', action: exact[0].action };
    return { kind: 'select', selection: selection.filter((k) => k !== key), message: null };
  }
  let next = [...selection, key];
  let matching = candidates(moves, next);
  if (matching.length === 0) {
    next = [key];
    matching = candidates(moves, next);
    if (matching.length === 0) return { kind: 'none-takes', selection: [] };
  }
  if (next.length >= 2) {
    const exact = matching.filter((m) => m.keys.size === next.length);
    if (exact.length === 1) return { kind: 'play', action: exact[0].action };
    if (exact.length === 0) {
      const smallest = Math.min(...matching.map((m) => m.keys.size));
      const least = matching.filter((m) => m.keys.size === smallest);
      if (least.length === 1) return { kind: 'play', action: least[0].action };
      // Two runs of a loop between the same two ends (one each way round): a third card chooses.
      const choices = least
        .map((m) => m.cardKeys.find((k) => !next.includes(k)))
        .filter((k): k is string => k !== undefined);
      if (choices.length === least.length) return { kind: 'choose', selection: next, choices };
    }
  }
  return { kind: 'select', selection: next, message: '' };
}

// ------------------------------------------------------------------ the board

/** A key that names a card where cards of one value are interchangeable (Four Ten's hands). */
export const cardKey = (c: Pick<CardSpot, 'place' | 'stack' | 'code'>): string =>
  `${c.place}:${c.stack ?? 0}:${c.code}`;

type Pile = Extract<BoardPart, { kind: 'piles' }>['piles'][number];

/**
 * The stock's count as `tengym play` says it ("stock 24 cards (top K♠)"): the board's stock pile counts
 * every card still to come, a face-up top card (Pyramid's, shown apart) included, as the session's `stockOf`.
 */
export function stockCount(piles: readonly Pile[]): number {
  const stock = piles.find((p) => p.kind === 'stock');
  return stock?.kind === 'stock' ? stock.count : 0;
}
