// The example app (examples/card-merge-10/reducer.ts) as a React Native app ships it: tengym installed
// in the app's node_modules (the package's package.json and dist/), bundled by Metro with the React
// Native Babel transformer and the one Babel plugin docs/apps.md asks an app to add, and the bundle
// run by the hermes VM of hermes-engine-cli (hermes-vm.ts). Its games must print the
// lines Node prints; the hint times it prints go to the log. dist/ is built (npm test builds first).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Tengym from '../../src/index.js';
import { playAppGames } from './app-games.js';
import { hermesVm, RUNS_HERE } from './hermes-vm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

interface MetroApi {
  loadConfig(argv: object, overrides: object): Promise<object>;
  runBuild(config: object, options: object): Promise<unknown>;
}

/** A new app folder: its entry, Babel config and sources, and tengym in its node_modules as an install puts it. */
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
  // What React Native defines before an app's modules run and the bare VM lacks (Metro's prelude
  // `global`, InitializeCore's `window`, `self` and performance.now), then the app.
  writeFileSync(
    join(app, 'index.js'),
    [
      'globalThis.global = globalThis; globalThis.window = globalThis; globalThis.self = globalThis;',
      "if (typeof globalThis.performance === 'undefined') globalThis.performance = { now: () => Date.now() };",
      "const tengym = require('tengym');",
      "const reducer = require('./reducer.ts');",
      "const { playAppGames } = require('./app-games.ts');",
      'for (const line of playAppGames(tengym, reducer)) print(line);',
    ].join('\n'),
  );
  return app;
}

describe.skipIf(!RUNS_HERE)('the example app bundled by Metro 0.84 and run on Hermes 0.12', () => {
  it('plays Tens, Block Ten and Decade as Node does', async () => {
    const hermes = hermesVm();
    const app = newApp();
    try {
      const metro = require('metro') as MetroApi;
      const modules = join(ROOT, 'node_modules');
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
      const bundle = join(app, 'index.bundle.js');
      await metro.runBuild(config, { entry: 'index.js', out: bundle, platform: 'ios', minify: false, dev: false });
      const onHermes = spawnSync(hermes, ['-O', bundle], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      expect(onHermes.stderr.split('\n').filter((line) => / error[: ]/.test(line))).toEqual([]);
      expect(onHermes.status).toBe(0);
      const lines = onHermes.stdout.trimEnd().split('\n');
      const tengym = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as typeof Tengym;
      const reducer = await import('../../examples/card-merge-10/reducer.js');
      const onNode = playAppGames(tengym, reducer);
      const games = (all: string[]) => all.filter((line) => !line.startsWith('time '));
      for (const line of lines.filter((l) => l.startsWith('time '))) console.log(`Metro → Hermes: ${line}`);
      expect(games(onNode).length).toBeGreaterThan(20);
      expect(games(lines)).toEqual(games(onNode));
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  }, 900_000);
});
