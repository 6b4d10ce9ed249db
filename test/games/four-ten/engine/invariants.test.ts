// Four Ten's invariant check (`checkState`, which `setState` and the contract checker run):
// each invariant broken on its own, in a real position of the phase it concerns, must be
// reported with its own message; the untouched positions must pass.
import { describe, expect, it } from 'vitest';
import { BottomAgent } from '../../../../src/games/four-ten/agents/bottom.js';
import type { Env } from '../../../../src/env/env.js';
import { TengymError } from '../../../../src/env/errors.js';
import {
  FourTenState,
  fourTenGame,
  fourTenOf,
  type FourTenJSON,
  type FourTenOptions,
} from '../../../../src/games/four-ten/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';

type Phase = 'place' | 'replace' | 'exchange' | 'won' | 'bust' | 'truncated';
const phaseOf = (env: Env) => (env.getState().game as FourTenJSON).phase as Phase;

/** The first position of each phase met in games of `bottom` with a random move in 40 (seeded). */
function positionsByPhase(
  options: Record<string, unknown>,
  seeds: number,
): Map<Phase, { state: FourTenState; options: FourTenOptions }> {
  const found = new Map<Phase, { state: FourTenState; options: FourTenOptions }>();
  const env = make('four-ten', options);
  const driver = new BottomAgent(env.options as Record<string, unknown>);
  const rng = createRng(7);
  for (let seed = 0; seed < seeds; seed++) {
    env.reset({ seed });
    for (;;) {
      const phase = phaseOf(env);
      if (!found.has(phase)) {
        const view = fourTenOf(env)!;
        const copy = new FourTenState();
        fourTenGame.copyState(view.state, copy);
        found.set(phase, { state: copy, options: view.options });
      }
      if (!env.running) break;
      env.step(randomInt(rng, 0, 39) === 0 ? env.legal[randomInt(rng, 0, env.legalCount - 1)] : driver.act(env));
    }
  }
  return found;
}

const running = positionsByPhase({}, 3);
const ends = positionsByPhase({ maxRounds: 3, safeties: 1 }, 200);
const won = positionsByPhase({ gameTarget: 1 }, 3);
const hidden = positionsByPhase({ drawVisible: false }, 3);

function broken(
  where: Map<Phase, { state: FourTenState; options: FourTenOptions }>,
  phase: Phase,
  change: (s: FourTenState, o: FourTenOptions) => void,
): string | null {
  const at = where.get(phase);
  if (!at) throw new Error(`no ${phase} position found`);
  const s = new FourTenState();
  fourTenGame.copyState(at.state, s);
  change(s, at.options);
  return fourTenGame.checkState!(s, at.options);
}

/** Takes a card of value v out of the stock (the caller puts it somewhere). */
function takeFromStock(s: FourTenState, v: number): void {
  const i = s.deck.indexOf(v, s.pos);
  if (i < 0) throw new Error(`no ${v} in the stock`);
  s.deck[i] = s.deck[s.pos];
  s.pos++;
  s.stockCounts[v - 1]--;
}

function addToHand(s: FourTenState, h: number, v: number): void {
  s.counts[h * 4 + v - 1]++;
  s.sums[h] += v;
  s.sizes[h]++;
  s.key += 5 ** (h * 4 + v - 1);
}

