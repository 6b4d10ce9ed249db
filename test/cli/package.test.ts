// The package as a user gets it: `npm pack`, installed into a scratch app, the README's
// Node snippet run there as written (its output checked against the snippet's comments),
// `tengym --version`, and the files the tarball carries.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let app = '';
let tarball = '';

/** The README's ```js block that imports tengym/node. */
function readmeNodeSnippet(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const snippet = blocks.find((b) => b.includes("from 'tengym/node'"));
  if (!snippet) throw new Error("README.md has no ```js block importing 'tengym/node'");
  return snippet;
}

beforeAll(() => {
  // dist/ is built (npm test builds first); packing skips the prepare script's second build.
  const dir = mkdtempSync(join(tmpdir(), 'tengym-pack-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { filename: string }[];
  tarball = join(dir, packed[0].filename);
  app = join(dir, 'scratch-app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', version: '9.9.9', private: true, type: 'module' }));
  // The dependencies come from the npm cache that `npm install` filled (the registry only for what it lacks).
  execFileSync('npm', ['install', '--prefer-offline', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: 'ignore' });
}, 180_000);

describe('the packed package', () => {
  it("runs the README's Node snippet as written, printing what its comments say", () => {
    const snippet = readmeNodeSnippet();
    writeFileSync(join(app, 'snippet.mjs'), snippet);
    const r = spawnSync(process.execPath, ['snippet.mjs'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const expected = [...snippet.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(r.stdout.trim().split('\n')).toEqual(expected);
  });

  it("tengym --version is tengym's version, not the app's", () => {
    const r = spawnSync(join(app, 'node_modules', '.bin', 'tengym'), ['--version'], { cwd: app, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });

  it('carries LICENSE (MIT, as package.json says), the models and tengym/node', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/LICENSE');
    expect(readFileSync(join(app, 'node_modules', 'tengym', 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(files).toContain('package/models/decade/weights.bin');
    expect(files).toContain('package/dist/node/index.js');
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'tengym', 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './models', './node']));
  });

  it('loadAgent refuses a directory that is not there, by name', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "import { loadAgent } from 'tengym/node'; await loadAgent('no-such-dir').catch((e) => console.log(e.name, e.message));"], { cwd: app, encoding: 'utf8' });
    expect(r.stdout.trim()).toBe('TengymError no model at "no-such-dir": the directory does not exist');
  });
});
