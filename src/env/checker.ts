/**
 * The contract checker: runs any registered env through the environment contract
 * (docs/rules.md, "The environment contract") with seeded random play and throws `ContractViolation` at the first
 * breach.
 *
 * Per step: the mask has exactly the legal ids (listed in increasing order), is non-empty
 * while the episode runs and empty after it, the reward and the observation are finite, every
 * observation float lies within the bounds the engine declares (`observationBounds`), and the engine's
 * own invariants hold (every card in exactly one place). Per episode: rewards add up to what the outcome
 * implies, a truncated game is never won, after the end the mask is empty and `step`
 * is refused without changing the state; mid-game a getState → JSON → setState round
 * trip and a clone both continue exactly like the source, and a clone's steps leave
 * the source alone; bad actions and bad states are refused with the state unchanged; the
 * cards each legal action takes (`actionCards`) are on the board (`board`) as it shows them; and
 * the observation the env holds is the one `observe` writes afresh from the state, every float
 * written and none past `observationSize` (an Env's buffer drops those writes without a word).
 * Across runs: the same seed gives the same trajectory (actions, observations, rewards, ends),
 * and an env that has played before deals and plays as a new one does. And the observation does
 * not show the stock's order: the same state with its stock reordered is seen the same. And decks
 * round-trip: the deck of a seeded deal, read back from its board and stock, deals that game again,
 * and a deck one card short or with a card twice is refused.
 *
 * `checkEnv` checks a registered id; `checkEnvFrom` checks envs from any factory (an
 * engine of your own wrapped in `new Env(...)`).
 *
 * Past 600 lines on purpose: every check shares one failure path and one report, and the per-step, per-episode
 * and cross-run checks read top to bottom.
 */
import type { BoardView, CardSpot } from './board.js';
import { deckTokens } from './cards.js';
import { Env, checkSeedFits, engineBounds, validateSeed } from './env.js';
import type { DeckInput } from './game.js';
import { TengymError, describeKind, isPlainObject, isTengymError, showValue, type TengymErrorCode } from './errors.js';
import { make, type KnownEnvOptions } from './registry.js';
import { createRng, randomInt, type Rng } from './rng.js';

/** The most episodes one check runs (about an hour for the slowest id). */
export const MAX_CHECK_EPISODES = 1_000_000;

/**
 * Thrown by `checkEnv` and `checkEnvFrom` when an env breaks a promise of the contract; its message says
 * which and where.
 */
export class ContractViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractViolation';
  }
}

/**
 * Options of `checkEnv` and `checkEnvFrom`: how many seeded episodes to play, from which seed, and decks to
 * deal besides.
 */
export interface CheckOptions {
  episodes?: number;
  seed?: number;
  /**
   * Explicit decks to deal besides the seeded deals (`reset({ deck })`), each played through
   * every check of a seeded episode; the same deck must deal the same game whatever the seed.
   */
  decks?: readonly DeckInput[];
}

/** What a passed contract check played: episodes, steps, wins, truncations and dead deals. */
export interface CheckReport {
  id: string;
  episodes: number;
  steps: number;
  wins: number;
  truncated: number;
  deadDeals: number;
  /** Episodes dealt from `decks`; the other figures count the seeded episodes only. */
  decks: number;
}

export function fail(id: string, message: string): never {
  throw new ContractViolation(`${id}: ${message}`);
}

export function expectError(id: string, what: string, code: TengymErrorCode, fn: () => unknown): void {
  try {
    fn();
  } catch (e) {
    if (isTengymError(e) && e.code === code) return;
    fail(
      id,
      `${what}: expected a TengymError '${code}', got ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`,
    );
  }
  fail(id, `${what}: expected a TengymError '${code}', nothing was thrown`);
}

export const stateText = (env: Env): string => JSON.stringify(env.getState());