describe('four-ten checkState', () => {
  it('passes every position met in play, each phase found', () => {
    for (const [where, phases] of [
      [running, ['place', 'replace', 'exchange']],
      [ends, ['bust', 'truncated']],
      [won, ['won']],
      [hidden, ['place', 'exchange']],
    ] as const) {
      for (const phase of phases)
        expect(
          broken(where, phase, () => {}),
          phase,
        ).toBeNull();
    }
  });

  it('counts every card of the round, and says where it found them', () => {
    const s = running.get('exchange')!.state;
    const inHands = (v: number) => s.counts[v - 1] + s.counts[3 + v] + s.counts[7 + v];
    for (const v of [1, 2, 3, 4]) {
      const problem = broken(running, 'exchange', (t) => t.stockCounts[v - 1]++);
      expect(problem).toBe(
        `the round's cards must be eight of each value, found 9 cards of value ${v} (${inHands(v)} in hands, ` +
          `${s.outOfPlay[v - 1]} ` +
          `out of play, 0 drawn, ${s.stockCounts[v - 1] + 1} in the stock)`,
      );
    }
    const place = running.get('place')!.state;
    const v = place.drawn;
    expect(v).toBeGreaterThan(0);
    expect(broken(running, 'place', (t) => (t.outOfPlay[v - 1] += 2))).toMatch(
      new RegExp(`found 10 cards of value ${v} \\(\\d+ in hands, 2 out of play, 1 drawn, \\d+ in the stock\\)`),
    );
    const two = broken(running, 'exchange', (t) => {
      t.stockCounts[0]++;
      t.stockCounts[3] += 2;
    });
    expect(two).toMatch(/found 9 cards of value 1 \(.*\); 10 cards of value 4 \(/);
  });

  it('keeps hands to four cards, and cards out of play to full hands', () => {
    expect(
      broken(running, 'replace', (t) => {
        const v = t.deck[t.pos];
        takeFromStock(t, v);
        addToHand(t, 1, v);
      }),
    ).toBe('Home holds 5 cards, at most 4 allowed');
    expect(
      broken(running, 'place', (t) => {
        const v = t.deck[t.pos];
        takeFromStock(t, v);
        t.outOfPlay[v - 1]++;
      }),
    ).toBe('cards are out of play only after a replacement, which needs all three hands full');
  });

  it('checks the queued decks', () => {
    expect(
      broken(running, 'place', (t) => {
        t.queue = new Uint8Array(32).fill(1);
        t.queueNext = 0;
      }),
    ).toMatch(/^queuedDecks .*32× 1/);
    expect(
      broken(running, 'place', (t) => {
        t.queue = new Uint8Array(31).fill(1);
        t.queueNext = 0;
      }),
    ).toMatch(/^queuedDecks has 31 cards/);
  });

  it('checks the derived fields against the cards', () => {
    expect(broken(running, 'place', (t) => (t.pos = 33))).toBe('deck position 33 out of 0..32');
    expect(broken(running, 'place', (t) => (t.pos = -1))).toBe('deck position -1 out of 0..32');
    expect(broken(running, 'place', (t) => (t.deck[31] = 5))).toBe('stock card 5 is not 1..4');
    expect(broken(running, 'place', (t) => (t.deck[t.pos] = 0))).toBe('stock card 0 is not 1..4');
    expect(broken(running, 'place', (t) => (t.deck[31] = (t.deck[31] % 4) + 1))).toBe(
      'stock counts do not match the stock',
    );
    for (const [h, name] of ['Hand', 'Home', 'Shadow'].entries()) {
      expect(broken(running, 'exchange', (t) => t.sums[h]++)).toBe(`${name}'s value or size does not match its cards`);
      expect(broken(running, 'exchange', (t) => t.sizes[h]--)).toBe(`${name}'s value or size does not match its cards`);
    }
    expect(broken(running, 'exchange', (t) => t.key++)).toBe('configuration key does not match the hands');
  });

  it('checks the phase against the hands, the drawn card and the stock', () => {
    expect(broken(running, 'replace', (t) => (t.phase = 0))).toMatch(/^phase "place" but all three hands hold 4 cards/);
    expect(broken(running, 'place', (t) => (t.phase = 1))).toMatch(
      /^phase "replace" but a hand holds fewer than 4 cards/,
    );
    expect(
      broken(running, 'place', (t) => {
        t.stockCounts[t.drawn - 1]++;
        t.deck[--t.pos] = t.drawn;
        t.drawn = 0;
      }),
    ).toBe('phase "place" with drawVisible needs the drawn card');
    expect(
      broken(hidden, 'place', (t) => {
        const v = t.deck[t.pos];
        takeFromStock(t, v);
        t.drawn = v;
      }),
    ).toBe('a drawn card shows only in phase "place" with drawVisible');
    expect(
      broken(running, 'replace', (t) => {
        while (t.pos < 32) {
          const v = t.deck[t.pos];
          takeFromStock(t, v);
          t.outOfPlay[v - 1]++;
        }
      }),
    ).toBe('the stock is empty, so the round should have ended');
    expect(broken(running, 'exchange', (t) => (t.seenCount = 0))).toBe(
      'phase "exchange" needs seenThisTurn (at least the configuration after the placement)',
    );
    expect(
      broken(running, 'place', (t) => {
        t.seen[0] = t.key;
        t.seenCount = 1;
      }),
    ).toBe('seenThisTurn is kept only in phase "exchange"');
  });

  it('checks the configurations seen this turn', () => {
    expect(broken(running, 'exchange', (t) => (t.seen[0] = t.key + 1))).toMatch(
      /^seenThisTurn must include the current configuration|^seenThisTurn\[0\]/,
    );
    expect(
      broken(running, 'exchange', (t) => {
        t.seen[t.seenCount] = t.seen[0];
        t.seenCount++;
      }),
    ).toMatch(/^seenThisTurn\[\d+\] repeats seenThisTurn\[0\]$/);
  });

  it('checks the score against the phase and the options', () => {
    expect(broken(running, 'place', (t, o) => (t.safeties = o.safeties + 1))).toBe('4 safeties left, the game has 3');
    expect(broken(running, 'place', (t, o) => (t.rounds = o.maxRounds + 1))).toBe('101 rounds ended, maxRounds is 100');
    expect(broken(running, 'place', (t, o) => (t.rounds = o.maxRounds))).toBe(
      '100 rounds ended, so the game should be truncated',
    );
    expect(broken(running, 'place', (t, o) => (t.points = o.gameTarget))).toBe(
      '50 points reach gameTarget 50, so the game should be won',
    );
    expect(
      broken(running, 'place', (t, o) => {
        t.points = o.gameTarget - 1;
        t.rounds = 2;
      }),
    ).toBeNull();
    expect(broken(won, 'won', (t) => (t.rounds = 0))).toBe('phase "won" needs at least one ended round');
    expect(broken(won, 'won', (t) => (t.points = 0))).toBe('phase "won" with 0 points, below gameTarget 1');
    expect(broken(ends, 'bust', (t) => (t.points = 50))).toBe('phase "bust" with 50 points, which reach gameTarget');
    expect(broken(ends, 'bust', (t) => (t.safeties = 1))).toBe('phase "bust" with safeties left');
    expect(broken(ends, 'truncated', (t) => (t.safeties = 0))).toBeNull();
    expect(broken(ends, 'truncated', (t) => (t.rounds = 1))).toBe('phase "truncated" after 1 rounds, maxRounds is 3');
  });

  it('is what setState reports for a state that breaks an invariant', () => {
    const env = make('four-ten');
    env.reset({ seed: 3 });
    const state = env.getState() as unknown as { game: { stock: string[] } };
    const bad = { ...state, game: { ...state.game, stock: [...state.game.stock, '1'] } };
    const before = JSON.stringify(env.getState());
    expect(() => env.setState(bad as never)).toThrow(TengymError);
    expect(() => env.setState(bad as never)).toThrow(
      /bad four-ten state: the round's cards must be eight of each value, found 9 cards of value 1/,
    );
    expect(JSON.stringify(env.getState())).toBe(before);
  });
});
