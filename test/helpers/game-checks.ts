// What the shared tests (the contract, the goldens, the observation bounds, the deals, the agents'
// scores, the rules' card values) need of each game beyond its registered ids: each game's test folder
// may give a `checks.ts` exporting `checks: GameChecks`, found here by the folder, so that a new game's
// folder is covered without editing the shared tests.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRng, randomInt } from '../../src/env/rng.js';
import { make } from '../../src/env/registry.js';
import { dealtDeck } from '../../src/env/checker.js';

/** A golden playthrough: a file under test/golden/, the id and options, the seeds, and the player. */
export interface GoldenCase {
  file: string;
  id: string;
  options: Record<string, unknown>;
  seeds: number[];
  /** A player of the game's own instead of random play (Four Ten's cautious one reaches its later rules). */
  policy?: (seed: number) => (env: import('../../src/env/env.js').Env) => number;
}

export interface GameChecks {
  /** Option sets that move every option off its default between them (with the ids' presets), played by the checker. */
  variants?: readonly [id: string, options: Record<string, unknown>][];
  /** Option sets that change an observation bound, played against the declared bounds. */
  boundVariants?: readonly [id: string, options: Record<string, unknown>][];
  /** The golden playthroughs (default: each id of the game, seeds 1 and 2, random play). */
  goldens?: readonly GoldenCase[];
  /** Episodes the contract test plays an id (default 2000), for a slow one. */
  episodes?: Readonly<Record<string, number>>;
  /** Winnable deals test/env/deals.test.ts finds and checks of an id (default 1,000), for a slow one. */
  winnableDeals?: Readonly<Record<string, number>>;
  /** Explicit decks an id is checked with (default: shuffles of the deck a seeded deal reads back to). */
  decks?: (id: string, count: number) => string[][] | undefined;
  /**
   * Catalogue agents of the game with no `score(env)`, each a fixed rule of play that ranks nothing (Elevens'
   * `patient`). Every other catalogue agent scores the legal moves; docs/api.md names the ones that do not.
   */
  unscoredAgents?: readonly string[];
  /**
   * How an id's rules state what its cards count, where they are not a standard deck's (default: `ace = 1`, which
   * the rules of a game dealt from standard cards say, as in "ace = 1, 2 to 10 at face value").
   */
  cardValues?: Readonly<Record<string, RegExp>>;
}

const FOLDER = fileURLToPath(new URL('../games/', import.meta.url));

/** Every game's checks, by its test folder's name. */
export const GAME_CHECKS: ReadonlyMap<string, GameChecks> = new Map(
  await Promise.all(
    readdirSync(FOLDER, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`${FOLDER}${d.name}/checks.ts`))
      .map(async (d) => {
        const module = (await import(`../games/${d.name}/checks.ts`)) as { checks: GameChecks };
        return [d.name, module.checks] as const;
      }),
  ),
);

/** Every game's checks, one list. */
export const allChecks = (): GameChecks[] => [...GAME_CHECKS.values()];

/**
 * `count` shuffled decks for an id, as `reset({ deck })` takes them: the game's own (its checks'),
 * else shuffles of the deck a seeded deal reads back to (its board's cards, then its stock).
 */
export function decksFor(id: string, count: number): string[][] {
  for (const checks of allChecks()) {
    const own = checks.decks?.(id, count);
    if (own) return own;
  }
  const env = make(id);
  env.reset({ seed: 4242 });
  const cards = dealtDeck(env);
  if (cards === null) return [];
  const rng = createRng(4242);
  return Array.from({ length: count }, () => {
    const deck = [...cards];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = randomInt(rng, 0, i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  });
}