export function checkStep(env: Env, id: string, where: string): void {
  const n = env.actionSpace.n;
  let ones = 0;
  for (let a = 0; a < n; a++) ones += env.mask[a];
  if (ones !== env.legalCount) fail(id, `${where}: mask has ${ones} legal ids, legal list ${env.legalCount}`);
  for (let k = 0; k < env.legalCount; k++) {
    if (env.mask[env.legal[k]] !== 1) fail(id, `${where}: legal id ${env.legal[k]} not set in the mask`);
    if (k > 0 && env.legal[k] <= env.legal[k - 1]) fail(id, `${where}: legal ids not increasing`);
  }
  if (env.running && env.legalCount === 0) fail(id, `${where}: the mask is empty before the end`);
  if (!env.running && env.legalCount !== 0)
    fail(id, `${where}: the episode is over but ${env.legalCount} actions are legal`);
  const { low, high } = engineBounds(env.id, env.game, env.options);
  for (let i = 0; i < env.observation.length; i++) {
    const x = env.observation[i];
    if (!Number.isFinite(x)) fail(id, `${where}: observation[${i}] = ${x}`);
    if (x < low[i])
      fail(
        id,
        `${where}: observation[${i}] = ${x} is below its lower bound ${low[i]} (the engine's observationBounds)`,
      );
    if (x > high[i])
      fail(
        id,
        `${where}: observation[${i}] = ${x} is above its upper bound ${high[i]} (the engine's observationBounds)`,
      );
  }
  const problem = env.game.checkState?.(env.rawState, env.options) ?? null;
  if (problem) fail(id, `${where}: broken invariant: ${problem}`);
}

export function sameView(a: Env, b: Env, id: string, where: string): void {
  if (a.legalCount !== b.legalCount || a.legalActions().join() !== b.legalActions().join())
    fail(id, `${where}: legal actions differ`);
  for (let i = 0; i < a.observation.length; i++)
    if (a.observation[i] !== b.observation[i]) fail(id, `${where}: observations differ at ${i}`);
  if (a.terminated !== b.terminated || a.truncated !== b.truncated) fail(id, `${where}: status differs`);
}

function pick(env: Env, rng: Rng): number {
  return env.legal[randomInt(rng, 0, env.legalCount - 1)];
}

/** A 32-bit FNV-1a hash of the observation's bits and the legal ids: what a trace records of a state. */
function fingerprint(env: Env, bits: Uint32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bits.length; i++) h = Math.imul(h ^ bits[i], 0x01000193);
  for (let k = 0; k < env.legalCount; k++) h = Math.imul(h ^ env.legal[k], 0x01000193);
  return h >>> 0;
}

/**
 * Plays one seeded episode with every per-step and per-episode check; returns its trace. An
 * error the engine's own code throws is told with where it was thrown (seed, step, check): a
 * bare "boom" gives its author nothing to replay.
 */
function checkEpisode(makeEnv: () => Env, id: string, deal: Deal, report: CheckReport): number[] {
  const at = { where: `${deal.name} reset` };
  try {
    return playChecked(makeEnv, id, deal, report, at);
  } catch (e) {
    if (e instanceof ContractViolation) throw e;
    throw new ContractViolation(
      `${id}: ${at.where}: the engine threw ${e instanceof Error ? `${e.name}: ${e.message}` : showValue(e)}`,
    );
  }
}

/**
 * What an episode is dealt from: a seed, or an explicit deck (its seed then drives the random play and any draws the
 * deck leaves). `name` starts every message.
 */
interface Deal {
  seed: number;
  deck?: DeckInput;
  name: string;
}

const seeded = (seed: number): Deal => ({ seed, name: `seed ${seed}` });

/**
 * Steps past which the mid-game checks run again: a state is round-tripped and cloned late in a long game too, not only
 * near its start.
 */
const isLateProbe = (step: number): boolean => step >= 64 && (step & (step - 1)) === 0;

