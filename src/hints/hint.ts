/**
 * Move hints: "what should I do here?" answered with the legal moves ranked by an agent
 * (a trained model's, or a search where no model is given), each with its
 * action id, its score and what kind of score it is, a sentence a player understands and
 * the cards it involves. Browser-safe; `loadHinter` (hint-loader.ts, Node-only) finds the
 * model shipped for an env.
 *
 * ```ts
 * const hinter = createHinter({ model: await loadAgent('runs/decade/best') }); // loadAgent: tengym/node
 * hinter.hint(env.getState(), { top: 3 }).hints[0].text; // "discard 4♣ 8♦ 3♠ 5♥ (20)"
 * ```
 *
 * Tens and Block Ten have no real decisions (every legal order of moves reaches the same
 * end, `Game.sameOutcome`): their hints say so (`sameOutcome: true`) and rank nothing. What
 * ranks the others, and what a sentence adds, is the game's kit's (agents/kits.ts); a game
 * without one is ranked by `first`.
 *
 * Past 600 lines for now: `GameStates`, a game's history for hints with its undo, still lives here; it belongs
 * beside the player's session (src/session/).
 */
import { Env, type EnvState, type StepResult } from '../env/env.js';
import * as z from 'zod/mini';
import {
  AgentThrewError,
  TengymError,
  describeKind,
  describeNotState,
  formatZodError,
  isPlainObject,
  showValue,
} from '../env/errors.js';
import type { CardSpot } from '../env/board.js';
import { sameOutcomeOf, type EnvConfig } from '../env/game.js';
import { envConfig, envIds, envSpec, make } from '../env/registry.js';
import {
  agentSchema,
  type ActionScores,
  type Agent,
  type ScoredAction,
  type ScoreKind,
  type ScoreUnit,
  type ValueUnit,
} from '../agents/agent.js';
import { FirstAgent } from '../agents/basic.js';
import { agentsFor, createAgent } from '../agents/index.js';
import { kitOf } from '../agents/modules.js';
import type { HintBaseline } from '../agents/kit.js';
import { assertModelFits } from '../agents/learned/model-fit.js';
import { preferFewerMoves, respectDominance, sharedRanks } from './tie-break.js';

/** A card a move involves, where the state JSON places it (`Game.actionCards`). */
export type HintCard = CardSpot;

/** One ranked move of a hint: the action, its score and what the score means, and the move in words and cards. */
export interface Hint {
  action: number;
  /** Higher is better; what it means is `scoreKind`. */
  score: number;
  scoreKind: ScoreKind;
  /** For scoreKind 'value': what the value measures (`ValueUnit`), where the ranking agent says. */
  unit?: string;
  /** For a unit of the ranking agent's own (`ScoreUnit`): what a value is, as said after the number. */
  unitLabel?: string;
  /** "discard 4♣ 8♦ 3♠ 5♥ (20)". */
  text: string;
  cards: HintCard[];
  /** Set for Tens and Block Ten: this move leads to the same end as every other legal move. */
  sameOutcome?: true;
  /**
   * The move's place, best = 1. Moves of the same score share the place of the first of them (1, 1, 1, 4): a tie
   * shows as one. Every move shares place 1 where every move leads to the same end.
   */
  rank: number;
  /** Another legal move, listed or not, has the same score: the source cannot tell them apart. */
  tied?: true;
  /** Where the score is a share of sampled deals: how many (a score of 16 samples moves in steps of 6.25%). */
  samples?: number;
}

/** What `hinter.hint` returns: the moves ranked best first, and what ranked them. */
export interface HintResult {
  env: string;
  /**
   * What ranked the moves: "model models/four-ten/ (shipped)", "pimc (a search that plays out many guesses of the
   * unseen cards …)".
   */
  source: string;
  /** Every legal move leads to the same end (Tens, Block Ten): the order is arbitrary. */
  sameOutcome: boolean;
  /** A sentence about the whole answer, where there is one. */
  note?: string;
  /** Legal moves in the state (the hints may list fewer: `top`). */
  legalCount: number;
  /** Best first. */
  hints: Hint[];
  /**
   * Set where a hinter with a time budget (`budgetMs`) answered before its source's tables were built: from the
   * game's quick agent (`source` names it), or from the source without its sentences' figures. A later hint, or
   * `prepare`, carries the building on.
   */
  interim?: true;
}

/** Options of one `hinter.hint` call. */
export interface HintOptions {
  /** How many moves to list, best first (default, and 0: every legal move, as the CLI's `--top 0`). */
  top?: number;
}

/**
 * Options of `createHinter`: a trained model's agent to rank with, or the source to use in place of the
 * strongest measured one.
 */
export interface HinterConfig {
  /**
   * A trained model's agent (`loadAgent(dir)` from `tengym/node`, or `agentFromModel(model)` from
   * `tengym/models` in a browser). The hinter only borrows it: whoever loaded it disposes it
   * (`agent.dispose()`) once the hinter is done; a hint asked after that throws the agent's
   * TengymError ('disposed').
   */
  model?: Agent;
  /**
   * An agent, or an agent name from the catalogue (`agentsFor(envId)`). Without `model` or `agent`, each env's search
   * source answers (`hintBaseline`).
   */
  agent?: Agent | string;
  /** What the hints say they come from (default: the model's or the agent's name). */
  source?: string;
  /**
   * Add what the game's kit says of each move to its sentence (`GameKit.hintDetails`: the round's
   * prospects after it, say), default true. A detail may cost a solve the first time it is asked for
   * a situation (about 1 s), as the kit says.
   */
  details?: boolean;
  /**
   * How long a hint may spend building the tables its source needs the first time (Four Ten's round prospects: a
   * second in Node, many on a phone), in milliseconds. Until they are built, each hint spends up to this long
   * building them and then answers from the game's quick agent (`GameKit.quickHints`), or from the source without
   * its sentences' figures, with `interim: true`; `prepare` builds them while the app is idle. Without it, a hint
   * builds whatever it needs before it answers.
   */
  budgetMs?: number;
}

