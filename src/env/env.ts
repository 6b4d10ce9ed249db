/**
 * `Env`: the one Gymnasium-style class around every engine (see game.ts).
 *
 * Hot path: `step` returns the same result object every time and writes into the
 * same `observation` and `mask` buffers, so a training loop allocates nothing. Copy
 * what you keep (`observation.slice()`), or use `actionMask()` / `legalActions()`,
 * which return fresh copies. Legality is checked against the env's own copy of what the engine
 * wrote, so a caller's write into `mask` or `legal` cannot make an illegal move legal.
 *
 * Seeding: a new env's generator starts from seed 0, so even an unseeded run is
 * reproducible; `reset({ seed })` re-seeds it and `reset()` continues its stream.
 *
 * A player's layer is not here: moves by card, a tap selection, forced moves, undo and step events are the
 * session's (src/session/session.ts); a game's history with its undo, for hints, is `GameStates` (src/hints/).
 * The state JSON still carries `undosUsed`, which a loaded state may not take past the game's `undoLimit`.
 */
import { TengymError, describeKind, fieldsOf, showValue } from './errors.js';
import {
  RUNNING,
  TERMINATED,
  TRUNCATED,
  type AnyGame,
  type GameOptions,
  type ObservationBounds,
  type Outcome,
  type Status,
} from './game.js';
import { createRng, rngFromState, type Rng } from './rng.js';
import {
  engineBounds,
  engineSizes,
  validateSeed,
  validatedOptions,
  type EnvBuffers,
  type EnvState,
  type ResetOptions,
  type ResetResult,
  type StepInfo,
  type StepResult,
} from './env-support.js';
import type { BoardView, CardSpot } from './board.js';
import { actionCardsOf, boardOf, describeActionOf, endTextOf, renderOf, stateJSON, whyIllegalOf } from './defaults.js';
import { moveKindOf, type MoveKind } from './moves.js';
import { actionIdError, checkBuffers, checkEnvArguments, checkResetArguments, loadedState } from './env-checks.js';

export {
  checkSeedFits,
  engineBounds,
  engineSizes,
  isValidatedFor,
  validateSeed,
  validatedOptions,
  type EnvBuffers,
  type EnvState,
  type ResetOptions,
  type ResetResult,
  type StepInfo,
  type StepResult,
} from './env-support.js';
export { formatZodError } from './errors.js';

/**
 * `O`: the options' type. `R`: the outcome's, which `make(id)` narrows for a registered id
 * (`make('decade').outcome().cardsLeft`, `make('four-ten').outcome().points`).
 */
export class Env<O extends object = GameOptions, R extends Outcome = Outcome> {
  readonly id: string;
  readonly game: AnyGame;
  readonly options: Readonly<O>;
  readonly actionSpace: { readonly n: number };
  readonly observationSpace: { readonly shape: readonly [number] };
  /** Reused observation buffer, rewritten by every reset and step. */
  readonly observation: Float32Array;
  /** Reused action mask, rewritten by every reset and step. */
  readonly mask: Uint8Array;
  /** Legal action ids of the current state in `legal[0..legalCount-1]`, increasing. */
  readonly legal: Int32Array;
  // Read through `legalCount`: a caller's write would leave the env out of step with its own state.
  private legalN = 0;
  /**
   * The mask as the engine wrote it, which `step` and the other checks read: `mask` and `legal`
   * are the caller's to read without a copy, and a write into them (an agent's bug) must not
   * make an illegal move legal.
   */
  private readonly ownMask: Uint8Array;
  /** The ids `ownMask` holds, `legalN` of them: a refresh clears just those (a copy of the whole mask costs more). */
  private readonly ownIds: Int32Array;
  /** Steps and summed reward since `reset()` or `setState()`: not in a state's JSON (training's resume sets them). */
  episodeSteps = 0;
  episodeReturn = 0;

  private state: unknown;
  private changeCount = 0;
  private rng: Rng;
  private started = false;
  private statusCode: Status = RUNNING;
  private readonly result: StepResult;
  /** The game's undo limit (`undoLimit`), which a loaded state's `undosUsed` may not pass. */
  private readonly undoBudget: number;
  /** The undos a game used, as its state JSON carries them (the undo is `GameStates.undo`'s, `Session.undo`'s). */
  private undosUsed = 0;

