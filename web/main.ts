/**
 * The play page: any tengym env in the browser, with hints from the shipped models.
 *
 * Everything here is presentation. The rules are the library's: `make`, `reset`, `step`,
 * `legalActions`, `describeAction`, `undo`; which cards a move takes is `env.actionCards` (the
 * hints' `cards`), the board and the prompt are the game's (`env.board()`, `env.prompt()`); the hints come from
 * `hinterForEnv`, the same choice of source as `tengym hint`. The URL holds the game: `?env=decade&seed=7`, plus
 * `options` (JSON, the options that differ from the env's defaults), `moves` (the game so far), and the player's
 * settings: `hints=1`, `winnable=1` and `level` (the new deals asked for; deals.ts finds them, in a worker).
 */
import sharedRules from '../docs/rules.md?raw';
import {
  chooseHintSource,
  difficultyThirdsOf,
  envs,
  forPlayers,
  formatScore,
  GameStates,
  hinterForEnv,
  isTengymError,
  leavesAChoice,
  make,
  playerRules,
  winnableBy,
  type DealDifficulty,
  type Env,
  type EnvListing,
  type EnvState,
  type HintResult,
  type LoadedHinter,
  type ModelIndex,
  type ShippedModels,
} from '../src/index.js';
import type { BrowserBackend } from '../src/models.js';
import { cardKey, markLineRows, renderBoard, spotKey, type CardPlace } from './board.js';
import { Abandoned, DealWork } from './deal-client.js';
import { doDealJob, type DealLevel, type DealRequest } from './deals.js';
import { markdownNodes } from './markdown.js';

const DEFAULT_ENV = 'decade';
/** Pause before a forced move plays itself, so the player sees it happen; shorter within a run of them. */
const FORCED_MOVE_MS = 160;
const CHAINED_FORCED_MOVE_MS = 70;
/** Forced moves in a row shown one by one; the rest of a longer run (Ten-Twenty-Thirty's: a hundred) play at once. */
const ANIMATED_FORCED_RUN = 8;
/** Options a player does not choose: they change only what an RL agent is rewarded with. */
const HIDDEN_OPTIONS = new Set(['reward']);
/**
 * Least time between two URL changes from moves: Chromium ignores, and Firefox refuses, more
 * than 200 in 10 s, which a long run of forced moves or a script would pass.
 */
const URL_INTERVAL_MS = 60;
/**
 * How long a hint may spend building its source's tables (Four Ten's, about a second in all): half a frame. Until they
 * are built the page shows the quick answer and builds them a slice a frame, then shows the source's.
 */
const HINT_BUDGET_MS = 8;
/** How long a key's new deal waits for its second `n` in a game under way, its question on screen. */
const NEW_DEAL_CONFIRM_MS = 3000;
const NEW_DEAL_QUESTION = 'Press n again for a new deal.';
/** Where the browser keeps the player's choice of new deals (winnable only, and of which difficulty). */
const DEAL_SETTINGS_KEY = 'tengym.deals';
const LEVELS: readonly DealLevel[] = ['easy', 'medium', 'hard'];
/** What the deal line says of a trap, on hover. */
const TRAP_TITLE =
  "A trap: a choice on the way to the win where another move would lose the deal (the exact solver's line).";

interface Move {
  action: number;
  text: string;
  cards: CardPlace[];
  keys: Set<string>;
}

/** What a move will do beyond itself (its step's note), as the page marks it before it is played. */
interface Foreseen {
  /** The game's note, whole ("Fault: Shadow 4 is above Hand 0. A safety pays for it …"). */
  note: string;
  /** Its first words, shown on the move ("Fault", "Bust", "Hand makes 10"). */
  headline: string;
  /** How the game ends with it, if it does: the mark's symbol and class. */
  ends: 'won' | 'lost' | null;
}

/** What the page exposes on `window.tengym`, for a developer's console and the browser tests. */
interface PageApi {
  env: Env | null;
  seed: number;
  /** ms from navigation to the first board a move can be made on. */
  readyMs: number | null;
  /** ms from navigation to the first hints shown (when hints are on from the start). */
  firstHintMs: number | null;
  /** The hints on screen, or null. */
  hints: HintResult | null;
  source: string | null;
  /** The TensorFlow.js backend, once a model is loaded. */
  backend: BrowserBackend | null;
  /** Duration of every `hint()` call, in ms. */
  hintMs: number[];
  /** Whether a forced move, a hint or a deal asked for (New deal, Daily deal) is pending (settled when false). */
  busy: boolean;
  /** Plays a legal action id, as a tap or a key would. */
  play(action: number): void;
  /** Deals `seed` of the current env and options. */
  deal(seed: number): void;
  /** Resolves when no forced move or hint is pending. */
  settled(): Promise<void>;
}

let settledWaiters: (() => void)[] = [];

const api: PageApi = {
  env: null,
  seed: 0,
  readyMs: null,
  firstHintMs: null,
  hints: null,
  source: null,
  backend: null,
  hintMs: [],
  busy: true,
  play: (action) => play(action),
  deal: (dealSeed) => startGame(env.id, options, dealSeed),
  settled: () => (api.busy ? new Promise<void>((resolve) => settledWaiters.push(resolve)) : Promise.resolve()),
};
(window as unknown as { tengym: PageApi }).tengym = api;

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const ui = {
  env: $<HTMLSelectElement>('env'),
  seed: $<HTMLInputElement>('seed'),
  deal: $<HTMLButtonElement>('deal'),
  newDeal: $<HTMLButtonElement>('new-deal'),
  winnable: $<HTMLInputElement>('winnable'),
  /** Why Winnable deals only is off for this game, beside the box. */
  winnableWhy: $<HTMLSpanElement>('winnable-why'),
  levelChoice: $<HTMLLabelElement>('level-choice'),
  level: $<HTMLSelectElement>('level'),
  daily: $<HTMLButtonElement>('daily'),
  /** The deal's line: the daily deal's day, the deal's difficulty. */
  dealInfo: $<HTMLParagraphElement>('deal-info'),
  restart: $<HTMLButtonElement>('restart'),
  share: $<HTMLAnchorElement>('share'),
  copy: $<HTMLButtonElement>('copy'),
  options: $<HTMLFormElement>('options'),
  optionsError: $<HTMLParagraphElement>('options-error'),
  message: $<HTMLParagraphElement>('message'),
  prompt: $<HTMLParagraphElement>('prompt'),
  board: $<HTMLDivElement>('board'),
  outcome: $<HTMLDivElement>('outcome'),
  /** A won game's banner, over the board; the status region says the win (once), not the banner. */
  celebration: $<HTMLDivElement>('celebration'),
  /**
   * For a screen reader: each move played with the cards it turned up, and the outcome; a status region there all game,
   * so that its change is read out.
   */
  announce: $<HTMLParagraphElement>('announce'),
  hintsToggle: $<HTMLInputElement>('hints-toggle'),
  undo: $<HTMLButtonElement>('undo'),
  hints: $<HTMLElement>('hints'),
  hintSource: $<HTMLParagraphElement>('hint-source'),
  hintList: $<HTMLOListElement>('hint-list'),
  moves: $<HTMLOListElement>('moves'),
  movesPanel: $<HTMLElement>('moves-panel'),
  rules: $<HTMLDivElement>('rules'),
};

const listings = new Map<string, EnvListing>(envs().map((l) => [l.id, l]));
/** A game's name as a player reads it ("Decade on a loop"); the id (what links carry) is the option's value. */
const titleOf = (id: string): string => listings.get(id)?.title ?? id;

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
const params = new URLSearchParams(location.search);
const preferredBackend = (['wasm', 'webgl', 'cpu'] as const).find((b) => b === params.get('backend'));

