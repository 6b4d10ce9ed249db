/**
 * The play page: any tengym env in the browser, with hints from the shipped models. This file
 * starts the page and carries out what the player does (a deal, a move, an undo, hints on or
 * off); the parts it calls are split by purpose:
 * - store.ts: the page's state in one store, and the pure functions that update it;
 * - game.ts: the game itself, and every call into it;
 * - view.ts, board.ts, hints-view.ts, deal-choice.ts, options-form.ts: what is drawn;
 * - input.ts: taps, keys and the header's controls;
 * - persist.ts: the address bar, the share link and the browser's storage.
 *
 * The rules are the library's, and the game is a player's session (`Session`) on them, as in `tengym play`. The URL
 * holds the game: `?env=decade&seed=7`, plus `options` (JSON, the options that differ from the env's defaults),
 * `moves` (the game so far) and `undos` (the undos spent), and the player's settings: `hints=1`, `winnable=1` and
 * `level` (the new deals asked for; deals.ts finds them, in a worker).
 */
import {
  abandonFinding,
  askDifficulty,
  dailyDeal,
  dealKey,
  firstSeed,
  newDeal,
  showDealChoice,
} from './deal-choice.js';
import {
  changedOptions,
  followLink,
  game,
  gameRules,
  isTengymError,
  listings,
  make,
  newGame,
  SEED_RANGE,
  titleOf,
  type DealAsked,
} from './game.js';
import { listen } from './input.js';
import { buildOptionsForm } from './options-form.js';
import { actions, api, state, store } from './page.js';
import { params, writeUrl } from './persist.js';
import { undoneText } from './store.js';
import { say, ui } from './ui.js';
import { noteFocus, showTurn, shown, update } from './view.js';

const DEFAULT_ENV = 'decade';

/**
 * Deals `dealSeed` of `id` with `opts`, then plays `moves` with `undos` spent (a URL's). A move the deal does not
 * allow stops there: the game is shown after the moves before it, and the page says which.
 */
function startGame(
  id: string,
  opts: Record<string, unknown>,
  dealSeed: number,
  link: { moves?: string; undos?: number } = {},
  asked?: DealAsked,
): void {
  noteFocus();
  // The last game's message (an error, the end) goes with it, and a deal still being found for it.
  say('');
  abandonFinding();
  // The daily deal played again (Restart) is still the day's.
  const daily = state().daily;
  const again = daily?.key === dealKey(id, opts, dealSeed) ? { daily: daily.day, winnable: daily.winnable } : {};
  const dealt = newGame(id, opts, dealSeed, asked ?? again);
  const env = game.env;
  const bad = link.moves || link.undos ? followLink(link.moves ?? '', link.undos ?? 0) : null;
  if (bad !== null) {
    const where =
      bad === 1 ? 'from its start' : bad === 2 ? 'after the move before it' : `after the ${bad - 1} before it`;
    say(`Move ${bad} of the link is not a legal move here; the game is shown ${where}.`, 'error');
  }
  const options = changedOptions(env.id, env.options as Record<string, unknown>);
  const { session } = game;
  store.dispatch({
    type: 'dealt',
    envId: env.id,
    options,
    seed: dealSeed,
    steps: session.steps,
    undos: session.undosUsed,
    forced: link.moves || link.undos ? [] : dealt.forced.map((m) => m.label),
    held: session.running && session.env.legalCount === 1,
  });
  api.env = env;
  api.session = game.session;
  api.seed = dealSeed;
  shown.spots = new Set();
  ui.announce.textContent = '';
  ui.env.value = env.id;
  ui.seed.value = String(dealSeed);
  writeUrl(state, true);
  document.title = `${titleOf(env.id)}, seed ${dealSeed} · tengym`;
  // The form shows this game's options: an error about options it no longer holds goes with them.
  ui.optionsError.hidden = true;
  buildOptionsForm();
  ui.rules.replaceChildren(gameRules(env));
  showDealChoice();
  askDifficulty();
  // A deal's forced moves (decade's opening draws) are shown as they are played; a link's position at once.
  if (link.moves || link.undos) update();
  else showTurn(dealt);
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
  const undosText = params.get('undos');
  let undos = undosText !== null && /^\d{1,6}$/.test(undosText) ? Number(undosText) : 0;
  if ((moves || undos) && problems.length > 0) {
    problems.push('The moves in the link were not played: they belong to the game it names, not to this one.');
    moves = '';
    undos = 0;
  }
  ui.hintsToggle.checked = state().hintsOn;
  startGame(id, opts, dealSeed ?? firstSeed(id, opts), { moves, undos });
  if (problems.length > 0) say(problems.join(' '), 'error');
}

/** Plays the player's move, legal now, and the forced moves it leads to (the session plays them). */
function play(action: number): void {
  const { session } = game;
  if (!session.running || !session.env.isLegal(action)) return;
  say('');
  const turn = session.play(action);
  store.dispatch({
    type: 'played',
    steps: session.steps,
    move: turn.move?.label ?? '',
    forced: turn.forced.map((m) => m.label),
  });
  writeUrl(state, false);
  // A round's end, a fault and what paid for it, a bust: said with its reason.
  if (turn.notes.length > 0) say(turn.notes.join(' '));
  showTurn(turn);
}

/** Takes back the player's last move with the forced moves after it (`session.undo()`), or says why not. */
function undo(): void {
  const { session } = game;
  const env = session.env;
  if (session.undosLeft <= 0) {
    if (session.undosUsed > 0) say('No undos left.');
    else
      say(
        env.game.undoLimit
          ? 'Undo is off in this game: choose 3 or unlimited undos per game in the options.'
          : `${titleOf(env.id)} has no undo.`,
      );
    return;
  }
  if (session.yourMoves === 0) {
    say('There is no move of yours to take back.');
    return;
  }
  session.undo();
  store.dispatch({ type: 'undone', steps: session.steps, undos: session.undosUsed });
  writeUrl(state, false);
  ui.announce.textContent = '';
  say(undoneText(session.undosLeft));
  update();
}

function setHints(on: boolean): void {
  store.dispatch({ type: 'hints', on });
  ui.hintsToggle.checked = on;
  writeUrl(state, true);
  update();
}

Object.assign(actions, { play, startGame, update, undo, newDeal, dailyDeal, setHints });
listen();
startFromUrl();