function playChecked(makeEnv: () => Env, id: string, deal: Deal, report: CheckReport, at: { where: string }): number[] {
  const { seed, name } = deal;
  const env = makeEnv();
  const policy = createRng(seed ^ 0x5eed);
  const bits = new Uint32Array(env.observation.buffer, env.observation.byteOffset, env.observation.length);
  const trace: number[] = [];
  const first = env.reset(deal.deck === undefined ? { seed } : { seed, deck: deal.deck });
  trace.push(fingerprint(env, bits));
  checkStep(env, id, `${name} reset`);
  checkObservation(env, id, `${name} reset`);
  if (!env.running) {
    report.deadDeals++;
    if (first.info.terminated !== true || first.info.outcome === undefined)
      fail(id, `${name}: a deal over at reset must say info.terminated and the outcome`);
    if (first.info.outcome.won) fail(id, `${name}: a deal with no legal move is won`);
  }

  // Where to try the mid-game round trip, clone and bad input.
  const probeAt = randomInt(policy, 0, 40);
  let total = 0;
  let step = 0;
  while (env.running) {
    at.where = `${name} step ${step}`;
    const probing = step === probeAt || isLateProbe(step);
    if (probing) probe(env, makeEnv, id, policy, `${name} step ${step}`);
    // A state handed out is the caller's: the engine's next step must not change it (a buffer toJSON reused).
    const held = probing ? env.getState() : null;
    const heldText = held === null ? '' : JSON.stringify(held);
    const a = pick(env, policy);
    at.where = `${name} step ${step}: step(${a})`;
    const r = env.step(a);
    if (held !== null) {
      // The next state read too: a toJSON that refills one array of its own changes what it gave before.
      env.getState();
      if (JSON.stringify(held) !== heldText)
        fail(
          id,
          `${name} step ${step}: a state getState() gave changed when the game moved on: toJSON must return ` +
            `data of its own, not buffers it reuses`,
        );
    }
    // A reward that is not a finite number (an engine's step that forgot its return) would make
    // the sum NaN, which no comparison with the expected return catches.
    if (typeof r.reward !== 'number' || !Number.isFinite(r.reward))
      fail(id, `${name} step ${step + 1}: reward ${showValue(r.reward)}, expected a finite number`);
    total += r.reward;
    trace.push(a, r.reward, r.terminated ? 1 : 0, r.truncated ? 1 : 0, fingerprint(env, bits));
    step++;
    checkStep(env, id, `${name} step ${step}`);
    if (r.terminated && r.truncated) fail(id, `${name}: terminated and truncated together`);
    if ((r.terminated || r.truncated) !== (r.info.outcome !== undefined))
      fail(id, `${name} step ${step}: info.outcome must be present exactly on the last step`);
    if (step > 1_000_000) fail(id, `${name}: no end after a million steps`);
  }
  const outcome = env.outcome();
  if (env.truncated) report.truncated++;
  if (outcome.won) report.wins++;
  checkEpisodeEnd(env, id, total, name);
  // The end state round-trips and clones too (a stock emptied, a last flag set: what a short probe never reaches).
  at.where = `${name} step ${step} (the end)`;
  checkObservation(env, id, `${name} step ${step} (the end)`);
  roundTrip(env, makeEnv, id, `${name} step ${step}`);
  sameView(env, env.clone(), id, `${name} step ${step} (clone)`);
  report.episodes++;
  report.steps += step;
  trace.push(outcome.won ? 1 : 0);
  return trace;
}

/**
 * After the last step: a truncated game is never won, the rewards (`total`) add up to what the
 * outcome implies, nothing is legal, and a step is refused without changing the state.
 */
export function checkEpisodeEnd(env: Env, id: string, total: number, where: string): void {
  const outcome = env.outcome();
  if (env.truncated && outcome.won) fail(id, `${where}: a truncated game is won`);
  const expected = env.game.expectedReturn?.(outcome, env.options) ?? null;
  // Written so that a NaN on either side fails too.
  if (expected !== null && !(Math.abs(expected - total) <= 1e-9))
    fail(id, `${where}: rewards add up to ${total}, the outcome ${JSON.stringify(outcome)} implies ${expected}`);
  const before = stateText(env);
  expectError(id, `${where}: step after the end`, 'episode-over', () => env.step(0));
  if (stateText(env) !== before) fail(id, `${where}: a refused step changed the state`);
  if (env.legalActions().length !== 0 || env.actionMask().some((m) => m !== 0))
    fail(id, `${where}: legal actions after the end`);
}

/** Where a card lies, as a key: its place, stack and index. */
const spotKey = (c: CardSpot): string => `${c.place}:${c.stack ?? 0}:${c.index}`;

/** Every card a board view shows, by where it lies. */
export function boardCards(view: BoardView): Map<string, string> {
  const out = new Map<string, string>();
  const add = (c: CardSpot) => out.set(spotKey(c), c.code);
  for (const part of view.parts) {
    if (part.kind === 'grid') for (const c of part.cells) if (!('empty' in c)) add(c);
    if (part.kind === 'line') part.cards.forEach(add);
    if (part.kind === 'columns') for (const column of part.columns) column.cards.forEach(add);
    if (part.kind === 'rows') for (const row of part.rows) row.cards.forEach(add);
    if (part.kind === 'overlap') for (const row of part.rows) for (const c of row) if (!('empty' in c)) add(c);
    if (part.kind === 'piles') for (const pile of part.piles) if (pile.kind === 'card' && pile.card) add(pile.card);
  }
  return out;
}

