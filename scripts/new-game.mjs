#!/usr/bin/env node
// A new game's folder from a template, then what a new game needs, in order: the build, the rules pages, its
// golden playthrough and the Python package's engine. Usage: npm run new-game -- <name> [--no-build]
//
// The template is a working game over the slot layout (src/env/layouts/): twelve slots, pairs making 10, and the
// four 10s, jacks, queens or kings together. It writes:
//   src/games/<name>/engine.ts   the declaration, opening with the doc comment of its options, actions and end
//   src/games/<name>/index.ts    its registration: id, title, description, kit
//   src/games/<name>/rules.md    its rules for players
//   test/games/<name>/checks.ts  what the shared tests play of it beyond its id (every option off its default)
//   test/games/<name>/rules.test.ts  a scenario on an explicit deck
// and one line in src/games/index.ts. It prints what is left for a person to write.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const name = args.find((a) => !a.startsWith('--'));
const build = !args.includes('--no-build');

function fail(message) {
  console.error(`new-game: ${message}`);
  process.exit(1);
}

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name))
  fail(
    `give the game's name in lower case, words joined by '-' (npm run new-game -- monte-carlo); got ${name ?? 'none'}`,
  );
const gameDir = join(ROOT, 'src', 'games', name);
const testDir = join(ROOT, 'test', 'games', name);
if (existsSync(gameDir) || existsSync(testDir)) fail(`src/games/${name}/ or test/games/${name}/ already exists`);

const words = name.split('-');
const title = words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
const camel =
  words[0] +
  words
    .slice(1)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
const Pascal = camel[0].toUpperCase() + camel.slice(1);

const engine = `/**
 * ${title} (\`${name}\`): the rules for players are in rules.md beside this file.
 *
 * Twelve face-up slots in three rows of four, dealt from a shuffled 52-card deck (deck[0..11] to slots 0..11, the
 * stock starts at deck[12]). Remove two cards whose values make 10 (A = 1 … 9), or the four 10s, jacks, queens or
 * kings together once all four are in the slots. Emptied slots are refilled from the stock at once, lowest slot first.
 * The engine is the slot layout's (src/env/layouts/slots.ts).
 *
 * ## Options
 *
 * | option      | values            | default | meaning                                                          |
 * |-------------|-------------------|---------|------------------------------------------------------------------|
 * | \`undoLimit\` | 0, 3, 'unlimited' | 0       | undos per game through \`session.undo()\` (an API call, not an action) |
 * | \`reward\`    | 'win', 'cards'    | 'win'   | see Rewards                                                      |
 *
 * ## Actions
 *
 * | id      | action                                                                                        |
 * |---------|-----------------------------------------------------------------------------------------------|
 * | 0 … 65  | remove the cards of slots (i, j), i < j, lexicographic: id = 12i − i(i+1)/2 + j − i − 1. Legal when they make 10 |
 * | 66 … 69 | remove the four 10s, jacks, queens or kings; legal when all four are in the slots              |
 *
 * ## Observation (Float32Array of 170)
 *
 * 13·i + r is 1 when slot i holds a card of rank r (A = 0 … K = 12); 156 + r is the unseen cards of rank r / 4;
 * 169 is the stock size / 52. The order of the stock is never shown.
 *
 * ## Rewards
 *
 * 'win' (default): +1 on the step that wins, else 0. 'cards': +2 a pair, +4 four of a kind.
 *
 * ## Episode end
 *
 * Terminated when no action is legal; never truncated. Won when all 52 cards are removed.
 * Outcome: \`{ won, cardsLeft }\`.
 */
import type * as z from 'zod/mini';
import { plainSlotGame, plainSlotOptionsSchema } from '../../env/layouts/slot-game.js';

/** ${title}'s options: the undos and the reward only. */
export const ${camel}OptionsSchema = plainSlotOptionsSchema;

/** ${title}'s options, defaults filled in (the schema's output). */
export type ${Pascal}Options = z.output<typeof ${camel}OptionsSchema>;

/** ${title}'s engine: its layout and rules, declared. */
export const ${camel}Game = plainSlotGame({
  name: '${name}',
  rules: { slots: 12, columns: 4, pairSum: 10, quartets: [9, 10, 11, 12], refill: 'at-once' },
  prompt: 'Remove two cards that make 10, or four 10s, jacks, queens or kings.',
});
`;

const index = `/**
 * ${title} as one game module: its engine (engine.ts), its id and its kit. It registers itself when imported
 * (src/games/index.ts); the rules for players are rules.md beside this file.
 */
import type * as z from 'zod/mini';
import { shipGame } from '../../agents/modules.js';
import type { CardOutcome } from '../../env/game.js';
import { ${camel}Game, type ${camel}OptionsSchema } from './engine.js';

export type { ${Pascal}Options } from './engine.js';

const description = '${title}: twelve cards, remove pairs making 10 and four 10s, jacks, queens or kings';

/** ${title} as registered: its engine, its id and its kit. */
export const ${camel} = shipGame(${camel}Game, { agents: [] }, { id: '${name}', title: '${title}', description });

declare module '../../env/registry.js' {
  interface EnvOptionsById {
    '${name}': z.input<typeof ${camel}OptionsSchema>;
  }
  interface OutcomeById {
    '${name}': CardOutcome;
  }
}
`;

