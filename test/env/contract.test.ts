// The shared API test: every registered id (and option variants that move every option of every
// engine off its default) passes the contract checker over many seeded random games (fewer
// under npm run mutate: scale.ts).
import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../src/env/checker.js';
import { envIds, envSpec } from '../../src/env/registry.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { scaled } from '../helpers/scale.js';

const EPISODES: Record<string, number> = { 'four-ten': 300, 'decade-stacks': 1000, 'ten-twenty-thirty': 300 };
const episodesOf = (id: string) => scaled(EPISODES[id] ?? 2000);
const VARIANT_EPISODES = scaled(300);
const DECKS = scaled(20, 4);

/**
 * `count` shuffled decks as `reset({ deck })` takes them: 52 cards, or Four Ten's 1–4 eight times each, one deck a
 * round for one or two rounds.
 */
function decksFor(id: string, count: number): string[][] {
  const rng = createRng(4242);
  const cards =
    id === 'four-ten'
      ? [...'1234'].flatMap((v) => Array<string>(8).fill(v))
      : [...'A23456789TJQK'].flatMap((r) => [...'SHDC'].map((s) => r + s));
  const shuffled = () => {
    const deck = [...cards];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = randomInt(rng, 0, i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  };
  return Array.from({ length: count }, (_, k) =>
    id === 'four-ten' && k % 2 === 1 ? [...shuffled(), ...shuffled()] : shuffled(),
  );
}

const VARIANTS: [string, Record<string, unknown>][] = [
  ['tens', { tableau: 15 }],
  ['tens', { refill: 'buffered' }],
  ['tens', { blockTens: true, reward: 'cards' }],
  ['tens', { undoLimit: 'unlimited' }],
  ['block-ten', { refill: 'buffered', reward: 'cards' }],
  ['block-ten', { undoLimit: 3 }],
  ['decade', { reward: 'cards' }],
  ['decade', { win: 'one-left', minRun: 3 }],
  ['decade-stacks', { discard: 'optional', reward: 'cards' }],
  ['decade', { pickedUp: 'deck-bottom', maxSteps: 300 }],
  ['decade-loop', { maxRun: null, fives: true }],
  ['four-ten', { drawVisible: false }],
  ['four-ten', { check: 'faults-first', reward: 'rounds' }],
  ['four-ten', { safeties: 0, gameTarget: 20, maxRounds: 5 }],
  ['four-ten', { handTarget: 12 }],
];

describe('environment contract', () => {
  it.each(envIds())('%s passes the checker over many random games', (id) => {
    const report = checkEnv(id, {}, { episodes: episodesOf(id), seed: 1000, decks: decksFor(id, DECKS) });
    expect(report.episodes).toBe(episodesOf(id));
    expect(report.decks).toBe(DECKS);
    expect(report.steps).toBeGreaterThan(report.episodes);
  });

  it('moves every option of every engine off its default in some id or variant', () => {
    const moved = new Map<string, Set<string>>();
    // An option counts where its value there is not the engine's default (a variant that sets the default moves
    // nothing).
    const add = (id: string, options: Record<string, unknown>) => {
      const { game } = envSpec(id);
      const defaults = game.optionsSchema.parse({}) as Record<string, unknown>;
      for (const key of Object.keys(options)) {
        if (JSON.stringify(options[key]) !== JSON.stringify(defaults[key]))
          moved.set(game.name, (moved.get(game.name) ?? new Set()).add(key));
      }
    };
    for (const id of envIds()) add(id, envSpec(id).preset);
    for (const [id, options] of VARIANTS) add(id, options);
    for (const id of envIds()) {
      const { game } = envSpec(id);
      const unmoved = Object.keys(game.optionsSchema.parse({}) as object).filter(
        (key) => !moved.get(game.name)?.has(key),
      );
      expect(unmoved, `${game.name}: options no variant here sets (add one to VARIANTS)`).toEqual([]);
    }
  });

  it.each(VARIANTS)('%s %j passes the checker', (id, options) => {
    const report = checkEnv(id, options, { episodes: VARIANT_EPISODES, seed: 77 });
    expect(report.episodes).toBe(VARIANT_EPISODES);
  });
});