let env: Env;
/** The game's states, for a hinter that remembers what it saw (Ten-Twenty-Thirty's stock). */
let states: GameStates;
/** The options that differ from the env's defaults (what a link carries). */
let options: Record<string, unknown> = {};
let seed = 0;
/**
 * The game so far, as the URL's `moves` holds it: action ids, `fN` for N moves in a row that
 * were the only legal one (a deal's opening draws), `u` for an undo (it counts against the limit).
 */
let played: string[] = [];
let hintsOn = false;
/** Tapped cards (cardKey), in order. */
let selection: string[] = [];
/** The legal moves that take every selected card. */
let candidateActions = new Set<number>();
/** After an undo the position shown is the one asked for: a forced move waits for the player. */
let holdForced = false;
/** Cards of the last board drawn, to animate the ones that arrive. */
let shownSpots = new Set<string>();
/** The move just played, for a screen reader: the next board says it with the cards it brought. */
let moveToSay: string | null = null;
/** Bumped on every new game and move, so stale timers and hint loads do nothing. */
let generation = 0;
let digits = '';
let digitTimer = 0;
/** Forced moves played since the player's last move (the deal counts as one). */
let forcedRun = 0;
/**
 * Where the keyboard's focus was when a redraw replaced it (a card, a move, an option, the end's
 * buttons), until the redraw puts it back: the card at the same spot, the move at the same place
 * in its list, the same option, else the board's first card.
 */
let keptFocus: { spot?: string; list?: string; index: number; option?: string } | null = null;
/**
 * What each legal move of the position shown will do beyond itself, told before it is played (the game's `stepNote()`
 * of the move stepped on a copy: Four Ten's faults, busts and round ends), where no unseen card decides it.
 */
let foresight: { position: string; notes: Map<number, Foreseen> } | null = null;
/** Copies of the game for `foresee`, made once per game: one loaded with the position, one a move is tried on. */
let scratch: { base: Env; trial: Env } | null = null;
/** The notes foreseen for the position drawn, for the hints drawn after it. */
let shownNotes = new Map<number, Foreseen>();
/** Whether this game's end was read out and celebrated: once, however often the finished board is drawn again. */
let endTold = false;
/** When `n` last asked to be pressed again; anything else the player does forgets it. */
let newDealAskedAt = -Infinity;
let newDealAskTimer = 0;

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] & 0x7fffffff;
}

/**
 * A new deal's seed, drawn at random: one whose game leaves the player a move to choose. Forced moves play
 * themselves, so a deal of nothing but forced moves (8% of decade's), or with no move at all, would be over before
 * the player's first move. A link's seed is played as it is.
 */
function freshSeed(id: string, opts: Record<string, unknown>): number {
  const scratch = make(id, opts);
  for (let tries = 0; tries < 100; tries++) {
    const drawn = randomSeed();
    scratch.reset({ seed: drawn });
    if (leavesAChoice(scratch)) return drawn;
  }
  return randomSeed();
}

function say(text: string, kind: 'info' | 'error' = 'info'): void {
  ui.message.textContent = text;
  ui.message.className = `message ${kind}`;
}

// ------------------------------------------------------------------ the deal and the URL

/** The options that differ from the id's defaults: what the link has to carry. */
function changedOptions(id: string, opts: Record<string, unknown>): Record<string, unknown> {
  const defaults = listings.get(id)?.defaults ?? {};
  return Object.fromEntries(Object.entries(opts).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)));
}

/**
 * The game's URL: the deal, and the moves played unless only forced ones (a new deal's link is the deal alone); the
 * address bar's also the player's settings (`withHints`), which a link leaves to whoever opens it.
 */
function gameUrl(withHints: boolean): string {
  const q = new URLSearchParams({ env: env.id, seed: String(seed) });
  const changed = changedOptions(env.id, env.options as Record<string, unknown>);
  if (Object.keys(changed).length > 0) q.set('options', JSON.stringify(changed));
  if (played.some((t) => !t.startsWith('f'))) q.set('moves', played.join('.'));
  if (withHints && hintsOn) q.set('hints', '1');
  if (withHints && preferredBackend) q.set('backend', preferredBackend);
  if (withHints && dealSettings.winnable) q.set('winnable', '1');
  if (withHints && dealSettings.winnable && dealSettings.level) q.set('level', dealSettings.level);
  return `${location.pathname}?${q}`;
}

let urlWrittenAt = -Infinity;
let urlTimer = 0;

/**
 * Puts the game in the address bar and the share link; `now` for a deal or a setting, else at most every
 * URL_INTERVAL_MS.
 */
function writeUrl(now: boolean): void {
  clearTimeout(urlTimer);
  const wait = urlWrittenAt + URL_INTERVAL_MS - performance.now();
  if (!now && wait > 0) {
    urlTimer = window.setTimeout(() => writeUrl(true), wait);
    return;
  }
  urlWrittenAt = performance.now();
  history.replaceState(null, '', gameUrl(true));
  ui.share.href = new URL(gameUrl(false), location.href).href;
}

/** Plays an action and keeps it for the URL. */
function stepGame(action: number): void {
  const only = env.legalCount === 1;
  env.step(action);
  states.record(env);
  const last = played.at(-1);
  if (only && last?.startsWith('f')) played[played.length - 1] = `f${Number(last.slice(1)) + 1}`;
  else played.push(only ? 'f1' : String(action));
}

/** Takes back a step (the caller checks that one is left) and keeps the undo for the URL. */
function undoGame(): void {
  env.undo();
  states.record(env);
  played.push('u');
}

/**
 * Plays a URL's `moves` on the deal just made, up to the first that cannot be played there: null
 * when every one was, else that move's number in the link. Moves are counted as the player made
 * them, each undo included; forced moves (`fN`) play themselves and are not counted, and of a
 * run of them the ones that were the only legal move are kept.
 */
function replay(moves: string): number | null {
  let counted = 0;
  for (const token of moves.split('.')) {
    if (/^f[1-9]\d{0,5}$/.test(token)) {
      for (let n = Number(token.slice(1)); n > 0; n--) {
        if (!env.running || env.legalCount !== 1) return counted + 1;
        stepGame(env.legal[0]);
      }
      continue;
    }
    counted++;
    if (token === 'u' && env.undosLeft > 0 && env.undoDepth > 0) {
      try {
        undoGame();
      } catch (e) {
        if (!isTengymError(e)) throw e;
        return counted;
      }
    } else if (/^\d{1,6}$/.test(token) && env.running && env.isLegal(Number(token))) stepGame(Number(token));
    else return counted;
  }
  return null;
}

/**
 * Deals `dealSeed` of `id` with `opts`, then plays `moves` (a URL's). A move the deal does not
 * allow stops there: the game is shown after the moves before it, and the page says which.
 */
function startGame(id: string, opts: Record<string, unknown>, dealSeed: number, moves = ''): void {
  noteFocus();
  // The last game's message (an error, the end) goes with it, and a deal still being found for it.
  say('');
  if (finding !== null) {
    finding = null;
    difficultyAsked = null;
    dealWork.abandon();
  }
  env = make(id, opts);
  scratch = null;
  foresight = null;
  options = changedOptions(env.id, env.options as Record<string, unknown>);
  seed = dealSeed;
  env.reset({ seed });
  states = new GameStates(env);
  played = [];
  const bad = moves ? replay(moves) : null;
  if (bad !== null) {
    const shown =
      bad === 1 ? 'from its start' : bad === 2 ? 'after the move before it' : `after the ${bad - 1} before it`;
    say(`Move ${bad} of the link is not a legal move here; the game is shown ${shown}.`, 'error');
  }
  api.env = env;
  api.seed = seed;
  selection = [];
  // A game that stopped at an undo shows the position asked for, as it did before the reload.
  holdForced = played.at(-1) === 'u';
  forcedRun = 1;
  shownSpots = new Set();
  moveToSay = null;
  endTold = false;
  ui.announce.textContent = '';
  ui.env.value = env.id;
  ui.seed.value = String(seed);
  writeUrl(true);
  document.title = `${titleOf(env.id)}, seed ${seed} · tengym`;
  // The form shows this game's options: an error about options it no longer holds goes with them.
  ui.optionsError.hidden = true;
  buildOptionsForm();
  ui.rules.replaceChildren(gameRules(env));
  showDealChoice();
  askDifficulty();
  update();
}

