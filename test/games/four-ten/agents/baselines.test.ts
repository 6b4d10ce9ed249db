import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../../src/agents/agent.js';
import { createAgent, agentsFor } from '../../../../src/agents/index.js';
import { FOUR_TEN_AGENTS } from '../../../../src/games/four-ten/kit.js';
import { BottomAgent } from '../../../../src/games/four-ten/agents/bottom.js';
import { DirectBottomAgent } from '../../../../src/games/four-ten/agents/bottom-direct.js';
import { ExpectimaxAgent } from '../../../../src/games/four-ten/agents/expectimax.js';
import { GreedyAgent } from '../../../../src/games/four-ten/agents/greedy.js';
import { readPosition } from '../../../../src/games/four-ten/agents/common.js';
import { configId, keyOfConfig, multisetOf } from '../../../../src/games/four-ten/hands.js';
import { cappedPoints, prospects } from '../../../../src/games/four-ten/agents/prospects.js';
import type { Env, EnvState } from '../../../../src/env/env.js';
import type { FourTenOutcome } from '../../../../src/games/four-ten/engine.js';
import type { FourTenJSON, FourTenState } from '../../../../src/games/four-ten/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, shuffleInPlace, type Rng } from '../../../../src/env/rng.js';
import {
  fourTenPositions as positions,
  phaseOf,
  roundsFor,
  stockCanBeReordered,
  withStockShuffled,
} from '../../../helpers/four-ten.js';
import { scaled } from '../../../helpers/scale.js';

const HAND = 0;
const HOME = 1;
const SHADOW = 2;
const END = 47;
const replaceId = (h: number, v: number): number => 3 + h * 4 + (v - 1);
const exchangeId = (side: number, a: number, b: number): number => 15 + side * 16 + (a - 1) * 4 + (b - 1);
const NAMES = ['greedy', 'bottom', 'bottom-direct', 'expectimax'] as const;

/** A valid 32-card deck starting with `prefix`; the rest follow in value order. */
function deckOf(prefix: number[]): number[] {
  const left = [8, 8, 8, 8];
  for (const v of prefix) left[v - 1]--;
  const rest: number[] = [];
  left.forEach((c, i) => {
    for (let k = 0; k < c; k++) rest.push(i + 1);
  });
  return [...prefix, ...rest];
}

function game(env: Env): FourTenJSON {
  return env.getState().game as FourTenJSON;
}

const cards = (xs: number[]): string[] => [...xs].sort((a, b) => a - b).map(String);

interface Spot {
  phase: 'place' | 'replace' | 'exchange';
  hand: number[];
  home: number[];
  shadow: number[];
  /** Undrawn cards, top first. */
  stock: number[];
  drawn?: number;
  points?: number;
  safeties?: number;
}

/**
 * An env in a hand-made position. With full hands the cards not in the hands, the stock or
 * showing are out of play; otherwise they follow `stock` in the stock.
 */
function envAt(spot: Spot, options: Record<string, unknown> = {}): Env {
  const env = make('four-ten', options);
  env.reset({ seed: 1 });
  const left = [8, 8, 8, 8];
  for (const v of [...spot.hand, ...spot.home, ...spot.shadow, ...spot.stock, ...(spot.drawn ? [spot.drawn] : [])])
    left[v - 1]--;
  const rest = left.flatMap((k, i) => Array.from({ length: k }, () => i + 1));
  // Cards leave play only by replacement, which needs full hands: otherwise the rest is stock.
  const full = spot.hand.length + spot.home.length + spot.shadow.length === 12;
  const stock = full ? spot.stock : [...spot.stock, ...rest];
  const outOfPlay = full ? rest.map(String) : [];
  const config = { hand: cards(spot.hand), home: cards(spot.home), shadow: cards(spot.shadow) };
  const state = env.getState();
  state.game = {
    ...(state.game as FourTenJSON),
    phase: spot.phase,
    points: spot.points ?? 0,
    safeties: spot.safeties ?? 3,
    rounds: roundsFor({ points: spot.points ?? 0, safeties: spot.safeties ?? 3 }, env.options),
    ...config,
    drawn: spot.drawn ? String(spot.drawn) : null,
    outOfPlay,
    stock: stock.map(String),
    queuedDecks: [],
    seenThisTurn: spot.phase === 'exchange' ? [config] : [],
  };
  env.setState(state);
  return env;
}