/**
 * Ranks the legal moves of a state, best first (`createHinter`). Its source is chosen per env id, the
 * strongest fair source measured unless the config says otherwise.
 */
export interface Hinter {
  /** The legal moves of `state` (a `getState()` JSON, or a running env, which is only read), ranked. */
  hint(state: EnvState | Env, options?: HintOptions): HintResult;
  /**
   * Shows the hinter a state of the game without ranking it. A source that remembers what it
   * saw (on Ten-Twenty-Thirty the order of the cards under the stock) knows only what it was
   * shown, so a game's every state, forced moves included, goes to `observe` or `hint`, in
   * order, in the same form (getState() JSONs, or the same env object). Elsewhere it does nothing.
   */
  observe(state: EnvState | Env): void;
  /**
   * Builds what the hints of `state` need the first time (the tables of Four Ten's sources), for at most `budgetMs`
   * milliseconds (default: until done): true when a hint of it will answer from its source at once. An app calls it
   * in idle time, a slice at a time (`setTimeout(warmUp, 16)` until it returns true), so that no hint waits.
   * Elsewhere it returns true.
   */
  prepare(state: EnvState | Env, budgetMs?: number): boolean;
  /**
   * The source the hints of this env would name; throws, as `hint` would, where the hinter's model was trained for
   * another env.
   */
  sourceFor(envId: string, options?: Record<string, unknown>): string;
}

/** What takes one recorded state to the next: an action id, or `'undo'`. */
export type RecordedMove = number | 'undo';

/**
 * A game saved as its deal and its moves (`GameStates.toMoves()`): a few bytes a move, where
 * `toJSON`'s states are hundreds each (a Ten-Twenty-Thirty game that goes round to `maxSteps`
 * saved 3 MB as states, more than an app's storage takes in one item).
 */
export interface SavedMoves {
  /** The state the game started from, a `getState()` JSON. */
  deal: EnvState;
  moves: RecordedMove[];
}

const savedMovesSchema = z.strictObject({
  deal: z.unknown(),
  moves: z.array(z.union([z.int().check(z.nonnegative()), z.literal('undo')])),
});

/**
 * One game's states since the deal, for a hinter that remembers what it saw (Ten-Twenty-Thirty's
 * order under the stock): how `tengym play` and the page show their hinter every state when it
 * is loaded only at the first hint. Before that hint the states are kept; from then on each one
 * is shown as it is recorded, so a hint waits only for its own ranking. `step(env, action)` plays and
 * records a move, `undo(env)` takes one back (the game's `undoLimit`); a move made on the env
 * directly is recorded with `record(env)`.
 */
export class GameStates {
  private readonly states: EnvState[] = [];
  /** moves[i] takes states[i] to states[i + 1]. */
  private readonly moves: RecordedMove[] = [];
  /** The `undoKey` of every state but the last: where an undo may come back to. */
  private readonly earlier = new Set<string>();
  /** Scratch for `record`'s check, made at the first state that needs it. */
  private scratch: Env | null = null;
  /** The hinter shown every state so far, once there is one. */
  private shownTo: Hinter | null = null;
  /** The game's env id and options (JSON): every env recorded must be of them. */
  private readonly game: { id: string; options: string };

  /** The undos the game allows (`undoLimit`; 0 where it has none), counted in the states' `undosUsed`. */
  private readonly undoBudget: number;
  /** Where each move not undone since the deal came from (an index into `states`): what an undo goes back to. */
  private readonly undoable: number[] = [];

  /** A new game: records env's state, the deal. */
  constructor(env: Env) {
    checkEnv(env, 'new GameStates');
    if (!env.hasStarted)
      throw new TengymError(
        'not-reset',
        'new GameStates records a game from its deal: reset() the env first (or setState a saved state)',
      );
    this.game = { id: env.id, options: JSON.stringify(env.options) };
    this.undoBudget = env.game.undoLimit?.(env.options) ?? 0;
    this.record(env);
  }

  /** Plays `action` on env and records it: a move the game is told of, with no search for it as `record` makes. */
  step(env: Env, action: number): StepResult {
    this.checkGame(env, 'GameStates.step');
    if (!this.atLast(env)) throw notAtLast('GameStates.step');
    const result = env.step(action);
    this.push(env.getState(), action);
    this.synced = { env, changes: env.changes };
    return result;
  }

  /** Undos left this game (Infinity when unlimited; 0 where the game has none). */
  get undosLeft(): number {
    return this.undoBudget - (this.last as EnvState).undosUsed;
  }
  /** Moves that `undo` could take back now: those since the deal, less the ones undone. */
  get undoDepth(): number {
    return this.undoable.length;
  }

  /**
   * Takes env back one move, to the state before the last move not undone, and records it: one undo of the game's
   * `undoLimit`, which the state counts in its `undosUsed` (a saved state keeps the count, not the moves). The env's
   * `episodeSteps` goes back with it; its `episodeReturn`, which a player's screen does not show, starts again at 0.
   */
  undo(env: Env): void {
    this.checkGame(env, 'GameStates.undo');
    if (this.undoBudget === 0) {
      throw new TengymError(
        'undo-unavailable',
        env.game.undoLimit
          ? `undo: ${env.id} was made with undoLimit 0; make it with { undoLimit: 3 } or 'unlimited'`
          : `undo: ${env.id} has no undo: the ${env.game.name} engine has no undoLimit (envs() lists the ids ` +
              'whose options take one)',
      );
    }
    if (!this.atLast(env)) throw notAtLast('GameStates.undo');
    if (this.undosLeft <= 0)
      throw new TengymError('undo-unavailable', `undo: all ${this.undoBudget} undos of this game are used`);
    const back = this.undoable.length > 0 ? this.undoable[this.undoable.length - 1] : undefined;
    if (back === undefined) throw new TengymError('undo-unavailable', 'undo: there is no move to take back');
    env.setState({ ...this.states[back], undosUsed: (this.last as EnvState).undosUsed + 1 });
    this.push(env.getState(), 'undo');
    // The steps since the deal (or the state loaded) are the moves not undone; setState counted none.
    env.episodeSteps = this.undoable.length;
    this.synced = { env, changes: env.changes };
  }

