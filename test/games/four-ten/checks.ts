// What the shared tests play of Four Ten beyond its id (test/helpers/game-checks.ts): its options off
// their defaults, the option sets that move a bound, its goldens (a cautious player reaches the rules
// random play busts before), its decks: one or two 32-card decks, one a round, and how its rules state
// what its cards count (values 1 to 4, no aces).
import type { Env } from '../../../src/env/env.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import type { FourTenOutcome } from '../../../src/games/four-ten/engine.js';
import type { GameChecks } from '../../helpers/game-checks.js';

/** Random among the actions after which no fault was paid (one step of lookahead on a clone). */
function cautiousPolicy(seed: number): (env: Env) => number {
  const rng = createRng(seed);
  return (env) => {
    const now = env.outcome() as FourTenOutcome;
    const safe = env.legalActions().filter((a) => {
      const probe = env.clone();
      probe.step(a);
      const next = probe.outcome() as FourTenOutcome;
      return next.safeties === now.safeties && next.points >= now.points && !(probe.terminated && !next.won);
    });
    const pool = safe.length ? safe : env.legalActions();
    return pool[randomInt(rng, 0, pool.length - 1)];
  };
}

/** `count` shuffled Four Ten decks: the values 1–4 eight times each, every other one two rounds' worth. */
function fourTenDecks(count: number): string[][] {
  const rng = createRng(4242);
  const cards = [...'1234'].flatMap((v) => Array<string>(8).fill(v));
  const shuffled = () => {
    const deck = [...cards];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = randomInt(rng, 0, i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  };
  return Array.from({ length: count }, (_, k) => (k % 2 === 1 ? [...shuffled(), ...shuffled()] : shuffled()));
}

export const checks: GameChecks = {
  variants: [
    ['four-ten', { drawVisible: false }],
    ['four-ten', { check: 'faults-first', reward: 'rounds' }],
    ['four-ten', { safeties: 0, gameTarget: 20, maxRounds: 5 }],
    ['four-ten', { handTarget: 12 }],
  ],
  boundVariants: [
    ['four-ten', { drawVisible: false }],
    ['four-ten', { safeties: 0, gameTarget: 20, maxRounds: 5 }],
    ['four-ten', { handTarget: 1, gameTarget: 1 }],
    ['four-ten', { handTarget: 4, safeties: 0 }],
    ['four-ten', { handTarget: 5, gameTarget: 7, check: 'faults-first' }],
    ['four-ten', { handTarget: 13, gameTarget: 30 }],
    ['four-ten', { handTarget: 16, safeties: 0, maxRounds: 20 }],
    ['four-ten', { handTarget: 40, gameTarget: 45, maxRounds: 10 }],
  ],
  goldens: [
    { file: 'four-ten', id: 'four-ten', options: {}, seeds: [15, 16] },
    { file: 'four-ten-cautious', id: 'four-ten', options: {}, seeds: [18, 19], policy: cautiousPolicy },
    {
      file: 'four-ten-hidden-faults-first',
      id: 'four-ten',
      options: { drawVisible: false, check: 'faults-first', reward: 'rounds' },
      seeds: [17],
      policy: cautiousPolicy,
    },
  ],
  episodes: { 'four-ten': 300 },
  decks: (id, count) => (id === 'four-ten' ? fourTenDecks(count) : undefined) as string[][],
  cardValues: { 'four-ten': /32 cards, eight each of the values 1–4/ },
};