  constructor(id: string, game: AnyGame, options: O, buffers: EnvBuffers = {}) {
    checkEnvArguments(id, game, options);
    this.id = id;
    this.game = game;
    // make's are validated already; options passed by hand are checked here, as make checks its own.
    options = validatedOptions(id, game, options) as O;
    this.options = options;
    const { n, size } = engineSizes(id, game, options);
    this.actionSpace = Object.freeze({ n });
    this.observationSpace = Object.freeze({ shape: [size] as const });
    this.observation = buffers.observation ?? new Float32Array(size);
    this.mask = buffers.mask ?? new Uint8Array(n);
    checkBuffers(id, this.observation, this.mask, size, n);
    this.legal = new Int32Array(n);
    this.ownMask = new Uint8Array(n);
    this.ownIds = new Int32Array(n);
    this.state = game.createState(options);
    this.rng = createRng(0);
    this.undoBudget = game.undoLimit?.(options) ?? 0;
    this.result = {
      observation: this.observation,
      reward: 0,
      terminated: false,
      truncated: false,
      info: { actionMask: this.mask, outcome: undefined },
    };
  }

  get terminated(): boolean {
    return this.statusCode === TERMINATED;
  }
  get truncated(): boolean {
    return this.statusCode === TRUNCATED;
  }
  /** True after reset and before the episode ends. */
  get running(): boolean {
    return this.started && this.statusCode === RUNNING;
  }
  get hasStarted(): boolean {
    return this.started;
  }

  /** Deals a new game: seeded when `opts.seed` is given (else the stream goes on), or the deck given. */
  reset(opts: ResetOptions = {}): ResetResult {
    checkResetArguments(opts, this.id, this.game);
    const seed = opts.seed === undefined ? undefined : validateSeed(opts.seed);
    const deck = opts.deck === undefined ? null : this.game.parseDeck!(opts.deck, this.options);
    if (seed !== undefined) this.rng = createRng(seed);
    this.game.reset(this.state, this.options, this.rng, deck);
    this.started = true;
    this.episodeSteps = 0;
    this.episodeReturn = 0;
    this.undosUsed = 0;
    this.refresh();
    const info: StepInfo = { actionMask: this.mask };
    if (this.statusCode !== RUNNING) {
      info.terminated = true;
      info.outcome = this.outcome();
    }
    return { observation: this.observation, info };
  }

  /** Plays a legal action; an illegal one is a `TengymError` and leaves the env unchanged. */
  step(action: number): StepResult {
    this.assertLegal(action, 'step');
    const reward = this.game.step(this.state, this.options, action, this.rng);
    this.episodeSteps++;
    this.episodeReturn += reward;
    this.refresh();
    const r = this.result;
    r.reward = reward;
    r.terminated = this.statusCode === TERMINATED;
    r.truncated = this.statusCode === TRUNCATED;
    // Assigned (never deleted) so the reused info object keeps one shape.
    r.info.outcome = this.statusCode === RUNNING ? undefined : this.outcome();
    return r;
  }

  /** The kind of a legal move ('pair', 'deal', 'run', 'exchange'…; `Game.moveKind`). */
  moveKind(action: number): MoveKind {
    this.assertLegal(action, 'moveKind');
    return moveKindOf(
      this.game,
      this.state,
      this.options,
      action,
      actionCardsOf(this.game, this.state, this.options, action),
    );
  }

  /**
   * How many times the state has changed (reset, step, setState, copyFrom). A caller that
   * lends the env to other code (an evaluation to an agent's `act`) tells from it whether that
   * code changed the game, even back to the same step count.
   */
  get changes(): number {
    return this.changeCount;
  }

  /**
   * The lowest and highest value each observation float takes under this env's options (fresh
   * copies): what the engine declares (`Game.observationBounds`), or (-Infinity, Infinity) for an
   * engine that declares none. Computed once per options, not per step.
   */
  observationBounds(): ObservationBounds {
    const { low, high } = engineBounds(this.id, this.game, this.options);
    return { low: low.slice(), high: high.slice() };
  }

  /** A fresh copy of the action mask. */
  actionMask(): Uint8Array {
    if (!this.started) throw new TengymError('not-reset', 'actionMask: call reset() first');
    return this.ownMask.slice();
  }

  /** The legal action ids of the current state, a fresh array. */
  legalActions(): number[] {
    if (!this.started) throw new TengymError('not-reset', 'legalActions: call reset() first');
    return this.ownLegal();
  }

