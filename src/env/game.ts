/**
 * The engine contract. A game is a set of functions over a compact state of typed arrays, as in
 * Pgx. Unlike Pgx's, they are not pure: they change the state in place.
 *
 * - `createState` allocates the state once; `reset`, `step` and `fromJSON` write into it.
 * - `legalActions` writes the mask and the legal ids, and may also write into the state.
 * - `observe` writes into a buffer the caller owns.
 * - The hot path (`legalActions`, `step`, `status`, `observe`) allocates nothing.
 *
 * `Env` (env.ts) is the one class around every engine. It checks inputs, and keeps undo, saved
 * states and events, so that no engine repeats them.
 *
 * The order of calls, which `Env` keeps and an engine may rely on:
 *
 *   reset | step | fromJSON  →  legalActions  →  status  →  observe
 *
 * - After a change to the state, `legalActions` comes first.
 * - `status` is read only after `legalActions` on the same state, or on a `copyState` copy of such a state.
 *   An engine may answer `status` from what `legalActions` stored. The shipped engines store the legal
 *   count or the status itself there: no legal move is the end of their game.
 * - `status` then holds until the next change. `observe` follows it, and `outcome` may be asked any
 *   time after.
 *
 * Where the order is kept:
 *
 * - `Env` makes these calls in one place, its private `refresh()`, after each change: reset, step,
 *   undo and setState.
 * - `copyFrom` and `clone` copy a refreshed state with `copyState`, and take its status with it.
 * - `VectorEnv` (vector.ts) reads each copy's status through its `Env`, never from the engine.
 * - Code that calls an engine's functions itself, as a search does, keeps the same order.
 *
 * test/env/call-order.test.ts checks that `Env` and `VectorEnv` keep it for every registered id.
 */
import type * as z from 'zod/mini';
import type { BoardView, CardSpot } from './board.js';
import type { CardFace } from './cards.js';
import type { Rng } from './rng.js';

/**
 * How a game ended (or stands): won or not, and the numbers its game declares (`Game.result`: the
 * cards left, the rounds and points…), by name. Each game types its own (`OutcomeById`, registry.ts).
 */
export interface Outcome {
  readonly won: boolean;
  readonly [field: string]: number | boolean;
}

/** A number of a game's outcome besides the win (`Outcome[key]`), as reports record it for every deal. */
export interface ResultField {
  /** Its key in the outcome and in per-deal records ('cardsLeft'). */
  readonly key: string;
  /** What it is, in a few words for tables ('cards left'). */
  readonly label: string;
}

/**
 * A number counted over a game's steps that its outcome does not hold (a round that ended in a
 * fault): evaluation asks `count(before, after)` after every step, from the outcomes around it.
 */
export interface ResultCounter extends ResultField {
  /** How many of the counted events the step from `before` to `after` made. */
  count(before: Outcome, after: Outcome): number;
}

/**
 * A figure over a set of deals (its key is the report's JSON key, `meanCardsLeft`): the mean or the
 * median of a field, or the ratio of two fields' sums, over every deal or over the won ones only.
 */
export interface ResultFigure {
  readonly key: string;
  /** As a table's header says it ('mean cards left'). */
  readonly label: string;
  readonly of: { readonly mean: string } | { readonly median: string } | { readonly ratio: readonly [string, string] };
  /** The deals it is over: every deal (the default), or the won ones (rounds to win: a lost game never gets there). */
  readonly over?: 'all' | 'won';
  /** Decimals a table shows. */
  readonly digits: number;
  /** Whether lower is better (cards left, rounds) or higher (points); none for a figure that only describes. */
  readonly better?: 'lower' | 'higher';
  /**
   * Where it is given besides `tengym eval`'s report (`report`, the default): `train` and `eval`, the
   * training run's metrics of its training episodes and of its held-out evaluations (`trainMeanCardsLeft`,
   * `evalMeanCardsLeft`); `stats`, random play's figures (`tengym stats`).
   */
  readonly in?: readonly ('report' | 'train' | 'eval' | 'stats')[];
}

