// The shared API test: every registered id (and option variants that move every option of every
// engine off its default) passes the contract checker over many seeded random games (fewer
// under npm run mutate: scale.ts).
import { describe, expect, it } from 'vitest';
import { checkEnv } from '../../src/env/checker.js';
import { envIds, envSpec } from '../../src/env/registry.js';
import { allChecks, decksFor } from '../helpers/game-checks.js';
import { perId, scaled } from '../helpers/scale.js';

const EPISODES: Record<string, number> = Object.assign({}, ...allChecks().map((c) => c.episodes ?? {}));
// Each id's share of the sweep shrinks once the registry outgrows the size it was set for (scale.ts: perId).
const episodesOf = (id: string) => perId(EPISODES[id] ?? 2000, envIds().length);
const VARIANT_EPISODES = scaled(300);
const DECKS = scaled(20, 4);

/** Option variants that move every option of every engine off its default (each game's checks.ts). */
const VARIANTS = allChecks().flatMap((c) => c.variants ?? []);

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
      expect(unmoved, `${game.name}: options no variant sets (add one to its test folder's checks.ts)`).toEqual([]);
    }
  });

  it.each(VARIANTS)('%s %j passes the checker', (id, options) => {
    const report = checkEnv(id, options, { episodes: VARIANT_EPISODES, seed: 77 });
    expect(report.episodes).toBe(VARIANT_EPISODES);
  });
});
