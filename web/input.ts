/**
 * The player's input: taps on the board, the keys (a move's number, h, u, n, Esc), and the header's
 * controls (the game, the seed, New deal, Daily deal, the deal settings, Restart, Copy link).
 */
import { cardKey, markLineRows, spotKey, type CardPlace } from './board.js';
import { keepDealSettings, writeUrl } from './persist.js';
import { askDifficulty, showDealChoice } from './deal-choice.js';
import { game, legalMoves, listings, SEED_RANGE, titleOf, type EnvListing } from './game.js';
import { actions, state, store } from './page.js';
import { LEVELS, tapOutcome, underWay } from './store.js';
import { say, ui } from './ui.js';

/** How long a key's new deal waits for its second `n` in a game under way, its question on screen. */
const NEW_DEAL_CONFIRM_MS = 3000;
const NEW_DEAL_QUESTION = 'Press n again for a new deal.';

let digitTimer = 0;
let newDealAskTimer = 0;

/** Forgets a move number being typed and a new deal asked for: they were for the position they were typed at. */
export function forgetTyping(): void {
  store.dispatch({ type: 'digits', digits: '' });
  clearTimeout(digitTimer);
  forgetNewDealAsk();
}

/**
 * A tap on a card: select it and show what it goes with, or play the move it completes (store.ts's
 * `tapOutcome` says which).
 */
export function tapCard(card: CardPlace): void {
  const env = game.env;
  if (!env.running) return;
  const moves = legalMoves();
  const tapMoves = moves.map((m) => ({ ...m, cardKeys: m.cards.map(cardKey) }));
  const outcome = tapOutcome(tapMoves, state().selection, cardKey(card));
  if (outcome.kind === 'play') return actions.play(outcome.action);
  store.dispatch({ type: 'select', selection: outcome.selection });
  if (outcome.kind === 'none-takes') say(`No move takes ${card.code === '' ? 'that card' : describeCard(card)} now.`);
  else if (outcome.kind === 'choose') {
    const byKey = new Map(moves.flatMap((m) => m.cards.map((c) => [cardKey(c), c] as const)));
    const names = outcome.choices.map((k) => describeCard(byKey.get(k)!));
    say(
      `${outcome.choices.length === 2 ? 'Two' : outcome.choices.length} moves take these cards: tap ` +
        `${names.join(' or ')} to choose.`,
    );
  } else if (outcome.message !== null) say(outcome.message);
  actions.update();
}

function describeCard(card: CardPlace): string {
  return document.querySelector<HTMLElement>(`[data-spot="${spotKey(card)}"]`)?.getAttribute('aria-label') ?? card.code;
}

/** The stock: the one legal move that takes no card from the table (a draw or a deal). */
export function tapStock(): void {
  if (!game.env.running) return;
  const cardless = game.session.moves().filter((m) => m.cards.length === 0);
  if (cardless.length === 1) actions.play(cardless[0].action);
  else say('The stock is not in play now.');
}

/** A part of the board that plays one action (a Four Ten hand: place the drawn card there), when it is legal. */
export function tapAction(action: number): void {
  actions.play(action);
}
function commitDigits(): void {
  const env = game.env;
  clearTimeout(digitTimer);
  const n = Number(state().digits);
  store.dispatch({ type: 'digits', digits: '' });
  if (!env.running) return;
  const moves = game.session.moves();
  if (n >= 1 && n <= moves.length) actions.play(moves[n - 1].action);
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
  const mine = game.env.running && underWay(state().played);
  if (mine && performance.now() - state().newDealAskedAt > NEW_DEAL_CONFIRM_MS) {
    store.dispatch({ type: 'ask-new-deal', at: performance.now() });
    say(NEW_DEAL_QUESTION);
    clearTimeout(newDealAskTimer);
    newDealAskTimer = window.setTimeout(forgetNewDealAsk, NEW_DEAL_CONFIRM_MS);
    return;
  }
  say('');
  actions.newDeal();
}

