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
 * Past 600 lines for now: undo, step events, `follow` and moves by card still live here beside the RL contract.
 * The player's session (src/session/) has its own; they leave Env when the last callers (the page, GameStates)
 * move to it.
 */
import {
  TengymError,
  describeKind,
  describeNotState,
  fieldsOf,
  formatZodError,
  isPlainObject,
  showName,
  showValue,
} from './errors.js';
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
  envStateSchema,
  validateSeed,
  validatedOptions,
  type EnvBuffers,
  type EnvChange,
  type EnvState,
  type ResetOptions,
  type ResetResult,
  type StepInfo,
  type StepResult,
} from './env-support.js';
import type { BoardView, CardSpot } from './board.js';
import {
  actionCardsOf,
  boardOf,
  describeActionOf,
  endTextOf,
  loadStateJSON,
  renderOf,
  stateJSON,
  whyIllegalOf,
} from './defaults.js';
import { cardFace, type CardFace } from './cards.js';
import {
  cardChanges,
  isPlace,
  moveKindOf,
  moveOf,
  moveTakingExactly,
  movesTaking,
  partnersOf,
  stateCards,
  type Move,
  type MoveKind,
  type Place,
  type StepEvents,
} from './moves.js';

export {
  checkSeedFits,
  engineBounds,
  engineSizes,
  isValidatedFor,
  validateSeed,
  validatedOptions,
  type EnvBuffers,
  type EnvChange,
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
  /**
   * Steps and summed reward since the last `reset()` or `setState()` (a state's JSON does not
   * carry them; training's resume restores them). `undo()` takes its step and reward back.
   */
  episodeSteps = 0;
  episodeReturn = 0;

  private state: unknown;
  private changeCount = 0;
  private rng: Rng;
  private started = false;
  private statusCode: Status = RUNNING;
  private readonly result: StepResult;
  private readonly undoBudget: number;
  private undosUsed = 0;
  private readonly history: unknown[] = [];
  private readonly historyRng: number[][] = [];
  private readonly historyReturn: number[] = [];
  private historyLength = 0;
  /** The game was loaded by setState: its moves before the state loaded have no undo history. */
  private loaded = false;
  /** With `trackEvents()`: the state before the last change, and what the change was (null: none since). */
  private eventsBefore: unknown = null;
  private eventsLast: { kind: StepEvents['kind']; move: Move | null; reward: number } | null = null;
  private eventsMade: StepEvents | null = null;
  /** Who `follow`s the env's changes (none: nothing on the hot path but this test). */
  private followers: ((change: EnvChange) => void)[] | null = null;

  constructor(id: string, game: AnyGame, options: O, buffers: EnvBuffers = {}) {
    // make checks what it passes; a call by hand gets this, not a TypeError from deep in the engine.
    let wrong: string | null = null;
    if (typeof id !== 'string') wrong = `the id ${showValue(id)}`;
    else if (game === null || typeof game !== 'object' || typeof game.numActions !== 'function')
      wrong = `${describeKind(game)} as the engine`;
    else if (options === null || typeof options !== 'object') wrong = `${describeKind(options)} as the options`;
    if (wrong !== null)
      throw new TengymError(
        'bad-argument',
        `new Env takes an id, an engine and its options, got ${wrong}; use make(id, options), or make({ id, ` +
          `game, options }) for an engine of your own`,
      );
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
    if (this.observation.length !== size || this.mask.length !== n) {
      throw new TengymError(
        'bad-argument',
        `${id}: buffers of ${this.observation.length} observation floats and ${this.mask.length} mask ` +
          `entries, the engine needs ${size} and ${n}`,
      );
    }
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
    // Checked by hand, not with zod: reset is on the hot path of short games.
    if (!isPlainObject(opts as unknown))
      throw new TengymError('bad-argument', `reset takes { seed?, deck? }, got ${describeKind(opts)}`);
    for (const key in opts)
      if (key !== 'seed' && key !== 'deck')
        throw new TengymError('bad-argument', `reset: unknown option "${key}" (reset takes { seed?, deck? })`);
    const seed = opts.seed === undefined ? undefined : validateSeed(opts.seed);
    if (opts.deck !== undefined && !this.game.parseDeck)
      throw new TengymError('bad-deck', `reset: ${this.id} takes no explicit deck (its engine has no parseDeck)`);
    const deck = opts.deck === undefined ? null : this.game.parseDeck!(opts.deck, this.options);
    if (seed !== undefined) this.rng = createRng(seed);
    if (this.eventsBefore !== null) this.noteEvent('reset', null, 0);
    this.game.reset(this.state, this.options, this.rng, deck);
    this.started = true;
    this.episodeSteps = 0;
    this.episodeReturn = 0;
    this.historyLength = 0;
    this.loaded = false;
    this.undosUsed = 0;
    this.refresh();
    if (this.followers !== null) this.tell({ kind: 'reset' });
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
    if (this.undoBudget > 0) this.pushHistory();
    if (this.eventsBefore !== null) this.noteEvent('step', moveOf(this.game, this.state, this.options, action), 0);
    const reward = this.game.step(this.state, this.options, action, this.rng);
    this.episodeSteps++;
    this.episodeReturn += reward;
    this.refresh();
    if (this.eventsLast !== null) this.eventsLast.reward = reward;
    if (this.followers !== null) this.tell({ kind: 'step', action });
    const r = this.result;
    r.reward = reward;
    r.terminated = this.statusCode === TERMINATED;
    r.truncated = this.statusCode === TRUNCATED;
    // Assigned (never deleted) so the reused info object keeps one shape.
    r.info.outcome = this.statusCode === RUNNING ? undefined : this.outcome();
    return r;
  }

  /** Takes back the last step (where the env's `undoLimit` allows). */
  undo(): void {
    if (this.undoBudget === 0) {
      throw new TengymError(
        'undo-unavailable',
        this.game.undoLimit
          ? `undo: ${this.id} was made with undoLimit 0; make it with { undoLimit: 3 } or 'unlimited'`
          : `undo: ${this.id} has no undo: the ${this.game.name} engine has no undoLimit (envs() lists the ids ` +
              'whose options take one)',
      );
    }
    if (!this.started) throw new TengymError('not-reset', 'undo: call reset() first');
    if (this.undosUsed >= this.undoBudget)
      throw new TengymError('undo-unavailable', `undo: all ${this.undoBudget} undos of this game are used`);
    if (this.historyLength === 0) {
      // A saved game brought back with setState (localStorage, a file) has undos left but no history.
      // Said so that it holds at a deal too (GameStates.fromMoves loads the deal, then plays the moves).
      const why = this.loaded
        ? ': the env is at the state setState loaded, and a saved state holds no undo history of the moves ' +
          'before it (a game saved as its deal and moves, GameStates.toMoves(), and brought back by ' +
          'GameStates.fromMoves takes its moves back as far as the deal)'
        : '';
      throw new TengymError('undo-unavailable', `undo: there is no move to take back${why}`);
    }
    this.historyLength--;
    if (this.eventsBefore !== null) this.noteEvent('undo', null, 0);
    this.game.copyState(this.history[this.historyLength], this.state);
    this.rng = rngFromState(this.historyRng[this.historyLength]);
    this.episodeReturn = this.historyReturn[this.historyLength];
    this.undosUsed++;
    this.episodeSteps--;
    this.refresh();
    if (this.followers !== null) this.tell({ kind: 'undo' });
  }

  // ------------------------------------------------------------ moves by card, events, cards (moves.ts)

  /** The legal moves, each with its kind, words and the cards it takes (none once the game is over). */
  moves(): Move[] {
    if (!this.started) throw new TengymError('not-reset', 'moves: call reset() first');
    return this.ownLegal().map((a) => moveOf(this.game, this.state, this.options, a));
  }

  /** The legal moves that take the card at `place` ({ place, index, stack? }, a `CardSpot` of the board): a tap's. */
  movesTaking(place: Place): Move[] {
    return movesTaking(this.moves(), this.checkedPlace(place, 'movesTaking'));
  }

  /** The legal move that takes exactly the cards at `places` (any order), or null; [] is the move that takes none. */
  moveTaking(places: readonly Place[]): Move | null {
    if (!Array.isArray(places))
      throw new TengymError('bad-argument', `moveTaking takes an array of places, got ${describeKind(places)}`);
    return moveTakingExactly(
      this.moves(),
      places.map((p) => this.checkedPlace(p, 'moveTaking')),
    );
  }

  /** The cards that complete a legal move with the card at `place`: what lights up when it is tapped. */
  partners(place: Place): CardSpot[] {
    return partnersOf(this.moves(), this.checkedPlace(place, 'partners'));
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

  /** A card's face (rank, suit, symbol, colour, label) from a board's `CardSpot` or a code. */
  card(card: CardSpot | string): CardFace {
    const code = typeof card === 'string' ? card : (card as CardSpot | null)?.code;
    if (typeof code !== 'string')
      throw new TengymError('bad-argument', `card takes a card's code or a CardSpot, got ${describeKind(card)}`);
    return this.game.cardFace ? this.game.cardFace(code) : cardFace(code);
  }

  /**
   * Keeps what each reset, step and undo did for \`events()\` (a copy of the state before each one: off the hot path
   * until asked for). \`trackEvents(false)\` stops it.
   */
  trackEvents(on = true): this {
    this.eventsBefore = on ? (this.eventsBefore ?? this.game.createState(this.options)) : null;
    this.eventsLast = null;
    this.eventsMade = null;
    return this;
  }

  /**
   * What the last reset, step or undo did (`StepEvents`: the cards removed, placed, moved, the places emptied, the
   * move, reward, note and outcome), or null before any since `trackEvents()`.
   */
  events(): StepEvents | null {
    if (this.eventsLast === null || this.eventsBefore === null) return null;
    if (this.eventsMade === null) {
      const { kind, move, reward } = this.eventsLast;
      const before = kind === 'reset' ? [] : stateCards(this.game, this.eventsBefore, this.options);
      this.eventsMade = {
        kind,
        move,
        ...cardChanges(before, stateCards(this.game, this.state, this.options)),
        reward,
        note: kind === 'step' ? this.stepNote() : null,
        outcome: this.running ? null : this.outcome(),
      };
    }
    return this.eventsMade;
  }

  /**
   * Calls \`listener\` after every reset, step, undo and state loaded (\`EnvChange\`); the function returned stops it.
   * A \`GameStates\` follows its env this way.
   */
  follow(listener: (change: EnvChange) => void): () => void {
    if (typeof listener !== 'function')
      throw new TengymError('bad-argument', `follow takes a function, got ${describeKind(listener)}`);
    (this.followers ??= []).push(listener);
    return () => {
      const list = this.followers ?? [];
      const i = list.indexOf(listener);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) this.followers = null;
    };
  }

  private tell(change: EnvChange): void {
    for (const f of (this.followers ?? []).slice()) f(change);
  }

  /** Keeps the state before a change for `events()`. */
  private noteEvent(kind: StepEvents['kind'], move: Move | null, reward: number): void {
    this.game.copyState(this.state, this.eventsBefore);
    this.eventsLast = { kind, move, reward };
    this.eventsMade = null;
  }

  private checkedPlace(place: unknown, call: string): Place {
    if (!isPlace(place))
      throw new TengymError(
        'bad-argument',
        `${call} takes a place { place, index, stack? } (a CardSpot of board() or events()), got ${showValue(place)}`,
      );
    return place;
  }

  /**
   * How many times the state has changed (reset, step, undo, setState, copyFrom). A caller that
   * lends the env to other code (an evaluation to an agent's `act`) tells from it whether that
   * code changed the game, even back to the same step count.
   */
  get changes(): number {
    return this.changeCount;
  }

  /** Undos left this game (Infinity when unlimited). */
  get undosLeft(): number {
    return this.undoBudget - this.undosUsed;
  }
  /** Steps that undo could take back now. */
  get undoDepth(): number {
    return this.historyLength;
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
    if (!isPlainObject(json))
      throw new TengymError(
        'bad-state',
        `bad state: expected a plain object { env, options, rng, undosUsed, game }, got ${describeNotState(json)}`,
      );
    const parsed = envStateSchema.safeParse(json);
    if (!parsed.success) throw new TengymError('bad-state', `bad state: ${formatZodError(parsed.error)}`);
    const st = parsed.data;
    if (st.env !== this.id)
      throw new TengymError('bad-state', `bad state: it is a ${showName(st.env)} state, this env is "${this.id}"`);
    const opts = this.game.optionsSchema.safeParse(st.options);
    if (!opts.success) throw new TengymError('bad-state', `bad state options: ${formatZodError(opts.error)}`);
    if (JSON.stringify(opts.data) !== JSON.stringify(this.options)) {
      // Only the options that differ: the whole of both hides the one that matters among a dozen.
      const mine = fieldsOf(this.options);
      const theirs = fieldsOf(opts.data);
      const keys = [...new Set([...Object.keys(theirs), ...Object.keys(mine)])].filter(
        (k) => JSON.stringify(theirs[k]) !== JSON.stringify(mine[k]),
      );
      const pick = (o: Record<string, unknown>) =>
        JSON.stringify(Object.fromEntries(keys.map((k) => [k, o[k] ?? null])));
      throw new TengymError(
        'bad-state',
        `bad state: made with options ${pick(theirs)}, this env has ${pick(mine)} (the options that differ)`,
      );
    }
    if (st.undosUsed > this.undoBudget) {
      throw new TengymError(
        'bad-state',
        `bad state: undosUsed is ${st.undosUsed}, but ${this.id} allows ` +
          (this.undoBudget === 0 ? 'no undo' : `${this.undoBudget} undos per game`),
      );
    }
    const fresh = this.game.createState(this.options);
    loadStateJSON(this.game, st.game, this.options, fresh);
    const problem = this.game.checkState?.(fresh, this.options) ?? null;
    if (problem) throw new TengymError('bad-state', `bad state: ${problem}`);
    this.game.copyState(fresh, this.state);
    this.rng = rngFromState(st.rng);
    this.undosUsed = st.undosUsed;
    this.historyLength = 0;
    this.loaded = true;
    this.episodeSteps = 0;
    this.episodeReturn = 0;
    this.started = true;
    this.eventsLast = null;
    this.eventsMade = null;
    this.refresh();
    if (this.followers !== null) this.tell({ kind: 'load' });
  }

  /**
   * An independent copy: same state, rng stream and undo history; of an env never dealt, one never dealt (as a deep
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
    this.loaded = other.loaded;
    this.historyLength = 0;
    for (let i = 0; i < other.historyLength; i++)
      this.pushSnapshot(other.history[i], other.historyRng[i], other.historyReturn[i]);
    this.changeCount++;
    this.eventsLast = null;
    this.eventsMade = null;
    if (this.followers !== null) this.tell({ kind: 'load' });
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

  private pushHistory(): void {
    this.pushSnapshot(this.state, this.rng.getState(), this.episodeReturn);
  }

  private pushSnapshot(src: unknown, rngState: readonly number[], episodeReturn: number): void {
    if (this.history.length === this.historyLength) this.history.push(this.game.createState(this.options));
    this.game.copyState(src, this.history[this.historyLength]);
    this.historyRng[this.historyLength] = [...rngState];
    this.historyReturn[this.historyLength] = episodeReturn;
    this.historyLength++;
  }

  private assertActionId(action: number, call: string): void {
    if (typeof action !== 'number') {
      // Ids read from a page or a file (a button's data-action, JSON text) arrive as strings.
      const text =
        typeof action === 'string' && /^\s*\d+\s*$/.test(action)
          ? ' (text from a page or a file: Number(text) makes it one)'
          : '';
      // A hint (or any move object) passed whole: its id is its .action. An object is shown once, in the call.
      const id =
        isPlainObject(action) && typeof (action as { action?: unknown }).action === 'number'
          ? ` (a hint's id is its .action: ${call}(hint.action))`
          : '';
      const kind =
        action == null
          ? String(action)
          : isPlainObject(action)
            ? 'an object'
            : typeof action === 'object'
              ? describeKind(action)
              : `a ${typeof action}`;
      throw new TengymError(
        'bad-action',
        `${call}(${showValue(action)}): an action id is a number, not ${kind}${text}${id}; ${this.id} has ids ` +
          `0..${this.actionSpace.n - 1}`,
      );
    }
    if (!Number.isInteger(action) || action < 0 || action >= this.actionSpace.n) {
      throw new TengymError(
        'bad-action',
        `${call}(${showValue(action)}): not an action id; ${this.id} has ids 0..${this.actionSpace.n - 1}`,
      );
    }
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
