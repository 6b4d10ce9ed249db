// The package root on Hermes, React Native's JavaScript engine, as an app's code reaches it:
// dist/index.js bundled with what it imports (resolved with Metro's conditions), lowered by
// React Native's own Babel preset (@react-native/babel-preset, as Metro runs it), and run by the
// hermes VM of hermes-engine-cli 0.12.0, the last Hermes published on its own (React Native ships
// newer ones inside its builds). The games of games.ts, and a shipped model's hints through
// tengym/models (model-hints.ts), run there and on Node, must write the same lines. The VM comes
// from npm at the first run (`npm pack`, its integrity checked) and is kept under
// node_modules/.cache; it is a Linux x64 binary, so elsewhere the file is skipped. Babel's lowering of the app is
// kept there too, by a hash of what it lowers: a dist/ unchanged since the last run is not lowered again.
// dist/ is built (npm test builds first).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import type * as Tengym from '../../src/index.js';
import { playGames, type GameInputs } from './games.js';
import { playModelHints, type ModelFiles } from './model-hints.js';
import { playAppGames } from './app-games.js';
import type * as TengymModels from '../../src/models.js';
import { rulesDocument } from '../helpers/rules-document.js';
import { hermesVm, RUNS_HERE } from './hermes-vm.js';
import { backendSet } from '../helpers/tf-engine.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// @babel/core ships no types; this is the one call made of it.
const { transformAsync } = createRequire(import.meta.url)('@babel/core') as {
  transformAsync(code: string, options: object): Promise<{ code: string } | null>;
};

// CI sets TENGYM_REQUIRE_ALL=1: there, a platform hermes cannot run on fails this file instead of skipping it.
if (!RUNS_HERE && process.env.TENGYM_REQUIRE_ALL === '1')
  throw new Error(
    `TENGYM_REQUIRE_ALL=1 on ${process.platform} ${process.arch}: the Hermes test runs hermes-engine-cli's ` +
      `Linux x64 VM`,
  );

/** What games.ts is given: the rules document and a shipped model's metadata, as an app bundles them. */
function gameInputs(): GameInputs {
  const model = JSON.parse(readFileSync(join(ROOT, 'models', 'decade', 'model.json'), 'utf8')) as {
    userDefinedMetadata: { tengym: unknown };
  };
  return {
    rules: rulesDocument(),
    decadeModelMetadata: model.userDefinedMetadata.tengym,
  };
}

/**
 * An app: `lines` (its imports and what it prints) in one script, lowered as Metro lowers an
 * app's code for Hermes (the preset's default profile: classes, class fields, block scoping,
 * async functions, destructuring and Unicode regular expressions rewritten). Its helpers are
 * inlined where Metro imports them from @babel/runtime, the same code.
 */
