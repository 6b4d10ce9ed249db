/**
 * A player's session: what a person playing one of tengym's games needs, around an `Env` (which keeps only the
 * reinforcement-learning contract). `tengym play`, the play page and an app build on it.
 *
 * | Member                     | What it does                                                                        |
 * | -------------------------- | ----------------------------------------------------------------------------------- |
 * | `new Session(id, config)`  | any registered id (`envIds()`); options, difficulty, forced moves, a hinter          |
 * | `deal(choice)`             | a new deal: a seed, the daily deal of a day, only winnable ones                     |
 * | `moves()`, `play(move)`    | the legal moves by card; a player's move, then the forced moves it leads to         |
 * | `tap(place)`, `selection`  | a tap selection: the move fires once the cards tapped are a move no bigger one holds |
 * | `moveTaking`, `partners`   | moves by card: the move of some cards, the cards that complete one; `card(spot)`     |
 * | `undo()`, `undosLeft`      | back to the player's last decision; the budget is counted in decisions              |
 * | `steps`, `followSteps()`   | the game as env steps, each forced or not; a record of steps played back exactly     |
 * | `hint(top)`                | the legal moves ranked, with a header in a player's words (`hintHeader`)            |
 * | `view()`                   | the board as named parts (`SessionView`): no search of parts by kind               |
 * | `stats`                    | games, wins, streaks and daily results                                              |
 * | `save()`, `Session.load()` | a save of the settings, the deal, the player's inputs and the statistics (zod-checked) |
 * | `yourMoves`, `forcedMoves` | the player's decisions counted apart from the moves played for them                 |
 *
 * A forced move is one where the game leaves a single legal move (Decade's deals once nothing else is left): it is
 * no decision, so the session plays it for the player and reports it with the player's move that led to it.
 *
 * The types it takes and gives, and the helpers that say the stock and a hint's header, are in session-parts.ts.
 */
import {
  checkedPlace,
  difficultySchema,
  emptyStats,
  saveSchema,
  stockOf,
  type Difficulty,
  type SessionConfig,
  type SessionDeal,
  type SessionInput,
  type SessionSave,
  type SessionSettings,
  type SessionStats,
  type SessionStep,
  type SessionView,
  type TapResult,
  type Turn,
} from './session-parts.js';

import { sameOutcomeOf } from '../env/game.js';
import type { Outcome } from '../env/game.js';
import { TengymError, formatZodError, plural, showValue } from '../env/errors.js';
import type { Env, EnvState } from '../env/env.js';
import { envIds, make } from '../env/registry.js';
import type { BoardPart, CardSpot } from '../env/board.js';
import { cardFace, type CardFace } from '../env/cards.js';
import {
  cardChanges,
  moveOf,
  moveTakingExactly,
  movesTaking,
  partnersOf,
  placeKey,
  stateCards,
  type Move,
  type Place,
  type StepEvents,
} from '../env/moves.js';
import { difficultyThirdsOf, pickDeal, winnableBy } from '../agents/deals.js';
import type { VariantDifficulty } from '../agents/kit.js';
import { kitOf } from '../agents/modules.js';
import { GameStates, createHinter, type HintResult, type Hinter } from '../hints/hint.js';

export {
  emptyStats,
  hintHeader,
  stockOf,
  stockText,
  type BoardPartOf,
  type DailyResult,
  type Difficulty,
  type SessionConfig,
  type SessionDeal,
  type SessionInput,
  type SessionSave,
  type SessionSettings,
  type SessionStats,
  type SessionStep,
  type SessionView,
  type StockView,
  type TapResult,
  type Turn,
} from './session-parts.js';

/** The variants by difficulty of a game without decisions (its kit's, from measured win rates), or undefined. */
function variantsOf(id: string): VariantDifficulty | undefined {
  return kitOf(make(id).game).variantDifficulty?.[id];
}

/** The undos a player gets where the game has an undo and the options name none. */
export const DEFAULT_UNDOS = 3;