/**
 * What a game's result is measured by besides the win, as the game declares it: evaluation,
 * training curves, `tengym start`, random-play statistics, hints and the Python package read it,
 * and none of them knows a game.
 */
export interface ResultSpec {
  /** The outcome's numbers recorded for every deal, in the order records give them. */
  readonly fields: readonly ResultField[];
  /** Numbers counted over a game's steps, recorded after the fields. */
  readonly counters?: readonly ResultCounter[];
  /** The figures a report gives over a set of deals, besides the win rate, in order. */
  readonly figures: readonly ResultFigure[];
  /**
   * What tells two players apart on the same deals after the win rate: the paired difference of a
   * field, over every deal or over the deals both won (the report's `<field>VsReference`).
   */
  readonly compare: {
    readonly field: string;
    readonly over: 'all' | 'won-by-both';
    readonly better: 'lower' | 'higher';
  };
  /**
   * The figure a learning curve plots and a training run's best checkpoint is chosen by after the win
   * rate (one of `figures`, with its `better`); the curve plots the win rate where this is absent.
   */
  readonly curve?: string;
}

/** The outcome of a game whose result is the cards left (`CARDS_LEFT_RESULT`). */
export type CardOutcome = { readonly won: boolean; readonly cardsLeft: number };

/**
 * The result of a game measured by the cards left on the table at the end (fewer is better): what
 * Tens, Block Ten and the decade family declare, and any game whose outcome is `{ won, cardsLeft }`.
 */
export const CARDS_LEFT_RESULT: ResultSpec = {
  fields: [{ key: 'cardsLeft', label: 'cards left' }],
  figures: [
    {
      key: 'meanCardsLeft',
      label: 'mean cards left',
      of: { mean: 'cardsLeft' },
      digits: 2,
      better: 'lower',
      in: ['report', 'train', 'eval', 'stats'],
    },
  ],
  compare: { field: 'cardsLeft', over: 'all', better: 'lower' },
};

/** A game status: the episode goes on. */
export const RUNNING = 0;
/** A game status: the episode ended by the rules (won or lost). */
export const TERMINATED = 1;
/** A game status: the episode was cut off (a step or round limit), not ended by the rules. */
export const TRUNCATED = 2;
/** A game's status: `RUNNING`, `TERMINATED` or `TRUNCATED`. */
export type Status = typeof RUNNING | typeof TERMINATED | typeof TRUNCATED;

/**
 * Per-feature bounds of an observation: `low[i] <= observation[i] <= high[i]` in every state play
 * reaches (`Game.observationBounds`). Float32 values, as the observation's own.
 */
export interface ObservationBounds {
  low: Float32Array;
  high: Float32Array;
}

/**
 * A game's options schema: a zod 4 schema of either API (`zod` or `zod/mini`, whose schemas both parse), typed by
 * what it gives.
 */
export type OptionsSchema<O> = z.core.$ZodType<O> & {
  /** The options, defaults filled in; throws on bad ones. */
  parse(data: unknown): O;
  /** The options, defaults filled in, or zod's error. */
  safeParse(data: unknown): { success: true; data: O } | { success: false; error: z.core.$ZodError };
};

/** A deck as `reset({ deck })` takes it: "AS 2C …", or an array of card codes. */
export type DeckInput = string | readonly (string | number)[];

/**
 * A game's options as they travel once its schema has validated them: a plain object of named
 * values (each game narrows it to its own options type).
 */
export type GameOptions = Readonly<Record<string, unknown>>;

/**
 * A game: a small required core, what an env is made of (its options, result, sizes, state, reset,
 * legal actions, step, status, observation and outcome), and optional groups a game gives where it
 * can, each with a default where it has none (src/env/defaults.ts):
 *
 * | group | members | without them |
 * |-------|---------|--------------|
 * | text | `describeAction`, `whyIllegal`, `render` | "action 7", "it is not among the legal moves now", the board as text |
 * | decks | `parseDeck` | `reset({ deck })` is refused |
 * | JSON | `toJSON`, `fromJSON`, `checkState` | the state's typed arrays and numbers as they are, checked against its shape |
 * | checks | `expectedReturn`, `observationBounds`, `inconsistencies` | not checked; unbounded; none tried |
 * | front end | `sameOutcome`, `actionCards`, `moveKind`, `cardFace`, `prompt`, `board`, `stepNote`, `endText`, `rules`, `unwinnable`, `undoLimit` | every move can matter; none; by its cards counted; a standard or numbered card; ''; the legal moves as rows; none; the result's fields; none; none; no undo |
 *
 * What agents, hints and training know of a game beyond this is its kit (src/agents/kit.ts).
 */