  /** The env `step` or `undo` changed last, and its change count then: at the last state unless it moved since. */
  private synced: { env: Env; changes: number } | null = null;

  /** Whether `env` stands at the state recorded last (read from its state unless `step` or `undo` left it there). */
  private atLast(env: Env): boolean {
    if (this.synced !== null && this.synced.env === env && this.synced.changes === env.changes) return true;
    return this.isLast(env.getState());
  }

  /** Throws unless `env` is an Env of this game's id and options. */
  private checkGame(env: unknown, caller: string): asserts env is Env {
    checkEnv(env, caller);
    const options = JSON.stringify(env.options);
    if (env.id !== this.game.id || options !== this.game.options) {
      // Options are named only where the ids are the same.
      const [game, got] =
        env.id === this.game.id
          ? [`${this.game.id} with options ${this.game.options}`, `${env.id} with options ${options}`]
          : [this.game.id, env.id];
      throw new TengymError(
        'bad-argument',
        `${caller}: this game is ${game}, got an env of ${got} (a new GameStates starts another game)`,
      );
    }
  }

  /**
   * The state recorded last (none only while the constructor records the deal). Not .at(-1): Hermes 0.12, which React
   * Native apps run on, has no Array.prototype.at.
   */
  private get last(): EnvState | undefined {
    return this.states.length > 0 ? this.states[this.states.length - 1] : undefined;
  }

  /** Whether `state` is the state recorded last. */
  private isLast(state: EnvState): boolean {
    return JSON.stringify(state) === JSON.stringify(this.last);
  }

  /**
   * Records env's state after a move (forced ones too) or an undo. The state recorded last, again,
   * is recorded once (a screen that records on each render). Any other state must follow the last
   * one, as `fromJSON` will check it: a save with a move missed, or a state of another deal,
   * could not be loaded back, and would show a hinter that remembers a game never played.
   */
  record(env: Env): void {
    this.checkGame(env, 'GameStates.record');
    const state = env.getState();
    const last = this.last;
    if (last === undefined) {
      // The deal (the constructor's).
      this.states.push(state);
      this.showRecorded(state);
      return;
    }
    if (this.isLast(state)) return;
    this.scratch ??= env.clone();
    const move = moveBetween(this.scratch, last, state, this.earlier);
    if (move === null) {
      throw new TengymError(
        'bad-state',
        'GameStates.record: the env is not one move (or an undo) from the state recorded last: record after ' +
          'every move, forced ones and undos too (a new GameStates starts another deal)',
      );
    }
    this.push(state, move);
  }

  /** Adds `state`, reached from the last one by `move`. */
  private push(state: EnvState, move: RecordedMove): void {
    if (move === 'undo') this.undoable.pop();
    else this.undoable.push(this.states.length - 1);
    this.earlier.add(undoKey(this.last as EnvState));
    this.states.push(state);
    this.moves.push(move);
    this.showRecorded(state);
  }

  /**
   * The states recorded, the deal first (`getState()` JSONs): what a saved game keeps beside its
   * state so that `GameStates.fromJSON` brings back what the hints remember (Ten-Twenty-Thirty's
   * order under the stock; a state alone does not hold it). `JSON.stringify(states)` calls it.
   */
  toJSON(): EnvState[] {
    return this.states.slice();
  }

  /**
   * The game so far from `saved` (`toJSON`'s, parsed), for `env` standing at its last state (after
   * `env.setState(savedState)`): each state is checked as `setState` checks one, and as one move
   * (or an undo) from the one before (`checkGameInOrder`).
   */
  static fromJSON(env: Env, saved: unknown): GameStates {
    checkEnv(env, 'GameStates.fromJSON');
    if (!Array.isArray(saved) || saved.length === 0) {
      throw new TengymError(
        'bad-argument',
        `GameStates.fromJSON takes the states GameStates.toJSON() gave (an array of getState() JSONs, the ` +
          `deal first), got ${typeof saved === 'string' ? describeNotState(saved) : showValue(saved)}`,
      );
    }
    const scratch = env.clone();
    const states = saved.map((state: unknown, i) => {
      try {
        scratch.setState(state);
      } catch (e) {
        if (e instanceof TengymError)
          throw new TengymError(e.code, `GameStates.fromJSON: state ${i + 1} of ${saved.length}: ${e.message}`);
        throw e;
      }
      return scratch.getState();
    });
    const moves = checkGameInOrder(scratch, states, {
      prefix: 'GameStates.fromJSON: ',
      item: 'state',
      advice: 'give the states GameStates.toJSON() gave, in order',
    });
    if (!env.hasStarted || JSON.stringify(states[states.length - 1]) !== JSON.stringify(env.getState())) {
      throw new TengymError(
        'bad-argument',
        'GameStates.fromJSON: the env is not at the last saved state; load it first (env.setState(saved state))',
      );
    }
    const game = new GameStates(env);
    game.states.splice(0, game.states.length, ...states);
    game.moves.push(...moves);
    game.undoable.length = 0;
    moves.forEach((move, i) => (move === 'undo' ? game.undoable.pop() : game.undoable.push(i)));
    for (const state of states.slice(0, -1)) game.earlier.add(undoKey(state));
    return game;
  }

  /**
   * The game as its deal and the moves since (`SavedMoves`), for a save that stays small:
   * `GameStates.fromMoves` plays it again. Its JSON is what `JSON.stringify` writes of it.
   */
  toMoves(): SavedMoves {
    return { deal: this.states[0], moves: this.moves.slice() };
  }