/** `state` with its stock reordered (a fair agent must not notice). */
function withStock(state: EnvState, order: (stock: string[]) => string[]): EnvState {
  const copy = structuredClone(state);
  const g = copy.game as FourTenJSON;
  g.stock = order(g.stock);
  return copy;
}

/** `env`'s state with a card of value v moved to the top of the stock. */
function withTop(env: Env, v: number): EnvState {
  return withStock(env.getState(), (stock) => {
    const i = stock.indexOf(String(v));
    return [stock[i], ...stock.slice(0, i), ...stock.slice(i + 1)];
  });
}

interface StepResult {
  faulted: boolean;
  scored: boolean;
  gained: number;
}

/** Plays `action` on a copy of `state`: did the round end in a fault, or with points? */
function tryAction(env: Env, state: EnvState, action: number): StepResult {
  const copy = make('four-ten', env.options);
  copy.setState(state);
  const before = copy.outcome() as FourTenOutcome;
  copy.step(action);
  const after = copy.outcome() as FourTenOutcome;
  const ended = after.rounds > before.rounds;
  return {
    faulted: ended && after.points <= before.points,
    scored: ended && after.points > before.points,
    gained: after.points - before.points,
  };
}

/** Values of the card `action` may draw (none when it draws no card or the card shows). */
function possibleTops(env: Env, action: number): number[] {
  const s = env.rawState as FourTenState;
  const draws = action < 15 && !(action < 3 && s.drawn > 0);
  return draws ? [1, 2, 3, 4].filter((v) => s.stockCounts[v - 1] > 0) : [0];
}

/** One-step clone lookahead: can `action` fault, whatever card comes? */
function canFault(env: Env, action: number): boolean {
  return possibleTops(env, action).some((v) => tryAction(env, v ? withTop(env, v) : env.getState(), action).faulted);
}

/** Scores at once whatever card comes (a seen card placed, or an exchange). */
function surelyScores(env: Env, action: number): boolean {
  return possibleTops(env, action).every((v) => tryAction(env, v ? withTop(env, v) : env.getState(), action).scored);
}

function phaseCounts(envs: Env[]): Record<string, number> {
  const counts: Record<string, number> = { place: 0, replace: 0, exchange: 0 };
  for (const e of envs) counts[readPosition(e).phase]++;
  return counts;
}

function agent(name: string, options: Record<string, unknown> = {}): Agent {
  return createAgent(name, 'four-ten', make('four-ten', options).options as Record<string, unknown>);
}

describe('four-ten agents: catalogue and model', () => {
  it('lists greedy, bottom, bottom-direct and expectimax for four-ten only, all fair', () => {
    expect(FOUR_TEN_AGENTS.map((a) => a.name)).toEqual([...NAMES]);
    for (const spec of FOUR_TEN_AGENTS) {
      expect(spec.games.map((g) => g.name)).toEqual(['four-ten']);
      expect(spec.fair).toBe(true);
      expect(spec.description.length).toBeGreaterThan(20);
    }
    expect(agentsFor('four-ten').map((a) => a.name)).toEqual(expect.arrayContaining([...NAMES]));
    expect(agentsFor('decade').map((a) => a.name)).not.toContain('expectimax');
    expect(() => createAgent('bottom', 'tens', {})).toThrow(/unknown agent "bottom" for tens/);
  });

  it("reads the engine's configuration keys and the stock's composition", () => {
    for (const env of positions(200, 7)) {
      const s = env.rawState as FourTenState;
      const p = readPosition(env);
      expect(keyOfConfig(p.config)).toBe(s.key);
      expect(p.stock).toEqual(Array.from(s.stockCounts));
      if (p.phase === 'exchange') expect(p.seen.has(s.key)).toBe(true);
    }
  });

  it('refuses an expectimax depth it does not support', () => {
    expect(() => new ExpectimaxAgent({}, { depth: 7 })).toThrow(/depth 7 is not supported/);
  });
});