/** The rules document: what every game shares, and each game's page. */
const rulesDocument = [
  sharedRules,
  ...Object.values(import.meta.glob('../docs/rules/*.md', { query: '?raw', import: 'default', eager: true })),
].join('\n');

/** What a seed is, as the command line says it (a number past it is not a whole number to JavaScript). */
const SEED_RANGE = `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`;

/**
 * The game's rules for a player (the words `rules` prints in `tengym play`), drawn from their Markdown: else its own (a
 * game registered at run time), read as a player reads a section of the document.
 */
function gameRules(game: Env): Node {
  const own = game.game.rules;
  const section = playerRules(rulesDocument, game.id, game.game.name) ?? (own === undefined ? null : forPlayers(own));
  return section === null ? document.createTextNode(`No rules for ${titleOf(game.id)}.`) : markdownNodes(section);
}

/**
 * The game the URL asks for; a bad parameter is reported and replaced by its default, every one
 * said. The moves are then not played: they were made in the game the link names, not this one.
 */
function startFromUrl(): void {
  const problems: string[] = [];
  let id = params.get('env') ?? DEFAULT_ENV;
  if (!listings.has(id)) {
    problems.push(`Unknown game "${id}": the games are ${[...listings.keys()].join(', ')}.`);
    id = DEFAULT_ENV;
  }
  let opts: Record<string, unknown> = {};
  const optionsText = params.get('options');
  if (optionsText) {
    try {
      opts = JSON.parse(optionsText) as Record<string, unknown>;
      make(id, opts);
    } catch (e) {
      problems.push(`Options ignored: ${isTengymError(e) ? e.message : `not JSON (${(e as Error).message})`}.`);
      opts = {};
    }
  }
  const seedText = params.get('seed');
  let dealSeed: number | null = null;
  if (seedText !== null) {
    if (/^\d+$/.test(seedText) && Number.isSafeInteger(Number(seedText))) dealSeed = Number(seedText);
    else problems.push(`Seed "${seedText}" is not ${SEED_RANGE}: a new deal instead.`);
  }
  let moves = params.get('moves') ?? '';
  if (moves && problems.length > 0) {
    problems.push('The moves in the link were not played: they belong to the game it names, not to this one.');
    moves = '';
  }
  hintsOn = params.get('hints') === '1';
  ui.hintsToggle.checked = hintsOn;
  startGame(id, opts, dealSeed ?? firstSeed(id, opts), moves);
  if (problems.length > 0) say(problems.join(' '), 'error');
}

// ------------------------------------------------------------------ winnable deals, the daily deal, difficulty

/** New deals asked for: only winnable ones, and of a difficulty (shown where the game's kit measured its thirds). */
interface DealSettings {
  winnable: boolean;
  level: DealLevel | null;
}

/** The address's settings (`winnable=1`, `level`) where it has them, else what this browser kept. */
function readDealSettings(): DealSettings {
  let kept: { winnable?: unknown; level?: unknown } = {};
  try {
    const stored = JSON.parse(localStorage.getItem(DEAL_SETTINGS_KEY) ?? '{}') as unknown;
    if (typeof stored === 'object' && stored !== null) kept = stored;
  } catch {
    // No storage (a browser that refuses it), or not JSON: nothing kept.
  }
  const fromUrl = params.has('winnable');
  const level = fromUrl ? params.get('level') : kept.level;
  return {
    winnable: fromUrl ? params.get('winnable') === '1' : kept.winnable === true,
    level: LEVELS.find((l) => l === level) ?? null,
  };
}

let dealSettings = readDealSettings();

function keepDealSettings(): void {
  try {
    localStorage.setItem(DEAL_SETTINGS_KEY, JSON.stringify(dealSettings));
  } catch {
    // Kept in the address alone.
  }
}

/** The deals' worker: winnable deals, the daily winnable deal and difficulties, found without holding the page. */
const dealWork = new DealWork();
/** A deal being found (New deal, Daily deal): its number, until it is dealt, fails or another game starts. */
let finding: number | null = null;
let findings = 0;
/** Each deal's difficulty as worked out (null: it cannot be won; an Error: not worked out), by `dealKey`. */
const difficulties = new Map<string, DealDifficulty | null | Error>();
/** The deal whose difficulty the worker is working out. */
let difficultyAsked: string | null = null;
/** The deals found winnable (New deal, Daily deal), by `dealKey`, told while their difficulty is worked out. */
const foundWinnable = new Set<string>();
/** The daily deal dealt last, while it is the game's deal (Restart keeps it): its day, and whether winnable. */
let daily: { key: string; day: string; winnable: boolean } | null = null;

/** A deal of a game with its options, as the caches hold it. */
function dealKey(id: string, opts: Record<string, unknown>, dealSeed: number): string {
  return `${id} ${JSON.stringify(opts)} ${dealSeed}`;
}

/** Whether a game's options are its id's own (what the measured thirds of its deals are for). */
const presetOptions = (game: Env): boolean =>
  Object.keys(changedOptions(game.id, game.options as Record<string, unknown>)).length === 0;

/** Why this game cannot give only winnable deals, for a player; null where it can. */
function noWinnableDeals(game: Env): string | null {
  const name = `${titleOf(game.id)}${presetOptions(game) ? '' : ' with these options'}`;
  if (winnableBy(game) === null) return `${name} cannot tell in advance which of its deals can be won.`;
  const never = game.game.unwinnable?.(game.options) ?? null;
  return never === null ? null : `No deal of ${name} can be won.`;
}

/** Whether New deal and Daily deal give only winnable deals in this game. */
function winnableOnly(): boolean {
  return dealSettings.winnable && noWinnableDeals(env) === null;
}

/** The difficulty asked of a new deal here, or null. */
function levelAsked(): DealLevel | null {
  return winnableOnly() && difficultyThirdsOf(env) !== null ? dealSettings.level : null;
}

/** The first deal of a page opened with no seed: a winnable one where asked (of any difficulty: New deal asks it). */
function firstSeed(id: string, opts: Record<string, unknown>): number {
  const game = make(id, opts);
  if (!dealSettings.winnable || noWinnableDeals(game) !== null) return freshSeed(id, opts);
  const job: DealRequest = {
    kind: 'deal',
    env: id,
    options: opts,
    from: randomSeed(),
    winnable: true,
    level: null,
    playable: true,
  };
  try {
    return doDealJob(job).seed;
  } catch (e) {
    if (!isTengymError(e)) throw e;
    return freshSeed(id, opts); // none among those tried: a deal all the same
  }
}