  /**
   * The game `saved` (`toMoves()`'s, parsed) played again on `env` from its deal, and its states.
   * `env` ends at the game's last state, its undos (Tens and Block Ten) able to take back the moves
   * played, as after the moves themselves. Every move is checked before `env` changes: a move
   * that is not legal where it comes is refused with its number, and `env` is left as it was.
   */
  static fromMoves(env: Env, saved: unknown): GameStates {
    checkEnv(env, 'GameStates.fromMoves');
    const parsed = savedMovesSchema.safeParse(saved);
    if (!parsed.success) {
      throw new TengymError(
        'bad-argument',
        `GameStates.fromMoves takes what GameStates.toMoves() gave, { deal, moves }: deal a getState() JSON, ` +
          `moves action ids or "undo": ${formatZodError(parsed.error)}`,
      );
    }
    const { deal, moves } = parsed.data;
    const play = (target: Env): GameStates => {
      const where = (i: number): string => (i < 0 ? 'the deal' : `move ${i + 1} of ${moves.length} (${moves[i]})`);
      let game: GameStates | undefined;
      for (let i = -1; i < moves.length; i++) {
        try {
          if (i < 0) {
            target.setState(deal);
            game = new GameStates(target);
          } else if (moves[i] === 'undo') (game as GameStates).undo(target);
          else (game as GameStates).step(target, moves[i] as number);
        } catch (e) {
          if (e instanceof TengymError)
            throw new TengymError(e.code, `GameStates.fromMoves: ${where(i)}: ${e.message}`);
          throw e;
        }
      }
      return game as GameStates;
    };
    play(env.clone());
    return play(env);
  }

  /** The hints of env's state (the last recorded), `hinter` having been shown every state before. */
  hint(hinter: Hinter, env: Env, options?: HintOptions): HintResult {
    const h = hinter as Partial<Hinter> | null;
    if (h === null || typeof h !== 'object' || typeof h.hint !== 'function' || typeof h.observe !== 'function') {
      throw new TengymError(
        'bad-argument',
        `GameStates.hint takes a hinter (createHinter(…), or hinterForEnv(…).hinter), got ${describeKind(hinter)}`,
      );
    }
    this.checkGame(env, 'GameStates.hint');
    // A move not recorded would go unseen by a hinter that remembers (Ten-Twenty-Thirty's order under the stock).
    if (!this.atLast(env)) {
      throw new TengymError(
        'bad-state',
        'GameStates.hint: the env is not at the state recorded last: record(env) after every move, forced ' +
          'ones and undos too, then ask for the hint',
      );
    }
    if (hinter !== this.shownTo || !this.lastShown(hinter)) {
      this.shownTo = hinter;
      for (const recorded of this.states) this.show(hinter, recorded);
    }
    const state = this.last as EnvState;
    return this.asking(() => hinter.hint(state, options));
  }

  /** Shows `state` to `hinter`, as this game's. */
  private show(hinter: Hinter, state: EnvState): void {
    this.asking(() => hinter.observe(state));
  }

  /** Runs a call of the hinter's, which it then counts as this game's. */
  private asking<T>(call: () => T): T {
    showing = this;
    try {
      return call();
    } finally {
      showing = null;
    }
  }

  /**
   * Whether the last state `hinter` saw was this game's: a hinter shared by two open games (two
   * save slots) or asked about another state directly remembers that one, and is shown this
   * game again before it ranks. A hinter not made by createHinter is taken to be this game's.
   */
  private lastShown(hinter: Hinter): boolean {
    return !lastGameOf.has(hinter) || lastGameOf.get(hinter) === this;
  }

  /**
   * Shows a state just recorded to the hinter this game is shown to, unless it now follows another game (the next hint
   * shows it this one again).
   */
  private showRecorded(state: EnvState): void {
    if (this.shownTo !== null && this.lastShown(this.shownTo)) this.show(this.shownTo, state);
  }
}

/** The game (a GameStates) calling a hinter now, if one is: what the hinter counts its calls as. */
let showing: GameStates | null = null;
/** The game each hinter made by createHinter saw its last state from (null: a state shown directly). */
const lastGameOf = new WeakMap<Hinter, GameStates | null>();

/** The refusal of a call that plays on an env moved since the state recorded last. */
function notAtLast(caller: string): TengymError {
  return new TengymError(
    'bad-state',
    `${caller}: the env is not at the state recorded last: record(env) after every move made elsewhere, ` +
      `then ${caller.replace('GameStates.', '')} through the game`,
  );
}

/** Throws unless `env` is an Env (what `caller` takes). */
function checkEnv(env: unknown, caller: string): asserts env is Env {
  if (!(env instanceof Env))
    throw new TengymError(
      'bad-argument',
      `${caller} takes the game's env (make(id), then reset()), got ${describeKind(env)}`,
    );
}

/**
 * Refuses a game so far whose states do not follow one another: each must be one move (or an
 * undo) from the one before. Shown a reversed file or two deals spliced, a hinter that remembers
 * (Ten-Twenty-Thirty's order under the stock) would rank from a game never played. `env` (of the
 * game's id and options) is used as scratch; the refusal counts `item`s ("line 3 of 9"), numbered
 * `numbers[i]` of `total` where given (a file's lines, blank ones counted).
 */
export function checkGameInOrder(
  env: Env,
  states: readonly EnvState[],
  say: { prefix: string; item: string; advice: string; numbers?: readonly number[]; total?: number },
): RecordedMove[] {
  // Where the states are the non-blank lines of a file, they are counted as the file's lines.
  const number = (i: number): number => say.numbers?.[i] ?? i + 1;
  const total = say.total ?? states.length;
  const before = new Set<string>();
  const moves: RecordedMove[] = [];
  for (let i = 1; i < states.length; i++) {
    if (i >= 2) before.add(undoKey(states[i - 2]));
    const move = moveBetween(env, states[i - 1], states[i], before);
    if (move === null) {
      throw new TengymError(
        'bad-state',
        `${say.prefix}${say.item} ${number(i)} of ${total} is not one move (or an undo) from ${say.item} ` +
          `${number(i - 1)}; ${say.advice}`,
      );
    }
    moves.push(move);
  }
  return moves;
}

