// Decade positions for tests: hand-made layouts, random positions, and the same
// position with the stock in another order (for fairness checks).
import { cardCode, parseCardCode } from '../src/env/cards.js';
import type { Env, EnvState } from '../src/env/env.js';
import { make } from '../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../src/env/rng.js';

export interface Layout {
  stacks: string[][];
  /** Top first. */
  stock: string[];
  current?: number;
}

/** A decade env loaded with a hand-made position: cards not placed are discarded (under the stock with 'deck-bottom'). */
export function envAt(id: string, l: Layout, options: Record<string, unknown> = {}): Env {
  const env = make(id, options);
  env.reset({ seed: 0 });
  const placed = new Set([...l.stacks.flat(), ...l.stock].map(parseCardCode));
  const others: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) others.push(cardCode(c));
  const deckBottom = env.options.pickedUp === 'deck-bottom';
  const game = {
    stacks: l.stacks,
    eliminated: l.stacks.map(() => false),
    current: l.current ?? l.stacks.length - 1,
    stock: deckBottom ? [...l.stock, ...others] : l.stock,
    discarded: deckBottom ? [] : others,
    steps: 10,
  };
  env.setState({ ...env.getState(), game });
  return env;
}

/** A copy of `env` whose stock holds the same cards in another order. */
export function withStockPermuted(env: Env, seed: number): Env {
  const copy = env.clone();
  const state = env.getState() as EnvState & { game: { stock: string[] } };
  const order = state.game.stock.map((_, i) => i);
  shuffleInPlace(createRng(seed), order);
  const stock = order.map((i) => state.game.stock[i]);
  if (stock.length > 1 && stock.every((c, i) => c === state.game.stock[i])) stock.reverse();
  copy.setState({ ...state, game: { ...state.game, stock } });
  return copy;
}

/** The env after `steps` uniformly random legal moves from deal `seed`. */
export function randomPosition(id: string, seed: number, steps: number, options: Record<string, unknown> = {}): Env {
  const env = make(id, options);
  env.reset({ seed });
  const rng = createRng(seed + 1);
  for (let i = 0; i < steps && env.running; i++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
  return env;
}