  /** Whether `action` is legal now (false for any value that is no action id). */
  isLegal(action: number): boolean {
    return (
      this.started &&
      Number.isInteger(action) &&
      action >= 0 &&
      action < this.actionSpace.n &&
      this.ownMask[action] === 1
    );
  }

  /** The legal ids, increasing, as the engine wrote them (a write into `legal` or `mask` changes none). */
  private ownLegal(): number[] {
    return Array.from(this.ownIds.subarray(0, this.legalN));
  }

  /** An action id in words, for the current state (what `tengym play` and the hints print). */
  describeAction(action: number): string {
    this.assertActionId(action, 'describeAction');
    if (!this.started) throw new TengymError('not-reset', 'describeAction: call reset() first');
    return describeActionOf(this.game, this.state, this.options, action);
  }

  /** The current state as text, as `tengym play` shows it. */
  render(): string {
    if (!this.started) throw new TengymError('not-reset', 'render: call reset() first');
    return renderOf(this.game, this.state, this.options, this.ownLegal());
  }

  /** The cards a legal action takes, as the state JSON places them (for hints and a front end). */
  actionCards(action: number): CardSpot[] {
    this.assertLegal(action, 'actionCards');
    return actionCardsOf(this.game, this.state, this.options, action);
  }

  /** What the player is asked now; '' when the board says enough or the game is over. */
  prompt(): string {
    if (!this.started) throw new TengymError('not-reset', 'prompt: call reset() first');
    return this.running ? (this.game.prompt?.(this.state, this.options) ?? '') : '';
  }

  /** The board as a front end draws it (src/env/board.ts). */
  /** What the last step did beyond the move itself, with its reason (`Game.stepNote`), or null. */
  stepNote(): string | null {
    if (!this.started) throw new TengymError('not-reset', 'stepNote: call reset() first');
    return this.game.stepNote?.(this.state, this.options) ?? null;
  }

  /** The current state as parts to draw (`BoardView`). */
  board(): BoardView {
    if (!this.started) throw new TengymError('not-reset', 'board: call reset() first');
    return boardOf(this.game, this.state, this.options, this.ownLegal());
  }

  /** How the game ended, in a sentence for a player (`Game.endText`); '' while it runs. */
  endText(): string {
    if (!this.started) throw new TengymError('not-reset', 'endText: call reset() first');
    if (this.running) return '';
    return endTextOf(this.game, this.state, this.options, this.outcome(), {
      truncated: this.truncated,
      steps: this.episodeSteps,
    });
  }

  /** The game's result so far, by the engine's result fields (cards left, points, rounds …). */
  outcome(): R {
    if (!this.started) throw new TengymError('not-reset', 'outcome: call reset() first');
    // R is what make() says this id's engine ends with (OutcomeOf in registry.ts).
    return this.game.outcome(this.state, this.options) as R;
  }

  /**
   * The whole state as plain JSON, stock and generator included: `setState` on an env of the same id and
   * options restores it.
   */
  getState(): EnvState {
    if (!this.started) throw new TengymError('not-reset', 'getState: call reset() first');
    return {
      env: this.id,
      // O is the engine's options object: plain fields, as its schema made them.
      options: fieldsOf(this.options),
      rng: [...this.rng.getState()],
      undosUsed: this.undosUsed,
      game: stateJSON(this.game, this.state, this.options),
    };
  }

  /** `JSON.stringify(env)` writes `getState()` (the engine it holds is code, not data). */
  toJSON(): EnvState {
    if (!this.started)
      throw new TengymError(
        'not-reset',
        'JSON.stringify(env): call reset() first (an env is written as its getState())',
      );
    return this.getState();
  }

  /** Loads a `getState()` JSON; a malformed or foreign state is an error and changes nothing. */
  setState(json: unknown): void {
    const { st, fresh } = loadedState(json, this.id, this.game, this.options, this.undoBudget);
    this.game.copyState(fresh, this.state);
    this.rng = rngFromState(st.rng);
    this.undosUsed = st.undosUsed;
    this.episodeSteps = 0;
    this.episodeReturn = 0;
    this.started = true;
    this.refresh();
  }

