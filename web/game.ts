/**
 * The game itself, and every call the page makes into it: the player's session of the game shown (`Session`: its
 * moves with their cards, the player's move with the forced moves after it, the undo by decision, the hints and the
 * deal), a link's moves played back on it, new seeds, the rules, and what a move will do beyond itself (`foresee`).
 * The rest of the page reads the game only through here.
 */
import sharedRules from '../docs/rules.md?raw';
import {
  envs,
  forPlayers,
  leavesAChoice,
  make,
  playerRules,
  Session,
  winnableBy,
  isTengymError,
  type Env,
  type EnvListing,
  type EnvState,
  type Turn,
} from '../src/index.js';
import { cardKey, type CardPlace } from './board.js';
import { linkSteps } from './link.js';
import { markdownNodes } from './markdown.js';

export { make, isTengymError, type Env, type EnvListing, type Turn };

/** The game shown: the player's session, and its env (read it; play through the session). */
export const game = {
  session: null as unknown as Session,
  get env(): Env {
    return this.session.env;
  },
};

/**
 * Undo, unlimited for a player where the game has an undo setting (`undoLimit`, off by default for an RL agent), in
 * place of the session's 3 (`tengym play`'s): what the page deals with unless the options say otherwise. Each undo
 * goes back to the player's last decision, as in `tengym play` (docs/decisions/play-page.md, "Undo").
 */
export function undoOn(id: string): Record<string, unknown> {
  const schema = listings.get(id)?.optionsSchema as { properties?: Record<string, unknown> } | undefined;
  return schema?.properties && 'undoLimit' in schema.properties ? { undoLimit: 'unlimited' } : {};
}

/**
 * The game shown with its rules alone: the library's undo setting in place of the player's, as
 * the measured deals and their difficulty are for.
 */
export function rulesEnv(): Env {
  const env = game.env;
  const { undoLimit: _, ...options } = env.options as Record<string, unknown>;
  rules ??= make(env.id, options);
  return rules;
}

/** How a deal was chosen, beyond its seed: the daily deal's day, and whether it was asked to be winnable. */
export interface DealAsked {
  daily?: string;
  winnable?: boolean;
}

/**
 * Deals `seed` of `id` with `opts` (the options that differ from a player's defaults) as the game shown, in a new
 * session that plays the deal's forced moves: the deal's turn.
 */
export function newGame(id: string, opts: Record<string, unknown>, seed: number, asked: DealAsked = {}): Turn {
  const session = new Session(id, { options: { ...undoOn(id), ...opts } });
  game.session = session;
  rules = null;
  scratch = null;
  foresight = null;
  return session.newDeal({ seed, found: true, ...asked });
}

/**
 * Plays a link's `moves` on the deal just made (link.ts reads them), up to the first that cannot be played there,
 * with `undos` more undos spent (the link's `undos`): null when every move was played, else that move's number in the
 * link. The session follows the steps left, then plays the forced moves there unless the link ends in an undo (its
 * page waited there).
 */
export function followLink(moves: string, undos = 0): number | null {
  const session = game.session;
  const env = make(session.env.id, session.env.options);
  env.reset({ seed: session.deal.seed });
  const { steps, undone, bad, endsInUndo } = linkSteps(env, moves, session.undosLeft);
  session.followSteps(steps, { undosUsed: undone + undos, thenForced: !endsInUndo });
  return bad;
}

export interface Move {
  action: number;
  text: string;
  cards: CardPlace[];
  keys: Set<string>;
}

/** What a move will do beyond itself (its step's note), as the page marks it before it is played. */
export interface Foreseen {
  /** The game's note, whole ("Fault: Shadow 4 is above Hand 0. A safety pays for it …"). */
  note: string;
  /** Its first words, shown on the move ("Fault", "Bust", "Hand makes 10"). */
  headline: string;
  /** How the game ends with it, if it does: the mark's symbol and class. */
  ends: 'won' | 'lost' | null;
}

export const listings = new Map<string, EnvListing>(envs().map((l) => [l.id, l]));
/** A game's name as a player reads it ("Decade on a loop"); the id (what links carry) is the option's value. */
export const titleOf = (id: string): string => listings.get(id)?.title ?? id;
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
}

/**
 * A new deal's seed, drawn at random: one whose game leaves the player a move to choose. Forced moves play
 * themselves, so a deal of nothing but forced moves (8% of decade's), or with no move at all, would be over before
 * the player's first move. A link's seed is played as it is.
 */
export function freshSeed(id: string, opts: Record<string, unknown>): number {
  const scratch = make(id, opts);
  for (let tries = 0; tries < 100; tries++) {
    const drawn = randomSeed();
    scratch.reset({ seed: drawn });
    if (leavesAChoice(scratch)) return drawn;
  }
  return randomSeed();
}
export function changedOptions(id: string, opts: Record<string, unknown>): Record<string, unknown> {
  const defaults = { ...listings.get(id)?.defaults, ...undoOn(id) };
  return Object.fromEntries(Object.entries(opts).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)));
}

/** The rules document: what every game shares, and each game's page. */
const rulesDocument = [
  sharedRules,
  ...Object.values(import.meta.glob('../docs/rules/*.md', { query: '?raw', import: 'default', eager: true })),
].join('\n');

