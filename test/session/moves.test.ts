// Moves by card and step events through a player's session, the card model, and a GameStates that plays and undoes.
import { describe, expect, it } from 'vitest';
import {
  GameStates,
  Session,
  cardFace,
  createHinter,
  envIds,
  make,
  placeKey,
  type CardSpot,
  type Env,
  type Move,
  type StepEvents,
} from '../../src/index.js';
import { movesTaking } from '../../src/env/moves.js';

const spots = (cards: readonly CardSpot[]) => cards.map((c) => `${placeKey(c)}=${c.code}`).sort();
/** The board's cards of env, keyed by place. */
function cardsOf(env: Env): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of env.board().parts) {
    const list: CardSpot[] =
      part.kind === 'grid'
        ? part.cells.filter((c): c is CardSpot => !('empty' in c))
        : part.kind === 'line'
          ? part.cards
          : part.kind === 'columns'
            ? part.columns.flatMap((c) => c.cards)
            : part.kind === 'rows'
              ? part.rows.flatMap((r) => r.cards)
              : part.kind === 'piles'
                ? part.piles.flatMap((p) => (p.kind === 'card' && p.card ? [p.card] : []))
                : [];
    for (const c of list) out.set(placeKey(c), c.code);
  }
  return out;
}
/** `before` changed by the events gives `after`. */
function applyEvents(before: Map<string, string>, e: StepEvents): Map<string, string> {
  const out = new Map(before);
  for (const c of e.removed) out.delete(placeKey(c));
  for (const m of e.moved) if (out.get(placeKey(m.from)) === m.from.code) out.delete(placeKey(m.from));
  for (const m of e.moved) out.set(placeKey(m.to), m.to.code);
  for (const c of e.placed) out.set(placeKey(c), c.code);
  return out;
}

describe.each(envIds())('%s: moves by card and step events', (id) => {
  it('each legal move is found by its cards, and a move tells where the cards went', () => {
    const session = new Session(id, { autoForced: false });
    expect(session.newDeal({ seed: 7 }).events[0].kind).toBe('reset');
    const env = session.env;
    for (let n = 0; n < 40 && session.running; n++) {
      const moves = session.moves();
      expect(moves.map((m) => m.action)).toEqual(env.legalActions());
      for (const m of moves) {
        expect(typeof m.kind).toBe('string');
        expect(env.moveKind(m.action)).toBe(m.kind);
        for (const c of m.cards) {
          expect(session.movesTaking(c).map((x) => x.action)).toContain(m.action);
          expect(movesTaking(moves, c).map((x) => x.action)).toContain(m.action);
          expect(session.partners(c).every((p) => placeKey(p) !== placeKey(c))).toBe(true);
        }
        expect(spots(session.moveTaking(m.cards)?.cards ?? [])).toEqual(spots(m.cards));
      }
      const before = cardsOf(env);
      const move = moves[(n * 7) % moves.length];
      const returnBefore = env.episodeReturn;
      const turn = session.play(move);
      const e = turn.events[0];
      expect(turn.events.length).toBe(1);
      expect(e.kind).toBe('step');
      expect(e.move?.action).toBe(move.action);
      expect(e.reward).toBe(env.episodeReturn - returnBefore);
      expect(e.outcome === null).toBe(env.running);
      expect([...applyEvents(before, e)].sort()).toEqual([...cardsOf(env)].sort());
    }
  });
});