  /**
   * An independent copy: same state and rng stream; of an env never dealt, one never dealt (as a deep
   * copy before `reset` is in Gymnasium).
   */
  clone(): Env<O, R> {
    const copy = new Env<O, R>(this.id, this.game, this.options);
    copy.copyFrom(this);
    return copy;
  }

  /** Makes this env an exact copy of `other` (same id and options), reusing its buffers. */
  copyFrom(other: Env<O>): void {
    if (!(other instanceof Env))
      throw new TengymError(
        'bad-argument',
        `copyFrom takes an Env (of the same id and options), got ${describeKind(other)}`,
      );
    if (
      other.game !== this.game ||
      (other.options !== this.options && JSON.stringify(other.options) !== JSON.stringify(this.options))
    ) {
      throw new TengymError(
        'bad-argument',
        `copyFrom: ${other.id} ${JSON.stringify(other.options)} is a different ` +
          `env from ${this.id} ${JSON.stringify(this.options)}`,
      );
    }
    this.game.copyState(other.state, this.state);
    this.rng = other.rng.clone();
    this.started = other.started;
    this.statusCode = other.statusCode;
    this.legalN = other.legalN;
    // From what other's engine wrote, not from its public arrays, which its caller may have written into.
    this.ownMask.set(other.ownMask);
    this.ownIds.set(other.ownIds);
    this.mask.set(other.ownMask);
    this.legal.set(other.ownIds);
    this.observation.set(other.observation);
    this.episodeSteps = other.episodeSteps;
    this.episodeReturn = other.episodeReturn;
    this.undosUsed = other.undosUsed;
    this.changeCount++;
  }

  /** How many ids of `legal` are the current state's legal actions. */
  get legalCount(): number {
    return this.legalN;
  }

  /** The engine state, for agents and tools built on the engine functions. Do not mutate. */
  get rawState(): unknown {
    return this.state;
  }

  /**
   * The engine's calls after every change to the state, in the contract's order (game.ts): legalActions
   * first, then status, which may read what legalActions stored, then observe. No other method of Env
   * calls status.
   */
  private refresh(): void {
    this.changeCount++;
    const g = this.game;
    for (let i = 0; i < this.legalN; i++) this.ownMask[this.ownIds[i]] = 0;
    this.legalN = g.legalActions(this.state, this.options, this.mask, this.legal);
    for (let i = 0; i < this.legalN; i++) {
      const a = this.legal[i];
      this.ownIds[i] = a;
      this.ownMask[a] = 1;
    }
    this.statusCode = g.status(this.state, this.options);
    g.observe(this.state, this.options, this.observation);
  }

  private assertActionId(action: number, call: string): void {
    if (typeof action === 'number' && Number.isInteger(action) && action >= 0 && action < this.actionSpace.n) return;
    throw actionIdError(action, call, this.id, this.actionSpace.n);
  }

  /** Throws the TengymError that `step(action)` would throw, without stepping; returns when the action is legal. */
  assertLegal(action: number, call = 'step'): void {
    if (!this.started) throw new TengymError('not-reset', `${call}(${showValue(action)}): call reset() first`);
    if (this.statusCode !== RUNNING) {
      const o = this.outcome();
      throw new TengymError(
        'episode-over',
        `${call}(${showValue(action)}): the episode is over ` +
          `(${this.statusCode === TERMINATED ? 'terminated' : 'truncated'}, outcome ${JSON.stringify(o)}); call ` +
          `reset()`,
      );
    }
    this.assertActionId(action, call);
    if (this.ownMask[action] !== 1) {
      const what = describeActionOf(this.game, this.state, this.options, action);
      const why = whyIllegalOf(this.game, this.state, this.options, action);
      throw new TengymError(
        'illegal-action',
        `${call}(${action}): "${what}" is not legal: ${why}. Legal now: ${this.describeLegal()}`,
      );
    }
  }

  /** "0 (draw), 17 (discard 4♣ 6♦)…": the legal ids for an error message. */
  describeLegal(limit = 12): string {
    const parts: string[] = [];
    const legal = this.ownLegal();
    for (let i = 0; i < Math.min(this.legalCount, limit); i++) {
      const a = legal[i];
      parts.push(`${a} (${describeActionOf(this.game, this.state, this.options, a)})`);
    }
    if (this.legalCount > limit) parts.push(`… ${this.legalCount - limit} more`);
    return parts.length ? parts.join(', ') : 'none';
  }
}