/** A registered id; anything else is refused as `make` refuses it (with the nearest id). */
function checkId(id: unknown): string {
  if (typeof id !== 'string')
    throw new TengymError(
      'bad-argument',
      `Session: the id is a string, got ${showValue(id)}; ids: ${envIds().join(', ')}`,
    );
  make(id);
  return id;
}

/** The options a session makes its env with: the difficulty's variant, then the undo a player gets by default. */
function envOptions(env: Env, settings: SessionSettings): Record<string, unknown> {
  const variant = settings.difficulty === null ? {} : (variantsOf(settings.id)?.[settings.difficulty] ?? {});
  const options = { ...settings.options, ...variant };
  if (env.game.undoLimit !== undefined && !('undoLimit' in options)) options.undoLimit = DEFAULT_UNDOS;
  return options;
}

/** A player's session on one env id: see the table at the top of this file. */
export class Session {
  /** What the session was made with (saved with it). */
  readonly settings: Readonly<SessionSettings>;
  /** The env it plays on: read it (the board, the render), but play through the session. */
  readonly env: Env;
  /** Games, wins, streaks and daily results, counted as games end. */
  stats: SessionStats;
  private hinterGiven: Hinter | null;
  private states: GameStates | null = null;
  private dealt: SessionSave['deal'] = { seed: 0, daily: null, winnable: false };
  private inputs: SessionInput[] = [];
  /** The state at each of the player's decisions, and the steps since the deal then. */
  private decisions: { state: EnvState; steps: SessionStep[]; recorded: number }[] = [];
  private played: SessionStep[] = [];
  private undoBudget: number;
  private usedUndos = 0;
  private counted = false;
  private picked: CardSpot[] = [];
  /** Set while a save is replayed: its games were counted when they were played. */
  private replaying = false;

  /** A session on a registered id; `newDeal()` deals its first game. */
  constructor(id: string, config: SessionConfig = {}) {
    const settings: SessionSettings = {
      id: checkId(id),
      options: { ...(config.options ?? {}) },
      difficulty: config.difficulty ?? null,
      autoForced: config.autoForced ?? true,
    };
    const parsed = difficultySchema.safeParse(settings.difficulty);
    if (!parsed.success) throw new TengymError('bad-argument', `Session: ${formatZodError(parsed.error)}`);
    this.settings = Object.freeze(settings);
    this.env = make(id, envOptions(make(id, settings.options), settings));
    this.undoBudget = this.env.game.undoLimit?.(this.env.options) ?? 0;
    this.hinterGiven = config.hinter ?? null;
    this.stats = config.stats ?? emptyStats();
  }

  /** The ids a session can play: every registered env. */
  static ids(): string[] {
    return envIds();
  }

  /** Whether the game has difficulty settings (by winnable thirds, or by variant): whether `difficulty` is taken. */
  static hasDifficulty(id: string): boolean {
    const env = make(checkId(id));
    return variantsOf(id) !== undefined || (!sameOutcomeOf(env.game, env.options) && difficultyThirdsOf(env) !== null);
  }

  /** Whether the game is dealt and not over. */
  get running(): boolean {
    return this.env.running;
  }
  /** The player's decisions since the deal (undone ones not counted). */
  get yourMoves(): number {
    return this.played.filter((s) => !s.forced).length;
  }
  /** The moves played for the player since the deal. */
  get forcedMoves(): number {
    return this.played.filter((s) => s.forced).length;
  }
  /** The steps from the deal to the position shown, undone ones left out: each action, and whether it was forced. */
  get steps(): readonly SessionStep[] {
    return this.played;
  }
  /** Undos used this game. */
  get undosUsed(): number {
    return this.usedUndos;
  }
  /** Undos left this game (Infinity when unlimited; 0 where the game has none). */
  get undosLeft(): number {
    return this.undoBudget - this.usedUndos;
  }
  /** Whether `undo()` would take a decision back now. */
  get canUndo(): boolean {
    return this.undosLeft > 0 && this.decisions.length > 0;
  }
  /** The deal being played: its seed, day and whether it was asked to be winnable. */
  get deal(): Readonly<SessionSave['deal']> {
    return this.dealt;
  }