describe('four-ten agents: greedy', () => {
  it('builds Home first, then takes Hand = 10 the moment the card allows it', () => {
    const env = make('four-ten');
    env.reset({ deck: deckOf([4, 4, 2, 4, 3, 3]) });
    const greedy = agent('greedy');
    const choices: number[] = [];
    let reward = 0;
    while (game(env).rounds === 0) {
      const a = greedy.act(env);
      if (a < 3) choices.push(a);
      else expect(a).toBe(END); // no exchange makes Hand 10 on the way
      reward += env.step(a).reward;
    }
    // 4, 4, 2 into Home (10); 4 and 3 do not fit there: Hand 4, 7; the last 3 makes Hand 10.
    expect(choices).toEqual([HOME, HOME, HOME, HAND, HAND, HAND]);
    expect(reward).toBe(10);
  });

  it('takes an exchange that makes Hand 10, and otherwise ends the turn', () => {
    // Hand 4 3 = 7, Home 4 4 1 = 9, Shadow 2: Hand 10 needs a Hand card 3 below a Home or Shadow card.
    const none = envAt({
      phase: 'exchange',
      hand: [4, 3],
      home: [4, 4, 1],
      shadow: [2],
      stock: [1, 1, 2, 2, 3, 3, 4, 4, 1, 2],
    });
    expect(agent('greedy').act(none)).toBe(END);
    // Hand 4 2 1 = 7, Home 4 4 2 = 10: Hand 1 ↔ Home 4 makes Hand 10.
    const ten = envAt({
      phase: 'exchange',
      hand: [4, 2, 1],
      home: [4, 4, 2],
      shadow: [],
      stock: [1, 1, 1, 2, 3, 3, 3, 3, 4, 4],
    });
    const a = agent('greedy').act(ten);
    expect(a).toBe(exchangeId(0, 1, 4));
    expect(ten.step(a).reward).toBe(10);
  });

  it('replaces where no card can fault, with the best chance of Hand 10 among those', () => {
    // Hand 2 2 2 2 = 8, Home 4 3 2 1 = 10, Shadow 1 1 1 4 = 7, stock 4 4 3 3 2 1. Only two
    // replacements cannot fault: Shadow's 4 (Shadow 3 + w ≤ 7) and a Hand 2 (Hand 6 + w is 7..10,
    // and 10 scores, with chance 2/6). Every other one faults for some card.
    const env = envAt({
      phase: 'replace',
      hand: [2, 2, 2, 2],
      home: [4, 3, 2, 1],
      shadow: [1, 1, 1, 4],
      stock: [4, 4, 3, 3, 2, 1],
    });
    const safe = env.legalActions().filter((a) => !canFault(env, a));
    expect(safe.sort()).toEqual([replaceId(HAND, 2), replaceId(SHADOW, 4)].sort());
    expect(agent('greedy').act(env)).toBe(replaceId(HAND, 2));
  });

  it('never faults when a safe move exists, and scores when a move surely scores (random positions)', () => {
    for (const options of [{}, { drawVisible: false }, { check: 'faults-first' }, { handTarget: 8 }]) {
      const envs = positions(160, 11, options);
      const greedy = agent('greedy', options);
      let safeChecked = 0;
      let scoreChecked = 0;
      for (const env of envs) {
        const legal = env.legalActions();
        const a = greedy.act(env);
        if (legal.some((b) => !canFault(env, b))) {
          safeChecked++;
          expect(canFault(env, a), `${env.render()}\nchose ${env.describeAction(a)}`).toBe(false);
        }
        if (readPosition(env).phase !== 'replace' && legal.some((b) => surelyScores(env, b))) {
          scoreChecked++;
          expect(surelyScores(env, a), `${env.render()}\nchose ${env.describeAction(a)}`).toBe(true);
        }
      }
      expect(safeChecked).toBeGreaterThan(100);
      expect(scoreChecked).toBeGreaterThan(5);
    }
  });
});

