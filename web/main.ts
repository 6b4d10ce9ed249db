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
 * The rules are the library's; the URL holds the game: `?env=decade&seed=7`, plus `options` (JSON,
 * the options that differ from the env's defaults), `moves` (the game so far), and the player's
 * settings: `hints=1`, `winnable=1` and `level` (the new deals asked for; deals.ts finds them, in a worker).
 */
import { abandonFinding, askDifficulty, dailyDeal, firstSeed, newDeal, showDealChoice } from './deal-choice.js';
import {
  changedOptions,
  game,
  gameRules,
  isTengymError,
  listings,
  make,
  newGame,
  SEED_RANGE,
  stepGame,
  titleOf,
  undoGame,
} from './game.js';
import { listen } from './input.js';
import { buildOptionsForm } from './options-form.js';
import { actions, api, state, store } from './page.js';
import { params, writeUrl } from './persist.js';
import { recordStep, undoneText } from './store.js';
import { say, ui } from './ui.js';
import { noteFocus, shown, update } from './view.js';

const DEFAULT_ENV = 'decade';

/**
 * Plays a URL's `moves` on the deal just made, up to the first that cannot be played there: the
 * record of what was played, and null when every move was, else that move's number in the link.
 * Moves are counted as the player made them, each undo included; forced moves (`fN`) play
 * themselves and are not counted, and of a run of them the ones that were the only legal move are kept.
 */
function replay(moves: string): { played: string[]; bad: number | null } {
  const env = game.env;
  let played: string[] = [];
  let counted = 0;
  for (const token of moves.split('.')) {
    if (/^f[1-9]\d{0,5}$/.test(token)) {
      for (let n = Number(token.slice(1)); n > 0; n--) {
        if (!env.running || env.legalCount !== 1) return { played, bad: counted + 1 };
        const action = env.legal[0];
        played = recordStep(played, action, stepGame(action));
      }
      continue;
    }
    counted++;
    if (token === 'u' && game.states.undosLeft > 0 && game.states.undoDepth > 0) {
      try {
        undoGame();
        played = [...played, 'u'];
      } catch (e) {
        if (!isTengymError(e)) throw e;
        return { played, bad: counted };
      }
    } else if (/^\d{1,6}$/.test(token) && env.running && env.isLegal(Number(token))) {
      const action = Number(token);
      played = recordStep(played, action, stepGame(action));
    } else return { played, bad: counted };
  }
  return { played, bad: null };
}

/**
 * Deals `dealSeed` of `id` with `opts`, then plays `moves` (a URL's). A move the deal does not
 * allow stops there: the game is shown after the moves before it, and the page says which.
 */
function startGame(id: string, opts: Record<string, unknown>, dealSeed: number, moves = ''): void {
  noteFocus();
  // The last game's message (an error, the end) goes with it, and a deal still being found for it.
  say('');
  abandonFinding();
  const env = newGame(id, opts, dealSeed);
  const { played, bad } = moves ? replay(moves) : { played: [], bad: null };
  if (bad !== null) {
    const where =
      bad === 1 ? 'from its start' : bad === 2 ? 'after the move before it' : `after the ${bad - 1} before it`;
    say(`Move ${bad} of the link is not a legal move here; the game is shown ${where}.`, 'error');
  }
  const options = changedOptions(env.id, env.options as Record<string, unknown>);
  store.dispatch({ type: 'dealt', envId: env.id, options, seed: dealSeed, played });
  api.env = env;
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
  update();
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
  ui.hintsToggle.checked = state().hintsOn;
  startGame(id, opts, dealSeed ?? firstSeed(id, opts), moves);
  if (problems.length > 0) say(problems.join(' '), 'error');
}

/** Plays a legal move: the player's, or (`forced`) the only legal one, played for the player. */
function play(action: number, forced = false): void {
  const env = game.env;
  if (!env.running || !env.isLegal(action)) return;
  if (!forced) say('');
  const text = env.describeAction(action);
  const only = stepGame(action);
  store.dispatch({ type: 'stepped', action, only, forced, text });
  writeUrl(state, false);
  // A round's end, a fault and what paid for it, a bust: said with its reason.
  const note = env.stepNote();
  if (note) say(note);
  update();
}

function undo(): void {
  const env = game.env;
  if (game.states.undosLeft <= 0) {
    if (env.getState().undosUsed > 0) say('No undos left.');
    else
      say(
        env.game.undoLimit
          ? 'Undo is off in this game: choose 3 or unlimited undos per game in the options.'
          : `${titleOf(env.id)} has no undo.`,
      );
    return;
  }
  if (game.states.undoDepth === 0) {
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
  store.dispatch({ type: 'undone' });
  writeUrl(state, false);
  ui.announce.textContent = '';
  say(undoneText(game.states.undosLeft));
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