/**
 * What hints and the page ask of the game: the cards each legal action takes are on the board, as the board shows them;
 * the prompt is text.
 */
function checkFrontEnd(env: Env, id: string, where: string): void {
  const shown = boardCards(env.board());
  for (const action of env.legalActions()) {
    for (const card of env.actionCards(action)) {
      if (shown.get(spotKey(card)) !== card.code)
        fail(id, `${where}: action ${action} takes ${JSON.stringify(card)}, which the board does not show there`);
    }
  }
  if (typeof env.prompt() !== 'string') fail(id, `${where}: the prompt is not text`);
}

/** Floats past the observation's end in the buffer `checkObservation` gives `observe`. */
const OBSERVATION_GUARD = 64;

/**
 * The env's observation against one `observe` writes afresh from the same state, into a buffer
 * longer than `observationSize` and first filled with NaN: every float of the observation must be
 * written (an engine that updates its buffer step by step must not keep what an earlier state
 * left there), and nothing past its end but the zeros a `fill(0)` of the whole buffer writes
 * (the Env's buffer is exactly `observationSize` long, so a feature written past it is lost).
 */
function checkObservation(env: Env, id: string, where: string): void {
  const size = env.observation.length;
  const fresh = new Float32Array(size + OBSERVATION_GUARD).fill(Number.NaN);
  env.game.observe(env.rawState, env.options, fresh);
  for (let i = size; i < fresh.length; i++) {
    if (!Number.isNaN(fresh[i]) && fresh[i] !== 0)
      fail(
        id,
        `${where}: observe wrote ${fresh[i]} at index ${i}, past the ${size} floats observationSize gives: an ` +
          `Env's buffer drops it`,
      );
  }
  for (let i = 0; i < size; i++) {
    if (Number.isNaN(fresh[i]))
      fail(id, `${where}: observe left observation[${i}] unwritten: it must write all ${size} floats`);
    if (fresh[i] !== env.observation[i])
      fail(
        id,
        `${where}: observation[${i}] is ${env.observation[i]}, observe writes ${fresh[i]} afresh from the ` +
          `same state: it keeps something of an earlier state`,
      );
  }
}

/**
 * Mid-game: bad input refused, JSON round trip and clone continue like the source; the cards of each move are on the
 * board; the observation is the state's.
 */
function probe(env: Env, makeEnv: () => Env, id: string, policy: Rng, where: string): void {
  const n = env.actionSpace.n;
  const before = stateText(env);
  checkObservation(env, id, where);
  checkFrontEnd(env, id, where);
  for (const bad of [-1, n, 1.5, Number.NaN])
    expectError(id, `${where}: step(${bad})`, 'bad-action', () => env.step(bad));
  const illegal = env.mask.indexOf(0);
  if (illegal >= 0) expectError(id, `${where}: illegal step(${illegal})`, 'illegal-action', () => env.step(illegal));
  expectError(id, `${where}: setState({})`, 'bad-state', () => env.setState({}));
  expectError(id, `${where}: reset({ deck: [] })`, 'bad-deck', () => env.reset({ deck: [] }));
  expectError(id, `${where}: setState with a broken game part`, 'bad-state', () =>
    env.setState({ ...env.getState(), game: { nonsense: true } }),
  );
  if (stateText(env) !== before) fail(id, `${where}: refused input changed the state`);

  const restored = roundTrip(env, makeEnv, id, where);

  const copy = env.clone();
  sameView(env, copy, id, `${where} (clone)`);
  // The clone and the restored env play ahead; the source must not move.
  const lookahead: number[] = [];
  for (let k = 0; k < 5 && copy.running; k++) {
    const a = pick(copy, policy);
    lookahead.push(a);
    const r1 = copy.step(a);
    const reward = r1.reward;
    const r2 = restored.step(a);
    if (reward !== r2.reward) fail(id, `${where}: restored env's reward differs from the clone's`);
    sameView(copy, restored, id, `${where} (restored vs clone after ${k + 1} steps)`);
  }
  if (stateText(env) !== before) fail(id, `${where}: stepping a clone changed its source`);
}