/** The box, where the game can tell winnable deals (else off, and why beside it), and the difficulty's list. */
function showDealChoice(): void {
  const why = noWinnableDeals(env);
  ui.winnable.disabled = why !== null;
  ui.winnable.checked = dealSettings.winnable && why === null;
  ui.winnableWhy.hidden = why === null;
  ui.winnableWhy.textContent = why ?? '';
  ui.levelChoice.hidden = !(ui.winnable.checked && difficultyThirdsOf(env) !== null);
  ui.level.value = dealSettings.level ?? '';
  showDealInfo();
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** "Friday 27 November 2026": a day "YYYY-MM-DD" as the page says it, the same in every browser and time zone. */
function longDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** A winnable deal's difficulty: its third where measured, its traps. */
function difficultyText(d: DealDifficulty): string {
  const traps = d.traps === 0 ? 'no traps' : `${d.traps} trap${d.traps === 1 ? '' : 's'}`;
  if (d.level !== null) return `Difficulty: ${d.level} (${traps})`;
  if (d.traps > 0) return `Difficulty: ${traps}`;
  return `Difficulty: ${traps} (${d.decisions === 0 ? 'every order of moves wins it' : 'no move loses it'})`;
}

/** The deal's line: the daily deal's day; with winnable deals only, whether the deal can be won and how hard it is. */
function showDealInfo(): void {
  const key = dealKey(env.id, options, seed);
  const parts: string[] = [];
  if (daily?.key === key) parts.push(`${daily.winnable ? 'Daily winnable deal' : 'Daily deal'}, ${longDay(daily.day)}`);
  if (winnableOnly()) {
    const known = difficulties.get(key);
    if (known === undefined && !foundWinnable.has(key)) parts.push('Working out whether this deal can be won…');
    else if (known === undefined) parts.push(...(daily?.key === key ? [] : ['Winnable deal']), 'Difficulty: …');
    else if (known === null) parts.push('This deal cannot be won');
    else if (known instanceof Error) parts.push(`Difficulty unknown: ${known.message}`);
    else parts.push(...(daily?.key === key && daily.winnable ? [] : ['Winnable deal']), difficultyText(known));
  }
  ui.dealInfo.textContent = parts.join(' · ');
  ui.dealInfo.title = winnableOnly() ? TRAP_TITLE : '';
  ui.dealInfo.hidden = parts.length === 0;
}

/**
 * Has the worker work out the deal's difficulty, with winnable deals only and where it is not known yet (it takes a
 * solve per move of the winning line: 40 ms for decade, a second for Pyramid); the work for another deal is dropped.
 */
function askDifficulty(): void {
  const key = dealKey(env.id, options, seed);
  const wanted = winnableOnly() && !difficulties.has(key) ? key : null;
  if (difficultyAsked === wanted) return;
  if (difficultyAsked !== null) dealWork.abandon();
  difficultyAsked = wanted;
  if (wanted === null) return;
  dealWork.run({ kind: 'difficulty', env: env.id, options, seed }).then(
    (answer) => {
      difficulties.set(key, answer.difficulty ?? null);
      if (difficultyAsked === key) difficultyAsked = null;
      if (dealKey(env.id, options, seed) === key) showDealInfo();
    },
    (e: Error) => {
      if (e instanceof Abandoned) return;
      difficulties.set(key, e);
      if (difficultyAsked === key) difficultyAsked = null;
      if (dealKey(env.id, options, seed) === key) showDealInfo();
    },
  );
}

/**
 * Finds a deal in the worker and deals it, the page busy and saying `waiting` meanwhile; `dealt` then says what it
 * is. Another game started first drops it.
 */
function findDeal(job: DealRequest, waiting: string, dealt: (dealSeed: number) => void): void {
  const token = ++findings;
  difficultyAsked = null;
  dealWork.abandon();
  finding = token;
  say(waiting);
  setBusy(true);
  const [id, opts] = [env.id, options];
  dealWork.run(job).then(
    (answer) => {
      if (finding !== token) return;
      finding = null;
      const key = dealKey(id, opts, answer.seed);
      if (job.winnable) foundWinnable.add(key);
      if (answer.difficulty !== undefined) difficulties.set(key, answer.difficulty);
      startGame(id, opts, answer.seed);
      dealt(answer.seed);
    },
    (e: Error) => {
      if (finding !== token) return;
      finding = null;
      setBusy(false);
      askDifficulty(); // the game shown stays: its difficulty, if the search stopped its working out
      if (e instanceof Abandoned) return say('');
      const among = /among (\d+) seeds/.exec(e.message)?.[1];
      const what = job.level ? `${job.level} winnable` : 'winnable';
      say(
        among === undefined
          ? e.message
          : `No ${what} deal among the ${Number(among).toLocaleString('en')} tried` +
              `${typeof job.from === 'number' ? '' : " from the day's"}: they are rare in ${titleOf(id)}.`,
        'error',
      );
    },
  );
}

/** New deal: a deal drawn at random that leaves the player a move; with winnable deals only, one that can be won. */
function newDeal(): void {
  if (!winnableOnly()) return startGame(env.id, options, freshSeed(env.id, options));
  const level = levelAsked();
  const job: DealRequest = {
    kind: 'deal',
    env: env.id,
    options,
    from: randomSeed(),
    winnable: true,
    level,
    playable: true,
  };
  findDeal(job, `Finding a ${level ? `${level} ` : ''}winnable deal…`, () => undefined);
}

/** Daily deal: the deal of today's date in UTC, the same for every player (the day's winnable one, where asked). */
function dailyDeal(): void {
  const day = new Date().toISOString().slice(0, 10);
  const winnable = winnableOnly();
  const job: DealRequest = {
    kind: 'deal',
    env: env.id,
    options,
    from: { date: day },
    winnable,
    level: null,
    playable: false,
  };
  const dealt = (dealSeed: number) => {
    daily = { key: dealKey(env.id, options, dealSeed), day, winnable };
    showDealInfo();
    const dealtGame = make(env.id, env.options);
    dealtGame.reset({ seed: dealSeed });
    const over = leavesAChoice(dealtGame) ? '' : ' It plays itself to its end: it leaves no move to choose.';
    say(
      `${winnable ? 'Daily winnable deal' : 'Daily deal'} of ${longDay(day)} (UTC), ` +
        `the same for everyone that day.${over}`,
    );
  };
  if (winnable) return findDeal(job, `Finding the daily winnable deal of ${longDay(day)}…`, dealt);
  const { seed: dealSeed } = doDealJob(job);
  startGame(env.id, options, dealSeed);
  dealt(dealSeed);
}

// ------------------------------------------------------------------ the options form

/** A Tab from an option's field, while the change it fired is applied. */
let optionTab: { name: string; back: boolean } | null = null;

/**
 * Moves the focus from the option field `tab.name` to the control after it (before it with Shift), if the focus was
 * lost.
 */
function tabOnFrom(tab: { name: string; back: boolean }): void {
  if (document.activeElement !== document.body) return;
  const controls = [
    ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary'),
  ].filter((c) => !c.closest('[hidden]') && !(c as HTMLButtonElement).disabled && c.getClientRects().length > 0);
  const at = controls.findIndex((c) => c.closest('#options') && c.getAttribute('name') === tab.name);
  controls[at + (tab.back ? -1 : 1)]?.focus();
}

function buildOptionsForm(): void {
  const listing = listings.get(env.id)!;
  const schema = listing.optionsSchema as {
    properties: Record<
      string,
      {
        description?: string;
        enum?: unknown[];
        type?: string;
        minimum?: number;
        maximum?: number;
        anyOf?: { type: string; minimum?: number }[];
      }
    >;
  };
  const current = env.options as Record<string, unknown>;
  ui.options.replaceChildren();
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (HIDDEN_OPTIONS.has(name)) continue;
    // The schema's description is the player's label; the option's name (what links and the
    // library use) shows on hover.
    const label = document.createElement('label');
    label.append(`${prop.description ?? name} `);
    label.title = name;
    let input: HTMLInputElement | HTMLSelectElement;
    if (prop.enum) {
      const select = document.createElement('select');
      for (const value of prop.enum) {
        const option = document.createElement('option');
        option.value = JSON.stringify(value);
        option.textContent = String(value);
        select.append(option);
      }
      select.value = JSON.stringify(current[name]);
      input = select;
    } else if (prop.type === 'boolean') {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = current[name] === true;
      input = box;
    } else {
      const number = document.createElement('input');
      number.type = 'number';
      number.step = '1';
      const range = prop.anyOf?.find((p) => p.type === 'integer') ?? prop;
      if (range.minimum !== undefined) number.min = String(range.minimum);
      if (prop.maximum !== undefined && prop.maximum < 1e6) number.max = String(prop.maximum);
      if (prop.anyOf) number.placeholder = 'none';
      number.value = current[name] === null ? '' : String(current[name]);
      input = number;
    }
    input.name = name;
    input.addEventListener('keydown', (e) => {
      const key = e as KeyboardEvent;
      if (key.key !== 'Tab') return;
      // The change a Tab fires comes before the focus moves, within this task.
      optionTab = { name, back: key.shiftKey };
      setTimeout(() => (optionTab = null), 0);
    });
    input.addEventListener('change', () => {
      const tab = optionTab;
      applyOptions();
      // The field the Tab was going to went with the old form: go on from the rebuilt one.
      if (tab) setTimeout(() => tabOnFrom(tab), 0);
    });
    label.append(input);
    ui.options.append(label);
  }
}