/** A state as an undo may come back to it: the undos used aside (an undo uses one more). */
function undoKey(state: EnvState): string {
  return JSON.stringify({ ...state, undosUsed: 0 });
}

/**
 * The move that takes `prev` to `next`: an action, or an undo (a state held before `prev`, its
 * `undoKey` in `earlier`: a state holds no history, with one more undo used); null where neither
 * does. `env` is scratch, left at `prev`.
 */
function moveBetween(env: Env, prev: EnvState, next: EnvState, earlier: ReadonlySet<string>): RecordedMove | null {
  const nextJson = JSON.stringify(next);
  env.setState(prev);
  const stepsThere = (a: number): boolean => {
    const e = env.clone();
    e.step(a);
    return JSON.stringify(e.getState()) === nextJson;
  };
  const action = env.running ? env.legalActions().find(stepsThere) : undefined;
  if (action !== undefined) return action;
  return next.undosUsed === prev.undosUsed + 1 && earlier.has(undoKey(next)) ? 'undo' : null;
}

/** "1 card", "12 cards", "2.5 cards" (an expected count). */
const cards = (n: number): string => (n === 1 ? '1 card' : `${Number(n.toFixed(2))} cards`);

/** A hint's unit: a common one by its name, one of an agent's own with its words too. */
function unitFields(unit: ValueUnit | ScoreUnit): { unit: string; unitLabel?: string } {
  return typeof unit === 'string' ? { unit } : { unit: unit.name, unitLabel: unit.label };
}

/** A score as a person reads it. */
export function formatScore(h: Pick<Hint, 'score' | 'scoreKind'> & Partial<Hint>): string {
  if (h === null || typeof h !== 'object' || typeof h.score !== 'number') {
    throw new TengymError(
      'bad-argument',
      `formatScore takes a hint of hinter.hint(…).hints, { score, scoreKind, unit? }, got ${showValue(h)}`,
    );
  }
  switch (h.scoreKind) {
    case 'probability':
      return `p ${(100 * h.score).toFixed(1)}%`;
    case 'win-probability':
      // From 0.9995 a percentage would round to 100.0%, which reads as certain.
      return h.samples !== undefined
        ? `win ${(100 * h.score).toFixed(1)}% (${Math.round(h.score * h.samples)} of ${h.samples} samples)`
        : h.score >= 0.9995 && h.score < 1
          ? `win 1 − ${(1 - h.score).toExponential(1)}`
          : `win ${(100 * h.score).toFixed(1)}%`;
    case 'value':
      if (h.unit === 'minus-rounds-left') return `${(-h.score).toFixed(2)} rounds to go`;
      if (h.unit === 'minus-cards-left') return `${cards(-h.score)} left at the end`;
      if (h.unit === 'points') return `${h.score.toFixed(2)} points`;
      if (h.unit === 'return') return `expected return ${h.score.toFixed(3)}`;
      // A unit of the game's own agent says what its values are.
      if (h.unitLabel !== undefined) return `${h.score.toFixed(2)} ${h.unitLabel}`;
      return `value ${h.score.toFixed(3)}`;
    case 'choice':
      // An agent that only chooses (random, first): its move is not rated above the others, only picked.
      return h.score > 0 ? "the source's choice" : 'not rated: the source only chooses';
    default:
      // A search's or a rule's own scale (no unit a player could use): only the order means something.
      return `score ${Number(h.score.toFixed(3))} on the source's scale, higher is better`;
  }
}

/** Whether every legal order of moves in this env reaches the same end (its hints rank nothing). */
export function hasSameOutcome(env: EnvConfig): boolean {
  return sameOutcomeOf(env.game, env.options);
}

type Baseline = HintBaseline;

/**
 * The search that answers where no model is given: the game kit's (agents/kits.ts), the
 * strongest fair one measured for each engine (in the decade family `optimal` where holding
 * is free, else `pimc`, `lookahead` on three ids; Four Ten's exact `optimal` for the rules
 * whose game values ship, else `expectimax`). Tens and Block Ten, where every move leads to
 * the same end, and any game without a hint search of its own, take the lowest legal id.
 */
export function hintBaseline(envId: string, options: Record<string, unknown> = {}): Baseline {
  const env = envConfig(envId, options);
  const baseline = (name: string, role: string) => ({
    agent: createAgent(name, env),
    name,
    role,
    source: `${name} (${role})`,
  });
  // Where every order of moves reaches the same end (under these options), there is nothing to rank.
  if (hasSameOutcome(env))
    return {
      agent: new FirstAgent(),
      name: 'first',
      role: 'no ranking needed',
      source: 'none needed: every legal move leads to the same end',
    };
  const own = kitOf(env.game).hintBaseline?.(env, baseline);
  if (own) return own;
  return {
    agent: new FirstAgent(),
    name: 'first',
    role: 'the lowest legal id',
    source: `first (the lowest legal id: tengym has no search for ${env.game.name})`,
  };
}

interface EnvSlot {
  /** Scratch env that JSON states are loaded into. */
  env: Env;
  agent: Agent;
  source: string;
  /** With a time budget, the game's quick agent (`GameKit.quickHints`), which ranks while the source's tables build. */
  quick: { agent: Agent; source: string } | null;
}

/**
 * The option sets a hinter keeps an env and an agent for (`createHinter`), the least recently used dropped first: a
 * search's tables take megabytes each (3.3 MiB on decade, 4.4 MiB on Pyramid).
 */