/** A new env loaded with `env`'s state, checked to hold the same state and show the same view. */
function roundTrip(env: Env, makeEnv: () => Env, id: string, where: string): Env {
  const before = stateText(env);
  const restored = makeEnv();
  restored.setState(JSON.parse(before));
  if (stateText(restored) !== before) fail(id, `${where}: getState → setState → getState differs`);
  sameView(env, restored, id, `${where} (restored)`);
  return restored;
}

/** The most explicit decks one check deals. */
export const MAX_CHECK_DECKS = 10_000;

/**
 * `{ episodes, seed, decks }` with defaults, checked: a check over no episode would report a success it never tried.
 */
function validateCheckOptions(options: unknown): { episodes: number; seed: number; decks: readonly DeckInput[] } {
  if (!isPlainObject(options))
    throw new TengymError(
      'bad-argument',
      `check options are { episodes?, seed?, decks? }, got ${describeKind(options)}`,
    );
  for (const key of Object.keys(options)) {
    if (key !== 'episodes' && key !== 'seed' && key !== 'decks')
      throw new TengymError(
        'bad-argument',
        `check options: unknown option "${key}" (they are { episodes?, seed?, decks? })`,
      );
  }
  const { episodes = 200, seed = 0, decks = [] } = options;
  // Each deck's content is the engine's to judge (parseDeck); here only that it is one.
  if (
    !Array.isArray(decks) ||
    decks.length > MAX_CHECK_DECKS ||
    !decks.every((d) => typeof d === 'string' || Array.isArray(d))
  ) {
    throw new TengymError(
      'bad-argument',
      `check options: decks must be an array of at most ${MAX_CHECK_DECKS} decks, each a string or an array ` +
        `of cards as reset({ deck }) takes them, got ${showValue(decks)}`,
    );
  }
  if (typeof episodes !== 'number' || !Number.isInteger(episodes) || episodes < 1 || episodes > MAX_CHECK_EPISODES) {
    throw new TengymError(
      'bad-argument',
      `check options: episodes must be an integer from 1 to ${MAX_CHECK_EPISODES}, got ${showValue(episodes)}`,
    );
  }
  validateSeed(seed);
  checkSeedFits(
    seed as number,
    episodes + decks.length,
    `check options' ${episodes} episodes${decks.length === 0 ? '' : ` and ${decks.length} decks`}`,
  );
  return { episodes, seed: seed as number, decks: decks as DeckInput[] };
}

/** Runs `episodes` seeded episodes of `id` (and a determinism re-run) through the contract. */
export function checkEnv<I extends string>(
  id: I,
  options?: KnownEnvOptions<I>,
  checkOptions?: CheckOptions,
): CheckReport;
export function checkEnv(id: string, options: unknown = {}, checkOptions: CheckOptions = {}): CheckReport {
  return checkEnvFrom(() => make(id, options), checkOptions);
}