  /** A new deal; a game left with a decision made counts as lost. */
  newDeal(choice: SessionDeal = {}): Turn {
    if (this.env.hasStarted && !this.counted && this.yourMoves > 0) this.count(false);
    const level = this.levelAsked();
    const seed = choice.seed ?? (this.env.hasStarted ? this.dealt.seed + 1 : 0);
    const winnable = choice.winnable === true || level !== undefined;
    // A seed found already (by `pickDeal` in a worker) is dealt as it is: the search is not made twice.
    const picked =
      choice.found === true && choice.seed !== undefined
        ? { seed: choice.seed }
        : pickDeal(this.env, {
            ...(choice.daily !== undefined ? { date: choice.daily } : { seed }),
            ...(winnable && winnableBy(this.env) !== null ? { winnable: true } : {}),
            ...(level !== undefined ? { level } : {}),
          });
    this.dealt = { seed: picked.seed, daily: choice.daily ?? null, winnable };
    return this.start();
  }

  /** Deals the chosen seed and plays the forced moves before the first decision (at most `forcedLimit` of them). */
  private start(forcedLimit = Infinity): Turn {
    const before: CardSpot[] = [];
    this.env.reset({ seed: this.dealt.seed });
    this.inputs = [];
    this.decisions = [];
    this.played = [];
    this.usedUndos = 0;
    this.counted = false;
    this.picked = [];
    this.states = new GameStates(this.env);
    const first = this.changeEvents('reset', null, before, 0);
    return this.afterChange('deal', null, [first], forcedLimit);
  }

  /** The level asked of a game with decisions, or undefined. */
  private levelAsked(): Difficulty | undefined {
    const d = this.settings.difficulty;
    if (d === null || variantsOf(this.settings.id) !== undefined) return undefined;
    return difficultyThirdsOf(this.env) === null ? undefined : d;
  }

  private checkStarted(call: string): void {
    if (!this.env.hasStarted) throw new TengymError('not-reset', `session.${call}: deal first (session.newDeal())`);
  }

  /** The legal moves, each with its kind, words and cards (none once the game is over). */
  moves(): Move[] {
    this.checkStarted('moves');
    const { game, rawState, options } = this.env;
    return this.env.legalActions().map((a) => moveOf(game, rawState, options, a));
  }

  /** The player's move (a `Move` of `moves()` or its action id), then the forced moves it leads to. */
  play(move: Move | number): Turn {
    this.checkStarted('play');
    const action = typeof move === 'number' ? move : move?.action;
    this.env.assertLegal(action, 'session.play');
    this.inputs.push(action);
    const events = [this.decide(action)];
    return this.afterChange('move', events[0].move, events);
  }

  /** Plays the player's decision `action` (legal), kept for undo; no forced move after it. */
  private decide(action: number): StepEvents {
    this.decisions.push({ state: this.env.getState(), steps: this.played.slice(), recorded: this.history().length });
    this.picked = [];
    const events = this.stepEvents(action);
    this.played.push({ action, forced: false });
    return events;
  }

  /** Takes back the player's last decision with the forced moves after it: one undo of the budget. */
  undo(): Turn {
    this.checkStarted('undo');
    if (this.undoBudget === 0)
      throw new TengymError('undo-unavailable', `undo: ${this.settings.id} has no undo with these options`);
    if (this.undosLeft <= 0)
      throw new TengymError('undo-unavailable', `undo: all ${plural(this.undoBudget, 'undo')} of this game are used`);
    const last = this.decisions.pop();
    if (last === undefined) throw new TengymError('undo-unavailable', 'undo: there is no move of yours to take back');
    const before = stateCards(this.env.game, this.env.rawState, this.env.options);
    const states = this.history().slice(0, last.recorded);
    this.env.setState(last.state);
    // The game's states up to the decision: a hinter that remembers what it saw is shown that game again.
    this.states = GameStates.fromJSON(this.env, states);
    this.played = last.steps;
    // The steps since the deal are the ones not undone (setState counts none): the step limit counts them too.
    this.env.episodeSteps = this.played.length;
    this.usedUndos++;
    this.inputs.push('undo');
    this.picked = [];
    return this.finish('undo', null, [this.changeEvents('undo', null, before, 0)], [], []);
  }