export const HINTER_SLOTS = 8;

function envKey(id: string, options: unknown): string {
  return `${id} ${JSON.stringify(options)}`;
}

/**
 * The env an agent ranks `given` on: the slot's own env, a copy of the caller's, so that an agent that steps what it
 * ranks moves no game of the caller's (and is refused, as evaluate() refuses it: `changedEnv`).
 */
function shielded(given: Env, slot: EnvSlot): Env {
  if (given === slot.env) return given;
  if (given.game !== slot.env.game) return given.clone();
  slot.env.copyFrom(given);
  return slot.env;
}

function changedEnv(what: string, source: string): TengymError {
  return new TengymError(
    'bad-argument',
    `${what}: ${source} changed the env it was shown (it stepped, dealt, undid or loaded a state): an agent ranks ` +
      `the moves and leaves the game to the caller; to look ahead, act on env.clone() (the caller's env is as it was)`,
  );
}

/** Scores from an agent without `score`: its choice first (1), the rest in id order (0). */
function scoresFromAct(agent: Agent, env: Env, source: string): ActionScores {
  const chosen = asAgent(source, 'act', () => agent.act(env)) as unknown;
  if (typeof (chosen as { then?: unknown } | null)?.then === 'function')
    throw new TengymError(
      'bad-argument',
      `hint: ${source}'s act(env) returned a Promise: act returns the action id itself, synchronously`,
    );
  // A number that is not legal here is said where the ranking is read, as a score's would be.
  if (typeof chosen !== 'number')
    throw new TengymError(
      'bad-action',
      `hint: ${source}'s act(env) returned ${showValue(chosen)}, not an action id; legal now: ${env.describeLegal()}`,
    );
  const rest = env.legalActions().filter((a) => a !== chosen);
  return { kind: 'choice', actions: [{ action: chosen, score: 1 }, ...rest.map((action) => ({ action, score: 0 }))] };
}

/** What an agent's score may say its scores are (`ScoreKind`). */
const SCORE_KINDS: readonly ScoreKind[] = ['probability', 'value', 'win-probability', 'heuristic', 'choice'];

/**
 * Runs a call of the ranking agent's: an exception of its own (not a TengymError) is said with the agent and the call,
 * as evaluate says one, and kept as the cause.
 */
function asAgent<T>(source: string, call: string, run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TengymError) throw e;
    throw new AgentThrewError(`hint: ${source}'s ${call}(env)`, e);
  }
}

/**
 * The agent's `score(env)`, checked before a hint is made of it: an object { kind, unit?, actions }, its actions legal
 * ids, each once, with a number for a score.
 */
function scoresFromScore(agent: Agent, env: Env, source: string): ActionScores {
  const ranked = asAgent(source, 'score', () => (agent.score as NonNullable<Agent['score']>)(env)) as unknown;
  const bad = (why: string) =>
    new TengymError(
      'bad-argument',
      `hint: ${source}'s score(env) ${why}; score returns { kind, unit?, actions: [{ action, score }, …] }, ` +
        `synchronously, each legal action once, best first`,
    );
  if (typeof (ranked as { then?: unknown } | null)?.then === 'function')
    throw bad('returned a Promise, which a hint cannot wait for');
  if (ranked === null || typeof ranked !== 'object' || Array.isArray(ranked))
    throw bad(`returned ${showValue(ranked)}`);
  const { kind, actions } = ranked as Partial<ActionScores>;
  if (!SCORE_KINDS.includes(kind as ScoreKind))
    throw bad(`gave kind ${showValue(kind)}, where a kind is ${SCORE_KINDS.map((k) => `"${k}"`).join(', ')}`);
  if (!Array.isArray(actions)) throw bad(`gave actions ${showValue(actions)}, not an array`);
  const { samples } = ranked as Partial<ActionScores>;
  if (samples !== undefined && !(Number.isInteger(samples) && (samples as number) >= 1))
    throw bad(`gave samples ${showValue(samples)}, where samples is a count of sampled deals (an integer ≥ 1)`);
  const seen = new Set<number>();
  for (const [i, entry] of actions.entries()) {
    const { action, score } = (entry ?? {}) as Partial<ScoredAction>;
    if (typeof action !== 'number' || !Number.isInteger(action))
      throw bad(`gave actions[${i}].action ${showValue(action)}, not an action id`);
    if (typeof score !== 'number' || Number.isNaN(score))
      throw bad(`gave actions[${i}].score ${showValue(score)}, not a number`);
    if (seen.has(action)) throw bad(`ranked action ${action} twice`);
    seen.add(action);
  }
  return ranked as ActionScores;
}

/** An agent's name as a hint's source; one that reads the stock's order says so. */
export function agentSource(agent: Agent, name: string = agent.name): string {
  return agent.fair ? name : `${name} (NOT fair: it sees the stock)`;
}

/**
 * 12000445 as "12,000,445", as toLocaleString('en-US') writes a whole number, without Intl: Hermes may be built without
 * it.
 */
const withThousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** "model runs/decade/best", or, for a model without a name of its own, what its metadata says it is. */
function modelSource(agent: Agent): string {
  if (agent.name !== 'model') return `model ${agent.name}`;
  const m = agent.metadata;
  return m ? `model (${m.algorithm}, trained for ${m.env}, ${withThousands(m.steps)} env steps)` : 'model';
}

/** A time budget, where it enters (createHinter, prepare): milliseconds above 0, finite or Infinity. */
function checkBudget(budgetMs: unknown, where: string): void {
  if (typeof budgetMs !== 'number' || !(budgetMs > 0))
    throw new TengymError(
      'bad-argument',
      `${where}: budgetMs must be a number above 0 or Infinity (build until done), got ${showValue(budgetMs)}`,
    );
}