/** Forgets a new deal `n` asked for, and its question unless another message has replaced it. */
function forgetNewDealAsk(): void {
  store.dispatch({ type: 'forget-new-deal' });
  clearTimeout(newDealAskTimer);
  if (ui.message.textContent === NEW_DEAL_QUESTION) say('');
}

export function listen(): void {
  buildGameList();
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    // Keys go to a field that takes typing (the seed, an option's number); a checkbox clicked
    // (Hints) takes none, and a list (the game, an option) only its own, so the game's keys
    // work at once after a choice.
    if (target.closest('input:not([type="checkbox"]), textarea') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (target instanceof HTMLSelectElement && listTakes(target, e)) return;
    const env = game.env;
    if (/^[0-9]$/.test(e.key)) {
      const digits = state().digits + e.key;
      store.dispatch({ type: 'digits', digits });
      clearTimeout(digitTimer);
      // Play at once when no longer number could follow; otherwise wait for Enter or a pause.
      if (Number(digits) * 10 > env.legalCount) commitDigits();
      else digitTimer = window.setTimeout(commitDigits, 900);
    } else if (e.key === 'Enter') {
      if (state().digits) commitDigits();
      // Enter on a focused control (Undo, Restart, a card) presses it; elsewhere it plays the only move.
      else if (target.closest('button, a, summary, select')) return;
      else if (env.running && env.legalCount === 1) actions.play(game.session.moves()[0].action);
      else return;
    } else if (e.key === 'h') actions.setHints(!state().hintsOn);
    else if (e.key === 'u') actions.undo();
    else if (e.key === 'n') newDealKey();
    else if (e.key === 'Escape') {
      store.dispatch({ type: 'digits', digits: '' });
      store.dispatch({ type: 'select', selection: [] });
      actions.update();
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

  ui.env.addEventListener('change', () => actions.startGame(ui.env.value, {}, state().seed));
  ui.deal.addEventListener('click', () => {
    const n = Number(ui.seed.value);
    if (ui.seed.value !== '' && Number.isSafeInteger(n) && n >= 0) actions.startGame(game.env.id, state().options, n);
    else say(`A seed is ${SEED_RANGE}.`, 'error');
  });
  ui.seed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') ui.deal.click();
  });
  ui.newDeal.addEventListener('click', () => actions.newDeal());
  ui.daily.addEventListener('click', () => actions.dailyDeal());
  ui.winnable.addEventListener('change', () => {
    store.dispatch({ type: 'deal-settings', deals: { ...state().deals, winnable: ui.winnable.checked } });
    keepDealSettings(state().deals);
    writeUrl(state, true);
    showDealChoice();
    askDifficulty();
    say(`New deal and Daily deal now give ${state().deals.winnable ? 'only deals that can be won' : 'any deal'}.`);
  });
  ui.level.addEventListener('change', () => {
    const level = LEVELS.find((l) => l === ui.level.value) ?? null;
    store.dispatch({ type: 'deal-settings', deals: { ...state().deals, level } });
    keepDealSettings(state().deals);
    writeUrl(state, true);
    say(`New deal now gives ${level ?? 'winnable'} deals${level ? ' (winnable)' : ' of any difficulty'}.`);
  });
  ui.restart.addEventListener('click', () => actions.startGame(game.env.id, state().options, state().seed));
  ui.hintsToggle.addEventListener('change', () => actions.setHints(ui.hintsToggle.checked));
  ui.undo.addEventListener('click', () => actions.undo());
  // A line's rows change with the page's width (a phone turned, a window resized): their marks follow.
  new ResizeObserver(() => markLineRows(ui.board)).observe(ui.board);
  ui.copy.addEventListener('click', () => {
    writeUrl(state, true);
    const showLink = () => say(`Copy this link to bring back this game where it stands: ${ui.share.href}`);
    // No clipboard on a page served over plain http to another device (tengym serve --host 0.0.0.0).
    if (!navigator.clipboard) return showLink();
    navigator.clipboard
      .writeText(ui.share.href)
      .then(() => say('Link copied: it brings back this game where it stands.'), showLink);
  });
}