/** `checkEnv` on the envs `makeEnv` returns: each call a new env, not yet reset, of one id and options. */
export function checkEnvFrom(makeEnv: () => Env, checkOptions: CheckOptions = {}): CheckReport {
  if (typeof makeEnv !== 'function')
    throw new TengymError(
      'bad-argument',
      `checkEnvFrom takes a function that makes a new Env, got ${describeKind(makeEnv)}`,
    );
  const { episodes, seed, decks } = validateCheckOptions(checkOptions);
  const build = () => {
    const env: unknown = makeEnv();
    if (!(env instanceof Env))
      throw new TengymError(
        'bad-argument',
        `checkEnvFrom: the factory must return a new Env (make(id), or new ` +
          `Env(...) around an engine), got ${describeKind(env)}`,
      );
    return env;
  };
  const fresh = build();
  const id = fresh.id;
  const report: CheckReport = { id, episodes: 0, steps: 0, wins: 0, truncated: 0, deadDeals: 0, decks: 0 };
  if (decks.length > 0 && !fresh.game.parseDeck)
    throw new TengymError('bad-argument', `check options: ${id} takes no explicit deck (its engine has no parseDeck)`);
  decks.forEach((deck, k) => {
    try {
      fresh.game.parseDeck!(deck, fresh.options);
    } catch (e) {
      // A deck the engine refuses is the caller's input, not the engine's breach.
      if (isTengymError(e) && e.code === 'bad-deck')
        throw new TengymError('bad-argument', `check options: decks[${k}] is not a deck ${id} deals: ${e.message}`);
      throw e;
    }
  });
  expectError(id, 'step before reset', 'not-reset', () => fresh.step(0));
  expectError(id, 'getState before reset', 'not-reset', () => fresh.getState());
  for (let e = 0; e < episodes; e++) {
    const trace = checkEpisode(build, id, seeded(seed + e), report);
    if (e < 3) {
      const again = checkEpisode(build, id, seeded(seed + e), { ...report });
      if (again.join() !== trace.join()) fail(id, `seed ${seed + e}: the same seed gave a different trajectory`);
    }
  }
  decks.forEach((deck, k) => checkDeck(build, id, deck, k, seed + episodes + k, report));
  checkEnvsApart(build, id, seed);
  checkResetAfterPlay(build, id, seed, decks.length > 0 ? decks[0] : undefined);
  for (let e = 0; e < Math.min(episodes, 3); e++) checkStockHidden(build, id, seed + e);
  // A game that takes no explicit deck has none to read back.
  if (fresh.game.parseDeck) for (let e = 0; e < Math.min(episodes, 3); e++) checkDealtDeck(build, id, seed + e);
  decks.forEach((deck, k) =>
    engineCall(id, `decks[${k}]`, () =>
      checkDeckRefusals(build, id, deckTokens(deck), `decks[${k}] (${deckText(deck)})`),
    ),
  );
  return report;
}

/** An error the engine's own code throws in `fn`, told with where (`where`) instead of as a bare "boom". */
function engineCall(id: string, where: string, fn: () => void): void {
  try {
    fn();
  } catch (e) {
    if (e instanceof ContractViolation) throw e;
    throw new ContractViolation(
      `${id}: ${where}: the engine threw ${e instanceof Error ? `${e.name}: ${e.message}` : showValue(e)}`,
    );
  }
}

/** The most cards of a deck a message writes out. */
const DECK_TEXT_CARDS = 60;

/** A deck as a message names it: its cards as `reset({ deck })` takes them (the first 60 of a longer one). */
function deckText(deck: DeckInput): string {
  const cards = deckTokens(deck);
  return cards.length <= DECK_TEXT_CARDS
    ? `"${cards.join(' ')}"`
    : `"${cards.slice(0, DECK_TEXT_CARDS).join(' ')} …", ${cards.length} cards`;
}

/**
 * The deck a deal was dealt from, read back as a program sees the deal: the cards its board shows,
 * in the board's order, then its state JSON's `game.stock`. Null where the state holds no stock as
 * a list of codes, or the board keeps a card from view (a `card` pile without its card): the deck
 * cannot be read back then.
 */
export function dealtDeck(env: Env): string[] | null {
  const state = env.getState() as { game?: unknown };
  const stock = isPlainObject(state.game) ? state.game.stock : undefined;
  if (!Array.isArray(stock) || !stock.every((card) => typeof card === 'string')) return null;
  const board = env.board();
  if (
    board.parts.some(
      (part) => part.kind === 'piles' && part.piles.some((pile) => pile.kind === 'card' && pile.card === null),
    )
  )
    return null;
  const cards = [...boardCards(board).values()];
  // A face-down card (its code withheld) hides the deal too.
  if (cards.includes('')) return null;
  return [...cards, ...(stock as string[])];
}

/** The `game` part of an env's state JSON, as text: the deal, without the generator that drew it. */
const gameText = (env: Env): string => JSON.stringify((env.getState() as { game?: unknown }).game);

/**
 * The deck of a seeded deal, read back from the deal (`dealtDeck`), is a deck `reset({ deck })`
 * takes, as an array and as a string, and deals that same game whatever the seed: `parseDeck`
 * reads the codes `toJSON` and `board` write, and the deal takes the deck in order, index 0 first.
 * Then the deck's refusals (`checkDeckRefusals`). A game whose deal cannot be read back is skipped.
 */