async function hermesApp(dir: string, lines: string[], aliases: Record<string, string> = {}): Promise<string> {
  // What React Native defines before an app's modules run and the bare VM lacks: Metro's prelude
  // `global`, InitializeCore's `window` and `self` (setUpGlobals; no document) and performance.now
  // (setUpPerformance). A module imported first, since imports run before the entry's own lines.
  writeFileSync(
    join(dir, 'react-native-globals.js'),
    [
      'globalThis.global = globalThis; globalThis.window = globalThis; globalThis.self = globalThis;',
      "if (typeof globalThis.performance === 'undefined') globalThis.performance = { now: () => Date.now() };",
    ].join('\n'),
  );
  const entry = join(dir, 'app.js');
  writeFileSync(entry, ["import './react-native-globals.js';", ...lines].join('\n'));
  // Metro's default package-exports conditions and main fields, and the Node built-ins TensorFlow.js's
  // packages map to false in their "browser" field, which Metro honours (an empty module).
  writeFileSync(join(dir, 'empty.js'), 'export {};');
  const alias = {
    ...Object.fromEntries(
      ['fs', 'path', 'os', 'util', 'crypto', 'perf_hooks', 'worker_threads', 'node-fetch'].map((name) => [
        name,
        join(dir, 'empty.js'),
      ]),
    ),
    ...aliases,
  };
  // No tree-shaking: Metro does none.
  const bundle = await rolldown({
    input: entry,
    platform: 'neutral',
    treeshake: false,
    resolve: {
      conditionNames: ['require', 'import', 'react-native'],
      mainFields: ['react-native', 'browser', 'main'],
      alias,
    },
    logLevel: 'silent',
  });
  // One script, as Metro gives (its dynamic imports included).
  const { output } = await bundle.generate({ format: 'iife', codeSplitting: false });
  await bundle.close();
  // Metro refuses an import() whose path is not a string literal, in a package or not, and this Hermes cannot parse
  // one: the bundle an app makes has none (a game's Node-only training code is named as data, not imported).
  // The app folder's random name shows only in the bundle's comments: named alike, the same app is the same code.
  const code = output[0].code.replaceAll(relative(process.cwd(), dir), 'app').replaceAll(dir, 'app');
  expect(code.match(/\bimport\((?!\s*['"])[^)]{0,80}/g) ?? []).toEqual([]);
  const app = join(dir, 'app.hermes.js');
  writeFileSync(
    app,
    await lowered(code, {
      babelrc: false,
      configFile: false,
      filename: 'app.js',
      presets: [['@react-native/babel-preset', { dev: false, enableBabelRuntime: false }]],
    }),
  );
  return app;
}

/** Where the last lowering is kept, by its key. */
const LOWERED = join(ROOT, 'node_modules', '.cache', 'tengym-hermes', 'lowered');

/**
 * Babel's output for `code`: kept under node_modules/.cache, by a hash of the code, the options, the environment the
 * preset reads and the installed packages. Babel gives the same output for the same input, and lowering the app is a
 * third of this file's processor time (15 s of 44 s). A changed dist/ or install lowers again; only the last is kept.
 */
async function lowered(code: string, options: object): Promise<string> {
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  const key = createHash('sha256')
    .update(code)
    .update(JSON.stringify([options, process.env.BABEL_ENV ?? null, process.env.NODE_ENV ?? null]))
    .update(readFileSync(existsSync(installed) ? installed : join(ROOT, 'package-lock.json')))
    .digest('hex');
  const kept = join(LOWERED, `${key}.js`);
  if (existsSync(kept)) return readFileSync(kept, 'utf8');
  const out = (await transformAsync(code, options))!.code;
  mkdirSync(LOWERED, { recursive: true });
  for (const old of readdirSync(LOWERED)) if (old.endsWith('.js')) rmSync(join(LOWERED, old), { force: true });
  // Written whole, then renamed: a file running beside this one never reads half of it.
  const partial = `${kept}.${process.pid}.partial`;
  writeFileSync(partial, out);
  renameSync(partial, kept);
  return out;
}

/** The lines an app prints on Hermes (compiled with -O, as a release build's hermesc compiles an app's bundle). */
function runOnHermes(hermes: string, app: string): string[] {
  const onHermes = spawnSync(hermes, ['-O', app], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // Hermes quotes the line an error is on, a bundle's whole line: the code about its column says more.
  const at = /:(\d+):(\d+): error/.exec(onHermes.stderr);
  const near = at
    ? readFileSync(app, 'utf8')
        .split('\n')
        [Number(at[1]) - 1].slice(Math.max(0, Number(at[2]) - 300), Number(at[2]) + 100)
    : '';
  expect(`${onHermes.stderr.slice(0, 300)}${near ? `\nnear: ${near}` : ''}`).toBe('');
  expect(onHermes.status).toBe(0);
  return onHermes.stdout.trimEnd().split('\n');
}

/** `TENGYM_HINT_TIMES=1`: the example app's test also times each default hint source (docs/apps.md's table). */
const HINT_TIMES = process.env.TENGYM_HINT_TIMES === '1';

const importOf = (name: string, path: string): string => `import * as ${name} from ${JSON.stringify(path)};`;

/** The model the app's hints come from: models/decade's files, as the app is given them. */
function modelFiles(): ModelFiles {
  const dir = join(ROOT, 'models', 'decade');
  const weights = readFileSync(join(dir, 'weights.bin'));
  return {
    id: 'decade',
    modelJson: readFileSync(join(dir, 'model.json')).toString('hex'),
    weights: weights.toString('hex'),
    weightCount: weights.length / 4,
  };
}

/** What starts each part's lines in the app's output. */
const PART = '--- part: ';
type Part = 'games' | 'model' | 'example';

/**
 * One app for every test below: the package root, tengym/models and the example's reducer in one bundle, which plays
 * games.ts, model-hints.ts and app-games.ts one after another (the order the tests play them on Node), each part's
 * lines after a line of its own. Babel lowers tengym once, and Hermes compiles it once, where each part had a bundle
 * of its own (TensorFlow.js's lowering the most of it). An app bundles them together, as here.
 */
async function runApp(): Promise<{ app: string; parts: Record<Part, string[]> }> {
  const hermes = hermesVm();
  const inputs = gameInputs();
  const example = join(ROOT, 'examples', 'card-merge-10', 'reducer.ts');
  const at = (file: string) => JSON.stringify(join(ROOT, 'test', 'react-native', file));
  // A part that throws says so in its own lines, and the parts after it still play.
  const app = await hermesApp(
    mkdtempSync(join(tmpdir(), 'tengym-hermes-app-')),
    [
      importOf('tengym', join(ROOT, 'dist', 'index.js')),
      importOf('models', join(ROOT, 'dist', 'models.js')),
      importOf('reducer', example),
      `import { playGames } from ${at('games.ts')};`,
      `import { playModelHints } from ${at('model-hints.ts')};`,
      `import { playAppGames } from ${at('app-games.ts')};`,
      `const part = (name, play) => Promise.resolve().then(play).then((lines) => lines, (e) => ['failed: ' + ` +
        `e.message]).then((lines) => { print(${JSON.stringify(PART)} + name); ` +
        'for (const line of lines) print(line); });',
      `part('games', () => playGames(tengym, ${JSON.stringify(inputs)}))`,
      `  .then(() => part('model', () => playModelHints(tengym, models, ${JSON.stringify(modelFiles())})))`,
      `  .then(() => part('example', () => playAppGames(tengym, reducer, { hintTimes: ${HINT_TIMES} })));`,
    ],
    // The example imports the light runtime's entries; the rest, the root.
    {
      'tengym/engine': join(ROOT, 'dist', 'engine.js'),
      'tengym/games/pairing': join(ROOT, 'dist', 'games', 'pairing', 'index.js'),
      tengym: join(ROOT, 'dist', 'index.js'),
    },
  );
  const parts: Record<Part, string[]> = { games: [], model: [], example: [] };
  let into: string[] | null = null;
  for (const line of runOnHermes(hermes, app)) {
    if (line.startsWith(PART)) into = parts[line.slice(PART.length) as Part];
    else if (into) into.push(line);
    else throw new Error(`Hermes printed a line before the app's first part: ${line}`);
  }
  return { app, parts };
}

let ran: ReturnType<typeof runApp> | null = null;
/** The app, built and run by the first test that asks for it. */
const onHermes = (): ReturnType<typeof runApp> => (ran ??= runApp());

const TITLE = 'the package root on Hermes 0.12, lowered by @react-native/babel-preset';

describe.skipIf(!RUNS_HERE)(
  RUNS_HERE
    ? TITLE
    : `${TITLE} (skipped: hermes-engine-cli's VM runs on Linux x64, not ${process.platform} ${process.arch})`,
  () => {
    it('reaches Hermes lowered: no class syntax left, which this Hermes cannot parse', async () => {
      const code = readFileSync((await onHermes()).app, 'utf8');
      expect(code).not.toMatch(/\bclass\s+[A-Za-z_$][\w$]*\s*(extends\b[^{]*)?\{/);
      expect(code).toContain('TengymError');
    }, 600_000);

    it('plays the games, hints and errors of games.ts exactly as Node does', async () => {
      const { games } = (await onHermes()).parts;
      const tengym = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as typeof Tengym;
      const onNode = await playGames(tengym, gameInputs());
      expect(onNode.length).toBeGreaterThan(50);
      expect(games).toEqual(onNode);
    }, 600_000);
  },
);

describe.skipIf(!RUNS_HERE)(
  'a shipped model on Hermes 0.12: tengym/models on the cpu backend, loaded by URL, its hints',
  () => {
    it('loads the model and plays a game by its hints exactly as Node does', async () => {
      const { model } = (await onHermes()).parts;
      const tengym = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as typeof Tengym;
      const models = (await import(pathToFileURL(join(ROOT, 'dist', 'models.js')).href)) as typeof TengymModels;
      // The Node side sets TensorFlow.js's plain-JavaScript backend, as on Hermes. The backend is the process's: a
      // later file of this worker whose model loaded on WebAssembly first would run it on plain JavaScript,
      // five times slower (test/cli/start.test.ts took 32 s in place of 3). So it is set back after.
      const before = backendSet();
      let onNode: string[];
      try {
        onNode = await playModelHints(tengym, models, modelFiles());
      } finally {
        if (before !== null && backendSet() !== before)
          await (await import('@tensorflow/tfjs-core')).setBackend(before);
      }
      expect(onNode.filter((line) => line.startsWith('hint '))).toHaveLength(4);
      expect(model).toEqual(onNode);
    }, 600_000);
  },
);

describe.skipIf(!RUNS_HERE)(
  'the example app on Hermes 0.12: its reducer, moves by card, step events, daily and winnable deals, hint times',
  () => {
    it('plays Tens (13 and 15 slots, strict and buffered, undo), Block Ten and Decade as Node does', async () => {
      const { example } = (await onHermes()).parts;
      const tengym = (await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href)) as typeof Tengym;
      const reducer = await import('../../examples/card-merge-10/reducer.js');
      const onNode = playAppGames(tengym, reducer, { hintTimes: HINT_TIMES });
      const games = (lines: string[]) => lines.filter((line) => !line.startsWith('time '));
      for (const line of onNode.filter((l) => l.startsWith('time '))) console.log(`Node: ${line}`);
      for (const line of example.filter((l) => l.startsWith('time '))) console.log(`Hermes: ${line}`);
      expect(games(onNode).length).toBeGreaterThan(20);
      expect(games(example)).toEqual(games(onNode));
    }, 600_000);
  },
);
