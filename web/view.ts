/**
 * Drawing the page from the store and the game: the board with the chosen cards and what each move
 * will do, the moves, the undo button, the end and what is read out; the forced moves of a turn shown
 * as they were played, or the hints asked for. Also where the keyboard's focus goes back after a redraw.
 */
import { markLineRows, renderBoard, spotKey } from './board.js';
import { foresee, game, legalMoves, make, type Env, type Foreseen, type Turn } from './game.js';
import type { EnvState } from '../src/index.js';
import { showHints } from './hints-view.js';
import { forgetTyping, tapAction, tapCard, tapStock } from './input.js';
import { actions, api, drawn, setBusy, state, store } from './page.js';
import { announcement, candidates, undoLabel } from './store.js';
import { kbd, ui } from './ui.js';

/** Pause before a forced move is shown played, so the player sees it happen; shorter within a run of them. */
const FORCED_MOVE_MS = 160;
const CHAINED_FORCED_MOVE_MS = 70;
/** Forced moves in a row shown one by one; the rest of a longer run (Ten-Twenty-Thirty's: a hundred) play at once. */
const ANIMATED_FORCED_RUN = 8;

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * What the last drawing showed, for what is drawn after it (caches of the drawing, not the page's
 * state): the board's cards (to animate those that arrive), the foreseen notes and the moves that
 * take the chosen cards (for the hints drawn after the board).
 */
export const shown = {
  spots: new Set<string>(),
  notes: new Map<number, Foreseen>(),
  candidates: new Set<number>(),
};

/**
 * Where the keyboard's focus was when a redraw replaced it (a card, a move, an option, the end's
 * buttons), until the redraw puts it back: the card at the same spot, the move at the same place
 * in its list, the same option, else the board's first card.
 */
let keptFocus: { spot?: string; list?: string; index: number; option?: string } | null = null;

