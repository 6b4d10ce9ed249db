/**
 * Deals beyond a seed: New deal and Daily deal, winnable only where asked and of a difficulty, found
 * in the deals' worker (deal-client.ts), and the deal's line (the daily deal's day, its difficulty).
 */
import { difficultyThirdsOf, type DealDifficulty } from '../src/index.js';
import { Abandoned, DealWork } from './deal-client.js';
import { doDealJob, type DealRequest } from './deals.js';
import { freshSeed, game, isTengymError, make, noWinnableDeals, randomSeed, rulesEnv, titleOf } from './game.js';
import { actions, setBusy, state, store } from './page.js';
import type { DealLevel } from './store.js';
import { say, ui } from './ui.js';

/** What the deal line says of a trap, on hover. */
const TRAP_TITLE =
  "A trap: a choice on the way to the win where another move would lose the deal (the exact solver's line).";

/** The deals' worker: winnable deals, the daily winnable deal and difficulties, found without holding the page. */
export const dealWork = new DealWork();
let findings = 0;
/** Each deal's difficulty as worked out (null: it cannot be won; an Error: not worked out), by `dealKey`. */
const difficulties = new Map<string, DealDifficulty | null | Error>();
/** The deal whose difficulty the worker is working out. */
let difficultyAsked: string | null = null;
/** The deals found winnable (New deal, Daily deal), by `dealKey`, told while their difficulty is worked out. */
const foundWinnable = new Set<string>();

/** Drops a deal being found, and the working out of a difficulty with it: another game starts. */
export function abandonFinding(): void {
  if (state().finding === null) return;
  store.dispatch({ type: 'finding', token: null });
  difficultyAsked = null;
  dealWork.abandon();
}

/** A deal of a game with its options, as the caches hold it. */
export function dealKey(id: string, opts: Record<string, unknown>, dealSeed: number): string {
  return `${id} ${JSON.stringify(opts)} ${dealSeed}`;
}

/** Whether New deal and Daily deal give only winnable deals in this game. */
export function winnableOnly(): boolean {
  return state().deals.winnable && noWinnableDeals(rulesEnv()) === null;
}

/** The difficulty asked of a new deal here, or null. */
function levelAsked(): DealLevel | null {
  return winnableOnly() && difficultyThirdsOf(rulesEnv()) !== null ? state().deals.level : null;
}

/** The first deal of a page opened with no seed: a winnable one where asked (of any difficulty: New deal asks it). */
export function firstSeed(id: string, opts: Record<string, unknown>): number {
  if (!state().deals.winnable || noWinnableDeals(make(id, opts)) !== null) return freshSeed(id, opts);
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
export function showDealChoice(): void {
  const why = noWinnableDeals(rulesEnv());
  ui.winnable.disabled = why !== null;
  ui.winnable.checked = state().deals.winnable && why === null;
  ui.winnableWhy.hidden = why === null;
  ui.winnableWhy.textContent = why ?? '';
  ui.levelChoice.hidden = !(ui.winnable.checked && difficultyThirdsOf(rulesEnv()) !== null);
  ui.level.value = state().deals.level ?? '';
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
export function showDealInfo(): void {
  const key = dealKey(game.env.id, state().options, state().seed);
  const parts: string[] = [];
  const daily = state().daily;
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
export function askDifficulty(): void {
  const key = dealKey(game.env.id, state().options, state().seed);
  const wanted = winnableOnly() && !difficulties.has(key) ? key : null;
  if (difficultyAsked === wanted) return;
  if (difficultyAsked !== null) dealWork.abandon();
  difficultyAsked = wanted;
  if (wanted === null) return;
  dealWork.run({ kind: 'difficulty', env: game.env.id, options: state().options, seed: state().seed }).then(
    (answer) => {
      difficulties.set(key, answer.difficulty ?? null);
      if (difficultyAsked === key) difficultyAsked = null;
      if (dealKey(game.env.id, state().options, state().seed) === key) showDealInfo();
    },
    (e: Error) => {
      if (e instanceof Abandoned) return;
      difficulties.set(key, e);
      if (difficultyAsked === key) difficultyAsked = null;
      if (dealKey(game.env.id, state().options, state().seed) === key) showDealInfo();
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
  store.dispatch({ type: 'finding', token });
  say(waiting);
  setBusy(true);
  const [id, opts] = [game.env.id, state().options];
  dealWork.run(job).then(
    (answer) => {
      if (state().finding !== token) return;
      store.dispatch({ type: 'finding', token: null });
      const key = dealKey(id, opts, answer.seed);
      if (job.winnable) foundWinnable.add(key);
      if (answer.difficulty !== undefined) difficulties.set(key, answer.difficulty);
      actions.startGame(
        id,
        opts,
        answer.seed,
        {},
        {
          winnable: job.winnable,
          ...(typeof job.from === 'number' ? {} : { daily: job.from.date }),
        },
      );
      dealt(answer.seed);
    },
    (e: Error) => {
      if (state().finding !== token) return;
      store.dispatch({ type: 'finding', token: null });
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
export function newDeal(): void {
  if (!winnableOnly()) return actions.startGame(game.env.id, state().options, freshSeed(game.env.id, state().options));
  const level = levelAsked();
  const job: DealRequest = {
    kind: 'deal',
    env: game.env.id,
    options: state().options,
    from: randomSeed(),
    winnable: true,
    level,
    playable: true,
  };
  findDeal(job, `Finding a ${level ? `${level} ` : ''}winnable deal…`, () => undefined);
}

/** Daily deal: the deal of today's date in UTC, the same for every player (the day's winnable one, where asked). */
export function dailyDeal(): void {
  const day = new Date().toISOString().slice(0, 10);
  const winnable = winnableOnly();
  const job: DealRequest = {
    kind: 'deal',
    env: game.env.id,
    options: state().options,
    from: { date: day },
    winnable,
    level: null,
    playable: false,
  };
  const dealt = (dealSeed: number) => {
    store.dispatch({ type: 'daily', daily: { key: dealKey(game.env.id, state().options, dealSeed), day, winnable } });
    showDealInfo();
    // The session has played the deal's forced moves: a deal without a choice is over already.
    const over = game.session.running ? '' : ' It plays itself to its end: it leaves no move to choose.';
    say(
      `${winnable ? 'Daily winnable deal' : 'Daily deal'} of ${longDay(day)} (UTC), ` +
        `the same for everyone that day.${over}`,
    );
  };
  if (winnable) return findDeal(job, `Finding the daily winnable deal of ${longDay(day)}…`, dealt);
  const { seed: dealSeed } = doDealJob(job);
  actions.startGame(game.env.id, state().options, dealSeed, {}, { daily: day, winnable });
  dealt(dealSeed);
}