  /**
   * Plays a game recorded as its env steps from the deal (every step, forced ones included, as `steps` gives them) to
   * the position they reach, with `undosUsed` of the budget spent. A step where the session plays the only legal move
   * for the player counts as forced, any other as a decision. It stops after the last step, even before a forced
   * move, which then waits for the player as after an undo; with `thenForced` it plays the forced moves there. Returns
   * the index of the first step not legal where it comes (the steps before it are played), or null when every step
   * was.
   */
  followSteps(steps: readonly number[], options: { undosUsed?: number; thenForced?: boolean } = {}): number | null {
    this.checkStarted('followSteps');
    if (!Array.isArray(steps))
      throw new TengymError('bad-argument', `followSteps takes an array of action ids, got ${showValue(steps)}`);
    const { undosUsed = 0, thenForced = false } = options;
    if (!(Number.isSafeInteger(undosUsed) && undosUsed >= 0))
      throw new TengymError('bad-argument', `followSteps: undosUsed is a whole number, got ${showValue(undosUsed)}`);
    const counted = this.counted;
    this.start(0);
    // A game counted when it ended stays counted: following its steps again is no new game.
    this.counted = counted;
    let bad: number | null = null;
    for (const [i, action] of steps.entries()) {
      if (!this.env.running || !this.env.isLegal(action)) {
        bad = i;
        break;
      }
      if (this.forcedNow()) {
        this.stepEvents(action);
        this.played.push({ action, forced: true });
      } else this.decide(action);
    }
    if (thenForced) this.afterChange('load', null, []);
    this.usedUndos = Math.min(undosUsed, this.undoBudget);
    // Replayed on load as followed, the forced moves played after the steps among them.
    this.inputs = [{ steps: this.played.map((s) => s.action), undosUsed: this.usedUndos }];
    this.finish('load', null, [], [], []);
    return bad;
  }

  /** Whether the session plays the position's move for the player: the only legal one, forced moves on. */
  private forcedNow(): boolean {
    return this.settings.autoForced && this.env.running && this.env.legalCount === 1;
  }

  /**
   * Taps the card at `place`: it joins the selection (tapped again, it leaves it). The move fires once the selection
   * is exactly a legal move and no bigger legal move holds it (a pair that could grow into a quartet waits); a card
   * that no move takes with the selection starts a new one.
   */
  tap(place: Place): TapResult {
    this.checkStarted('tap');
    checkedPlace(place, 'tap');
    const moves = this.moves();
    const key = placeKey(place);
    const card = this.findCard(moves, place);
    if (card === null) return { selection: this.picked, partners: [], turn: null };
    let picked = this.picked.some((c) => placeKey(c) === key)
      ? this.picked.filter((c) => placeKey(c) !== key)
      : [...this.picked, card];
    const holding = (sel: readonly CardSpot[]) =>
      moves.filter((m) => sel.every((c) => m.cards.some((d) => placeKey(d) === placeKey(c))));
    if (picked.length > 0 && holding(picked).length === 0) picked = holding([card]).length > 0 ? [card] : [];
    this.picked = picked;
    const exact = picked.length === 0 ? null : moveTakingExactly(moves, picked);
    if (exact !== null && !holding(picked).some((m) => m.cards.length > picked.length)) {
      return { selection: [], partners: [], turn: this.play(exact) };
    }
    return { selection: picked, partners: this.partnersOfSelection(moves), turn: null };
  }

