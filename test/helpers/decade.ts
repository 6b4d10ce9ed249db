// Decade positions for tests: hand-made layouts, random positions, and the same
// position with the stock in another order (for fairness checks).
import { cardCode, parseCardCode } from '../../src/env/cards.js';
import type { Env, EnvState } from '../../src/env/env.js';
import { CARD_VALUE, DRAW, maxRunLength, runTotals, type DecadeOptions } from '../../src/games/decade/engine.js';
import { make } from '../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../src/env/rng.js';

export interface Layout {
  stacks: string[][];
  /** Top first. */
  stock: string[];
  current?: number;
}

/**
 * `cards` in an order runs could have left the table in (each run minRun..maxRun cards with a
 * discarding total, one after another) and how many runs, or null when a bounded search finds none.
 */
function asDiscardPile(
  cards: readonly string[],
  o: Pick<DecadeOptions, 'minRun' | 'maxRun' | 'fives'>,
): { pile: string[]; runs: number } | null {
  const good = runTotals(o);
  const maxLen = maxRunLength(o);
  const byValue: string[][] = Array.from({ length: 11 }, () => []);
  for (const c of cards) byValue[CARD_VALUE[parseCardCode(c)]].push(c);
  const counts = byValue.map((l) => l.length);
  const failed = new Set<string>();
  const runs: number[][] = [];
  let budget = 20_000;
  // Each run holds the lowest value left (a run is a multiset here: its order is free).
  const solve = (): boolean => {
    let v = 1;
    while (v <= 10 && counts[v] === 0) v++;
    if (v > 10) return true;
    const key = counts.join();
    if (failed.has(key) || --budget < 0) return false;
    counts[v]--;
    if (extend([v], v, v)) return true;
    counts[v]++;
    failed.add(key);
    return false;
  };
  const extend = (run: number[], sum: number, from: number): boolean => {
    if (run.length >= o.minRun && good[sum] === 1) {
      runs.push([...run]);
      if (solve()) return true;
      runs.pop();
    }
    if (run.length >= maxLen || budget < 0) return false;
    for (let w = from; w <= 10; w++) {
      if (counts[w] === 0 || sum + w > 35) continue;
      counts[w]--;
      run.push(w);
      if (extend(run, sum + w, w)) return true;
      run.pop();
      counts[w]++;
    }
    return false;
  };
  if (!solve()) return null;
  return { pile: runs.flat().map((v) => byValue[v].pop()!), runs: runs.length };
}

/**
 * `cards` as a discard pile runs could have made, the runs, and the cards left over: all of
 * them when an order exists, else as many as greedy search puts in short runs.
 */
export function arrangeRuns(
  cards: readonly string[],
  o: Pick<DecadeOptions, 'minRun' | 'maxRun' | 'fives'>,
): { pile: string[]; runs: number; rest: string[] } {
  const whole = asDiscardPile(cards, o);
  if (whole) return { ...whole, rest: [] };
  const good = runTotals(o);
  const left = [...cards];
  const pile: string[] = [];
  let runs = 0;
  const find = (length: number, from: number, picked: number[], sum: number): number[] | null => {
    if (picked.length === length) return good[sum] === 1 ? picked : null;
    for (let i = from; i < left.length; i++) {
      const v = CARD_VALUE[parseCardCode(left[i])];
      if (sum + v > 35) continue;
      const found = find(length, i + 1, [...picked, i], sum + v);
      if (found) return found;
    }
    return null;
  };
  for (let length = o.minRun; length <= Math.min(maxRunLength(o), 4); length++) {
    for (let run = find(length, 0, [], 0); run; run = find(length, 0, [], 0)) {
      pile.push(...run.map((i) => left[i]));
      for (const i of [...run].reverse()) left.splice(i, 1);
      runs++;
    }
  }
  return { pile, runs, rest: left };
}

export interface DecadeGameJson {
  stacks: string[][];
  eliminated: boolean[];
  current: number;
  stock: string[];
  discarded: string[];
  steps: number;
}

/**
 * A hand-made decade position given a history its counters agree with: the discarded cards put
 * in an order runs could have made (those that make no run go under the stock) and steps =
 * draws + runs ('discard'), or steps raised to the fewest the stock allows ('deck-bottom').
 */
export function withHistory<G extends DecadeGameJson>(game: G, o: DecadeOptions): G {
  const eliminated = game.eliminated.filter((e) => e).length;
  if (o.pickedUp === 'deck-bottom') {
    const netDraws = 52 - (o.stacks === 7 ? 7 : 3) - game.stock.length;
    const least =
      Math.max(netDraws, 0) + Math.max(eliminated, netDraws < 0 ? Math.ceil(-netDraws / maxRunLength(o)) : 0);
    return { ...game, steps: Math.max(game.steps, least) };
  }
  const { pile, runs, rest } = arrangeRuns(game.discarded, o);
  const stock = [...game.stock, ...rest];
  if (runs < eliminated)
    throw new Error(`test position: ${eliminated} eliminated stacks need as many runs, the pile makes ${runs}`);
  return { ...game, stock, discarded: pile, steps: 52 - (o.stacks === 7 ? 7 : 3) - stock.length + runs };
}

