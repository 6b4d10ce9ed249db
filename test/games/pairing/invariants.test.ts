// The invariant check of Tens and Block Ten (pairing.ts, `checkState`, which `setState` and the
// contract checker run): each bookkeeping invariant broken on its own, in a real position, is
// reported with its own message; and how the board says a game ended.
import { describe, expect, it } from 'vitest';
import { cardCode, cardLabel, RANKS } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { EMPTY, EMPTY_RANK, type SlotState as PairingState } from '../../../src/env/layouts/index.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { make } from '../../../src/env/registry.js';

/** Deal `seed` of `id` after `steps` random legal moves. */
function position(id: string, seed: number, steps: number): Env {
  const env = make(id);
  env.reset({ seed });
  const rng = createRng(seed);
  for (let i = 0; i < steps && env.running; i++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
  return env;
}

function broken(env: Env, change: (s: PairingState) => void): string | null {
  const s = env.game.createState(env.options) as PairingState;
  env.game.copyState(env.rawState, s);
  change(s);
  return env.game.checkState!(s, env.options);
}

/** The first deal (from seed 0) whose random play is still on with at least four cards removed. */
function midGame(id: string): Env {
  for (let seed = 0; ; seed++) {
    const env = make(id);
    env.reset({ seed });
    const rng = createRng(seed);
    while (env.running && (env.rawState as PairingState).removed < 4)
      env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    if (env.running) return env;
  }
}

const tens = midGame('tens');
const block = midGame('block-ten');

describe('pairing checkState', () => {
  it('passes the positions it is given, mid-game with cards removed', () => {
    for (const env of [tens, block]) {
      expect(env.running).toBe(true);
      expect(broken(env, () => {})).toBeNull();
      expect((env.rawState as PairingState).removed).toBeGreaterThan(0);
    }
  });

  it('checks the deck and the stock position', () => {
    const s0 = tens.rawState as PairingState;
    expect(broken(tens, (s) => (s.deck[1] = s.deck[0]))).toBe(
      `deck position 1 holds ${cardCode(s0.deck[0])} a second time`,
    );
    expect(broken(tens, (s) => (s.deck[5] = 52))).toBe('deck position 5 holds no card');
    const slots = s0.rules.slots;
    expect(broken(tens, (s) => (s.stockPos = slots - 1))).toBe(
      `the stock holds ${52 - slots + 1} cards; after the first deal at most ${52 - slots} are left`,
    );
    expect(broken(tens, (s) => (s.stockPos = 53))).toBe(
      `the stock holds -1 cards; after the first deal at most ${52 - slots} are left`,
    );
    expect(broken(tens, (s) => (s.stockPos += 0.5))).toMatch(
      /^the stock holds [\d.]+ cards; after the first deal at most \d+ are left$/,
    );
  });

  it('checks every slot against its card, its rank and the stock', () => {
    const s0 = tens.rawState as PairingState;
    const c0 = s0.slotCard[0];
    expect(c0).not.toBe(EMPTY);
    expect(broken(tens, (s) => (s.slotCard[0] = EMPTY))).toBe(`slot 0 is empty but has rank ${s0.slotRank[0]}`);
    expect(broken(tens, (s) => (s.slotCard[0] = 60))).toBe('slot 0 holds 60, not a card');
    expect(broken(tens, (s) => (s.slotCard[1] = c0))).toBe(`card ${cardCode(c0)} is in two slots`);
    const top = s0.deck[s0.stockPos];
    expect(broken(tens, (s) => (s.slotCard[0] = top))).toBe(`card ${cardCode(top)} is in slot 0 and in the stock`);
    expect(broken(tens, (s) => (s.slotRank[0] = (s.slotRank[0] + 1) % 13))).toBe(
      `slot 0 holds ${cardCode(c0)} but has rank ${(s0.slotRank[0] + 1) % 13}`,
    );
  });

  it('checks the slot sets, the stock counts and the removed count', () => {
    const s0 = tens.rawState as PairingState;
    const rank = s0.slotRank[0];
    const set = s0.rankSlots[rank];
    expect(broken(tens, (s) => (s.rankSlots[rank] ^= 1))).toBe(
      `the slot set of rank ${RANKS[rank]} is ${(set ^ 1).toString(2)}, the slots say ${set.toString(2)}`,
    );
    const empty = s0.rankSlots[EMPTY_RANK];
    expect(broken(tens, (s) => (s.rankSlots[EMPTY_RANK] ^= 2))).toBe(
      `the slot set of empty slots is ${(empty ^ 2).toString(2)}, the slots say ${empty.toString(2)}`,
    );
    expect(broken(tens, (s) => (s.rankSlots[EMPTY_RANK + 1] = 1))).toBe('the no-partner slot set is not empty');
    expect(broken(tens, (s) => s.stockCount[3]++)).toBe(
      `stock count of 4 is ${s0.stockCount[3] + 1}, the stock holds ${s0.stockCount[3]}`,
    );
    expect(broken(block, (s) => s.removed++)).toBe(
      `removed is ${(block.rawState as PairingState).removed + 1}, the slots and ` +
        `stock leave ${(block.rawState as PairingState).removed}`,
    );
  });
});

describe('pairing board', () => {
  it.each([
    ['strict', false],
    ['buffered', true],
  ] as const)(
    'refill %s: the stock is a control only where a deal from it is a move (tappable %s)',
    (refill, tappable) => {
      for (const id of ['tens', 'block-ten'] as const) {
        const env = make(id, { refill });
        env.reset({ seed: 3 });
        const stock = env
          .board()
          .parts.flatMap((p) => (p.kind === 'piles' ? p.piles : []))
          .find((p) => p.kind === 'stock');
        expect(stock).toMatchObject({ kind: 'stock', tappable });
      }
    },
  );
});

describe('pairing render', () => {
  it('ends with how the game ended and the cards left', () => {
    for (const id of ['tens', 'block-ten']) {
      // Both ends: random deals until a won one and a lost one have been rendered (Tens wins
      // about one deal in eleven, Block Ten one in twenty-seven).
      const seen = new Set<boolean>();
      for (let seed = 0; seen.size < 2 && seed < 500; seed++) {
        const env = position(id, seed, 1000);
        expect(env.running).toBe(false);
        const s = env.rawState as PairingState;
        const lines = env.render().split('\n');
        const won = env.outcome()!.won;
        seen.add(won);
        expect(lines.at(-2)).toBe(
          `stock ${52 - s.stockPos} card${52 - s.stockPos === 1 ? '' : 's'} · removed ${s.removed} · cards ` +
            `left ${52 - s.removed}`,
        );
        expect(lines.at(-1)).toBe(`game over: ${won ? 'won' : 'lost'}, ${52 - s.removed} cards left`);
        // The env refuses a step after the end itself; the engine's own reason says the same.
        expect(env.game.whyIllegal!(env.rawState, env.options, 0)).toBe('the game is over');
      }
      expect([...seen].sort(), id).toEqual([false, true]);
    }
    const running = tens.render().split('\n');
    expect(running.at(-1)).toMatch(/^stock \d+ cards · removed \d+ · cards left \d+$/);
  });
});

const RANK_WORDS = [
  'aces',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
];
const TEN = 9;

/** The rules' reason for refusing `action`, from the cards in the slots; null when legal. */
function expectedReason(s: PairingState, action: number): string | null {
  const r = s.rules;
  if (action < r.pairCount) {
    const i = r.pairFirst[action];
    const j = r.pairSecond[action];
    if (s.slotCard[i] === EMPTY || s.slotCard[j] === EMPTY) return `slot ${s.slotCard[i] === EMPTY ? i : j} is empty`;
    const a = s.slotCard[i] >> 2;
    const b = s.slotCard[j] >> 2;
    if (a < TEN && b < TEN)
      return a + b + 2 === 10
        ? null
        : `${cardLabel(s.slotCard[i])} + ${cardLabel(s.slotCard[j])} make ${a + b + 2}, not 10`;
    const tensBlocked = r.blockedRanks.includes(TEN);
    if (tensBlocked && (a === TEN || b === TEN)) return 'tens are never removed';
    // Otherwise the first card that cannot pair by its sum is named: in Tens 10, J, Q and K go four at a time.
    const face = a >= TEN ? a : b;
    if (!r.sameRankPairs?.length) return `${RANK_WORDS[face]} are removed four at a time`;
    if (a === b) return null;
    const word = RANK_WORDS[face].slice(0, -1);
    return `a ${word} pairs only with another ${word}`;
  }
  if (action === r.dealId) {
    if (s.stockPos === 52) return 'the stock is empty';
    return s.rankSlots[EMPTY_RANK] === 0 ? 'no slot is empty' : null;
  }
  const rank = r.quartetRanks[action - r.quartetBase];
  if (r.blockedRanks.includes(rank)) return 'tens are never removed';
  let here = 0;
  for (let i = 0; i < r.slots; i++) if (s.slotCard[i] !== EMPTY && s.slotCard[i] >> 2 === rank) here++;
  return here === 4 ? null : `only ${here} of the four ${RANK_WORDS[rank]} are in the slots`;
}

describe('pairing: why a move is illegal', () => {
  it.each([
    ['tens', {}],
    ['tens', { refill: 'buffered', blockTens: true }],
    ['block-ten', {}],
    ['block-ten', { refill: 'buffered' }],
  ])('%s %j: the rules reason for every illegal action id', (id, options) => {
    let refused = 0;
    const reasons = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const env = make(id, options);
      env.reset({ seed });
      const rng = createRng(seed);
      for (let step = 0; env.running && step < 30; step++) {
        const s = env.rawState as PairingState;
        const legal = new Set(env.legalActions());
        for (let action = 0; action < env.actionSpace.n; action++) {
          const expected = expectedReason(s, action);
          if (legal.has(action)) {
            expect(expected, `${action}`).toBeNull();
            continue;
          }
          refused++;
          reasons.add(expected!.replace(/\d+|[♣♦♥♠]|[AJQK2-9]/g, '#'));
          expect(() => env.clone().step(action)).toThrow(
            `step(${action}): "${env.describeAction(action)}" is not legal: ${expected}. Legal now: `,
          );
        }
        env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      }
    }
    expect(refused).toBeGreaterThan(1000);
    expect(reasons.size).toBeGreaterThanOrEqual(3);
  });
});