  /** The cards selected by taps so far. */
  get selection(): readonly CardSpot[] {
    return this.picked;
  }
  /** Empties the selection. */
  clearSelection(): void {
    this.picked = [];
  }

  /** The cards that complete a legal move with the card at `place` (what lights up when it is tapped). */
  partners(place: Place): CardSpot[] {
    return partnersOf(this.moves(), checkedPlace(place, 'partners'));
  }

  /** The move that takes no card (a draw, a deal into empty slots), or null. */
  drawMove(): Move | null {
    return moveTakingExactly(this.moves(), []);
  }

  /** The legal moves that take the card at `place`. */
  movesTaking(place: Place): Move[] {
    return movesTaking(this.moves(), checkedPlace(place, 'movesTaking'));
  }

  /** The legal move that takes exactly the cards at `places` (any order), or null; [] is the move that takes none. */
  moveTaking(places: readonly Place[]): Move | null {
    if (!Array.isArray(places))
      throw new TengymError('bad-argument', `moveTaking takes an array of places, got ${showValue(places)}`);
    return moveTakingExactly(
      this.moves(),
      places.map((p) => checkedPlace(p, 'moveTaking')),
    );
  }

  /** A card's face (rank, suit, symbol, colour, label) from a board's `CardSpot` or a code, as this game names it. */
  card(card: CardSpot | string): CardFace {
    const code = typeof card === 'string' ? card : (card as CardSpot | null)?.code;
    if (typeof code !== 'string')
      throw new TengymError('bad-argument', `card takes a card's code or a CardSpot, got ${showValue(card)}`);
    return this.env.game.cardFace ? this.env.game.cardFace(code) : cardFace(code);
  }

  private partnersOfSelection(moves: readonly Move[]): CardSpot[] {
    const keys = new Set(this.picked.map(placeKey));
    const out = new Map<string, CardSpot>();
    for (const m of moves)
      if (this.picked.every((c) => m.cards.some((d) => placeKey(d) === placeKey(c))))
        for (const d of m.cards) if (!keys.has(placeKey(d))) out.set(placeKey(d), d);
    return [...out.values()];
  }

  /** The card at `place` as a legal move takes it (a card no move takes cannot be selected). */
  private findCard(moves: readonly Move[], place: Place): CardSpot | null {
    const key = placeKey(place);
    for (const m of moves) for (const c of m.cards) if (placeKey(c) === key) return c;
    return null;
  }

  /**
   * The legal moves ranked (`top` of them, default 3), or null once the game is over; by `hinter` where given (from
   * then on), else the session's (`createHinter()` by default). `hintHeader(result)` says it in a player's words.
   */
  hint(top = 3, hinter?: Hinter): HintResult | null {
    this.checkStarted('hint');
    if (!this.env.running || this.states === null) return null;
    if (hinter !== undefined) this.hinterGiven = hinter;
    this.hinterGiven ??= createHinter();
    return this.states.hint(this.hinterGiven, this.env, { top });
  }

  /** The board as named parts. */
  view(): SessionView {
    this.checkStarted('view');
    const board = this.env.board();
    const view: SessionView = {
      style: board.style,
      grid: null,
      line: null,
      columns: null,
      rows: null,
      overlap: null,
      stock: stockOf(board),
      piles: [],
      facts: {},
      prompt: this.env.prompt(),
    };
    for (const part of board.parts) {
      if (part.kind === 'piles')
        view.piles.push(...part.piles.filter((p) => p.kind !== 'stock' && p.label !== 'stock top'));
      else if (part.kind === 'facts') for (const f of part.facts) view.facts[f.name] = f.value;
      else (view as unknown as Record<string, BoardPart>)[part.kind] = part;
    }
    return view;
  }

  /** The result so far; the sentence to show once the game is over ('' while it runs). */
  outcome(): Outcome | null {
    return this.env.running ? null : this.env.outcome();
  }
  /** How the game ended, in a sentence for the player; '' while it runs. */
  endText(): string {
    return this.env.endText();
  }