function readOptionsForm(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const input of ui.options.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
    if (input instanceof HTMLSelectElement) out[input.name] = JSON.parse(input.value);
    else if (input.type === 'checkbox') out[input.name] = input.checked;
    else out[input.name] = input.value === '' ? null : Number(input.value);
  }
  return out;
}

/** A changed option deals the same seed again under the new rules. */
function applyOptions(): void {
  const opts = readOptionsForm();
  try {
    make(env.id, opts);
  } catch (e) {
    ui.optionsError.textContent = isTengymError(e) ? e.message : String(e);
    ui.optionsError.hidden = false;
    return;
  }
  ui.optionsError.hidden = true;
  startGame(env.id, opts, seed);
}

// ------------------------------------------------------------------ moves

function legalMoves(): Move[] {
  return env.legalActions().map((action) => {
    const cards = env.actionCards(action);
    return { action, text: env.describeAction(action), cards, keys: new Set(cards.map(cardKey)) };
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
function foresee(position: string, moves: Move[]): Map<number, Foreseen> {
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

/** The mark of a foreseen move: a symbol and the note's first words, the whole note in its title. */
function foreseenMark(f: Foreseen): HTMLElement {
  const mark = document.createElement('span');
  mark.className = `foresee${f.ends ? ` ${f.ends}` : ''}`;
  const symbol = document.createElement('span');
  symbol.setAttribute('aria-hidden', 'true');
  symbol.textContent = f.ends === 'lost' ? '✖ ' : f.ends === 'won' ? '★ ' : '⚑ ';
  mark.append(symbol, f.headline);
  mark.title = f.note;
  return mark;
}

/** Marks a move's button with what it will do: the mark, and the note in its title and description. */
function markForeseen(button: HTMLElement, f: Foreseen | undefined, description?: string): void {
  if (f) {
    button.classList.add('foreseen');
    button.append(' ', foreseenMark(f));
    button.title = f.note;
  }
  const said = [description, f && `then: ${f.note}`].filter(Boolean).join('; ');
  if (said) button.setAttribute('aria-description', said);
}

function play(action: number, forced = false): void {
  if (!env.running || !env.isLegal(action)) return;
  forcedRun = forced ? forcedRun + 1 : 0;
  if (!forced) say('');
  moveToSay = `${forced ? 'Played the only move' : 'Played'}: ${env.describeAction(action)}`;
  stepGame(action);
  writeUrl(false);
  // A round's end, a fault and what paid for it, a bust: said with its reason.
  const note = env.stepNote();
  if (note) say(note);
  selection = [];
  holdForced = false;
  update();
}

/** Moves that take every selected card. */
function candidates(moves: Move[], keys: string[]): Move[] {
  return moves.filter((m) => keys.every((k) => m.keys.has(k)));
}

/**
 * A tap: select the card and show what it can go with; a tap that completes a move plays it.
 * A move completes when exactly one move takes just the selected cards, or, from two selected
 * cards on, when one move is the smallest that takes them all (a run between two tapped ends,
 * a quartet from two of its cards). Tapping the only selected card again plays the one move
 * that takes just that card.
 */
function tapCard(card: CardPlace): void {
  if (!env.running) return;
  const moves = legalMoves();
  const key = cardKey(card);
  if (selection.includes(key)) {
    const exact = candidates(moves, selection).filter((m) => m.keys.size === selection.length);
    if (exact.length === 1) return play(exact[0].action);
    selection = selection.filter((k) => k !== key);
    return update();
  }
  let next = [...selection, key];
  let matching = candidates(moves, next);
  if (matching.length === 0) {
    next = [key];
    matching = candidates(moves, next);
    if (matching.length === 0) {
      selection = [];
      say(`No move takes ${card.code === '' ? 'that card' : describeCard(card)} now.`);
      return update();
    }
  }
  selection = next;
  if (next.length >= 2) {
    const exact = matching.filter((m) => m.keys.size === next.length);
    if (exact.length === 1) return play(exact[0].action);
    if (exact.length === 0) {
      const smallest = Math.min(...matching.map((m) => m.keys.size));
      const least = matching.filter((m) => m.keys.size === smallest);
      if (least.length === 1) return play(least[0].action);
      // Two runs of a loop between the same two ends (one each way round): a third card chooses.
      const choices = least
        .map((m) => m.cards.find((c) => !next.includes(cardKey(c))))
        .filter((c): c is CardPlace => c !== undefined);
      if (choices.length === least.length) {
        say(
          `${least.length === 2 ? 'Two' : least.length} moves take these cards: tap ` +
            `${choices.map(describeCard).join(' or ')} ` +
            `to choose.`,
        );
        return update();
      }
    }
  }
  say('');
  update();
}

function describeCard(card: CardPlace): string {
  return document.querySelector<HTMLElement>(`[data-spot="${spotKey(card)}"]`)?.getAttribute('aria-label') ?? card.code;
}

/** The stock: the one legal move that takes no card from the table (a draw or a deal). */
function tapStock(): void {
  if (!env.running) return;
  const cardless = legalMoves().filter((m) => m.cards.length === 0);
  if (cardless.length === 1) play(cardless[0].action);
  else say('The stock is not in play now.');
}

/** A part of the board that plays one action (a Four Ten hand: place the drawn card there), when it is legal. */
function tapAction(action: number): void {
  if (env.running && env.isLegal(action)) play(action);
}

function undo(): void {
  if (env.undosLeft <= 0) {
    if (env.getState().undosUsed > 0) say('No undos left.');
    else
      say(
        env.game.undoLimit
          ? 'Undo is off in this game: choose 3 or unlimited undos per game in the options.'
          : `${titleOf(env.id)} has no undo.`,
      );
    return;
  }
  if (env.undoDepth === 0) {
    say('There is no move to take back.');
    return;
  }
  try {
    undoGame();
  } catch (e) {
    if (!isTengymError(e)) throw e;
    say(e.message);
    return;
  }
  writeUrl(false);
  selection = [];
  holdForced = true;
  ui.announce.textContent = '';
  say(
    `Took back the last ` +
      `move${env.undosLeft === Infinity ? '' : ` (${env.undosLeft} undo${env.undosLeft === 1 ? '' : 's'} left)`}.`,
  );
  update();
}

// ------------------------------------------------------------------ hints

/** A hinter, and the line that says its hints are a fallback's when the trained model could not be loaded. */
interface PageHinter {
  loaded: LoadedHinter;
  modelsLost: string | null;
  /** What the hints' line adds when the model runs on a slower backend than the one chosen for it. */
  slowBackend: string | null;
}

let modelIndex: Promise<ModelIndex> | null = null;
const hinters = new Map<string, Promise<PageHinter>>();
const warmHinters = new WeakSet<LoadedHinter>();
/** The hints of the position last ranked, so that a tap (which redraws) does not rank it again. */
let lastHints: { position: string; source: string; result: HintResult } | null = null;

function shippedModels(): Promise<ModelIndex> {
  if (!modelIndex) {
    modelIndex = fetch(new URL('models/index.json', document.baseURI))
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<ModelIndex>;
      })
      .catch((e: Error) => {
        throw new Error(`models/index.json: ${e.message}`);
      });
    // A failed load (the network, the server, a broken file) is tried again at the next position, as a model's files
    // are.
    modelIndex.catch(() => (modelIndex = null));
  }
  return modelIndex;
}

/** Whether a trained model would give the hints of `game` were one shipped for its options. */
function modelCouldAnswer(game: Env): boolean {
  const opts = game.options as Record<string, unknown>;
  return chooseHintSource(game.id, opts, { env: game.id, options: opts }).kind === 'model';
}

/** What `game`'s hints say when its trained model could not be loaded (`why`), where that matters. */
function modelsLostLine(game: Env, why: string): string | null {
  if (!modelCouldAnswer(game)) return null;
  const fallback = chooseHintSource(game.id, game.options as Record<string, unknown>, null);
  return (
    `The trained model could not be loaded (${why}): hints from ` +
    `${fallback.kind === 'agent' ? fallback.name : fallback.source} ` +
    `instead.`
  );
}

/**
 * What the hints' line adds when the model runs on `backend` though `chosen` was meant for it
 * (that one did not set up: for WebAssembly, its .wasm files were not fetched), or null. The
 * hints are the same, only slower, so the line says so rather than falling back to a search.
 */
function backendLine(chosen: BrowserBackend, backend: BrowserBackend): string | null {
  if (backend === chosen) return null;
  const what =
    chosen === 'wasm' ? 'its WebAssembly files did not load' : `TensorFlow.js's ${chosen} backend did not set up`;
  return (
    `the model runs on TensorFlow.js's ${backend === 'cpu' ? 'plain JavaScript' : backend} backend, slower ` +
    `(${what})`
  );
}

/**
 * The hinter of the current env and options, as `tengym hint` would choose it. Without the
 * trained model (the list of models or the model's own files could not be loaded) the choice
 * falls back to the search chosen where no model is shipped, and says so: that hinter is chosen
 * again at the next position, when the model may load.
 */
function hinterFor(current: Env): Promise<PageHinter> {
  const key = `${current.id} ${JSON.stringify(current.options)}`;
  let loading = hinters.get(key);
  if (!loading) {
    const opts = current.options as Record<string, unknown>;
    let modelError: string | null = null;
    let slowBackend: string | null = null;
    const models: ShippedModels = {
      info: async (id) => {
        try {
          const entry = (await shippedModels())[id] ?? null;
          // An entry of the wrong shape fails the list as a failed load does (chooseHintSource checks it).
          chooseHintSource(id, {}, entry);
          return entry;
        } catch (e) {
          modelError = (e as Error).message;
          modelIndex = null; // fetched again at the next position
          return null;
        }
      },
      load: async (modelId) => {
        try {
          const weights = (await shippedModels())[modelId].weights;
          const { loadShippedModel } = await import('./model-loader.js');
          const { agent, backend, chosen } = await loadShippedModel(modelId, weights, preferredBackend);
          api.backend = backend;
          slowBackend = backendLine(chosen, backend);
          return agent;
        } catch (e) {
          modelError = (e as Error).message;
          throw e;
        }
      },
      // Read after `info`: a list that failed is the reason in the fallback's source.
      get lost() {
        return modelError ?? undefined;
      },
    };
    const config = { budgetMs: HINT_BUDGET_MS };
    loading = hinterForEnv(current.id, opts, models, config)
      // The model's own files failed: the search chosen without a model, as when the list fails.
      .catch((e: unknown) => {
        if (modelError === null) throw e;
        return hinterForEnv(current.id, opts, { ...models, info: () => null }, config);
      })
      .then((loaded) => ({
        loaded,
        modelsLost: modelError === null ? null : modelsLostLine(current, modelError),
        slowBackend,
      }));
    hinters.set(key, loading);
    // A failed load (the network, a missing file) is tried again at the next position.
    const forget = () => hinters.delete(key);
    loading.then(() => modelError !== null && forget(), forget);
  }
  return loading;
}

/** Shows the ranked moves of the current position (hints on, a choice to make); `position` is its state JSON. */
async function showHints(moves: Move[], position: string, gen: number): Promise<void> {
  ui.hints.hidden = false;
  ui.hintList.replaceChildren();
  ui.hintSource.textContent = 'Loading hints…';
  ui.hintSource.classList.remove('error');
  let loaded: LoadedHinter;
  let modelsLost: string | null;
  let slowBackend: string | null;
  try {
    ({ loaded, modelsLost, slowBackend } = await hinterFor(env));
  } catch (e) {
    if (gen === generation) ui.hintSource.textContent = `No hints: ${(e as Error).message}`;
    return;
  }
  if (gen !== generation) return;
  if (!warmHinters.has(loaded)) {
    // Let the board paint before the first hint, which can be slow (Four Ten solves a round for its sentences).
    warmHinters.add(loaded);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    if (gen !== generation) return;
  }
  let result: HintResult;
  if (lastHints?.position === position && lastHints.source === loaded.source) result = lastHints.result;
  else {
    const start = performance.now();
    result = states.hint(loaded.hinter, env);
    api.hintMs.push(performance.now() - start);
    lastHints = { position, source: loaded.source, result };
  }
  api.hints = result;
  api.source = loaded.source;
  api.firstHintMs ??= performance.now();
  ui.hintSource.textContent =
    modelsLost ?? result.note ?? `Hints from ${result.source}${slowBackend ? `: ${slowBackend}` : ''}`;
  ui.hintSource.classList.toggle('error', modelsLost !== null);
  const legal = moves.map((m) => m.action);
  result.hints.forEach((h, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = String(h.action);
    const number = legal.indexOf(h.action) + 1;
    button.append(kbd(number), ` ${h.text}`);
    // A score on the source's own scale (a rule's ranking, as bottom-direct's −100010) tells a
    // player nothing the order does not; the sentence carries Four Ten's figures.
    if (!result.sameOutcome && h.scoreKind !== 'heuristic') {
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = formatScore(h);
      button.append(' ', score);
    }
    if (candidateActions.has(h.action)) button.classList.add('candidate');
    markForeseen(button, shownNotes.get(h.action));
    button.addEventListener('click', () => play(h.action));
    if (i === 0) li.classList.add('top');
    li.append(button);
    ui.hintList.append(li);
  });
  // The top move's cards, on the board; the ranked list replaces the move list when it holds every move.
  const top = result.hints[0];
  if (top && !result.sameOutcome) {
    for (const c of top.cards) document.querySelector(`#board [data-spot="${spotKey(c)}"]`)?.classList.add('hint-top');
  }
  ui.movesPanel.hidden = result.hints.length === moves.length;
  restoreFocus(true);
  if (result.interim) await finishHints(loaded, gen);
  if (result.interim && gen === generation) {
    lastHints = null;
    await showHints(moves, position, gen);
  }
}

/**
 * Builds what the hints of this position still need, a slice a frame (the page answers the player between slices),
 * until done or the position changes (its hints then carry the building on).
 */
async function finishHints(loaded: LoadedHinter, gen: number): Promise<void> {
  while (gen === generation && !loaded.hinter.prepare(env, HINT_BUDGET_MS))
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}

// ------------------------------------------------------------------ drawing

/** Notes where the focus is, when on something a redraw replaces; a focus already lost keeps the last note. */
function noteFocus(): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return;
  if (!active.closest('#board, #moves, #hint-list, #outcome, #options')) {
    keptFocus = null;
    return;
  }
  const list = active.closest('ol');
  const index = list ? [...list.querySelectorAll('button')].indexOf(active as HTMLButtonElement) : 0;
  const option = active.closest('#options') ? (active.getAttribute('name') ?? undefined) : undefined;
  keptFocus = { spot: active.dataset.spot, list: list?.id, index, option };
}

/** Puts a focus the redraw lost back where it was; `last` once no more redraws are coming (hints pending). */
function restoreFocus(last: boolean): void {
  const kept = keptFocus;
  if (last) keptFocus = null;
  const active = document.activeElement;
  // Lost: on nothing, or on what the redraw hid (the end's buttons once a game starts).
  if (!kept || (active !== null && active !== document.body && !active.closest('[hidden]'))) return;
  const shown = (id: string) =>
    [...document.querySelectorAll<HTMLButtonElement>(`#${id} button`)].filter((b) => !b.closest('[hidden]'));
  const lists = kept.list === 'hint-list' ? ['hint-list', 'moves'] : ['moves', 'hint-list'];
  const inList = kept.list ? lists.map(shown).find((buttons) => buttons.length > 0) : undefined;
  const target =
    (kept.option ? ui.options.querySelector<HTMLElement>(`[name="${kept.option}"]`) : null) ??
    (kept.spot ? document.querySelector<HTMLElement>(`#board [data-spot="${kept.spot}"]`) : null) ??
    inList?.[Math.min(kept.index, inList.length - 1)] ??
    // At the end, what there is to do next: play the deal again, or a new one.
    (env.running ? null : ui.outcome.querySelector<HTMLElement>('button')) ??
    document.querySelector<HTMLElement>('#board button') ??
    ui.outcome.querySelector<HTMLElement>('button');
  target?.focus({ preventScroll: true });
}

function kbd(n: number): HTMLElement {
  const k = document.createElement('kbd');
  k.textContent = String(n);
  return k;
}

/** How the game ended, in the game's own words (`Game.endText`). */
function outcomeText(): string {
  return env.endText();
}

function update(): void {
  const gen = ++generation;
  noteFocus();
  clearTimeout(forcedTimer);
  // A move number being typed, or a new deal asked for, was for the position it was typed at.
  digits = '';
  clearTimeout(digitTimer);
  forgetNewDealAsk();
  const state = env.getState();
  const position = JSON.stringify(state);
  const moves = env.running ? legalMoves() : [];
  // A forced move plays itself: nothing to foresee for the player.
  const notes = env.running && !(env.legalCount === 1 && !holdForced) ? foresee(position, moves) : new Map();
  shownNotes = notes;
  const selectedMoves = selection.length > 0 ? candidates(moves, selection) : [];
  candidateActions = new Set(selectedMoves.map((m) => m.action));
  const partners = new Set(selectedMoves.flatMap((m) => [...m.keys]));

  // Board, with the cards that arrived since the last one animated in.
  const board = renderBoard(env.board(), { card: tapCard, stock: tapStock, action: tapAction });
  const spots = new Set<string>();
  const arrived: string[] = [];
  for (const cardEl of board.querySelectorAll<HTMLElement>('.card[data-spot]')) {
    const spot = `${cardEl.dataset.spot}:${cardEl.dataset.code}`;
    spots.add(spot);
    if (shownSpots.size > 0 && !shownSpots.has(spot)) {
      cardEl.classList.add('enter');
      arrived.push(cardEl.getAttribute('aria-label') ?? cardEl.dataset.code!);
    }
    const key = cardEl.dataset.key!;
    // A screen reader says which card is chosen (a pressed button), as the raised card shows it.
    cardEl.setAttribute('aria-pressed', String(selection.includes(key)));
    if (selection.includes(key)) cardEl.classList.add('selected');
    else if (partners.has(key)) {
      // Said, and marked in its corner: not shown by colour alone.
      cardEl.classList.add('partner');
      cardEl.setAttribute('aria-description', 'goes with the chosen card');
    }
  }
  shownSpots = spots;
  // With a card selected, the parts of the board it can go to (a Four Ten hand for the drawn card).
  for (const row of board.querySelectorAll<HTMLElement>('[data-action]')) {
    const action = Number(row.dataset.action);
    if (candidateActions.has(action)) row.classList.add('target');
    // A screen reader hears what the row's name button does ("Hand = 7: place 3 into Hand"),
    // not the name alone, and that it does nothing when that move is not legal now.
    const name = row.querySelector<HTMLElement>('.hand-name');
    if (name === null) continue;
    const legal = env.running && env.isLegal(action);
    const sum = row.querySelector('.hand-sum')?.textContent ?? '';
    name.setAttribute(
      'aria-label',
      `${name.textContent} ${sum}${legal ? `: ${env.describeAction(action)}` : ''}`.trim(),
    );
    name.setAttribute('aria-disabled', String(!legal));
    const f = legal ? notes.get(action) : undefined;
    if (f) {
      row.classList.add('foreseen');
      row.append(foreseenMark(f));
      name.title = f.note;
      name.setAttribute('aria-description', `then: ${f.note}`);
    }
  }
  // A finished board is still read (each card keeps its name) but is no row of tab stops that do nothing.
  if (!env.running) {
    for (const b of board.querySelectorAll<HTMLElement>('button')) {
      b.tabIndex = -1;
      b.setAttribute('aria-disabled', 'true');
    }
  }
  ui.board.replaceChildren(board);
  markLineRows(ui.board);
  ui.prompt.textContent = env.prompt();

  // Moves, numbered as the keys play them.
  ui.moves.replaceChildren();
  moves.forEach((m, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = String(m.action);
    button.append(kbd(i + 1), ` ${m.text}`);
    const chosen = selectedMoves.includes(m);
    if (chosen) button.classList.add('candidate');
    markForeseen(button, notes.get(m.action), chosen ? 'plays the chosen card' : undefined);
    button.addEventListener('click', () => play(m.action));
    li.append(button);
    ui.moves.append(li);
  });

  // Undo, where the env has it.
  const undoBudget = env.undosLeft + state.undosUsed;
  ui.undo.hidden = undoBudget === 0;
  ui.undo.disabled = env.undoDepth === 0 || env.undosLeft === 0;
  ui.undo.textContent = `Undo (u) · ${env.undosLeft === Infinity ? 'unlimited' : `${env.undosLeft} left`}`;

  ui.outcome.hidden = env.running;
  // A won game is celebrated: a banner, and the board's cards dancing once (not with reduced motion, style.css).
  const won = !env.running && env.outcome().won;
  ui.celebration.hidden = !won;
  board.classList.toggle('won', won);
  if (won && !endTold) {
    board.classList.add('celebrate');
    ui.celebration.classList.remove('celebrate');
    void ui.celebration.offsetWidth; // the banner's animation starts again for a game won again after an undo
    ui.celebration.classList.add('celebrate');
  }
  // A move is read out once, with the cards it turned up (what a sighted player sees arrive);
  // the end is read out with the move that ended the game, once, a win with "You won!".
  const end = env.running || endTold ? '' : `${outcomeText()}${won ? ' You won!' : ''}`;
  if (moveToSay !== null) {
    const parts = [moveToSay, ...(arrived.length > 0 ? [`now on the table: ${arrived.join(', ')}`] : [])];
    ui.announce.textContent = `${parts.join('; ')}.${end ? ` ${end}` : ''}`;
    moveToSay = null;
  } else if (end) ui.announce.textContent = end;
  endTold = !env.running;
  if (!env.running) {
    ui.outcome.textContent = outcomeText();
    ui.outcome.className = `outcome ${env.outcome().won ? 'won' : 'lost'}`;
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Play this deal again';
    again.addEventListener('click', () => startGame(env.id, options, seed));
    const next = document.createElement('button');
    next.type = 'button';
    next.textContent = 'New deal';
    next.addEventListener('click', newDeal);
    ui.outcome.append(' ', again, ' ', next);
  }

  api.hints = null;
  ui.hints.hidden = true;
  // At the end there is no move to list: no empty "Moves" heading.
  ui.movesPanel.hidden = !env.running;
  document.body.dataset.steps = String(env.episodeSteps);
  const hintsComing = hintsOn && env.running && !(env.legalCount === 1 && !holdForced);
  restoreFocus(!hintsComing);
  if (env.running && env.legalCount === 1 && !holdForced) return scheduleForced(moves[0], gen);
  // The page waits for the player from here: the first time is the time to the first move.
  if (api.readyMs === null) {
    api.readyMs = performance.now();
    document.body.dataset.ready = '1';
  }
  if (hintsOn && env.running) {
    setBusy(true);
    void showHints(moves, position, gen).finally(() => {
      if (gen === generation) setBusy(false);
    });
  } else setBusy(false);
}

function setBusy(moving: boolean): void {
  const busy = moving || finding !== null;
  api.busy = busy;
  document.body.dataset.busy = busy ? '1' : '0';
  if (!busy) {
    const waiting = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiting) resolve();
  }
}

