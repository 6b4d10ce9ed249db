/**
 * What the page keeps: the game in the address bar and the share link (the deal, its options, the
 * moves so far and the undos spent, and the player's settings), and the choice of new deals in the browser's storage.
 */
import { changedOptions, game } from './game.js';
import { LEVELS, linkMoves, type DealSettings, type PageState } from './store.js';
import { ui } from './ui.js';

/** Where the browser keeps the player's choice of new deals (winnable only, and of which difficulty). */
const DEAL_SETTINGS_KEY = 'tengym.deals';
/**
 * Least time between two URL changes from moves: Chromium ignores, and Firefox refuses, more
 * than 200 in 10 s, which a long run of forced moves or a script would pass.
 */
const URL_INTERVAL_MS = 60;

/** The address the page was opened at. */
export const params = new URLSearchParams(location.search);
/** The TensorFlow.js backend the address asks for, if any. */
export const preferredBackend = (['wasm', 'webgl', 'cpu'] as const).find((b) => b === params.get('backend'));

/**
 * The game's URL: the deal, and the moves played unless only forced ones (a new deal's link is the deal alone); the
 * address bar's also the player's settings (`withHints`), which a link leaves to whoever opens it.
 */
function gameUrl(state: PageState, withHints: boolean): string {
  const env = game.env;
  const q = new URLSearchParams({ env: env.id, seed: String(state.seed) });
  const changed = changedOptions(env.id, env.options as Record<string, unknown>);
  if (Object.keys(changed).length > 0) q.set('options', JSON.stringify(changed));
  const { moves, undos } = linkMoves(state.played, state.undos, state.held);
  if (moves !== null) q.set('moves', moves);
  if (undos > 0) q.set('undos', String(undos));
  const deals = state.deals;
  if (withHints && state.hintsOn) q.set('hints', '1');
  if (withHints && preferredBackend) q.set('backend', preferredBackend);
  if (withHints && deals.winnable) q.set('winnable', '1');
  if (withHints && deals.winnable && deals.level) q.set('level', deals.level);
  return `${location.pathname}?${q}`;
}

let urlWrittenAt = -Infinity;
let urlTimer = 0;

/**
 * Puts the game in the address bar and the share link; `now` for a deal or a setting, else at most every
 * URL_INTERVAL_MS.
 */
export function writeUrl(state: () => PageState, now: boolean): void {
  clearTimeout(urlTimer);
  const wait = urlWrittenAt + URL_INTERVAL_MS - performance.now();
  if (!now && wait > 0) {
    urlTimer = window.setTimeout(() => writeUrl(state, true), wait);
    return;
  }
  urlWrittenAt = performance.now();
  history.replaceState(null, '', gameUrl(state(), true));
  ui.share.href = new URL(gameUrl(state(), false), location.href).href;
}

/** The address's settings (`winnable=1`, `level`) where it has them, else what this browser kept. */
export function readDealSettings(): DealSettings {
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

export function keepDealSettings(deals: DealSettings): void {
  try {
    localStorage.setItem(DEAL_SETTINGS_KEY, JSON.stringify(deals));
  } catch {
    // Kept in the address alone.
  }
}