const hinterConfigSchema = z.strictObject({
  model: z.optional(agentSchema),
  agent: z.optional(
    z.union([z.string().check(z.minLength(1)), agentSchema], {
      error: 'expected an agent name (agentsFor(envId) lists them) or an agent',
    }),
  ),
  source: z.optional(z.string()),
  details: z.optional(z.boolean()),
  // Checked by checkBudget, as prepare's: zod's number refuses Infinity, which both take.
  budgetMs: z.optional(z.unknown()),
});

/** Every agent name of the catalogue, over every env. */
function catalogueNames(): string[] {
  return [...new Set(envIds().flatMap((id) => agentsFor(id).map((a) => a.name)))];
}

/**
 * The config as createHinter takes it, checked when the hinter is made (not at its first hint):
 * a plain object of known fields, agents that are agents, an agent name of the catalogue.
 */
function checkHinterConfig(config: unknown): HinterConfig {
  if (config === undefined) return {};
  // isPlainObject: a plain object of another realm (an iframe, `vm`) is taken, as make and hint take one.
  if (!isPlainObject(config)) {
    const kind =
      config !== null && typeof config === 'object' && !Array.isArray(config) ? ` (${describeKind(config)})` : '';
    throw new TengymError(
      'bad-argument',
      `createHinter takes an object { model?, agent?, source?, details?, budgetMs? }, got ${showValue(config)}${kind}`,
    );
  }
  const parsed = hinterConfigSchema.safeParse(config);
  if (!parsed.success)
    throw new TengymError('bad-argument', `bad createHinter config: ${formatZodError(parsed.error)}`);
  const c = parsed.data;
  if (c.model && c.agent) throw new TengymError('bad-argument', 'createHinter takes { model } or { agent }, not both');
  if (typeof c.agent === 'string') {
    const names = catalogueNames();
    if (!names.includes(c.agent))
      throw new TengymError(
        'bad-argument',
        `createHinter: unknown agent "${c.agent}"; the catalogue's agents are ${names.join(', ')} ` +
          `(agentsFor(envId) lists those of an env), or pass an agent`,
      );
  }
  return c as HinterConfig;
}

/**
 * A hinter: ranks the legal moves of any env's state by the strongest fair source measured for its id
 * (a search, a solver, or a trained model given in `config.model`), synchronously, in milliseconds.
 */