let forcedTimer = 0;

/**
 * Runs `task` after the browser has handled what is waiting (input, painting), without the 4 ms
 * a nested setTimeout(0) waits: a long run of forced moves with reduced motion (Ten-Twenty-Thirty
 * plays hundreds) passes at once.
 */
const soonQueue: (() => void)[] = [];
const soonChannel = new MessageChannel();
soonChannel.port1.onmessage = () => soonQueue.shift()?.();
function soon(task: () => void): void {
  soonQueue.push(task);
  soonChannel.port2.postMessage(0);
}

/** The only legal move plays itself, its cards marked for a moment. */
function scheduleForced(move: Move, gen: number): void {
  setBusy(true);
  const animate = !reducedMotion.matches && forcedRun <= ANIMATED_FORCED_RUN;
  if (animate) {
    for (const c of move.cards) document.querySelector(`#board [data-spot="${spotKey(c)}"]`)?.classList.add('forced');
    if (move.cards.length === 0) document.querySelector('#board .stock')?.classList.add('forced');
  }
  const playIt = () => {
    if (gen === generation) play(move.action, true);
  };
  if (!animate) soon(playIt);
  else forcedTimer = window.setTimeout(playIt, forcedRun === 0 ? FORCED_MOVE_MS : CHAINED_FORCED_MOVE_MS);
}

