import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import {
  envConfig,
  envIds,
  envs,
  make,
  optionsThatDiffer,
  registeredIdOf,
  resolveOptions,
} from '../../src/env/registry.js';
import * as shipped from '../../src/games/index.js';
import type { GameModule } from '../../src/agents/modules.js';
import { thrown } from '../helpers/pairing.js';

const gameModules = (namespace: object): GameModule[] =>
  (Object.values(namespace) as unknown[]).filter(
    (m): m is GameModule => typeof m === 'object' && m !== null && 'game' in m && 'ids' in m,
  );
/**
 * The folders of the list of shipped games (src/games/index.ts), in its order. The list is read as text: a module
 * namespace gives its exports in the order of their names, not of the file.
 */
const FOLDERS = [
  ...readFileSync(new URL('../../src/games/index.ts', import.meta.url), 'utf8').matchAll(
    /^export \* from '\.\/([\w-]+)\/index\.js';$/gm,
  ),
].map((m) => m[1]);
/** Every game module the list exports, folder by folder in its order; a folder's own, as they registered. */
const SHIPPED_MODULES = (
  await Promise.all(FOLDERS.map((f) => import(/* @vite-ignore */ `../../src/games/${f}/index.js`) as Promise<object>))
).flatMap((namespace) =>
  gameModules(namespace).sort((a, b) => envIds().indexOf(a.ids[0].id) - envIds().indexOf(b.ids[0].id)),
);
/** Their ids, in that order. */
const SHIPPED_IDS = SHIPPED_MODULES.flatMap((m) => m.ids.map((p) => p.id));

describe('registry', () => {
  it("registers every shipped module's ids, in the order of the list of games", () => {
    expect(SHIPPED_IDS.length).toBeGreaterThan(0);
    expect(new Set(SHIPPED_MODULES), 'the folders read hold every module the list exports').toEqual(
      new Set(gameModules(shipped)),
    );
    expect(new Set(SHIPPED_IDS).size, 'an id is registered once').toBe(SHIPPED_IDS.length);
    expect(envIds().slice(0, SHIPPED_IDS.length)).toEqual(SHIPPED_IDS);
  });

  it('lists defaults, schemas and sizes', () => {
    const list = envs();
    const tens = list.find((e) => e.id === 'tens')!;
    expect(tens.defaults).toMatchObject({
      tableau: 13,
      refill: 'strict',
      blockTens: false,
      undoLimit: 0,
      reward: 'win',
    });
    expect(tens.actions).toBe(78 + 4);
    const ttt = list.find((e) => e.id === 'ten-twenty-thirty')!;
    expect(ttt.defaults).toMatchObject({ stacks: 7, loop: true, minRun: 3, maxRun: 3, pickedUp: 'deck-bottom' });
    expect(ttt.actions).toBe(677);
    expect(list.find((e) => e.id === 'four-ten')!.actions).toBe(48);
    for (const e of list) expect(e.optionsSchema).toHaveProperty('properties');
  });

  it('applies presets and lets options override them', () => {
    expect(resolveOptions('decade-loop')).toMatchObject({ loop: true, maxRun: 3 });
    expect(resolveOptions('decade-loop', { maxRun: null })).toMatchObject({ loop: true, maxRun: null });
    expect(make('tens', { tableau: 15, refill: 'buffered' }).actionSpace.n).toBe(105 + 4 + 1);
  });

  it('registeredIdOf: the id whose preset is the game played, the reward aside; its own id first, else its own', () => {
    expect(registeredIdOf(envConfig('decade', { fives: true }))).toBe('decade-fives');
    expect(registeredIdOf(envConfig('decade', { fives: true, reward: 'cards' }))).toBe('decade-fives');
    expect(registeredIdOf(envConfig('decade-fives', { fives: false }))).toBe('decade');
    expect(registeredIdOf(envConfig('decade', { stacks: 7 }))).toBe('decade-stacks');
    expect(
      registeredIdOf(envConfig('decade', { stacks: 7, loop: true, minRun: 3, maxRun: 3, pickedUp: 'deck-bottom' })),
    ).toBe('ten-twenty-thirty');
    expect(registeredIdOf(envConfig('decade-fives'))).toBe('decade-fives');
    expect(registeredIdOf(envConfig('decade', { minRun: 3 }))).toBe('decade');
    expect(registeredIdOf(envConfig('tens', { tableau: 15 }))).toBe('tens');
    expect(optionsThatDiffer({ fives: true, reward: 'win' }, { fives: false, reward: 'cards', minRun: 3 })).toEqual([
      'fives',
      'minRun',
    ]);
  });

  it('makes an env from a config made by envConfig', () => {
    const config = envConfig('tens', { tableau: 15 });
    const env = make(config);
    expect([env.id, env.options, env.actionSpace.n]).toEqual(['tens', config.options, 105 + 4]);
  });

  it('says which kind of mistake a refusal is (its code)', () => {
    expect(thrown(() => make('nope')).code).toBe('unknown-env');
    expect(thrown(() => make('tens' as string, 'x')).code).toBe('bad-options');
    expect(thrown(() => make('tens' as string, { tableau: 14 })).code).toBe('bad-options');
  });

  it.each([
    ['nope', {}, new RegExp(`unknown env "nope"; registered ids: ${envIds().join(', ')}$`)],
    ['tens', { tableau: 14 }, /tableau.*13\|15|13\|15.*tableau/],
    ['tens', { refill: 'lazy' }, /"strict"\|"buffered"/],
    [
      'tens',
      { colour: 'red' },
      /unknown option "colour"; its options: tableau, refill, blockTens, highCards, undoLimit, reward$/,
    ],
    ['decade', { stacks: 3 }, /stacks/],
    ['four-ten', { gameTarget: -1 }, /gameTarget/],
    ['tens', 'x', /expected a plain object/],
  ])('make(%j, %j) is a clear error', (id, options, message) => {
    expect(() => make(id, options)).toThrow(TengymError);
    expect(() => make(id, options)).toThrow(message);
  });
});