/**
 * A decade env loaded with a hand-made position: cards not placed are discarded (under the stock
 * with 'deck-bottom'). Throws when they cannot all be arranged into runs, rather than give another
 * position (the leftover cards under the stock): the layout's cards must total a multiple of 10
 * (of 5 with fives), the deck's 340.
 */
export function envAt(id: string, l: Layout, options: Record<string, unknown> = {}): Env {
  const env = make(id, options);
  env.reset({ seed: 0 });
  const placed = new Set([...l.stacks.flat(), ...l.stock].map(parseCardCode));
  const others: string[] = [];
  for (let c = 0; c < 52; c++) if (!placed.has(c)) others.push(cardCode(c));
  const deckBottom = env.options.pickedUp === 'deck-bottom';
  const game = withHistory(
    {
      stacks: l.stacks,
      eliminated: l.stacks.map(() => false),
      current: l.current ?? l.stacks.length - 1,
      stock: deckBottom ? [...l.stock, ...others] : l.stock,
      discarded: deckBottom ? [] : others,
      steps: 10,
    },
    env.options as DecadeOptions,
  );
  // A test must get the position it asked for: cards that fit no run would join the stock.
  if (!deckBottom && game.stock.length !== l.stock.length) {
    throw new Error(
      `test position: the cards not in the layout cannot all be arranged into runs ` +
        `(${game.stock.slice(l.stock.length).join(' ')} ` +
        `would join the stock); ` +
        ('the layout must leave cards that split into runs of discarding totals (stacks + stock a multiple of ' +
          '10, 5 with fives)'),
    );
  }
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

/** A position's value: [P(win), cards left / 52]. */
export type Value = [win: number, cards: number];
/** The value of a position at the search's horizon, `unknown` cards of its stock unseen. */
export type Leaf = (env: Env, unknown: number) => Value;

/**
 * An expectimax written on the env itself, to check the agents' searches against: forced moves
 * played, the best choice by P(win) − `tie` · cards/52 (the first of equal ones), at a draw the
 * average over the values of the `unknown` cards on top of the stock (each as often as it is
 * there; the known top card when none is unknown), and after `depth` draws `leaf`. `unknown`
 * counts the stock cards the player has not seen go under it (with 'deck-bottom', discards go
 * under the stock in a known order).
 */
export function bruteExpectimax(env: Env, depth: number, unknown: number, leaf: Leaf, tie: number): Value {
  env = env.clone();
  while (env.running && env.legalCount === 1 && env.legal[0] !== DRAW) env.step(env.legal[0]);
  if (!env.running) {
    const o = env.outcome() as { won: boolean; cardsLeft: number };
    return [o.won ? 1 : 0, o.cardsLeft / 52];
  }
  if (depth === 0) return leaf(env, unknown);
  if (env.legalCount === 1) return bruteDraw(env, depth, unknown, leaf, tie);
  const score = (v: Value) => v[0] - tie * v[1];
  let best: Value | null = null;
  for (const a of env.legalActions()) {
    const v = bruteAfter(env, a, depth, unknown, leaf, tie);
    if (best === null || score(v) > score(best)) best = v;
  }
  return best!;
}

/** The value of playing `action` in env (env unchanged; see bruteExpectimax). */
export function bruteAfter(env: Env, action: number, depth: number, unknown: number, leaf: Leaf, tie: number): Value {
  if (action === DRAW) return bruteDraw(env, depth, unknown, leaf, tie);
  const next = env.clone();
  next.step(action);
  // Cards a discard puts under the stock are known: the unknown ones stay on top.
  return bruteExpectimax(next, depth, unknown, leaf, tie);
}

/** The chance node of a draw from env, `depth` ≥ 1 (see bruteExpectimax). */
export function bruteDraw(env: Env, depth: number, unknown: number, leaf: Leaf, tie: number): Value {
  const state = env.getState() as EnvState & { game: { stock: string[] } };
  const stock = state.game.stock;
  if (unknown === 0) {
    const next = env.clone();
    next.step(DRAW);
    return bruteExpectimax(next, depth - 1, 0, leaf, tie);
  }
  const value = (card: string) => CARD_VALUE[parseCardCode(card)];
  const total: Value = [0, 0];
  for (let v = 1; v <= 10; v++) {
    const at = stock.findIndex((c, i) => i < unknown && value(c) === v);
    if (at < 0) continue;
    const count = stock.filter((c, i) => i < unknown && value(c) === v).length;
    const reordered = [stock[at], ...stock.filter((_, i) => i !== at)];
    const next = env.clone();
    next.setState({ ...state, game: { ...state.game, stock: reordered } });
    next.step(DRAW);
    const r = bruteExpectimax(next, depth - 1, unknown - 1, leaf, tie);
    total[0] += (count / unknown) * r[0];
    total[1] += (count / unknown) * r[1];
  }
  return total;
}