function checkDealtDeck(makeEnv: () => Env, id: string, seed: number): void {
  const where = `the deck seed ${seed} dealt`;
  engineCall(id, where, () => {
    const env = makeEnv();
    env.reset({ seed });
    const deck = dealtDeck(env);
    if (deck === null) return;
    const name = `${where} (${deckText(deck)}: its board's cards, then game.stock)`;
    const dealt = gameText(env);
    for (const [form, input] of [
      ['as an array', deck],
      ['as a string', deck.join(' ')],
    ] as const) {
      const again = makeEnv();
      try {
        again.reset({ seed: seed === 0 ? 1 : seed - 1, deck: input });
      } catch (e) {
        if (isTengymError(e) && e.code === 'bad-deck')
          fail(
            id,
            `${name}, given back ${form}, is refused (${e.message}): parseDeck must take a deck written in ` +
              `the codes the game's state writes`,
          );
        throw e;
      }
      if (gameText(again) !== dealt)
        fail(
          id,
          `${name}, given back ${form}, deals another game: reset({ deck }) must deal the deck in order, ` +
            `index 0 first, as the seeded deal did`,
        );
    }
    checkDeckRefusals(makeEnv, id, deck, name);
  });
}

/**
 * A deck the game takes, one card short and with one card twice (another left out), must be
 * refused with a TengymError 'bad-deck' and the env left as it was: a deck is whole
 * (docs/rules.md, "Cards, deals and seeds"). One accepted would be dealt as a game that cannot be.
 */
function checkDeckRefusals(makeEnv: () => Env, id: string, deck: readonly string[], name: string): void {
  const env = makeEnv();
  env.reset({ deck });
  const before = stateText(env);
  const refuse = (what: string, bad: readonly string[]) => {
    let accepted = true;
    try {
      env.reset({ deck: bad });
    } catch (e) {
      if (!isTengymError(e) || e.code !== 'bad-deck')
        fail(
          id,
          `${name} ${what}: expected a TengymError 'bad-deck', got ` +
            (e instanceof Error ? `${e.name}: ${e.message}` : showValue(e)),
        );
      accepted = false;
    }
    if (accepted)
      fail(
        id,
        `${name} ${what} is accepted: a deck is whole, each card as often as the game has it, and parseDeck ` +
          `must refuse any other with a TengymError 'bad-deck'`,
      );
    if (stateText(env) !== before) fail(id, `${name} ${what}: the refused deck changed the state`);
  };
  refuse(`without its last card (${deck.length - 1} cards)`, deck.slice(0, -1));
  const other = deck.findIndex((card) => card !== deck[0]);
  if (other > 0)
    refuse(
      `with ${deck[0]} at index ${other} too, in place of ${deck[other]}`,
      deck.map((card, i) => (i === other ? deck[0] : card)),
    );
}

/**
 * A reset deals afresh whatever the env played before: one that played a game to its end, and
 * again one stopped mid-game, reset with a seed (and with a deck, where one is given), holds what
 * a new env reset so holds and plays on as it does. A counter `reset` forgets to clear would
 * pass every check of a new env's episodes, and score each later game of a VectorEnv's copies
 * from the last one's.
 */
function checkResetAfterPlay(makeEnv: () => Env, id: string, seed: number, deck: DeckInput | undefined): void {
  const used = makeEnv();
  const policy = createRng(seed ^ 0x2e5e);
  used.reset({ seed: seed + 1 });
  while (used.running) used.step(pick(used, policy));
  const resets: { seed: number; deck?: DeckInput }[] = [{ seed }, ...(deck === undefined ? [] : [{ seed, deck }])];
  // Each reset played on to the end, then each stopped after five moves and reset once more.
  const plays = [
    ...resets.map((options) => ({ options, moves: Infinity })),
    ...resets.map((options) => ({ options, moves: 5 })),
    { options: resets[0], moves: Infinity },
  ];
  let ended = true;
  for (const [k, { options, moves }] of plays.entries()) {
    const where =
      `reset(${options.deck === undefined ? `seed ${seed}` : 'deck 0'}) after a ` +
      `game ${ended ? 'played to its end' : 'stopped mid-game'}`;
    used.reset(options);
    const fresh = makeEnv();
    fresh.reset(options);
    if (stateText(used) !== stateText(fresh))
      fail(id, `${where}: the state differs from a new env's: reset must set every field of the state`);
    sameView(used, fresh, id, where);
    // Both played on with the same moves: the same rewards, ends and outcome.
    const picks = createRng(seed ^ 0x3f1d ^ k);
    for (let step = 0; step < moves && fresh.running; step++) {
      const a = pick(fresh, picks);
      const [r, rf] = [used.step(a), fresh.step(a)];
      if (r.reward !== rf.reward || r.terminated !== rf.terminated || r.truncated !== rf.truncated)
        fail(id, `${where}, step ${step + 1}: reward or end differs from a new env's`);
      sameView(used, fresh, id, `${where}, step ${step + 1}`);
    }
    if (!fresh.running && JSON.stringify(used.outcome()) !== JSON.stringify(fresh.outcome()))
      fail(id, `${where}: the outcome differs from a new env's`);
    ended = !used.running;
  }
}