describe('Env.reset', () => {
  it('refuses unknown reset options and bad seeds, naming them', () => {
    const env = make('tens');
    expect(() => env.reset({ seed: 1, shuffle: true } as never)).toThrow(/unknown option "shuffle"/);
    expect(() => env.reset({ seed: 1.5 })).toThrow(/bad seed 1.5: expected an integer from 0 to/);
    expect(() => env.reset({ seed: -1 })).toThrow(TengymError);
    expect(() => env.reset({ deck: 42 } as never)).toThrow(TengymError);
  });
});

describe('envs()', () => {
  it(
    "describes every id by its game, with its engine and its options as JSON Schema (all optional, the id's own " +
      'defaults given)',
    () => {
      // Each id's line and engine are its module's (src/games/<game>/index.ts), found through the list of games.
      const declared = new Map(
        SHIPPED_MODULES.flatMap((m) => m.ids.map((p) => [p.id, [p.description, m.game.name]] as const)),
      );
      const list = envs();
      expect(list.map((e) => e.id)).toEqual([...declared.keys()]);
      for (const e of list) {
        const [description, engine] = declared.get(e.id)!;
        expect(e.description, e.id).toBe(description);
        expect(e.description.length, `${e.id}: a line about the game for tengym envs`).toBeGreaterThan(10);
        expect(e.engine, e.id).toBe(engine);
        expect(e.defaults, e.id).toEqual(resolveOptions(e.id));
        expect(e.observationSize, e.id).toBe(make(e.id).observationSpace.shape[0]);
        const schema = e.optionsSchema as { properties: Record<string, { default?: unknown }>; required?: string[] };
        expect(schema.required ?? [], e.id).toEqual([]);
        // An option may be left out rather than defaulted (Decade's dealAll): then it has no default, on either side.
        expect(Object.keys(schema.properties).sort(), e.id).toEqual(
          expect.arrayContaining(Object.keys(e.defaults).sort()),
        );
        for (const [key, value] of Object.entries(schema.properties))
          expect(value.default, `${e.id}.${key}`).toEqual(e.defaults[key]);
        // A settings form filled from the schema's defaults makes this id's game.
        const form = Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, value.default]));
        expect(make(e.id, form).options, e.id).toEqual(make(e.id).options);
      }
    },
  );

  it('names the options a preset sets', () => {
    expect(resolveOptions('decade-optional')).toMatchObject({ discard: 'optional' });
    expect(resolveOptions('decade-max3')).toMatchObject({ maxRun: 3, loop: false });
    expect(resolveOptions('decade-fives')).toMatchObject({ fives: true });
    expect(resolveOptions('decade-stacks')).toMatchObject({ stacks: 7, loop: false });
    expect(resolveOptions('decade')).toMatchObject({
      stacks: 1,
      loop: false,
      fives: false,
      discard: 'forced',
      maxRun: null,
    });
    expect(() => resolveOptions('tens', null)).toThrow(
      /^bad options for tens: expected a plain object such as \{\}, got null$/,
    );
    expect(() => resolveOptions('tens', [])).toThrow(
      /^bad options for tens: expected a plain object such as \{\}, got an array$/,
    );
    expect(() => resolveOptions('tens', { tableau: 14 })).toThrow(/^bad options for tens: /);
  });
});