// ------------------------------------------------------------------ controls

function setHints(on: boolean): void {
  hintsOn = on;
  ui.hintsToggle.checked = on;
  writeUrl(true);
  update();
}

function commitDigits(): void {
  clearTimeout(digitTimer);
  const n = Number(digits);
  digits = '';
  if (!env.running) return;
  if (n >= 1 && n <= env.legalCount) play(env.legal[n - 1]);
  else
    say(
      `There ${env.legalCount === 1 ? 'is 1 move' : `are ${env.legalCount} moves`}: type a number from 1 to ` +
        `${env.legalCount}.`,
    );
}

/** What was typed into a list to pick a choice by its name, and when. */
let listTyping = { text: '', at: 0 };

/**
 * Whether a key is a list's: it picks a choice by the start of its name (the browser's
 * type-to-select, which forgets after a second). The arrows and the rest are no game's keys.
 */
function listTakes(list: HTMLSelectElement, e: KeyboardEvent): boolean {
  if (e.key.length !== 1) return false;
  const text = (e.timeStamp - listTyping.at < 1000 ? listTyping.text : '') + e.key.toLowerCase();
  listTyping = { text, at: e.timeStamp };
  return [...list.options].some((o) => o.text.toLowerCase().startsWith(text));
}

/**
 * `n`: a new deal, at once before the player's first move or after the end; in a game under
 * way only at a second `n`, as one key would otherwise throw the game away.
 */