/**
 * The observation does not show the stock's order (docs/rules.md, "The environment contract"):
 * where a state's JSON holds the stock as a list (`game.stock`, as every shipped game's does), the
 * same state with the stock reversed, and rotated by one, is seen the same (observation, legal
 * moves). A reordered state the engine refuses (other fields that follow the order) is skipped.
 */
function checkStockHidden(makeEnv: () => Env, id: string, seed: number): void {
  const env = makeEnv();
  const other = makeEnv();
  const policy = createRng(seed ^ 0x570c);
  env.reset({ seed });
  for (let step = 0; env.running && step < 200; step++) {
    const state = env.getState() as { game?: unknown };
    const game = isPlainObject(state.game) ? state.game : null;
    const stock = game?.stock;
    if (Array.isArray(stock) && stock.length >= 2) {
      for (const order of [[...stock].reverse(), [...stock.slice(1), stock[0]]]) {
        if (JSON.stringify(order) === JSON.stringify(stock)) continue;
        try {
          other.setState({ ...state, game: { ...game, stock: order } });
        } catch (e) {
          if (isTengymError(e)) continue;
          throw e;
        }
        sameView(
          env,
          other,
          id,
          `seed ${seed} step ${step}: the same state with its stock in another order is seen otherwise (the ` +
            `observation must not show the stock's order)`,
        );
      }
    }
    env.step(pick(env, policy));
  }
}

/**
 * One explicit deck, dealt as a seeded episode is played (every check), then again: the same
 * deck and seed play the same game, and with another seed the deal is the same (the deck deals,
 * not the seed; a game may draw later rounds from the seed once the deck runs out).
 */
function checkDeck(
  makeEnv: () => Env,
  id: string,
  deck: DeckInput,
  k: number,
  seed: number,
  report: CheckReport,
): void {
  const name = `deck ${k}`;
  // Its episode is counted as a deck, not among the seeded episodes' figures.
  const trace = checkEpisode(makeEnv, id, { seed, deck, name }, { ...report });
  report.decks++;
  const again = checkEpisode(makeEnv, id, { seed, deck, name }, { ...report });
  if (again.join() !== trace.join()) fail(id, `${name}: the same deck and seed gave a different trajectory`);
  const other = makeEnv();
  other.reset({ seed: seed ^ 0x7fffffff, deck });
  const bits = new Uint32Array(other.observation.buffer, other.observation.byteOffset, other.observation.length);
  if (fingerprint(other, bits) !== trace[0])
    fail(
      id,
      `${name}: another seed dealt the deck differently: reset({ deck }) must deal the deck's order, whatever the seed`,
    );
}

/**
 * Two envs played side by side leave each other as they were: no state is shared between them
 * (a buffer every state points to, which a VectorEnv's copies would all write). Run after the
 * episodes, so that the determinism runs above deal as they always have.
 */
function checkEnvsApart(makeEnv: () => Env, id: string, seed: number): void {
  const policy = createRng(seed ^ 0xa9a7);
  const [a, b] = [makeEnv(), makeEnv()];
  a.reset({ seed });
  for (let k = 0; k < 3 && a.running; k++) a.step(pick(a, policy));
  const aText = stateText(a);
  b.reset({ seed: seed + 1 });
  for (let k = 0; k < 3 && b.running; k++) b.step(pick(b, policy));
  if (stateText(a) !== aText)
    fail(
      id,
      `seed ${seed}: dealing and stepping another env changed this one: the envs share state (createState ` +
        `must make a state of its own)`,
    );
  const bText = stateText(b);
  if (a.running) a.step(pick(a, policy));
  if (stateText(b) !== bText)
    fail(
      id,
      `seed ${seed}: stepping one env changed another: the envs share state (createState must make a state of its own)`,
    );
}
