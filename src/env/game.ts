/**
 * The engine contract. A game is a set of small functions over a compact state of
 * typed arrays (the Pgx style); `Env` is the one thin class around every game.
 *
 * Call order the env guarantees, so an engine may cache between them:
 *   reset | step | fromJSON  →  legalActions  →  status  →  observe
 * Hot-path functions (legalActions, step, status, observe) must not allocate.
 */
import type { z } from 'zod';
import type { BoardView, CardSpot } from './board.js';
import type { Rng } from './rng.js';

/** `tens`, `block-ten` and the `decade` family. */
export interface CardOutcome {
  won: boolean;
  cardsLeft: number;
}

/** `four-ten`. */
export interface FourTenOutcome {
  won: boolean;
  points: number;
  rounds: number;
  safeties: number;
}

export type Outcome = CardOutcome | FourTenOutcome;

/** See `Game.scoring`. */
export type Scoring = 'cards' | 'rounds';

export const RUNNING = 0;
export const TERMINATED = 1;
export const TRUNCATED = 2;
export type Status = typeof RUNNING | typeof TERMINATED | typeof TRUNCATED;

/**
 * Per-feature bounds of an observation: `low[i] <= observation[i] <= high[i]` in every state play
 * reaches (`Game.observationBounds`). Float32 values, as the observation's own.
 */
export interface ObservationBounds {
  low: Float32Array;
  high: Float32Array;
}

/** A deck as `reset({ deck })` takes it: "AS 2C …", or an array of card codes. */
export type DeckInput = string | readonly (string | number)[];

export interface Game<O extends object, S> {
  /** Engine name; several registered ids (presets) may share one engine. */
  readonly name: string;
  /** Strict object schema; every field has a default, so `parse({})` gives the defaults. */
  readonly optionsSchema: z.ZodType<O>;
  /**
   * What a result is measured by besides the win, as evaluation and training report it:
   * 'cards', the cards left at the end (`CardOutcome`, fewer is better); 'rounds', the rounds
   * to win (`FourTenOutcome`, fewer is better), with points and faults per round.
   */
  readonly scoring: Scoring;

  numActions(o: O): number;
  observationSize(o: O): number;
  /**
   * The lowest and highest value each observation float can take under options `o`, from the
   * engine's own arithmetic (fresh arrays of observationSize floats; called once per options, never
   * on the hot path). Optional: without it an observation is taken as unbounded (-Infinity, Infinity).
   * The contract checker checks every observation it sees against them.
   */
  observationBounds?(o: O): ObservationBounds;

  /** Allocates a state (done once per env; the hot path reuses it). */
  createState(o: O): S;
  copyState(src: S, dst: S): void;

  /**
   * Validates an explicit deck; throws TengymError('bad-deck') naming the problem. A deck is whole:
   * one with a card missing, or a card more often than the game has it, is refused. It reads the
   * codes `toJSON` and `board` write, as a string or an array: the contract checker deals the deck
   * of a seeded deal, read back from its board then `game.stock`, and expects the same game.
   */
  parseDeck(deck: DeckInput, o: O): Uint8Array;
  /** Starts an episode from `deck` (parsed by parseDeck) or, when null, from a shuffle drawn from `rng`. */
  reset(s: S, o: O, rng: Rng, deck: Uint8Array | null): void;

  /**
   * Writes all n mask entries and the legal ids in increasing order into `legal`;
   * returns how many. Returns 0 (mask all zero) once the episode is over.
   */
  legalActions(s: S, o: O, mask: Uint8Array, legal: Int32Array): number;
  /** Applies a legal action; returns its reward. */
  step(s: S, o: O, action: number, rng: Rng): number;
  /** RUNNING, TERMINATED or TRUNCATED; called after legalActions. */
  status(s: S, o: O): Status;
  /** Writes the whole observation (observationSize floats). */
  observe(s: S, o: O, out: Float32Array): void;
  /** The episode's result so far (final once status is not RUNNING). */
  outcome(s: S, o: O): Outcome;
  /**
   * What the rewards of a finished episode must add up to, from the outcome alone,
   * or null where the outcome does not determine it. The contract checker uses it.
   */
  expectedReturn(outcome: Outcome, o: O): number | null;

  /** "remove 3♣ + 7♦": names the cards of the current state where it can. */
  describeAction(s: S, o: O, action: number): string;
  /** Why `action` (in range) is not legal now, in a few words. */
  whyIllegal(s: S, o: O, action: number): string;
  /** Plain text for a terminal. */
  render(s: S, o: O): string;

  /** Plain JSON, stock included. */
  toJSON(s: S, o: O): unknown;
  /** Validates `json` (zod, then consistency) and loads it into `s`; throws TengymError('bad-state'). */
  fromJSON(json: unknown, o: O, s: S): void;
  /** A broken invariant (a card in two places, a count out of range…), or null. */
  checkState(s: S, o: O): string | null;

  /**
   * Changes to a state's JSON (`toJSON`'s, changed in place when called) that make its counters disagree
   * with its cards in a way no play could give, each returning what it changed: what `fromJSON` and
   * `checkState` must refuse. `tengym fuzz` tries one at random. Optional: without it the fuzz tries only
   * its generic corruptions.
   */
  inconsistencies?(json: Record<string, unknown>, o: O, rng: Rng): (() => string)[];