export interface Game<O extends object, S> {
  /** Engine name; several registered ids (presets) may share one engine. */
  readonly name: string;
  /**
   * Strict object schema; every field has a default, so `parse({})` gives the defaults. zod 4's, either API: the
   * shipped games write theirs with `zod/mini` (a small bundle), and a game of one's own may use `zod`'s.
   */
  readonly optionsSchema: OptionsSchema<O>;
  /** What its result is measured by besides the win (`ResultSpec`; `CARDS_LEFT_RESULT` for cards left). */
  readonly result: ResultSpec;

  /** The number of action ids under these options (the action space). */
  numActions(o: O): number;
  /** The length of an observation under these options. */
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
  /** Copies state `src` into `dst` (clones and searches reuse states instead of allocating). */
  copyState(src: S, dst: S): void;

  /**
   * Validates an explicit deck; throws TengymError('bad-deck') naming the problem. A deck is whole:
   * one with a card missing, or a card more often than the game has it, is refused. It reads the
   * codes `toJSON` and `board` write, as a string or an array: the contract checker deals the deck
   * of a seeded deal, read back from its board then `game.stock`, and expects the same game.
   */
  parseDeck?(deck: DeckInput, o: O): Uint8Array;
  /** Starts an episode from `deck` (parsed by parseDeck) or, when null, from a shuffle drawn from `rng`. */
  reset(s: S, o: O, rng: Rng, deck: Uint8Array | null): void;

  /**
   * Writes all n mask entries and the legal ids in increasing order into `legal`;
   * returns how many. Returns 0 (mask all zero) once the episode is over. Called first after every
   * change to the state; it may store in the state what `status` reads (the shipped engines store the
   * legal count or the status).
   */
  legalActions(s: S, o: O, mask: Uint8Array, legal: Int32Array): number;
  /** Applies a legal action to the state in place; returns its reward. */
  step(s: S, o: O, action: number, rng: Rng): number;
  /**
   * RUNNING, TERMINATED or TRUNCATED. Called only after `legalActions` on this state (the order at
   * the top of this file), so it may answer from what `legalActions` stored.
   */
  status(s: S, o: O): Status;
  /** Writes the whole observation (observationSize floats). */
  observe(s: S, o: O, out: Float32Array): void;
  /** The episode's result so far (final once status is not RUNNING). */
  outcome(s: S, o: O): Outcome;
  /**
   * What the rewards of a finished episode must add up to, from the outcome alone,
   * or null where the outcome does not determine it. The contract checker uses it.
   */
  expectedReturn?(outcome: Outcome, o: O): number | null;

  /** "remove 3♣ + 7♦": names the cards of the current state where it can. */
  describeAction?(s: S, o: O, action: number): string;
  /** Why `action` (in range) is not legal now, in a few words. */
  whyIllegal?(s: S, o: O, action: number): string;
  /** Plain text for a terminal. */
  render?(s: S, o: O): string;

