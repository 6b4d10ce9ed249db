// Four Ten positions for tests: mid-game positions of every phase, their phase, and the same
// position with the undrawn stock in another order (for fairness checks).
import { BottomAgent } from '../../src/games/four-ten/agents/bottom.js';
import type { Env, EnvState } from '../../src/env/env.js';
import { END_TURN, maxRoundPoints, type FourTenJSON, type FourTenOptions } from '../../src/games/four-ten/engine.js';
import { make } from '../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../src/env/rng.js';

export type FourTenPhase = 'place' | 'replace' | 'exchange';

export function phaseOf(env: Env): FourTenPhase {
  return (env.getState().game as FourTenJSON).phase as FourTenPhase;
}

/**
 * Mid-game positions of every phase: a driver plays `bottom` (which fills the hands and
 * replaces, on its way to the bottom of the deck) with random moves mixed in.
 */
export function fourTenPositions(count: number, seed: number, options: Record<string, unknown> = {}): Env[] {
  const rng = createRng(seed);
  const env = make('four-ten', options);
  const driver = new BottomAgent(env.options as Record<string, unknown>);
  const out: Env[] = [];
  let game = 0;
  while (out.length < count) {
    env.reset({ seed: seed * 1000 + game++ });
    for (let steps = 0; env.running && out.length < count && steps < 400; steps++) {
      // Exchange steps outnumber the others five to one: sample them less.
      const phase = phaseOf(env);
      if (randomInt(rng, 0, phase === 'exchange' ? 11 : phase === 'place' ? 3 : 1) === 0) out.push(env.clone());
      const a = randomInt(rng, 0, 39) === 0 ? env.legal[randomInt(rng, 0, env.legalCount - 1)] : driver.act(env);
      env.step(a);
    }
  }
  return out;
}

/** `env`'s state with the undrawn stock shuffled by `seed` (another order whenever two of its cards differ). */
export function withStockShuffled(env: Env, seed: number): EnvState {
  const state = structuredClone(env.getState());
  const g = state.game as FourTenJSON;
  const order = g.stock.map((_, i) => i);
  shuffleInPlace(createRng(seed), order);
  const stock = order.map((i) => g.stock[i]);
  if (stock.join() === g.stock.join()) stock.reverse();
  g.stock = stock;
  return state;
}

/** Whether reordering the stock can matter: two cards of different values in it. */
export function stockCanBeReordered(env: Env): boolean {
  return new Set((env.getState().game as FourTenJSON).stock).size >= 2;
}

/**
 * First-round positions in the replacement phase (all three hands full, no fault, Hand below
 * 10), dealt at random: some cards already out of play, the rest in the stock in random order.
 */
export function fourTenReplacePositions(count: number, seed: number): Env[] {
  const rng = createRng(seed);
  const out: Env[] = [];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  while (out.length < count) {
    const deck = Array.from({ length: 32 }, (_, i) => 1 + (i >> 3));
    shuffleInPlace(rng, deck);
    const [hand, home, shadow] = [deck.slice(0, 4), deck.slice(4, 8), deck.slice(8, 12)].map((h) =>
      h.sort((a, b) => a - b),
    );
    if (sum(home) > 10 || sum(hand) >= 10 || sum(shadow) > sum(hand) || sum(home) < sum(hand)) continue;
    const gone = randomInt(rng, 0, 8);
    const env = make('four-ten');
    env.reset({ seed });
    const state = env.getState();
    const str = (xs: number[]) => xs.map(String);
    state.game = {
      ...(state.game as FourTenJSON),
      phase: 'replace',
      hand: str(hand),
      home: str(home),
      shadow: str(shadow),
      drawn: null,
      outOfPlay: str(deck.slice(12, 12 + gone).sort((a, b) => a - b)),
      stock: str(deck.slice(12 + gone)),
      seenThisTurn: [],
    };
    env.setState(state);
    out.push(env);
  }
  return out;
}

/**
 * The fewest ended rounds a hand-made position's counters agree with: enough for its points (a
 * round adds at most `maxRoundPoints`) and one per safety used.
 */
export function roundsFor(game: Partial<FourTenJSON>, options: Readonly<Record<string, unknown>>): number {
  const o = options as FourTenOptions;
  const used = o.safeties - (game.safeties ?? o.safeties);
  return Math.max(Math.ceil((game.points ?? 0) / maxRoundPoints(o)), used);
}

/**
 * A four-ten env at a hand-made position (the stock holds the rest of the 32 cards, in value order; rounds ended as
 * `roundsFor` says unless given).
 */
export function fourTenAt(game: Partial<FourTenJSON>, options: Record<string, unknown> = {}): Env {
  const env = make('four-ten', options);
  env.reset({ seed: 0 });
  game = { rounds: roundsFor(game, env.options), ...game };
  const used = [
    ...(game.hand ?? []),
    ...(game.home ?? []),
    ...(game.shadow ?? []),
    ...(game.drawn ? [game.drawn] : []),
  ];
  const left = [8, 8, 8, 8];
  for (const v of used) left[Number(v) - 1]--;
  const stock = left.flatMap((c, i) => Array.from({ length: c }, () => String(i + 1)));
  const base = env.getState() as EnvState & { game: FourTenJSON };
  env.setState({
    ...base,
    game: { ...base.game, hand: [], home: [], shadow: [], outOfPlay: [], seenThisTurn: [], stock, ...game },
  });
  return env;
}

/** A copy of `env` whose next card is one of value v (the rest of the stock in its order). */
export function withNextCard(env: Env, v: number): Env {
  const state = env.getState() as EnvState & { game: FourTenJSON };
  const stock = [...state.game.stock];
  stock.splice(stock.indexOf(String(v)), 1);
  const copy = env.clone();
  copy.setState({ ...state, game: { ...state.game, stock: [String(v), ...stock] } });
  return copy;
}

/**
 * Breadth first over the runs of exchanges from `env`'s exchange phase, stepping copies (never
 * ending the turn): `visit(copy, first)` hears each step, `first` the exchange (action id) its run
 * began with, and returns whether to exchange on from `copy`.
 */
export function walkExchanges(env: Env, visit: (copy: Env, first: number) => boolean): void {
  let level: [Env, number][] = [[env, -1]];
  while (level.length > 0) {
    const next: [Env, number][] = [];
    for (const [e, first] of level) {
      for (const action of e.legalActions()) {
        if (action === END_TURN) continue;
        const copy = e.clone();
        copy.step(action);
        const run = first >= 0 ? first : action;
        if (visit(copy, run)) next.push([copy, run]);
      }
    }
    level = next;
  }
}