// The option's note for programs, cut from a player's rules.
const UNDO_FOR_PROGRAMS = '<!-- programs --> through `session.undo()`<!-- /programs -->';
const rules = `## ${title}

*Env id \`${name}\`.* A game of the adding-and-pairing family on twelve cards.

- **Values:** ace = 1, 2 to 9 at face value. Tens and court cards have no value.
- **Start:** twelve cards are dealt face up in three rows of four, in slot order; the rest is the stock.
- **A pair** of two cards whose values make 10 (A+9, 2+8, 3+7, 4+6, 5+5), whatever their suits, is removed.
  **Four of a kind:** the four 10s, jacks, queens or kings go together once all four are in the slots.
- **Refill.** The emptied slots are filled from the stock at once, lowest slot first, while the stock lasts.
- **End.** The game ends when no move is left. It is **won** when all 52 cards are removed.

### Options

| option | values | default | meaning |
| --- | --- | --- | --- |
| \`undoLimit\` | 0, 3, \`'unlimited'\` | 0 | undos per game${UNDO_FOR_PROGRAMS} |
| \`reward\` | \`'win'\`, \`'cards'\` | \`'win'\` | \`'cards'\`: +2 a pair, +4 four of a kind |

### Actions

70 ids. Ids 0 … 65 remove the cards of slots (i, j), i < j, in lexicographic order,
\`12i − i(i+1)/2 + j − i − 1\`, legal when they make 10; ids 66 … 69 remove the four 10s, jacks, queens or kings.
`;

const checks = `// What the shared tests play of ${title} beyond its id (test/helpers/game-checks.ts):
// every option off its default.
import type { GameChecks } from '../../helpers/game-checks.js';

export const checks: GameChecks = {
  variants: [['${name}', { undoLimit: 3, reward: 'cards' }]],
};
`;

const scenario = `// ${title}'s rules on explicit decks: a pair making 10 and the refill, four of a kind,
// and a pair that is refused.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, cardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';

/** A full deck that starts with \`first\`, the other cards after them in card order. */
function deckWith(first: string[]): string[] {
  const rest = Array.from({ length: DECK_SIZE }, (_, c) => cardCode(c)).filter((c) => !first.includes(c));
  return [...first, ...rest];
}

// Slots 0 and 1 make 10, slots 2..5 are the four kings, the rest pair with nothing on the grid.
const DEAL = ['3C', '7D', 'KC', 'KD', 'KH', 'KS', 'AC', 'AD', 'AH', 'AS', '2C', '2D'];

describe('${name}', () => {
  it('removes a pair making 10 and refills its slots from the stock, lowest first', () => {
    const env = make('${name}');
    env.reset({ deck: deckWith(DEAL) });
    expect(env.legalActions()).toEqual([0, 69]);
    expect(env.describeAction(0)).toBe('remove 3♣ + 7♦');
    env.step(0);
    expect(env.getState().game).toMatchObject({ removed: ['3C', '7D'] });
  });

  it('removes four of a kind together, and refuses two cards that do not make 10', () => {
    const env = make('${name}', { reward: 'cards' });
    env.reset({ deck: deckWith(DEAL) });
    expect(env.step(69).reward).toBe(4);
    expect(() => env.step(1)).toThrow(/make 5, not 10/);
  });
});
`;

mkdirSync(gameDir, { recursive: true });
mkdirSync(testDir, { recursive: true });
writeFileSync(join(gameDir, 'engine.ts'), engine);
writeFileSync(join(gameDir, 'index.ts'), index);
writeFileSync(join(gameDir, 'rules.md'), rules);
writeFileSync(join(testDir, 'checks.ts'), checks);
writeFileSync(join(testDir, 'rules.test.ts'), scenario);
const listPath = join(ROOT, 'src', 'games', 'index.ts');
const list = readFileSync(listPath, 'utf8').split('\n');
const last = list.findLastIndex((line) => line.startsWith('export * from'));
list.splice(last + 1, 0, `export * from './${name}/index.js';`);
writeFileSync(listPath, list.join('\n'));
console.log(`new-game: wrote src/games/${name}/ (engine.ts, index.ts, rules.md), test/games/${name}/ (checks.ts,`);
console.log(`new-game: rules.test.ts) and its line in src/games/index.ts`);

const steps = [
  ['the build', 'npm', ['run', 'build']],
  ['the rules pages', 'npm', ['run', 'build:rules']],
  ['its golden playthrough', 'npx', ['vitest', 'run', 'test/env/golden.test.ts', '-t', name]],
  ["the Python package's engine", 'npm', ['run', 'build:python']],
];
if (build) {
  for (const [what, command, commandArgs] of steps) {
    console.log(`new-game: ${what}: ${command} ${commandArgs.join(' ')}`);
    const env = what.startsWith('its golden') ? { ...process.env, GOLDEN_UPDATE: '1' } : process.env;
    const run = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env });
    if (run.status !== 0) fail(`${what} failed (exit ${run.status}); fix it and run the steps left by hand`);
  }
} else {
  console.log('new-game: --no-build: run these next, in order:');
  for (const [what, command, commandArgs] of steps) console.log(`  ${command} ${commandArgs.join(' ')}   (${what})`);
}

console.log(`
What is left for a person to write:
  1. The rules: src/games/${name}/engine.ts declares twelve slots, pairs making 10 and four of a kind. Change the
     declaration (slots, columns, pairSum, singles, quartets, sameRankPairs, blocked, sets, sameSuit, refill:
     src/env/layouts/slots.ts, SlotRulesSpec) to the game's, and keep only its special rules as code.
  2. Its doc comment (options, actions, observation, rewards, end) and rules.md (the rules for players, with their
     sources: the PySolFC file and class). Every option is a row of both tables.
  3. Scenario tests on explicit decks for every rule and option in test/games/${name}/, and option variants in
     its checks.ts that move every option off its default.
  4. Its kit in index.ts: catalogue agents (each scores its moves: GameKit in src/agents/kit.ts), the simple
     baseline, fair searches and the hint source, where the game has real decisions.
  5. Its row in DEVELOPERS.md's list of games and in the PySolFC table of docs/rules.md.
Then run npm test, and npm run build:python again after any engine change.`);