export function createHinter(hinterConfig: HinterConfig = {}): Hinter {
  const config = checkHinterConfig(hinterConfig);
  const fixed = config.model ?? (typeof config.agent === 'object' ? config.agent : null);
  const agentName = typeof config.agent === 'string' ? config.agent : null;
  const figures = config.details ?? true;
  const budget = config.budgetMs;
  if (budget !== undefined) checkBudget(budget, 'createHinter');
  // The envs and agents of the option sets seen last, least recently used first: an app that hints on states it did
  // not create (options from a file, a server) keeps at most HINTER_SLOTS of them (a search's tables are megabytes).
  // A slot dropped forgets what its agent saw; a game shown again after another option set is shown again whole
  // (GameStates.hint: another caller's call came between).
  const slots = new Map<string, EnvSlot>();
  // The options as given → the resolved key: presets and defaults filled in, a fully resolved object finds the slot.
  const aliases = new Map<string, string>();

  function slotFor(id: string, options: object): EnvSlot {
    const given = envKey(id, options);
    const known = aliases.get(given);
    let slot = known === undefined ? undefined : slots.get(known);
    if (slot && known !== undefined) {
      slots.delete(known);
      slots.set(known, slot);
      return slot;
    }
    const resolved = envConfig(id, options);
    const key = envKey(resolved.id, resolved.options);
    slot = slots.get(key) ?? newSlot(resolved);
    slots.delete(key);
    slots.set(key, slot);
    aliases.delete(given);
    aliases.set(given, key);
    for (const oldest of slots.keys()) {
      if (slots.size <= HINTER_SLOTS) break;
      slots.delete(oldest);
    }
    for (const oldest of aliases.keys()) {
      if (aliases.size <= 4 * HINTER_SLOTS) break;
      aliases.delete(oldest);
    }
    return slot;
  }

  function newSlot(resolved: EnvConfig): EnvSlot {
    const env = make(resolved);
    let agent: Agent;
    let source: string;
    if (fixed) {
      agent = fixed;
      source = config.source ?? (config.model ? modelSource(fixed) : agentSource(fixed));
      // A model answers only for the env it was trained for: say so here, for sourceFor as for hint.
      if (fixed.metadata) assertModelFits(fixed.metadata, env, `the hinter's model "${fixed.name}"`);
    } else if (agentName) {
      agent = createAgent(agentName, resolved);
      source = config.source ?? agentSource(agent, agentName);
    } else {
      ({ agent, source } = hintBaseline(env.id, resolved.options));
      if (config.source) source = config.source;
    }
    const quick = budget === undefined ? undefined : kitOf(env.game).quickHints;
    return {
      env,
      agent,
      source,
      quick:
        quick === undefined
          ? null
          : {
              agent: createAgent(quick, resolved),
              source: `${quick} (while ${source} builds its tables)`,
            },
    };
  }

  /** The env that holds `state` (the caller's env, or the slot's with the JSON loaded), and its slot. */
  function loaded(state: EnvState | Env): { env: Env; slot: EnvSlot } {
    if (state instanceof Env) {
      if (!state.hasStarted)
        throw new TengymError('not-reset', 'no hint: the env has not been dealt yet; call reset() first');
      return { env: state, slot: slotFor(state.id, state.options) };
    }
    if (state === null || typeof state !== 'object' || typeof (state as { env?: unknown }).env !== 'string') {
      // A state saved as text (localStorage, a file) and passed as it was saved is the likely mistake: say how to load
      // it.
      const got = isPlainObject(state) ? 'an object with no env id' : describeNotState(state);
      throw new TengymError(
        'bad-state',
        `bad state: expected the object env.getState() returns, { env, options, rng, undosUsed, game }, got ${got}`,
      );
    }
    const options = (state as { options?: unknown }).options;
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new TengymError('bad-state', `bad state: options must be an object, got ${JSON.stringify(options)}`);
    }
    const slot = slotFor(state.env, options);
    slot.env.setState(state);
    return { env: slot.env, slot };
  }

  /**
   * Runs what the hints of `env` need built, the ranking's (and with `withDetails` the sentences'), until it is done
   * (true) or the clock reaches `deadline`.
   */
  function buildUntil(env: Env, slot: EnvSlot, withDetails: boolean, deadline: number): boolean {
    const work = kitOf(env.game).hintWork?.(env, slot.agent, withDetails);
    while (work && !work.next().done) if (performance.now() >= deadline) return false;
    return true;
  }

  function hint(state: EnvState | Env, options: HintOptions = {}): HintResult {
    const started = performance.now();
    // Options as reset checks its own: a misspelt key (`{ tops: 3 }`) is named, not ignored.
    if (!isPlainObject(options as unknown))
      throw new TengymError(
        'bad-argument',
        `hint options must be an object such as { top: 3 }, got ${describeKind(options)}`,
      );
    for (const key in options)
      if (key !== 'top') throw new TengymError('bad-argument', `unknown hint option "${key}"; hint takes { top }`);
    const top = options.top === undefined || options.top === 0 ? Infinity : options.top;
    if (!(top === Infinity || (Number.isInteger(top) && top >= 1)))
      throw new TengymError(
        'bad-argument',
        `top must be an integer ≥ 0 (0: every legal move), got ${showValue(options.top)}`,
      );
    const { env: given, slot } = loaded(state);
    if (!given.running)
      throw new TengymError('episode-over', `no hint: the game is over (${JSON.stringify(given.outcome())})`);
    const env = shielded(given, slot);
    const changes = env.changes;
    const sameOutcome = hasSameOutcome(env);
    // With a time budget, the quick agent ranks while the source's tables are not built, and the source ranks
    // without its sentences' figures while theirs are not.
    // Without a budget nothing is built here: the source and the sentences build what they need as they answer.
    const timed = budget !== undefined && !sameOutcome;
    const ranks = !timed || slot.quick === null || buildUntil(env, slot, false, started + budget);
    const full = ranks && (!timed || !figures || buildUntil(env, slot, true, started + budget));
    const { agent, source } = ranks ? slot : slot.quick!;
    const details = figures && full ? (kitOf(env.game).hintDetails?.(env, agent) ?? null) : null;
    const ranked =
      sameOutcome || !agent.score ? scoresFromAct(agent, env, source) : scoresFromScore(agent, env, source);
    if (env.changes !== changes) throw changedEnv('hint', source);
    const hints: Hint[] = [];
    // Among equal scores, the move that ends the turn first (tie-break.ts): a player follows the top hint. Then no
    // move below one it provably dominates, whatever the sampling said.
    const ordered = sameOutcome
      ? ranked.actions
      : respectDominance(env, { ...ranked, actions: [...preferFewerMoves(env, ranked)] }).actions;
    const places = sameOutcome
      ? ordered.map(() => 1)
      : sharedRanks(
          ranked,
          ordered.map((a) => a.score),
        );
    for (const { action, score } of ordered) {
      if (hints.length >= top) break;
      if (!env.isLegal(action))
        throw new TengymError(
          'bad-action',
          `hint: ${source} ranked action ${showValue(action)}, which is ` +
            `not legal here; legal now: ${env.describeLegal()}`,
        );
      const detail = details?.get(action);
      const text = env.describeAction(action) + (detail ? `: ${detail}` : '');
      const h: Hint = {
        action,
        score: sameOutcome ? 0 : score,
        scoreKind: sameOutcome ? 'heuristic' : ranked.kind,
        ...(ranked.unit && !sameOutcome ? unitFields(ranked.unit) : {}),
        text,
        cards: env.actionCards(action),
        rank: places[hints.length],
      };
      const i = hints.length;
      if (!sameOutcome && (places[i - 1] === places[i] || places[i + 1] === places[i])) h.tied = true;
      if (sameOutcome) h.sameOutcome = true;
      else if (ranked.samples !== undefined && ranked.samples > 1) h.samples = ranked.samples;
      hints.push(h);
    }
    const result: HintResult = { env: env.id, source, sameOutcome, legalCount: env.legalCount, hints };
    if (!full) result.interim = true;
    if (sameOutcome)
      result.note =
        `${titleOf(env.id)} has no real decisions: every legal move leads to the same end, so any of them is as ` +
        `good as the others`;
    return result;
  }

  function observe(state: EnvState | Env): void {
    const { env: given, slot } = loaded(state);
    if (!given.running || !slot.agent.observe) return;
    const env = shielded(given, slot);
    const changes = env.changes;
    asAgent(slot.source, 'observe', () => slot.agent.observe?.(env));
    if (env.changes !== changes) throw changedEnv('observe', slot.source);
  }

  function prepare(state: EnvState | Env, budgetMs = Infinity): boolean {
    const started = performance.now();
    checkBudget(budgetMs, 'prepare');
    const { env: given, slot } = loaded(state);
    return !given.running || buildUntil(given, slot, figures, started + budgetMs);
  }

  const hinter: Hinter = {
    hint: (state, options) => {
      lastGameOf.set(hinter, showing);
      return hint(state, options);
    },
    observe: (state) => {
      lastGameOf.set(hinter, showing);
      observe(state);
    },
    prepare,
    sourceFor: (envId, options = {}) => slotFor(envId, options).source,
  };
  lastGameOf.set(hinter, null);
  return hinter;
}

/** The game's name for a player ("Tens"), or the id of an engine registered under none. */
function titleOf(id: string): string {
  return envIds().includes(id) ? envSpec(id).title : id;
}
