// Typed options: make(), envConfig(), new VectorEnv(), checkEnv(), createAgent() and agentsFor()
// check option names and values at compile time for every registered id, and make(id)'s env
// has the outcome type of the id's engine. The fixture compiles as it is, and tsc rejects each of its marked lines once
// their expect-error markers are gone.
// @slow: two runs of tsc over the sources.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envIds } from '../../src/env/registry.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = join(REPO, 'test/env/fixtures/typed-options.ts');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const FLAGS = [
  '--noEmit',
  '--strict',
  '--target',
  'ES2022',
  '--module',
  'NodeNext',
  '--moduleResolution',
  'NodeNext',
  '--skipLibCheck',
  '--types',
  'node',
];

function tsc(...files: string[]) {
  const r = spawnSync(process.execPath, [TSC, ...FLAGS, ...files], { encoding: 'utf8', cwd: REPO });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** Output lines of tsc's that name `file`, and the rest. */
const errorsOf = (out: string, file: string) =>
  out.split('\n').filter((l) => l.includes('error TS') && l.startsWith(file.slice(REPO.length)));

describe('typed env options', () => {
  // The fixture and its copy without the expect-error markers compile in one tsc run (one compile of src/ where
  // two took twice the time): the fixture must give no error, the copy the marked lines' errors.
  let both = { code: 0 as number | null, out: '' };
  let unmarked = '';
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(REPO, 'test/env/fixtures/.tmp-'));
    unmarked = join(dir, 'unmarked.ts');
    const text = readFileSync(FIXTURE, 'utf8')
      .replace(/^\s*\/\/ @ts-expect-error.*\n/gm, '')
      .replaceAll("'../../../src/", "'../../../../src/");
    writeFileSync(unmarked, text);
    both = tsc(FIXTURE, unmarked);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the fixture compiles: good options pass, each bad one is an expected error', () => {
    // Every error is the copy's: none in the fixture, none in the sources it imports.
    const lines = both.out.split('\n').filter((l) => l.includes('error TS'));
    expect(lines.filter((l) => !l.startsWith(unmarked.slice(REPO.length)))).toEqual([]);
    expect(errorsOf(both.out, FIXTURE)).toEqual([]);
  });

  it("tsc rejects make('decade', { discard: 'sometimes' }) and the other marked lines", () => {
    const r = both;
    expect(r.code, r.out).not.toBe(0);
    const errors = errorsOf(r.out, unmarked);
    expect(errors).toHaveLength(15);
    expect(r.out).toMatch(
      /Type '"sometimes"' is not assignable to type '("forced" \| "optional"|"optional" \| "forced")/,
    );
    expect(r.out).toMatch(/'tablaeu' does not exist/);
    expect(r.out).toMatch(/'dicard' does not exist/);
    expect(r.out).toMatch(/Property 'points' does not exist on type 'CardOutcome'/);
    expect(r.out).toMatch(/Property 'cardsLeft' does not exist on type 'FourTenOutcome'/);
  });

  it('options for an id not declared in EnvOptionsById are an error that says to declare it there', () => {
    const dir = mkdtempSync(join(REPO, 'test/env/fixtures/.tmp-'));
    try {
      const file = join(dir, 'undeclared.ts');
      writeFileSync(
        file,
        [
          "import '../../../../src/games/index.js';",
          "import { envConfig, make } from '../../../../src/env/registry.js';",
          "make('my-game', { slots: 6 });",
          "envConfig('my-game', { slots: 6 });",
          "make('decad', { discard: 'optional' });",
          // Without options, for an id held in a string, and for an id declared as DEVELOPERS.md says, none.
          "make('my-game');",
          'export const made = (id: string) => make(id, { slots: 6 });',
          "declare module '../../../../src/env/registry.js' { interface EnvOptionsById { 'ten-pairs': { " +
            'slots?: number } } }',
          "make('ten-pairs', { slots: 6 });",
          "make('decade', { discard: 'optional' });",
          // The declared id's options are checked as a built-in id's.
          "make('ten-pairs', { slots: 'six' });",
          // Every registered id is declared, and nothing else is (a missing or an extra key does not compile).
          "type Declared = Exclude<keyof import('../../../../src/env/registry.js').EnvOptionsById, 'ten-pairs'>;",
          `const declared: Record<Declared, true> = { ${envIds()
            .map((id) => `'${id}': true`)
            .join(', ')} };`,
          'export { declared };',
        ].join('\n'),
      );
      const r = tsc(file);
      const errors = r.out.split('\n').filter((l) => l.includes('error TS'));
      expect(errors, r.out).toHaveLength(4);
      for (const [k, id] of ['my-game', 'my-game', 'decad'].entries()) {
        expect(errors[k]).toContain(
          `env id '${id}' is not declared in EnvOptionsById: declare module 'tengym' { interface ` +
            `EnvOptionsById { '${id}': z.input<typeof myOptionsSchema> } } to type its options, or check the ` +
            `id's spelling`,
        );
      }
      expect(errors[3]).toMatch(/undeclared\.ts\(11,.*Type 'string' is not assignable to type 'number'/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