describe('moves by card in a Tens deal', () => {
  it('a pair is found from either card, refilled where it was, and undone card for card', () => {
    const session = new Session('tens', { options: { undoLimit: 3 }, autoForced: false });
    session.newDeal({ seed: 3 });
    const pair = session.moves().find((m) => m.kind === 'pair');
    expect(pair).toBeDefined();
    const [a, b] = pair?.cards ?? [];
    expect(session.partners(a).map((c) => c.code)).toContain(b.code);
    expect(session.moveTaking([b, a])?.action).toBe(pair?.action);
    expect(session.moveTaking([a])).toBeNull();
    const e = session.play(pair as Move).events[0];
    expect(spots(e.removed)).toEqual(spots([a, b]));
    expect(e.placed.map(placeKey).sort()).toEqual([a, b].map(placeKey).sort());
    expect(e.emptied).toEqual([]);
    const u = session.undo().events[0];
    expect(u.kind).toBe('undo');
    expect(spots(u.placed)).toEqual(spots([a, b]));
  });

  it('buffered: a pair empties its slots, and the deal is the move that takes no card', () => {
    const session = new Session('tens', { options: { refill: 'buffered' }, autoForced: false });
    session.newDeal({ seed: 3 });
    const pair = session.moves().find((m) => m.kind === 'pair');
    expect(session.play(pair?.action as number).events[0].emptied.length).toBe(2);
    const deal = session.moveTaking([]);
    expect(deal?.kind).toBe('deal');
    expect(session.play(deal?.action as number).events[0].placed.length).toBe(2);
  });

  it('a place that is none is refused with what a place is', () => {
    const session = new Session('tens');
    session.newDeal({ seed: 3 });
    expect(() => session.movesTaking({ slot: 1 } as never)).toThrow(
      /movesTaking takes a place \{ place, index, stack\? \}/,
    );
    expect(() => session.moveTaking('a' as never)).toThrow(/moveTaking takes an array of places/);
  });
});

describe('the card model', () => {
  it('names a standard card and a numbered one', () => {
    expect(cardFace('TH')).toMatchObject({ rank: 10, rankLabel: '10', suit: 'H', suitSymbol: '♥', colour: 'red' });
    expect(cardFace('AS')).toMatchObject({ rank: 1, label: 'A♠', name: 'ace of spades', colour: 'black', id: 3 });
    expect(cardFace('3')).toMatchObject({ rank: 3, label: '3', suit: null, colour: null });
    const session = new Session('decade');
    session.newDeal({ seed: 1 });
    const [first] = session.moves().flatMap((m) => m.cards);
    expect(first).toBeDefined();
    expect(session.card(first).code).toBe(first.code);
    expect(() => session.card(7 as never)).toThrow(/card takes a card's code or a CardSpot/);
  });
});

describe('GameStates plays and undoes', () => {
  it.each(['tens', 'ten-twenty-thirty'])('%s: hints on the moves played through it, and the moves kept', (id) => {
    const env = make(id, id === 'tens' ? { undoLimit: 3 } : {});
    env.reset({ seed: 5 });
    const states = new GameStates(env);
    const hinter = createHinter();
    const played: (number | 'undo')[] = [];
    for (let n = 0; n < 6 && env.running; n++) {
      const hint = states.hint(hinter, env);
      expect(hint.hints.length).toBeGreaterThan(0);
      states.step(env, hint.hints[0].action);
      played.push(hint.hints[0].action);
    }
    if (id === 'tens') {
      expect([states.undosLeft, states.undoDepth]).toEqual([3, played.length]);
      states.undo(env);
      played.push('undo');
      expect([states.undosLeft, states.undoDepth]).toEqual([2, played.length - 2]);
    }
    if (env.running) expect(states.hint(hinter, env).hints.length).toBeGreaterThan(0);
    expect(states.toMoves().moves).toEqual(played);
    const back = GameStates.fromMoves(make(id, id === 'tens' ? { undoLimit: 3 } : {}), states.toMoves());
    expect(back.toMoves()).toEqual(states.toMoves());
    expect(back.undoDepth).toBe(states.undoDepth);
  });

  it('a move made on the env directly is refused until recorded', () => {
    const env = make('tens', { undoLimit: 3, refill: 'buffered' });
    env.reset({ seed: 6 });
    const states = new GameStates(env);
    env.step(env.legal[0]);
    expect(() => states.step(env, env.legal[0])).toThrow(/not at the state recorded last/);
    states.record(env);
    states.step(env, env.legal[0]);
    expect(states.undoDepth).toBe(2);
  });
});
