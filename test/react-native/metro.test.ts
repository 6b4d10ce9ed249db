// The example app (examples/card-merge-10/reducer.ts) as a React Native app ships it: tengym installed
// in the app's node_modules (the package's package.json and dist/), bundled by Metro with the React
// Native Babel transformer and the one Babel plugin docs/apps.md asks an app to add, and the bundle
// run by the hermes VM of hermes-engine-cli (hermes-vm.ts). Its games must print the
// lines Node prints; the hint times it prints go to the log. Then the light runtime as an app imports it
// (tengym/engine with tengym/games/pairing), bundled minified: its gzipped size is printed (docs/apps.md) and its
// hint must be Node's. dist/ is built (npm test builds first).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Tengym from '../../src/index.js';
import { playAppGames } from './app-games.js';
import { hermesVm, RUNS_HERE } from './hermes-vm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const KiB = 1024;

interface MetroApi {
  loadConfig(argv: object, overrides: object): Promise<object>;
  runBuild(config: object, options: object): Promise<unknown>;
}

/** A new app folder: its Babel config and sources, and tengym in its node_modules as an install puts it. */
function newApp(): string {
  const app = mkdtempSync(join(tmpdir(), 'tengym-metro-app-'));
  const installed = join(app, 'node_modules', 'tengym');
  mkdirSync(installed, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(installed, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(installed, 'dist'), {
    recursive: true,
    filter: (source) => !source.startsWith(join(ROOT, 'dist', 'web')),
  });
  cpSync(join(ROOT, 'examples', 'card-merge-10', 'reducer.ts'), join(app, 'reducer.ts'));
  cpSync(join(ROOT, 'test', 'react-native', 'app-games.ts'), join(app, 'app-games.ts'));
  // An app's own config names them; the app here has no node_modules of its own for Babel to find them in.
  const [preset, plugin] = ['@react-native/babel-preset', '@babel/plugin-transform-export-namespace-from'].map((name) =>
    JSON.stringify(require.resolve(name)),
  );
  writeFileSync(join(app, 'babel.config.js'), `module.exports = { presets: [${preset}], plugins: [${plugin}] };\n`);
  return app;
}

/**
 * An entry of the app (React Native's globals, then `main`'s lines) bundled by Metro 0.84 for iOS, as a release build
 * is (`dev: false`): the bundle's path.
 */
async function metroBundle(app: string, entry: string, main: string[], minify: boolean): Promise<string> {
  // What React Native defines before an app's modules run and the bare VM lacks (Metro's prelude
  // `global`, InitializeCore's `window`, `self` and performance.now), then the app.
  writeFileSync(
    join(app, entry),
    [
      'globalThis.global = globalThis; globalThis.window = globalThis; globalThis.self = globalThis;',
      "if (typeof globalThis.performance === 'undefined') globalThis.performance = { now: () => Date.now() };",
      ...main,
    ].join('\n'),
  );
  const metro = require('metro') as MetroApi;
  // Metro watches real paths: node_modules may be a link (a git worktree's).
  const modules = realpathSync(join(ROOT, 'node_modules'));
  const config = await metro.loadConfig(
    { config: undefined, cwd: app },
    {
      projectRoot: app,
      // Metro serves only files under its roots: tengym's runtime dependencies, Babel's helpers, Metro's runtime.
      watchFolders: ['zod', 'pure-rand', '@babel/runtime', 'metro-runtime'].map((name) => join(modules, name)),
      resolver: {
        useWatchman: false,
        nodeModulesPaths: [modules],
        sourceExts: ['ts', 'js', 'json', 'mjs', 'cjs'],
        unstable_enablePackageExports: true,
      },
      transformer: { babelTransformerPath: require.resolve('@react-native/metro-babel-transformer') },
      watcher: { healthCheck: { enabled: false } },
      cacheStores: [],
      reporter: { update: () => {} },
    },
  );
  const bundle = join(app, `${entry}.bundle.js`);
  await metro.runBuild(config, { entry, out: bundle, platform: 'ios', minify, dev: false });
  return bundle;
}

/** A bundle run on Hermes: the lines it printed, after checking it ran without an error. */
function onHermes(bundle: string): string[] {
  const run = spawnSync(hermesVm(), ['-O', bundle], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  expect(run.stderr.split('\n').filter((line) => / error[: ]/.test(line))).toEqual([]);
  expect(run.status).toBe(0);
  return run.stdout.trimEnd().split('\n');
}

describe.skipIf(!RUNS_HERE)('the example app bundled by Metro 0.84 and run on Hermes 0.12', () => {
  // One app for both: React Native's Babel transformer keeps the first project's Babel config for the process.
  let app = '';
  beforeAll(() => {
    app = newApp();
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it('plays Tens, Block Ten and Decade as Node does', async () => {
    const main = [
      "const tengym = require('tengym');",
      "const reducer = require('./reducer.ts');",
      "const { playAppGames } = require('./app-games.ts');",
      'for (const line of playAppGames(tengym, reducer)) print(line);',
    ];
    const lines = onHermes(await metroBundle(app, 'index.js', main, false));
    const tengym = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as typeof Tengym;
    const reducer = await import('../../examples/card-merge-10/reducer.js');
    const onNode = playAppGames(tengym, reducer);
    const games = (all: string[]) => all.filter((line) => !line.startsWith('time '));
    for (const line of lines.filter((l) => l.startsWith('time '))) console.log(`Metro → Hermes: ${line}`);
    expect(games(onNode).length).toBeGreaterThan(20);
    expect(games(lines)).toEqual(games(onNode));
  }, 900_000);

  it('bundles tengym/engine with tengym/games/pairing, minified, and hints there as Node does', async () => {
    const use =
      "const env = make('tens'); env.reset({ seed: 3 }); const hint = createHinter().hint(env).hints[0]; " +
      "print(hint.text, env.legalActions().map((a) => env.describeAction(a)).join(', '));";
    const main = ["const { make, createHinter } = require('tengym/engine');", "require('tengym/games/pairing');", use];
    const path = await metroBundle(app, 'engine.js', main, true);
    const bundle = readFileSync(path);
    const gzip = gzipSync(bundle, { level: 9 }).length;
    console.log(
      `Metro 0.84, tengym/engine + tengym/games/pairing: ${(bundle.length / KiB).toFixed(1)} KiB minified, ` +
        `${(gzip / KiB).toFixed(1)} KiB gzipped`,
    );
    const engine = await import(pathToFileURL(join(ROOT, 'dist', 'engine.js')).href);
    await import(pathToFileURL(join(ROOT, 'dist', 'games', 'pairing', 'index.js')).href);
    const printed: string[] = [];
    new Function('make', 'createHinter', 'print', use)(engine.make, engine.createHinter, (...a: unknown[]) =>
      printed.push(a.join(' ')),
    );
    expect(printed[0]).toMatch(/^remove /);
    expect(onHermes(path)).toEqual(printed);
  }, 900_000);
});
