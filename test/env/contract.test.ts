// The shared API test: every registered id (and the main option variants) passes the
// contract checker over many seeded random games (fewer under npm run mutate: scale.ts).
import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../src/env/checker.js';
import { envIds } from '../../src/env/registry.js';
import { scaled } from '../helpers/scale.js';

const EPISODES: Record<string, number> = { 'four-ten': 300, 'decade-stacks': 1000, 'ten-twenty-thirty': 300 };
const episodesOf = (id: string) => scaled(EPISODES[id] ?? 2000);
const VARIANT_EPISODES = scaled(300);

const VARIANTS: [string, Record<string, unknown>][] = [
  ['tens', { tableau: 15 }],
  ['tens', { refill: 'buffered' }],
  ['tens', { blockTens: true, reward: 'cards' }],
  ['tens', { undoLimit: 'unlimited' }],
  ['block-ten', { refill: 'buffered', reward: 'cards' }],
  ['decade', { reward: 'cards' }],
  ['decade', { win: 'one-left', minRun: 3 }],
  ['decade-stacks', { discard: 'optional', reward: 'cards' }],
  ['decade', { pickedUp: 'deck-bottom', maxSteps: 300 }],
  ['decade-loop', { maxRun: null, fives: true }],
  ['four-ten', { drawVisible: false }],
  ['four-ten', { check: 'faults-first', reward: 'rounds' }],
  ['four-ten', { safeties: 0, gameTarget: 20, maxRounds: 5 }],
];

describe('environment contract', () => {
  it.each(envIds())('%s passes the checker over many random games', (id) => {
    const report = checkEnv(id, {}, { episodes: episodesOf(id), seed: 1000 });
    expect(report.episodes).toBe(episodesOf(id));
    expect(report.steps).toBeGreaterThan(report.episodes);
  });

  it.each(VARIANTS)('%s %j passes the checker', (id, options) => {
    const report = checkEnv(id, options, { episodes: VARIANT_EPISODES, seed: 77 });
    expect(report.episodes).toBe(VARIANT_EPISODES);
  });
});