  /** Undos allowed per game: 0 none, Infinity unlimited. Absent means 0. */
  undoLimit?(o: O): number;

  // What hints and a front end ask of the game (never on the hot path; these may allocate).

  /**
   * Whether every legal order of moves reaches the same end (Tens, Block Ten): then the moves
   * have nothing to rank, and hints say so instead of ranking them.
   */
  readonly sameOutcome: boolean;
  /**
   * The cards `action` (legal now) takes, as the state JSON places them; [] for a move that takes none (a draw, a deal,
   * the end of a turn).
   */
  actionCards(s: S, o: O, action: number): CardSpot[];
  /**
   * What the player is asked now, in a sentence ("Place the 3 into a hand…"); '' when the board says enough or the game
   * is over.
   */
  prompt(s: S, o: O): string;
  /**
   * The board as a front end draws it (board.ts): its cards, piles and facts, and the action each tappable part plays.
   */
  board(s: S, o: O): BoardView;
  /**
   * What the last step did beyond the move itself, for a player to be told, with its reason
   * ("Fault: Shadow 7 is above Hand 5. A safety pays for it (2 left)."), or null when it did
   * nothing more. Optional: a game whose moves say it all has none. Not part of the state JSON.
   */
  stepNote?(s: S, o: O): string | null;
  /**
   * The game's rules for a player, as Markdown: what `tengym play` (its `r`) and the page's rules
   * panel show where the package's docs/rules.md has no section for the id (a game registered at
   * run time). Optional: the shipped games' rules are that document's.
   */
  readonly rules?: string;
  /**
   * Why no deal can be won under options `o` (Decade on one line with `pickedUp: 'deck-bottom'`:
   * the picked-up cards come back), or null. Optional. Evaluations and random-play statistics say
   * it before they play: every deal would run to its step limit for a win rate of 0.
   */
  unwinnable?(o: O): string | null;
}

/** The members a game must have (registerGame checks them), each with what it is for. */
export const GAME_MEMBERS: readonly {
  name: keyof AnyGame;
  kind: 'function' | 'string' | 'boolean' | 'object';
  what: string;
}[] = [
  { name: 'name', kind: 'string', what: 'the engine name' },
  { name: 'optionsSchema', kind: 'object', what: 'the zod schema of its options' },
  { name: 'scoring', kind: 'string', what: "what a result is measured by besides the win ('cards' or 'rounds')" },
  { name: 'numActions', kind: 'function', what: 'the number of action ids' },
  { name: 'observationSize', kind: 'function', what: 'the observation length' },
  { name: 'createState', kind: 'function', what: 'allocates a state' },
  { name: 'copyState', kind: 'function', what: 'copies a state into another' },
  { name: 'parseDeck', kind: 'function', what: 'validates an explicit deck' },
  { name: 'reset', kind: 'function', what: 'starts an episode' },
  { name: 'legalActions', kind: 'function', what: 'the legal action ids' },
  { name: 'step', kind: 'function', what: 'applies an action' },
  { name: 'status', kind: 'function', what: 'running, terminated or truncated' },
  { name: 'observe', kind: 'function', what: 'writes the observation' },
  { name: 'outcome', kind: 'function', what: "the episode's result" },
  { name: 'expectedReturn', kind: 'function', what: 'what the rewards add up to, for the checker' },
  { name: 'describeAction', kind: 'function', what: 'an action in words, for hints and replays' },
  { name: 'whyIllegal', kind: 'function', what: 'why an action is not legal, for error messages' },
  { name: 'render', kind: 'function', what: 'plain text for a terminal' },
  { name: 'toJSON', kind: 'function', what: 'the state as JSON' },
  { name: 'fromJSON', kind: 'function', what: 'loads a state from JSON' },
  { name: 'checkState', kind: 'function', what: "the state's invariants, for the checker" },
  { name: 'sameOutcome', kind: 'boolean', what: 'whether every order of moves reaches the same end, for hints' },
  { name: 'actionCards', kind: 'function', what: 'the cards an action touches, for hints and the board' },
  { name: 'prompt', kind: 'function', what: 'what the player is asked now, for the board' },
  { name: 'board', kind: 'function', what: 'the board as a page draws it' },
];

// biome-ignore lint/suspicious/noExplicitAny: a game of any options and state, as registries and tables hold them
export type AnyGame = Game<any, any>;

/**
 * An env id with its engine and its options, validated once (`envConfig` in registry.ts) and
 * passed on typed: presets, algorithms, `VectorEnv`, agents and `make` take it. An `Env` is one.
 */
export interface EnvConfig<O extends object = Record<string, unknown>> {
  readonly id: string;
  readonly game: AnyGame;
  readonly options: Readonly<O>;
}

/**
 * What an engine's typed accessors (`decadeOf`, `fourTenOf`) read from an env; `Env` is one.
 * Agents and features ask the engine for its state this way instead of casting `rawState`.
 */
export interface EngineView extends EnvConfig<object> {
  readonly rawState: unknown;
}