describe('four-ten agents: bottom', () => {
  // Hand 4 2 2 1 = 9, Home 4 3 2 1 = 10, Shadow 2 1 1 1 = 5, twelve cards in the stock. Replacing
  // Shadow's largest card can never fault (1 1 1 + any card ≤ 7 ≤ 9) nor score, so the round is
  // sure to reach the bottom, worth at least 9 + 10 + 3 + 1 = 23. Hand 1 ↔ Shadow 2 scores 10 now.
  const loop: Spot = {
    phase: 'exchange',
    hand: [4, 2, 2, 1],
    home: [4, 3, 2, 1],
    shadow: [2, 1, 1, 1],
    stock: [3, 4, 1, 3, 4, 2, 3, 4, 1, 3, 4, 2],
  };

  it('turns down 10 now for a certain bottom of the deck, which greedy takes', () => {
    const env = envAt(loop);
    expect(tryAction(env, env.getState(), agent('greedy').act(env)).scored).toBe(true);
    const bottom = agent('bottom');
    const scores = bottom.score!(env);
    const best = scores.actions[0];
    expect(tryAction(env, env.getState(), best.action).scored).toBe(false);
    const scoring = scores.actions.find((x) => x.action === exchangeId(1, 1, 2))!;
    expect(best.score).toBeGreaterThan(20);
    expect(scoring.score).toBeCloseTo(10, 5);
  });

  it('then reaches the bottom with more than 20 points whatever the stock order', () => {
    const rng = createRng(5);
    for (let k = 0; k < 8; k++) {
      const env = envAt(loop);
      env.setState(withStock(env.getState(), (s) => shuffled(s, rng)));
      const bottom = agent('bottom');
      while ((game(env).rounds as number) === 0) env.step(bottom.act(env));
      const st = game(env);
      expect(st.safeties).toBe(3);
      expect(st.points).toBeGreaterThanOrEqual(23);
    }
  });

  it('takes the 10 when 10 points are all it needs to win', () => {
    const env = envAt({ ...loop, points: 40 });
    const a = agent('bottom').act(env);
    expect(tryAction(env, env.getState(), a).scored).toBe(true);
  });

  it('never faults when a safe move exists (random positions)', () => {
    const bottom = agent('bottom');
    let checked = 0;
    for (const env of positions(250, 13)) {
      if (!env.legalActions().some((b) => !canFault(env, b))) continue;
      checked++;
      const a = bottom.act(env);
      expect(canFault(env, a), `${env.render()}\nchose ${env.describeAction(a)}`).toBe(false);
    }
    expect(checked).toBeGreaterThan(150);
  });
});

/** A whole game of `name` on `seed`: how each turn ended, the exchanges, the outcome. */
function turnsOf(
  name: string,
  seed: number,
  options: Record<string, unknown> = {},
): { turnEnds: string[]; exchanges: number; outcome: FourTenOutcome } {
  const env = make('four-ten', options);
  const a = agent(name, options);
  env.reset({ seed });
  const turnEnds: string[] = [];
  let exchanges = 0;
  while (env.running) {
    const action = a.act(env);
    if (action >= 15 && action < END) exchanges++;
    const before = game(env);
    env.step(action);
    // A turn ends with "end turn" (on a configuration), or with a move that ends the round (the
    // next round starts at once: what the round paid is what can be compared).
    const after = game(env);
    if (action === END) turnEnds.push(JSON.stringify([before.hand, before.home, before.shadow]));
    else if (after.rounds !== before.rounds)
      turnEnds.push(JSON.stringify({ exchange: action >= 15, points: after.points, safeties: after.safeties }));
  }
  return { turnEnds, exchanges, outcome: env.outcome() as FourTenOutcome };
}

