// The generated API reference (npm run docs:api) builds, and its check holds: every export of the
// package's entry points (package.json's "exports") has a doc comment, and every {@link} in them
// resolves. The check is TypeDoc's validation with treatWarningsAsErrors (typedoc.json, with the games'
// option schemas found in their folders by scripts/typedoc-options.mjs); a test shows it failing on a
// file with an undocumented export and a broken link. The Python package's half runs in
// python/tests/test_reference.py.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPEDOC = join(dirname(createRequire(import.meta.url).resolve('typedoc/package.json')), 'bin', 'typedoc');
const CONFIG = JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as Record<string, unknown>;
/** What npm run docs:api gives TypeDoc: typedoc.json, and the names the games' entry points reach unexported. */
const OPTIONS = (await import(pathToFileURL(join(ROOT, 'scripts', 'typedoc-options.mjs')).href)) as {
  gameSchemaNames(root: string): string[];
  typedocArgs(root: string): string[];
};

function typedoc(cwd: string, args: string[]): { status: number | null; output: string } {
  const env = { ...process.env, NO_COLOR: '1' };
  const r = spawnSync(process.execPath, [TYPEDOC, ...args], { cwd, env, encoding: 'utf8', timeout: 170_000 });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe('the API reference', () => {
  it('has the entry points of package.json\'s "exports"', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { default: string }>;
    };
    const sources = Object.values(pkg.exports)
      .filter((e): e is { default: string } => typeof e === 'object')
      .map((e) => e.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
    expect([...(CONFIG.entryPoints as string[])].sort()).toEqual(sources.sort());
  });

  it("finds each game's options schema in the game's folder, so that typedoc.json names no game", () => {
    const games = readdirSync(join(ROOT, 'src', 'games'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && existsSync(join(ROOT, 'src', 'games', d.name, 'index.ts')),
    );
    const names = OPTIONS.gameSchemaNames(ROOT);
    // At least one schema per game (the pairing folder has two engines, Tens and Block Ten).
    expect(names.length).toBeGreaterThanOrEqual(games.length);
    for (const name of names)
      expect(CONFIG.intentionallyNotExported as string[], `${name} comes from its game's folder`).not.toContain(name);
    const args = OPTIONS.typedocArgs(ROOT);
    for (const name of [...names, ...(CONFIG.intentionallyNotExported as string[])])
      expect(args.join(' '), name).toContain(`--intentionallyNotExported ${name}`);
  });

  it('builds, documenting every export, every link resolving (npm run docs:api)', { timeout: 180_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'tengym-reference-'));
    try {
      const r = typedoc(ROOT, [...OPTIONS.typedocArgs(ROOT), '--out', out]);
      expect(r.output).not.toMatch(/\[(warning|error)\]/);
      expect(r.status).toBe(0);
      for (const page of ['tengym', 'tengym_models', 'tengym_node'])
        expect(readFileSync(join(out, 'modules', `${page}.html`), 'utf8')).toContain('<html');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('fails on an export without a doc comment and on a broken link', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-typedoc-'));
    try {
      writeFileSync(
        join(dir, 'index.ts'),
        'export function undocumented(): number {\n  return 1;\n}\n\n' +
          '/** See {@link nowhere}. */\nexport const linked = 2;\n',
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', types: [] }, include: ['index.ts'] }),
      );
      const { intentionallyNotExported: _, ...options } = CONFIG;
      writeFileSync(
        join(dir, 'typedoc.json'),
        JSON.stringify({ ...options, entryPoints: ['index.ts'], tsconfig: 'tsconfig.json' }),
      );
      const r = typedoc(dir, ['--options', 'typedoc.json', '--emit', 'none']);
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/undocumented .*does not have any documentation/);
      expect(r.output).toMatch(/Failed to resolve link to "nowhere"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