  /** Plain JSON, stock included. */
  toJSON?(s: S, o: O): unknown;
  /** Validates `json` (zod, then consistency) and loads it into `s`; throws TengymError('bad-state'). */
  fromJSON?(json: unknown, o: O, s: S): void;
  /** A broken invariant (a card in two places, a count out of range…), or null. */
  checkState?(s: S, o: O): string | null;

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
  readonly sameOutcome?: boolean | ((o: O) => boolean);
  /**
   * The cards `action` (legal now) takes, as the state JSON places them; [] for a move that takes none (a draw, a deal,
   * the end of a turn).
   */
  actionCards?(s: S, o: O, action: number): CardSpot[];
  /**
   * What kind of move `action` (legal now) is, in a word a front end keys sounds and animations on ('pair', 'quartet',
   * 'run', 'deal', 'draw', 'place', 'exchange', 'end-turn'…). Optional: without it a move is named by the cards it
   * takes (moves.ts: 'draw' for none, then 'single', 'pair', 'triple', 'quartet', 'group').
   */
  moveKind?(s: S, o: O, action: number): string;
  /**
   * A card's face from its code as the state JSON writes it (rank, suit, symbol, colour, label). Optional: without it a
   * code is read as a standard card ("TH") or a numbered one ("3"), `cardFace` in cards.ts.
   */
  cardFace?(code: string): CardFace;
  /**
   * What the player is asked now, in a sentence ("Place the 3 into a hand…"); '' when the board says enough or the game
   * is over.
   */
  prompt?(s: S, o: O): string;
  /**
   * The board as a front end draws it (board.ts): its cards, piles and facts, and the action each tappable part plays.
   */
  board?(s: S, o: O): BoardView;
  /**
   * What the last step did beyond the move itself, for a player to be told, with its reason
   * ("Fault: Shadow 7 is above Hand 5. A safety pays for it (2 left)."), or null when it did
   * nothing more. Optional: a game whose moves say it all has none. Not part of the state JSON.
   */
  stepNote?(s: S, o: O): string | null;
  /**
   * How the game ended, in a sentence or two for a player ("Won! Every card is cleared.", "No more moves:
   * 6 cards left."), which `tengym play` and the page show; `ending` says whether the step limit cut it
   * short and after how many moves. Optional: without it, the win or the loss with the result's fields.
   */
  endText?(s: S, o: O, ending: { truncated: boolean; steps: number }): string;
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
  {
    name: 'result',
    kind: 'object',
    what: 'what its result is measured by besides the win: a ResultSpec, CARDS_LEFT_RESULT for cards left',
  },
  { name: 'numActions', kind: 'function', what: 'the number of action ids' },
  { name: 'observationSize', kind: 'function', what: 'the observation length' },
  { name: 'createState', kind: 'function', what: 'allocates a state' },
  { name: 'copyState', kind: 'function', what: 'copies a state into another' },
  { name: 'reset', kind: 'function', what: 'starts an episode' },
  { name: 'legalActions', kind: 'function', what: 'the legal action ids' },
  { name: 'step', kind: 'function', what: 'applies an action' },
  { name: 'status', kind: 'function', what: 'running, terminated or truncated' },
  { name: 'observe', kind: 'function', what: 'writes the observation' },
  { name: 'outcome', kind: 'function', what: "the episode's result" },
];

/** The members a game may have, each a function where it has it (`sameOutcome` a boolean too, `rules` a string). */
export const OPTIONAL_GAME_MEMBERS: readonly (keyof AnyGame)[] = [
  'describeAction',
  'whyIllegal',
  'render',
  'parseDeck',
  'toJSON',
  'fromJSON',
  'checkState',
  'expectedReturn',
  'observationBounds',
  'inconsistencies',
  'sameOutcome',
  'actionCards',
  'moveKind',
  'cardFace',
  'prompt',
  'board',
  'stepNote',
  'endText',
  'unwinnable',
  'undoLimit',
];

/** Whether every legal order of moves reaches the same end under options `o` (`Game.sameOutcome`, either form). */
export function sameOutcomeOf<O extends object>(game: Pick<Game<O, unknown>, 'sameOutcome'>, o: O): boolean {
  const same = game.sameOutcome;
  return typeof same === 'function' ? same(o) : same === true;
}

/** A game engine of any state and options type, as the registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: a game of any options and state, as registries and tables hold them
export type AnyGame = Game<any, any>;

/**
 * An env id with its engine and its options, validated once (`envConfig` in registry.ts) and
 * passed on typed: presets, algorithms, `VectorEnv`, agents and `make` take it. An `Env` is one.
 */
export interface EnvConfig<O extends object = GameOptions> {
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