describe('four-ten agents: bottom-direct', () => {
  it("plays bottom's game, every turn ending where bottom's does, in no more exchanges (fewer over the games)", () => {
    let direct = 0;
    let walked = 0;
    for (const options of [
      {},
      { drawVisible: false },
      { check: 'faults-first' },
      { handTarget: 7, gameTarget: 20, safeties: 0 },
    ]) {
      // A seeded sweep of whole games: 15 a rule set at full scale, 5 below it (fewer exchanges still shows there).
      for (let seed = 500; seed < 500 + scaled(15, 5); seed++) {
        const b = turnsOf('bottom', seed, options);
        const d = turnsOf('bottom-direct', seed, options);
        expect(d.turnEnds, `seed ${seed} ${JSON.stringify(options)}`).toEqual(b.turnEnds);
        expect(d.outcome).toEqual(b.outcome);
        expect(d.exchanges).toBeLessThanOrEqual(b.exchanges);
        direct += d.exchanges;
        walked += b.exchanges;
      }
    }
    expect(direct).toBeLessThan(0.8 * walked);
  });

  it('takes the shortest way to the configuration bottom ends its turn on (a position from a real game)', () => {
    // The first turn in seed 500 where bottom makes more than one exchange: bottom-direct reaches its end in fewer or
    // as many.
    const env = make('four-ten');
    env.reset({ seed: 500 });
    const bottom = agent('bottom');
    const direct = agent('bottom-direct');
    let checked = 0;
    while (env.running && checked < 5) {
      if (readPosition(env).phase === 'exchange') {
        const walk = env.clone();
        let steps = 0;
        while (walk.running && walk.isLegal(END) && bottom.act(walk) !== END) {
          walk.step(bottom.act(walk));
          steps++;
        }
        const path = env.clone();
        let directSteps = 0;
        while (path.running && path.isLegal(END) && direct.act(path) !== END) {
          path.step(direct.act(path));
          directSteps++;
        }
        const hands = (e: Env) =>
          JSON.stringify([game(e).hand, game(e).home, game(e).shadow, game(e).points, game(e).rounds]);
        expect(hands(path)).toBe(hands(walk));
        expect(directSteps).toBeLessThanOrEqual(steps);
        if (steps > 1) checked++;
      }
      env.step(bottom.act(env));
    }
    expect(checked).toBe(5);
  });
});

function shuffled<T>(xs: T[], rng: Rng): T[] {
  const out = [...xs];
  const idx = Int32Array.from(out.keys());
  shuffleInPlace(rng, idx);
  return Array.from(idx, (i) => out[i]);
}

/**
 * Exact expectimax by brute force on env copies, for endgames with full hands (so ending a
 * turn draws nothing): a move that draws an unseen card is averaged over the values the stock
 * holds (that value moved to the top); a decision takes the best move, and in the exchange
 * phase the best of every configuration its exchanges reach (found by stepping copies: the
 * seen-configuration rule forbids only revisits) ended there, or of an exchange that ends the
 * round. A round's end is worth its points, or −faultCost for a fault.
 */
const exactMemo = new Map<string, number>();
function exactValue(env: Env, action: number, faultCost: number): number {
  // The stock's order below the top never matters here: the key holds its composition.
  const g = game(env);
  const memoKey = JSON.stringify([
    g.phase,
    g.hand,
    g.home,
    g.shadow,
    [...g.stock].sort(),
    g.seenThisTurn,
    g.safeties,
    action,
    faultCost,
  ]);
  const known = exactMemo.get(memoKey);
  if (known !== undefined) return known;
  let sum = 0;
  let count = 0;
  const s = env.rawState as FourTenState;
  for (const top of possibleTops(env, action)) {
    const k = top ? s.stockCounts[top - 1] : 1;
    const copy = make('four-ten', env.options);
    copy.setState(top ? withTop(env, top) : env.getState());
    const before = copy.outcome() as FourTenOutcome;
    copy.step(action);
    const after = copy.outcome() as FourTenOutcome;
    sum +=
      k *
      (after.rounds > before.rounds
        ? after.points > before.points
          ? after.points - before.points
          : -faultCost
        : bestMove(copy, faultCost));
    count += k;
  }
  exactMemo.set(memoKey, sum / count);
  return sum / count;
}

