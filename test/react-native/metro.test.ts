// The example app (examples/card-merge-10/reducer.ts) as a React Native app ships it: tengym installed
// in the app's node_modules (the package's package.json and dist/), bundled by Metro with the React
// Native Babel transformer and the one Babel plugin docs/apps.md asks an app to add, and the bundle
// run by the hermes VM of hermes-engine-cli (hermes-vm.ts). Its games must print the
// lines Node prints (hermes.test.ts times the hints, when asked). Then the light runtime as an app imports it
// (tengym/engine with tengym/games/pairing), bundled minified: its gzipped size is printed (docs/apps.md) and bounded,
// and its hint must be Node's. A build of it whose module ids are paths lists what Metro took, by package: one build of
// zod's, none of its classic API, and no layout the game does not use. dist/ is built (npm test builds first).
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
/** Metro's gzipped bundle of tengym/engine with tengym/games/pairing, in KiB, with room for a little growth. */
const METRO_GZIP_BOUND_KIB = 148;

/** The light runtime as an app uses it: a Tens deal's first hint and its moves, printed. */
const ENGINE_USE =
  "const env = make('tens'); env.reset({ seed: 3 }); const hint = createHinter().hint(env).hints[0]; " +
  "print(hint.text, env.legalActions().map((a) => env.describeAction(a)).join(', '));";
const ENGINE_MAIN = [
  "const { make, createHinter } = require('tengym/engine');",
  "require('tengym/games/pairing');",
  ENGINE_USE,
];

/** The modules of an unminified bundle whose module ids are their paths, each with its code's bytes. */
function metroModules(source: string): { path: string; bytes: number }[] {
  const ids = [...source.matchAll(/^__d\(/gm)].map((m) => m.index);
  return ids.map((start, i) => {
    const code = source.slice(start, ids[i + 1] ?? source.length);
    // The factory ends `}, "<path>", [<its dependencies' paths>]);`: the last such line of the module's code.
    const path = [...code.matchAll(/\},\s*"([^"]+)",\s*\[[^\]]*\]\);/g)].at(-1)?.[1] ?? '';
    return { path, bytes: code.length };
  });
}

interface MetroApi {
  loadConfig(argv: object, overrides: object): Promise<object>;
  runBuild(config: object, options: object): Promise<unknown>;
}

interface MetroCache {
  FileStore: new (options: { root: string }) => object;
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
async function metroBundle(
  app: string,
  entry: string,
  main: string[],
  minify: boolean,
  idsByPath = false,
): Promise<string> {
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
      // A module's id its path, for a bundle whose modules are counted: `__d(factory, "…/zod/v4/core/api.cjs", …)`.
      ...(idsByPath ? { serializer: { createModuleIdFactory: () => (path: string) => path } } : {}),
      watcher: { healthCheck: { enabled: false } },
      // One cache for the app's bundles: the later ones reuse the modules the first transformed.
      cacheStores: [
        new (createRequire(require.resolve('metro'))('metro-cache') as MetroCache).FileStore({
          root: join(app, '.metro-cache'),
        }),
      ],
      reporter: { update: () => {} },
    },
  );
  const bundle = join(app, `${entry}${idsByPath ? '.by-path' : ''}.bundle.js`);
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
    expect(onNode.length).toBeGreaterThan(20);
    expect(lines).toEqual(onNode);
  }, 900_000);

  it('bundles tengym/engine with tengym/games/pairing, minified, and hints there as Node does', async () => {
    const path = await metroBundle(app, 'engine.js', ENGINE_MAIN, true);
    const bundle = readFileSync(path);
    const gzip = gzipSync(bundle, { level: 9 }).length;
    console.log(
      `Metro 0.84, tengym/engine + tengym/games/pairing: ${(bundle.length / KiB).toFixed(1)} KiB minified, ` +
        `${(gzip / KiB).toFixed(1)} KiB gzipped`,
    );
    // docs/apps.md gives the figure; the bound is it with a little room, so that a module more on the path fails here.
    expect(gzip).toBeLessThan(METRO_GZIP_BOUND_KIB * KiB);
    const engine = await import(pathToFileURL(join(ROOT, 'dist', 'engine.js')).href);
    await import(pathToFileURL(join(ROOT, 'dist', 'games', 'pairing', 'index.js')).href);
    const printed: string[] = [];
    new Function('make', 'createHinter', 'print', ENGINE_USE)(engine.make, engine.createHinter, (...a: unknown[]) =>
      printed.push(a.join(' ')),
    );
    expect(printed[0]).toMatch(/^remove /);
    expect(onHermes(path)).toEqual(printed);
  }, 900_000);

  it("takes one build of zod's, none of its classic API, and of tengym's layouts only the game's", async () => {
    const source = readFileSync(await metroBundle(app, 'engine.js', ENGINE_MAIN, false, true), 'utf8');
    const modules = metroModules(source);
    const shares = new Map<string, number>();
    for (const { path, bytes } of modules) {
      const share = /node_modules\/(tengym|zod|@babel|pure-rand|metro-runtime)\//.exec(path)?.[1] ?? 'the app';
      shares.set(share, (shares.get(share) ?? 0) + bytes);
    }
    const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;
    console.log(
      `Metro 0.84, tengym/engine + tengym/games/pairing, unminified by package: ` +
        [...shares].map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', '),
    );
    const paths = modules.map((m) => m.path);
    const zod = paths.filter((p) => p.includes('/node_modules/zod/'));
    expect(zod.length).toBeGreaterThan(0);
    // Metro resolves zod's ES modules or its CommonJS by how it is reached: one build of it, not both.
    expect(new Set(zod.map((p) => p.replace(/.*\./, ''))).size).toBe(1);
    expect(zod.filter((p) => p.includes('/v4/classic/'))).toEqual([]);
    // The locales come with zod/mini's own index; tengym itself must not import them.
    const tengym = paths.filter((p) => p.includes('/node_modules/tengym/'));
    for (const file of tengym) expect(readFileSync(file, 'utf8')).not.toMatch(/from 'zod\/locales'|from 'zod'/);
    const layouts = tengym.filter((p) => p.includes('/env/layouts/')).map((p) => p.replace(/.*\/layouts\//, ''));
    expect(layouts.length).toBeGreaterThan(0);
    expect(layouts.filter((file) => /^(piles|triangle)|^index\./.test(file))).toEqual([]);
  }, 900_000);
});
