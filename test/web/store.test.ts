// The play page's store (web/store.ts): each update a pure function of the state and an action,
// run here in Node on the registry's games; and the page's stock count against the count
// `tengym play` prints.
import { describe, expect, it } from 'vitest';
import { envIds, make } from '../../src/env/registry.js';
import {
  announcement,
  cardKey,
  createStore,
  initialState,
  movesParam,
  recordStep,
  reduce,
  stockCount,
  tapOutcome,
  undoLabel,
  undoneText,
  type PageState,
  type TapMove,
} from '../../web/store.js';

const start = (): PageState =>
  reduce(initialState({ winnable: false, level: null }, false), {
    type: 'dealt',
    envId: envIds()[0],
    options: {},
    seed: 1,
    played: [],
  });

/** A deal's legal moves once its forced moves are played, as a tap sees them. */
function tapMoves(id: string, seed: number): TapMove[] {
  const env = make(id);
  env.reset({ seed });
  while (env.running && env.legalCount === 1) env.step(env.legal[0]);
  return env.legalActions().map((action) => {
    const cards = env.actionCards(action);
    return { action, keys: new Set(cards.map(cardKey)), cardKeys: cards.map(cardKey) };
  });
}

describe('the page store', () => {
  it('records the game as the URL holds it: action ids, a run of forced moves as fN, an undo as u', () => {
    let played = recordStep([], 3, true);
    played = recordStep(played, 5, true);
    expect(played).toEqual(['f2']);
    expect(movesParam(played)).toBeNull();
    played = recordStep(played, 7, false);
    played = recordStep(played, 1, true);
    expect(played).toEqual(['f2', '7', 'f1']);
    expect(movesParam(played)).toBe('f2.7.f1');
  });

  it('returns a new state from each update and leaves the one before unchanged', () => {
    const store = createStore(start());
    const before = store.state;
    store.dispatch({ type: 'stepped', action: 4, only: false, forced: false, text: 'pair 3♠ 7♥' });
    expect(before.played).toEqual([]);
    expect(store.state.played).toEqual(['4']);
    expect(store.state.fresh).toBe(true);
    store.dispatch({ type: 'drawn', running: true });
    expect(store.state.fresh).toBe(false);
    store.dispatch({ type: 'undone' });
    expect(store.state.played).toEqual(['4', 'u']);
    expect(store.state.holdForced).toBe(true);
    // A link that stops at an undo holds the forced move there, as the page did before the reload.
    const dealt = reduce(store.state, { type: 'dealt', envId: 'x', options: {}, seed: 2, played: ['4', 'u'] });
    expect(dealt.holdForced).toBe(true);
    expect(dealt.forcedRun).toBe(1);
  });

  it("groups forced moves after the player's move and tells them as what happened, not as the player's", () => {
    let state = start();
    state = reduce(state, { type: 'stepped', action: 1, only: true, forced: true, text: 'draw' });
    expect(announcement(state.told, [], '')).toBe('With no choice: draw.');
    state = reduce(state, { type: 'stepped', action: 9, only: false, forced: false, text: 'pair 3♠ 7♥' });
    state = reduce(state, { type: 'stepped', action: 1, only: true, forced: true, text: 'draw' });
    state = reduce(state, { type: 'stepped', action: 2, only: true, forced: true, text: 'deal' });
    expect(state.forcedRun).toBe(2);
    const said = announcement(state.told, ['K♣'], 'Won! You won!');
    expect(said).toBe('Played: pair 3♠ 7♥; then, with no choice: draw, deal; now on the table: K♣. Won! You won!');
    expect(said.match(/Played/g)).toHaveLength(1);
    // A long run is counted, with its last move.
    const long = Array.from({ length: 30 }, (_, i) => `draw ${i}`);
    expect(announcement(long, [], '')).toBe('With no choice: 30 moves, the last: draw 29.');
  });

  it('plays by taps on every game: a card no move takes clears the choice; a lone card tapped twice plays', () => {
    for (const id of envIds()) {
      const moves = tapMoves(id, 1);
      if (moves.length === 0) continue;
      const lone = moves.find(
        (m) => m.keys.size === 1 && moves.filter((o) => o.keys.has(m.cardKeys[0]) && o.keys.size === 1).length === 1,
      );
      if (lone) {
        const key = lone.cardKeys[0];
        const first = tapOutcome(moves, [], key);
        const selection = first.kind === 'select' ? first.selection : [];
        expect(first.kind === 'play' || selection.includes(key), id).toBe(true);
        if (first.kind !== 'play')
          expect(tapOutcome(moves, selection, key), id).toEqual({ kind: 'play', action: lone.action });
      }
      expect(tapOutcome(moves, [], 'nowhere:0:XX'), id).toEqual({ kind: 'none-takes', selection: [] });
    }
  });

  it('words the undo: the button, and what is said after one', () => {
    expect(undoLabel(Infinity)).toBe('Undo (u) · unlimited');
    expect(undoLabel(2)).toBe('Undo (u) · 2 left');
    expect(undoneText(1)).toBe('Took back the last move (1 undo left).');
    expect(undoneText(Infinity)).toBe('Took back the last move.');
  });

  it('counts the stock as tengym play does, a face-up top card included', () => {
    let withTop = 0;
    for (const id of envIds()) {
      const env = make(id);
      env.reset({ seed: 3 });
      const printed = /\bstock (\d+) cards?\b/.exec(env.render())?.[1];
      const piles = env.board().parts.flatMap((p) => (p.kind === 'piles' ? p.piles : []));
      if (piles.some((p) => p.kind === 'card' && p.card?.place === 'stockTop')) withTop++;
      if (printed !== undefined) expect(stockCount(piles), id).toBe(Number(printed));
    }
    expect(withTop).toBeGreaterThan(0);
  });
});