function bestMove(env: Env, faultCost: number): number {
  if (readPosition(env).phase !== 'exchange')
    return Math.max(...env.legalActions().map((a) => exactValue(env, a, faultCost)));
  const key = (e: Env): string => JSON.stringify([game(e).hand, game(e).home, game(e).shadow]);
  const seen = new Set([key(env)]);
  const queue = [env];
  let best = -Infinity;
  while (queue.length) {
    const x = queue.pop()!;
    for (const a of x.legalActions()) {
      if (a === END) {
        best = Math.max(best, exactValue(x, a, faultCost));
        continue;
      }
      const y = x.clone();
      const before = y.outcome() as FourTenOutcome;
      y.step(a);
      const after = y.outcome() as FourTenOutcome;
      if (after.rounds > before.rounds)
        best = Math.max(best, after.points > before.points ? after.points - before.points : -faultCost);
      else if (!seen.has(key(y))) {
        seen.add(key(y));
        queue.push(y);
      }
    }
  }
  return best;
}

describe('four-ten agents: expectimax', () => {
  // Hand 3 3 1 1 = 8, Home 4 4 1 1 = 10, Shadow 2 2 2 1 = 7; the stock holds a 2 and a 4.
  const endgame: Spot = {
    phase: 'replace',
    hand: [3, 3, 1, 1],
    home: [4, 4, 1, 1],
    shadow: [2, 2, 2, 1],
    stock: [2, 4],
  };

  it('values a replacement by the exact expectation over the two cards left', () => {
    const env = envAt(endgame);
    const scores = agent('expectimax').score!(env);
    expect(scores.kind).toBe('value');
    const value = new Map(scores.actions.map((x) => [x.action, x.score]));
    expect(value.size).toBe(env.legalCount);
    // Home 1 out: Home 9 + 2 or 9 + 4 is over 10 either way: a sure fault, −10 (a round's worth).
    expect(value.get(replaceId(HOME, 1))).toBeCloseTo(-10, 6);
    // Shadow 2 out: a 4 (chance ½) makes Shadow 9 > Hand 8, a fault; after a 2 (Shadow 7) the
    // best play with the last card, a 4, is found by brute force.
    expect(value.get(replaceId(SHADOW, 2))).toBeCloseTo(0.5 * -10 + 0.5 * exactAfter(env, replaceId(SHADOW, 2), 2), 6);
    for (const [a, v] of value) expect(v, env.describeAction(a)).toBeCloseTo(exactValue(env, a, 10), 5);
  });

  it('weighs each card by its count in the stock (three cards left, two of them 3s; depth 2)', () => {
    // Hand 2 2 2 2 = 8, Home 4 4 1 1 = 10, Shadow 2 2 1 1 = 6; the stock holds 3, 3, 4.
    const env = envAt({
      phase: 'replace',
      hand: [2, 2, 2, 2],
      home: [4, 4, 1, 1],
      shadow: [2, 2, 1, 1],
      stock: [3, 4, 3],
    });
    const scores = new ExpectimaxAgent(env.options as Record<string, unknown>, { depth: 2 }).score(env);
    const value = new Map(scores.actions.map((x) => [x.action, x.score]));
    // Shadow 1 out: a 4 (chance 1/3) makes Shadow 9 > Hand 8, a fault; a 3 makes it 8.
    const shadow1 = replaceId(SHADOW, 1);
    expect(value.get(shadow1)).toBeCloseTo((1 / 3) * -10 + (2 / 3) * exactAfter(env, shadow1, 3), 6);
    // Hand 2 out: a 4 makes Hand 10 (+10), a 3 makes it 9.
    const hand2 = replaceId(HAND, 2);
    expect(value.get(hand2)).toBeCloseTo((1 / 3) * 10 + (2 / 3) * exactAfter(env, hand2, 3), 6);
    for (const [a, v] of value) expect(v, env.describeAction(a)).toBeCloseTo(exactValue(env, a, 10), 5);
  });

  it('values every exchange and the end of the turn exactly two draws from the bottom (depth 2)', () => {
    const env = envAt({ ...endgame, phase: 'exchange' });
    const scores = new ExpectimaxAgent(env.options as Record<string, unknown>, { depth: 2 }).score(env);
    expect(scores.actions.length).toBe(env.legalCount);
    expect(scores.actions.length).toBeGreaterThan(5);
    for (const { action, score } of scores.actions)
      expect(score, env.describeAction(action)).toBeCloseTo(exactValue(env, action, 10), 5);
  });

  it('caps points at what is still needed, and prices a fault higher without safeties', () => {
    const env = envAt({ ...endgame, points: 45, safeties: 0 });
    const value = new Map(agent('expectimax').score!(env).actions.map((x) => [x.action, x.score]));
    expect(value.get(replaceId(HOME, 1))).toBeCloseTo(-100, 6);
    for (const v of value.values()) expect(v).toBeLessThanOrEqual(5 + 1e-9);
  });

  it('depths 0, 1 and 2 mostly agree on the best move', () => {
    const envs = positions(60, 17);
    let agree = 0;
    for (const env of envs) {
      const o = env.options as Record<string, unknown>;
      const d1 = new ExpectimaxAgent(o, { depth: 1 }).act(env);
      if (new ExpectimaxAgent(o, { depth: 0 }).act(env) === d1 && new ExpectimaxAgent(o, { depth: 2 }).act(env) === d1)
        agree++;
    }
    expect(agree).toBeGreaterThan(envs.length * 0.8);
  });

  it('solves a round worth more than 10 points at its start (the bottom of the deck pays up to 28)', () => {
    const table = prospects({ handTarget: 10, check: 'points-first', drawVisible: true }, cappedPoints(Infinity, 10));
    const empty = configId(multisetOf([0, 0, 0, 0]), multisetOf([0, 0, 0, 0]), multisetOf([0, 0, 0, 0]));
    expect(table.turnStart(empty, 0)).toBeGreaterThan(10);
    expect(table.turnStart(empty, 0)).toBeLessThan(28);
    const tenOnly = prospects({ handTarget: 10, check: 'points-first', drawVisible: true }, cappedPoints(10, 10));
    expect(tenOnly.turnStart(empty, 0)).toBeGreaterThan(9.5);
    expect(tenOnly.turnStart(empty, 0)).toBeLessThanOrEqual(10);
  });

  it('wins at least as many games as greedy, in fewer rounds, on the same deals', () => {
    const env = make('four-ten');
    const result = (name: string) => {
      const a = agent(name);
      let wins = 0;
      let rounds = 0;
      for (let i = 0; i < 60; i++) {
        env.reset({ seed: 500 + i });
        a.reset(i);
        while (env.running) env.step(a.act(env));
        const o = env.outcome() as FourTenOutcome;
        wins += o.won ? 1 : 0;
        rounds += o.rounds;
      }
      return { wins, rounds };
    };
    const g = result('greedy');
    const x = result('expectimax');
    expect(x.wins).toBeGreaterThanOrEqual(g.wins);
    expect(x.rounds).toBeLessThan(g.rounds);
  });
});