/** What a seed is, as the command line says it (a number past it is not a whole number to JavaScript). */
export const SEED_RANGE = `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;

/**
 * The game's rules for a player (the words `rules` prints in `tengym play`), drawn from their Markdown: else its own (a
 * game registered at run time), read as a player reads a section of the document.
 */
export function gameRules(game: Env): Node {
  const own = game.game.rules;
  const section = playerRules(rulesDocument, game.id, game.game.name) ?? (own === undefined ? null : forPlayers(own));
  return section === null ? document.createTextNode(`No rules for ${titleOf(game.id)}.`) : markdownNodes(section);
}

/** Whether a game's options are its id's own (what the measured thirds of its deals are for). */
const presetOptions = (game: Env): boolean =>
  Object.keys(changedOptions(game.id, game.options as Record<string, unknown>)).every((k) => k === 'undoLimit');

/** Why this game cannot give only winnable deals, for a player; null where it can. */
export function noWinnableDeals(game: Env): string | null {
  const name = `${titleOf(game.id)}${presetOptions(game) ? '' : ' with these options'}`;
  if (winnableBy(game) === null) return `${name} cannot tell in advance which of its deals can be won.`;
  const never = game.game.unwinnable?.(game.options) ?? null;
  return never === null ? null : `No deal of ${name} can be won.`;
}

// ------------------------------------------------------------------ moves

/** The legal moves, from the session: each with its words and cards, and the cards' keys. */
export function legalMoves(): Move[] {
  return game.session.moves().map((m) => {
    const cards = [...m.cards];
    return { action: m.action, text: m.label, cards, keys: new Set(cards.map(cardKey)) };
  });
}

/**
 * The position's state JSON with its unseen cards in other orders: the stock (`game.stock`, as every shipped game
 * holds it; docs/rules.md, "The environment contract") with each of its other cards on top in turn, and reversed.
 * A note the same in all of them is not an unseen card's doing.
 */
function otherOrders(state: EnvState): EnvState[] {
  const game = state.game as { stock?: unknown } | null;
  const stock = game?.stock;
  if (!Array.isArray(stock) || stock.length < 2) return [];
  const orders: unknown[][] = [[...stock].reverse()];
  for (const code of new Set(stock)) {
    const at = stock.indexOf(code);
    if (at > 0) orders.push([stock[at], ...stock.slice(0, at), ...stock.slice(at + 1)]);
  }
  return orders.map((order) => ({ ...state, game: { ...(game as object), stock: order } }));
}

/** Each move's step tried on `base` (loaded with a position): its note (null where none) and how it ends the game. */
function notesFrom(base: Env, trial: Env, actions: number[]): { note: string | null; ends: Foreseen['ends'] }[] {
  return actions.map((action) => {
    trial.copyFrom(base);
    trial.step(action);
    return { note: trial.stepNote(), ends: trial.running ? null : trial.outcome().won ? 'won' : 'lost' };
  });
}

/**
 * What each legal move will do beyond itself, for the player to see before playing it: each move stepped on a
 * copy of the game, its `stepNote()` read. A note is kept only when no unseen card decides it (the same with the
 * stock in other orders), so that the marks tell nothing of the cards to come. Once per position; a game without
 * notes tries nothing.
 */
export function foresee(position: string, moves: Move[]): Map<number, Foreseen> {
  const env = game.env;
  if (foresight?.position === position) return foresight.notes;
  const notes = new Map<number, Foreseen>();
  foresight = { position, notes };
  if (!env.running || typeof env.game.stepNote !== 'function' || moves.length === 0) return notes;
  scratch ??= { base: make(env.id, env.options), trial: make(env.id, env.options) };
  const { base, trial } = scratch;
  const state = JSON.parse(position) as EnvState;
  base.setState(state);
  const tried = notesFrom(
    base,
    trial,
    moves.map((m) => m.action),
  );
  const kept = new Map<number, string>();
  const ends = new Map<number, Foreseen['ends']>();
  moves.forEach((m, i) => {
    const { note, ends: end } = tried[i];
    if (note === null) return;
    kept.set(m.action, note);
    ends.set(m.action, end);
  });
  for (const order of otherOrders(state)) {
    if (kept.size === 0) break;
    try {
      base.setState(order);
    } catch (e) {
      if (!isTengymError(e)) throw e;
      continue; // an order the game refuses (other fields follow it) is no deal the player could face
    }
    const actions = [...kept.keys()];
    const found = notesFrom(base, trial, actions);
    actions.forEach((a, i) => {
      if (found[i].note !== kept.get(a)) kept.delete(a);
    });
  }
  for (const [action, note] of kept) {
    const headline = /^[^:.]{1,30}(?=[:.])/.exec(note)?.[0] ?? 'note';
    notes.set(action, { note, headline, ends: ends.get(action) ?? null });
  }
  return notes;
}

/**
 * Copies of the game for `foresee`, made once per game: one loaded with the position, one a move is tried on.
 */
let scratch: { base: Env; trial: Env } | null = null;
/** `rulesEnv`'s game, made once per game. */
let rules: Env | null = null;
/** What each legal move of the position shown will do beyond itself (`foresee`), kept for that position. */
let foresight: { position: string; notes: Map<number, Foreseen> } | null = null;