/** The mark of a foreseen move: a symbol and the note's first words, the whole note in its title. */
export function foreseenMark(f: Foreseen): HTMLElement {
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
export function markForeseen(button: HTMLElement, f: Foreseen | undefined, description?: string): void {
  if (f) {
    button.classList.add('foreseen');
    button.append(' ', foreseenMark(f));
    button.title = f.note;
  }
  const said = [description, f && `then: ${f.note}`].filter(Boolean).join('; ');
  if (said) button.setAttribute('aria-description', said);
}
/** Notes where the focus is, when on something a redraw replaces; a focus already lost keeps the last note. */
export function noteFocus(): void {
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
export function restoreFocus(last: boolean): void {
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
    (game.env.running ? null : ui.outcome.querySelector<HTMLElement>('button')) ??
    document.querySelector<HTMLElement>('#board button') ??
    ui.outcome.querySelector<HTMLElement>('button');
  target?.focus({ preventScroll: true });
}

/** How the game ended, in the game's own words (`Game.endText`). */
function outcomeText(): string {
  return game.env.endText();
}

export function update(): void {
  const env = game.env;
  const gen = ++drawn.generation;
  noteFocus();
  clearTimeout(forcedTimer);
  // A move number being typed, or a new deal asked for, was for the position it was typed at.
  forgetTyping();
  const page = state();
  const { selection } = page;
  const { session } = game;
  const position = JSON.stringify(env.getState());
  const moves = env.running ? legalMoves() : [];
  const notes = env.running ? foresee(position, moves) : new Map<number, Foreseen>();
  shown.notes = notes;
  const selectedMoves = selection.length > 0 ? candidates(moves, selection) : [];
  shown.candidates = new Set(selectedMoves.map((m) => m.action));
  const partners = new Set(selectedMoves.flatMap((m) => [...m.keys]));

  // Board, with the cards that arrived since the last one animated in.
  const board = renderBoard(env.board(), { card: tapCard, stock: tapStock, action: tapAction });
  const spots = new Set<string>();
  const arrived: string[] = [];
  for (const cardEl of board.querySelectorAll<HTMLElement>('.card[data-spot]')) {
    const spot = `${cardEl.dataset.spot}:${cardEl.dataset.code}`;
    spots.add(spot);
    if (shown.spots.size > 0 && !shown.spots.has(spot)) {
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
  shown.spots = spots;
  // With a card selected, the parts of the board it can go to (a Four Ten hand for the drawn card).
  for (const row of board.querySelectorAll<HTMLElement>('[data-action]')) {
    const action = Number(row.dataset.action);
    if (shown.candidates.has(action)) row.classList.add('target');
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
    button.addEventListener('click', () => actions.play(m.action));
    li.append(button);
    ui.moves.append(li);
  });

  // Undo, where the game has it: the session's, back to the player's last decision.
  ui.undo.hidden = session.undosLeft + session.undosUsed === 0;
  ui.undo.disabled = !session.canUndo;
  ui.undo.textContent = undoLabel(session.undosLeft);
  ui.undo.title = 'Takes back your last move, and the moves played for you after it';

  ui.outcome.hidden = env.running;
  // A won game is celebrated: a banner, and the board's cards dancing once (not with reduced motion, side.css).
  const won = !env.running && env.outcome().won;
  ui.celebration.hidden = !won;
  board.classList.toggle('won', won);
  if (won && !page.endTold) {
    board.classList.add('celebrate');
    ui.celebration.classList.remove('celebrate');
    void ui.celebration.offsetWidth; // the banner's animation starts again for a game won again after an undo
    ui.celebration.classList.add('celebrate');
  }
  // A move is read out once, with the cards it turned up (what a sighted player sees arrive);
  // the end is read out with the move that ended the game, once, a win with "You won!".
  const end = env.running || page.endTold ? '' : `${outcomeText()}${won ? ' You won!' : ''}`;
  if (page.fresh) ui.announce.textContent = announcement(page.told, arrived, end);
  else if (end) ui.announce.textContent = end;
  store.dispatch({ type: 'drawn', running: env.running });
  if (!env.running) {
    ui.outcome.textContent = outcomeText();
    ui.outcome.className = `outcome ${env.outcome().won ? 'won' : 'lost'}`;
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Play this deal again';
    again.addEventListener('click', () => actions.startGame(env.id, page.options, page.seed));
    const next = document.createElement('button');
    next.type = 'button';
    next.textContent = 'New deal';
    next.addEventListener('click', () => actions.newDeal());
    ui.outcome.append(' ', again, ' ', next);
  }

  api.hints = null;
  ui.hints.hidden = true;
  // At the end there is no move to list: no empty "Moves" heading.
  ui.movesPanel.hidden = !env.running;
  document.body.dataset.steps = String(env.episodeSteps);
  const hintsComing = page.hintsOn && env.running;
  restoreFocus(!hintsComing);
  // The page waits for the player from here: the first time is the time to the first move.
  if (api.readyMs === null) {
    api.readyMs = performance.now();
    document.body.dataset.ready = '1';
  }
  if (page.hintsOn && env.running) {
    setBusy(true);
    void showHints(moves, position, gen).finally(() => {
      if (gen === drawn.generation) setBusy(false);
    });
  } else setBusy(false);
}

let forcedTimer = 0;

/** A copy of the game to draw the positions a turn passed through, made once per game. */
let display: Env | null = null;

/**
 * Shows what a turn did: its forced moves one by one, each with its cards marked for a moment, on the positions the
 * session passed through (its history), then the position it reached (`update`). The session has played them all
 * already, so anything the player does meanwhile acts on that position, and a redraw ends the showing. With reduced
 * motion, or past the eighth forced move in a row (Ten-Twenty-Thirty plays hundreds), the rest at once.
 */
export function showTurn(turn: Turn): void {
  clearTimeout(forcedTimer);
  if (turn.forced.length === 0) return update();
  const { session } = game;
  const history = session.history();
  if (display?.id !== session.env.id || JSON.stringify(display.options) !== JSON.stringify(session.env.options))
    display = make(session.env.id, session.env.options);
  const board = display;
  const drawState = (state: EnvState) => {
    board.setState(state);
    return renderBoard(board.board(), { card: finish, stock: finish, action: finish });
  };
  // What is read out, and animated in, is what the turn's last move brought, as when each move was drawn.
  const finish = () => {
    shown.spots = spotsOf(drawState(history[history.length - 2]));
    update();
  };
  const shownMoves = reducedMotion.matches ? 0 : Math.min(turn.forced.length, ANIMATED_FORCED_RUN);
  if (shownMoves === 0) return finish();
  // The state before each forced move: the last ones of the history are the turn's.
  const first = history.length - 1 - turn.forced.length;
  const gen = ++drawn.generation;
  setBusy(true);
  // The moves listed were the last position's: none is offered until the position the turn reached is drawn.
  ui.moves.replaceChildren();
  ui.hints.hidden = true;
  // A deal's opening run (decade's draws) goes at the pace of a run from its first move.
  const firstPause = turn.kind === 'deal' ? CHAINED_FORCED_MOVE_MS : FORCED_MOVE_MS;
  const showForced = (i: number) => {
    if (gen !== drawn.generation) return;
    if (i >= shownMoves) return finish();
    ui.board.replaceChildren(drawState(history[first + i]));
    markLineRows(ui.board);
    const move = turn.forced[i];
    for (const c of move.cards) ui.board.querySelector(`[data-spot="${spotKey(c)}"]`)?.classList.add('forced');
    if (move.cards.length === 0) ui.board.querySelector('.stock')?.classList.add('forced');
    forcedTimer = window.setTimeout(() => showForced(i + 1), i === 0 ? firstPause : CHAINED_FORCED_MOVE_MS);
  };
  showForced(0);
}

/** A drawn board's cards, as `shown.spots` keeps them. */
function spotsOf(board: HTMLElement): Set<string> {
  return new Set(
    [...board.querySelectorAll<HTMLElement>('.card[data-spot]')].map((c) => `${c.dataset.spot}:${c.dataset.code}`),
  );
}