/** exactValue of `action` when its card is a `top`. */
function exactAfter(env: Env, action: number, top: number): number {
  const copy = make('four-ten', env.options);
  copy.setState(withTop(env, top));
  const before = copy.outcome() as FourTenOutcome;
  copy.step(action);
  const after = copy.outcome() as FourTenOutcome;
  if (after.rounds > before.rounds) return after.points > before.points ? after.points - before.points : -10;
  return bestMove(copy, 10);
}

describe('four-ten agents: contract', () => {
  const optionSets: Record<string, unknown>[] = [
    {},
    { drawVisible: false },
    { check: 'faults-first' },
    { handTarget: 7, gameTarget: 20, safeties: 0 },
  ];

  it('are fair: permuting the undrawn stock never changes a choice or a score, in every phase', () => {
    // Positions compared per option set and phase, each with a choice and a stock that a permutation reorders.
    const PER_PHASE = 12;
    for (const options of optionSets.slice(0, 2)) {
      const compared: Record<string, number> = { place: 0, replace: 0, exchange: 0 };
      for (const env of positions(400, 19, options)) {
        const phase = phaseOf(env);
        if (compared[phase] === PER_PHASE || env.legalCount < 2 || !stockCanBeReordered(env)) continue;
        const permuted = make('four-ten', options);
        permuted.setState(withStockShuffled(env, compared[phase]));
        for (const name of NAMES) {
          const a = agent(name, options);
          const b = agent(name, options);
          a.reset(42);
          b.reset(42);
          expect(b.act(permuted), `${name} (${phase})`).toBe(a.act(env));
          expect(b.score!(permuted), name).toEqual(a.score!(env));
        }
        compared[phase]++;
      }
      expect(compared, JSON.stringify(options)).toEqual({ place: PER_PHASE, replace: PER_PHASE, exchange: PER_PHASE });
    }
  });

  it('return only legal actions and score every legal action, best first', () => {
    for (const options of optionSets) {
      const envs = positions(150, 23, options);
      const phases = phaseCounts(envs);
      expect(phases.place).toBeGreaterThan(10);
      expect(phases.exchange).toBeGreaterThan(10);
      for (const env of envs) {
        const legal = env.legalActions();
        for (const name of NAMES) {
          const a = agent(name, options);
          expect(legal, name).toContain(a.act(env));
          const s = a.score!(env);
          expect(
            s.actions.map((x) => x.action).sort((x, y) => x - y),
            name,
          ).toEqual(legal);
          for (let i = 1; i < s.actions.length; i++)
            expect(s.actions[i - 1].score).toBeGreaterThanOrEqual(s.actions[i].score);
          expect(s.actions[0].action).toBe(a.act(env));
        }
      }
    }
    expect(phaseCounts(positions(300, 29)).replace).toBeGreaterThan(10);
  });

  it('play whole games under every option and are deterministic for a seed', () => {
    for (const options of [...optionSets, { handTarget: 40, gameTarget: 100 }]) {
      for (const name of NAMES) {
        const trace = (): number[] => {
          const env = make('four-ten', options);
          const a = agent(name, options);
          env.reset({ seed: 77 });
          a.reset(9);
          const actions: number[] = [];
          while (env.running) {
            const x = a.act(env);
            actions.push(x);
            env.step(x);
          }
          actions.push((env.outcome() as FourTenOutcome).points);
          return actions;
        };
        const first = trace();
        expect(first.length).toBeGreaterThan(5);
        expect(trace(), `${name} ${JSON.stringify(options)}`).toEqual(first);
      }
    }
  });

  it('implement the Agent interface (GreedyAgent, BottomAgent, DirectBottomAgent, ExpectimaxAgent)', () => {
    const env = make('four-ten');
    for (const a of [new GreedyAgent({}), new BottomAgent({}), new DirectBottomAgent({}), new ExpectimaxAgent({})]) {
      expect(a.fair).toBe(true);
      expect(a.name.length).toBeGreaterThan(0);
      // A game played with act() after reset(), its moves legal, and score() ranking every legal move.
      env.reset({ seed: 5 });
      (a as Agent).reset(5);
      for (let k = 0; k < 20 && env.running; k++) {
        const ranked = a.score!(env)
          .actions.map((x) => x.action)
          .sort((x, y) => x - y);
        expect(ranked, a.name).toEqual(env.legalActions());
        const move = a.act(env);
        expect(env.legalActions(), a.name).toContain(move);
        env.step(move);
      }
    }
  });
});
