// Moves by card, step events, the card model and a GameStates that follows its env, for every registered id.
import { describe, expect, it } from 'vitest';
import {
  GameStates,
  cardFace,
  createHinter,
  envIds,
  make,
  placeKey,
  type CardSpot,
  type Env,
  type StepEvents,
} from '../../src/index.js';

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
  it('each legal move is found by its cards, and a step or an undo tells where the cards went', () => {
    const env = make(id).trackEvents();
    env.reset({ seed: 7 });
    expect(env.events()?.kind).toBe('reset');
    for (let n = 0; n < 40 && env.running; n++) {
      const moves = env.moves();
      expect(moves.map((m) => m.action)).toEqual(env.legalActions());
      for (const m of moves) {
        expect(typeof m.kind).toBe('string');
        expect(env.moveKind(m.action)).toBe(m.kind);
        for (const c of m.cards) {
          expect(env.movesTaking(c).map((x) => x.action)).toContain(m.action);
          expect(env.partners(c).every((p) => placeKey(p) !== placeKey(c))).toBe(true);
        }
        expect(spots(env.moveTaking(m.cards)?.cards ?? [])).toEqual(spots(m.cards));
      }
      const before = cardsOf(env);
      const move = moves[(n * 7) % moves.length];
      const { reward } = env.step(move.action);
      const e = env.events() as StepEvents;
      expect(e.kind).toBe('step');
      expect(e.move?.action).toBe(move.action);
      expect(e.reward).toBe(reward);
      expect(e.outcome === null).toBe(env.running);
      expect([...applyEvents(before, e)].sort()).toEqual([...cardsOf(env)].sort());
    }
  });
});

describe('moves by card in a Tens deal', () => {
  it('a pair is found from either card, refilled where it was, and undone card for card', () => {
    const env = make('tens', { undoLimit: 3 }).trackEvents();
    env.reset({ seed: 3 });
    const pair = env.moves().find((m) => m.kind === 'pair');
    expect(pair).toBeDefined();
    const [a, b] = pair?.cards ?? [];
    expect(env.partners(a).map((c) => c.code)).toContain(b.code);
    expect(env.moveTaking([b, a])?.action).toBe(pair?.action);
    expect(env.moveTaking([a])).toBeNull();
    env.step(pair?.action as number);
    const e = env.events() as StepEvents;
    expect(spots(e.removed)).toEqual(spots([a, b]));
    expect(e.placed.map(placeKey).sort()).toEqual([a, b].map(placeKey).sort());
    expect(e.emptied).toEqual([]);
    env.undo();
    const u = env.events() as StepEvents;
    expect(u.kind).toBe('undo');
    expect(spots(u.placed)).toEqual(spots([a, b]));
  });

  it('buffered: a pair empties its slots, and the deal is the move that takes no card', () => {
    const env = make('tens', { refill: 'buffered' }).trackEvents();
    env.reset({ seed: 3 });
    const pair = env.moves().find((m) => m.kind === 'pair');
    env.step(pair?.action as number);
    expect(env.events()?.emptied.length).toBe(2);
    const deal = env.moveTaking([]);
    expect(deal?.kind).toBe('deal');
    env.step(deal?.action as number);
    expect(env.events()?.placed.length).toBe(2);
  });
});

describe('the card model', () => {
  it('names a standard card and a numbered one', () => {
    expect(cardFace('TH')).toMatchObject({ rank: 10, rankLabel: '10', suit: 'H', suitSymbol: '♥', colour: 'red' });
    expect(cardFace('AS')).toMatchObject({ rank: 1, label: 'A♠', name: 'ace of spades', colour: 'black', id: 3 });
    expect(cardFace('3')).toMatchObject({ rank: 3, label: '3', suit: null, colour: null });
    const env = make('decade');
    env.reset({ seed: 1 });
    const [first] = env.moves().flatMap((m) => m.cards);
    if (first) expect(env.card(first).code).toBe(first.code);
  });
});

describe('GameStates follows its env', () => {
  it.each(['tens', 'ten-twenty-thirty'])('%s: hints without record(), and the moves kept', (id) => {
    const env = make(id, id === 'tens' ? { undoLimit: 3 } : {});
    env.reset({ seed: 5 });
    const states = new GameStates(env);
    const hinter = createHinter();
    const played: (number | 'undo')[] = [];
    for (let n = 0; n < 6 && env.running; n++) {
      const hint = states.hint(hinter, env);
      expect(hint.hints.length).toBeGreaterThan(0);
      env.step(hint.hints[0].action);
      played.push(hint.hints[0].action);
    }
    if (id === 'tens') {
      env.undo();
      played.push('undo');
    }
    if (env.running) expect(states.hint(hinter, env).hints.length).toBeGreaterThan(0);
    expect(states.toMoves().moves).toEqual(played);
    const back = GameStates.fromMoves(make(id, id === 'tens' ? { undoLimit: 3 } : {}), states.toMoves());
    expect(back.toMoves()).toEqual(states.toMoves());
  });
});