function newDealKey(): void {
  const underWay = env.running && played.some((t) => !t.startsWith('f'));
  if (underWay && performance.now() - newDealAskedAt > NEW_DEAL_CONFIRM_MS) {
    newDealAskedAt = performance.now();
    say(NEW_DEAL_QUESTION);
    clearTimeout(newDealAskTimer);
    newDealAskTimer = window.setTimeout(forgetNewDealAsk, NEW_DEAL_CONFIRM_MS);
    return;
  }
  say('');
  newDeal();
}

/** Forgets a new deal `n` asked for, and its question unless another message has replaced it. */
function forgetNewDealAsk(): void {
  newDealAskedAt = -Infinity;
  clearTimeout(newDealAskTimer);
  if (ui.message.textContent === NEW_DEAL_QUESTION) say('');
}

document.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement;
  // Keys go to a field that takes typing (the seed, an option's number); a checkbox clicked
  // (Hints) takes none, and a list (the game, an option) only its own, so the game's keys
  // work at once after a choice.
  if (target.closest('input:not([type="checkbox"]), textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
  if (target instanceof HTMLSelectElement && listTakes(target, e)) return;
  if (/^[0-9]$/.test(e.key)) {
    digits += e.key;
    clearTimeout(digitTimer);
    // Play at once when no longer number could follow; otherwise wait for Enter or a pause.
    if (Number(digits) * 10 > env.legalCount) commitDigits();
    else digitTimer = window.setTimeout(commitDigits, 900);
  } else if (e.key === 'Enter') {
    if (digits) commitDigits();
    // Enter on a focused control (Undo, Restart, a card) presses it; elsewhere it plays the only move.
    else if (target.closest('button, a, summary, select')) return;
    else if (env.running && env.legalCount === 1) play(env.legal[0]);
    else return;
  } else if (e.key === 'h') setHints(!hintsOn);
  else if (e.key === 'u') undo();
  else if (e.key === 'n') newDealKey();
  else if (e.key === 'Escape') {
    digits = '';
    selection = [];
    update();
  } else return;
  e.preventDefault();
});

/**
 * The game list: each game by its name, the ids of one engine together under the engine's own game's name
 * ("Decade": Decade, Decade on a loop, … Ten-Twenty-Thirty); an engine with one id is an option of its own.
 */
function buildGameList(): void {
  const byEngine = new Map<string, EnvListing[]>();
  for (const listing of listings.values())
    byEngine.set(listing.engine, [...(byEngine.get(listing.engine) ?? []), listing]);
  for (const [engine, members] of byEngine) {
    const options = members.map((listing) => {
      const option = document.createElement('option');
      option.value = listing.id;
      option.textContent = listing.title;
      option.title = listing.description;
      return option;
    });
    if (members.length === 1) {
      ui.env.append(...options);
      continue;
    }
    const group = document.createElement('optgroup');
    group.label = listings.has(engine) ? titleOf(engine) : engine;
    group.append(...options);
    ui.env.append(group);
  }
}

buildGameList();
ui.env.addEventListener('change', () => startGame(ui.env.value, {}, seed));
ui.deal.addEventListener('click', () => {
  const n = Number(ui.seed.value);
  if (ui.seed.value !== '' && Number.isSafeInteger(n) && n >= 0) startGame(env.id, options, n);
  else say(`A seed is ${SEED_RANGE}.`, 'error');
});
ui.seed.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') ui.deal.click();
});
ui.newDeal.addEventListener('click', newDeal);
ui.daily.addEventListener('click', dailyDeal);
ui.winnable.addEventListener('change', () => {
  dealSettings = { ...dealSettings, winnable: ui.winnable.checked };
  keepDealSettings();
  writeUrl(true);
  showDealChoice();
  askDifficulty();
  say(`New deal and Daily deal now give ${dealSettings.winnable ? 'only deals that can be won' : 'any deal'}.`);
});
ui.level.addEventListener('change', () => {
  dealSettings = { ...dealSettings, level: LEVELS.find((l) => l === ui.level.value) ?? null };
  keepDealSettings();
  writeUrl(true);
  say(
    `New deal now gives ${dealSettings.level ?? 'winnable'} deals` +
      `${dealSettings.level ? ' (winnable)' : ' of any difficulty'}.`,
  );
});
ui.restart.addEventListener('click', () => startGame(env.id, options, seed));
ui.hintsToggle.addEventListener('change', () => setHints(ui.hintsToggle.checked));
ui.undo.addEventListener('click', undo);
// A line's rows change with the page's width (a phone turned, a window resized): their marks follow.
new ResizeObserver(() => markLineRows(ui.board)).observe(ui.board);
ui.copy.addEventListener('click', () => {
  writeUrl(true);
  const showLink = () => say(`Copy this link to bring back this game where it stands: ${ui.share.href}`);
  // No clipboard on a page served over plain http to another device (tengym serve --host 0.0.0.0).
  if (!navigator.clipboard) return showLink();
  navigator.clipboard
    .writeText(ui.share.href)
    .then(() => say('Link copied: it brings back this game where it stands.'), showLink);
});

startFromUrl();
