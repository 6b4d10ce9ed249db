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
  linkMoves,
  recordOf,
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
    steps: [],
    undos: 0,
    forced: [],
    held: false,
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
  it('records the session’s steps as the URL holds them: action ids, a run of forced moves as fN', () => {
    const steps = [
      { action: 3, forced: true },
      { action: 5, forced: true },
    ];
    expect(recordOf(steps)).toEqual(['f2']);
    // A new deal's link is the deal alone (its forced moves play on), the undos spent apart.
    expect(linkMoves(recordOf(steps), 0, false)).toEqual({ moves: null, undos: 0 });
    expect(linkMoves(recordOf(steps), 2, false)).toEqual({ moves: null, undos: 2 });
    const more = [...steps, { action: 7, forced: false }, { action: 1, forced: true }, { action: 7, forced: false }];
    expect(recordOf(more)).toEqual(['f2', '7', 'f1', '7']);
    expect(linkMoves(recordOf(more), 1, false)).toEqual({ moves: 'f2.7.f1.7', undos: 1 });
    // A game waiting at a forced move (a link's undo of one step stopped there): the forced move, then u.
    expect(linkMoves(['f2', '7', 'f1'], 1, true)).toEqual({ moves: 'f2.7.f2.u', undos: 0 });
    expect(linkMoves(['f2', '7'], 3, true)).toEqual({ moves: 'f2.7.f1.u', undos: 2 });
  });

  it('returns a new state from each update and leaves the one before unchanged', () => {
    const store = createStore(start());
    const before = store.state;
    const steps = [
      { action: 4, forced: false },
      { action: 0, forced: true },
    ];
    store.dispatch({ type: 'played', steps, move: 'pair 3♠ 7♥', forced: ['draw'] });
    expect(before.played).toEqual([]);
    expect(store.state.played).toEqual(['4', 'f1']);
    expect(store.state.fresh).toBe(true);
    store.dispatch({ type: 'drawn', running: true });
    expect(store.state.fresh).toBe(false);
    // An undo takes back the move and the forced draw after it, and counts one undo.
    store.dispatch({ type: 'undone', steps: [], undos: 1 });
    expect(store.state.played).toEqual([]);
    expect(store.state.undos).toBe(1);
    expect(store.state.told).toEqual([]);
  });

  it("groups forced moves after the player's move and tells them as what happened, not as the player's", () => {
    let state = reduce(start(), {
      type: 'dealt',
      envId: 'x',
      options: {},
      seed: 2,
      steps: [{ action: 1, forced: true }],
      undos: 0,
      forced: ['draw'],
      held: false,
    });
    expect(announcement(state.told, [], '')).toBe('With no choice: draw.');
    state = reduce(state, {
      type: 'played',
      steps: [
        { action: 1, forced: true },
        { action: 9, forced: false },
        { action: 1, forced: true },
        { action: 2, forced: true },
      ],
      move: 'pair 3♠ 7♥',
      forced: ['draw', 'deal'],
    });
    expect(state.played).toEqual(['f1', '9', 'f2']);
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

  it('words the undo as tengym play does: the button, and what is said after one', () => {
    expect(undoLabel(Infinity)).toBe('Undo your last move (u) · unlimited');
    expect(undoLabel(2)).toBe('Undo your last move (u) · 2 left');
    expect(undoneText(1)).toBe('Took back your last move (1 undo left).');
    expect(undoneText(Infinity)).toBe('Took back your last move.');
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