  /** The game so far for `tengym hint --state` (every state, one a line). */
  history(): EnvState[] {
    return this.states?.toJSON() ?? [];
  }

  /** The settings, the deal, the player's inputs and the statistics, as plain JSON. */
  save(): SessionSave {
    return {
      format: 'tengym-session',
      version: 1,
      settings: { ...this.settings, options: { ...this.settings.options } },
      deal: { ...this.dealt },
      inputs: this.inputs.map((i) => (typeof i === 'object' ? { steps: i.steps.slice(), undosUsed: i.undosUsed } : i)),
      stats: structuredClone(this.stats),
    };
  }

  /** A session from `save()`'s JSON: the same settings and statistics, the game replayed to where it was. */
  static load(saved: unknown, config: { hinter?: Hinter } = {}): Session {
    const parsed = saveSchema.safeParse(saved);
    if (!parsed.success) throw new TengymError('bad-state', `bad session save: ${formatZodError(parsed.error)}`);
    const s = parsed.data;
    const session = new Session(s.settings.id, { ...s.settings, stats: s.stats, ...config });
    session.dealt = { ...s.deal };
    session.replaying = true;
    session.start();
    for (const [i, input] of s.inputs.entries()) {
      try {
        if (input === 'undo') session.undo();
        else if (typeof input === 'object') session.followSteps(input.steps, { undosUsed: input.undosUsed });
        else session.play(input);
      } catch (e) {
        throw new TengymError(
          'bad-state',
          `bad session save: input ${i + 1} of ${s.inputs.length}: ${(e as Error).message}`,
        );
      }
    }
    session.replaying = false;
    return session;
  }

  /** A step's events: where the cards went, the move, its reward and note. */
  private stepEvents(action: number): StepEvents {
    const { game, options } = this.env;
    const before = stateCards(game, this.env.rawState, options);
    const move = moveOf(game, this.env.rawState, options, action);
    const { reward } = this.states === null ? this.env.step(action) : this.states.step(this.env, action);
    return this.changeEvents('step', move, before, reward);
  }

  private changeEvents(kind: StepEvents['kind'], move: Move | null, before: CardSpot[], reward: number): StepEvents {
    const { game, options } = this.env;
    return {
      kind,
      move,
      ...cardChanges(before, stateCards(game, this.env.rawState, options)),
      reward,
      note: kind === 'step' ? this.env.stepNote() : null,
      outcome: this.env.running ? null : this.env.outcome(),
    };
  }

  /** Plays the forced moves after a change, then counts a game that ended. */
  private afterChange(kind: Turn['kind'], move: Move | null, events: StepEvents[], forcedLimit = Infinity): Turn {
    const forced: Move[] = [];
    while (forced.length < forcedLimit && this.forcedNow()) {
      const action = this.env.legal[0];
      const e = this.stepEvents(action);
      this.played.push({ action, forced: true });
      forced.push(e.move as Move);
      events.push(e);
    }
    const notes = events.flatMap((e) => (e.note ? [e.note] : []));
    return this.finish(kind, move, events, forced, notes);
  }

  private finish(kind: Turn['kind'], move: Move | null, events: StepEvents[], forced: Move[], notes: string[]): Turn {
    const outcome = this.outcome();
    if (outcome !== null && !this.counted && kind !== 'undo') {
      if (this.replaying) this.counted = true;
      else this.count(outcome.won);
    }
    return { kind, move, forced, events, notes, outcome };
  }

  /** Counts the game once: a game over, or a game left for another deal. */
  private count(won: boolean): void {
    this.counted = true;
    const s = this.stats;
    s.games++;
    if (won) {
      s.wins++;
      s.streak++;
      s.bestStreak = Math.max(s.bestStreak, s.streak);
    } else s.streak = 0;
    if (this.dealt.daily !== null) s.daily[this.dealt.daily] = { won, moves: this.yourMoves };
  }
}
