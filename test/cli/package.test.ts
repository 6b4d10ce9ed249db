// The package as a user gets it: `npm pack`, installed into a scratch app, the README's
// Node snippet run there as written (its output checked against the snippet's comments),
// `tengym --version`, the files the tarball carries, and every command the README's command
// list and each command's --help examples show, run from the scratch app; and play-page.md's
// snippet for one's own page, bundled with Vite and played in Chromium, and its pages without a
// bundler (an import map into node_modules; the second with the decade model), served as they
// are and played in Chromium.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../../src/page-harness/chromium.js';
import { packedTarball } from '../helpers/package-tarball.js';
import { firstStdoutLine, limit } from '../helpers/process.js';
import { fullScale, sampled } from '../helpers/scale.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let app = '';
let tarball = '';

/** Child processes two at a time, one a core. */
const twoAtATime = limit(2);
/** The --help examples four at a time: those stopped by Ctrl-C take their time whatever the load. */
const fourAtATime = limit(4);

/**
 * The time limit of a test running beside others, its wait for a turn included: behind a few type-checks of some 40 s
 * each on a busy machine.
 */
const QUEUED_LIMIT_MS = 300_000;

interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` in the scratch app, two at a time: its exit code and what it printed. */
function runInApp(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Result> {
  return twoAtATime(
    () =>
      new Promise((done) => {
        const child = spawn(command, args, { cwd: app, stdio: ['ignore', 'pipe', 'pipe'], env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (status) => done({ status, stdout, stderr }));
      }),
  );
}

/** The README's ```js block that imports tengym/node. */
function readmeNodeSnippet(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  const snippet = blocks.find((b) => b.includes("from 'tengym/node'"));
  if (!snippet) throw new Error("README.md has no ```js block importing 'tengym/node'");
  return snippet;
}

/** The scratch app's folder, removed once the tests are done (the tarball is the run's). */
let packDir = '';

// The install's thousands of files: on a busy machine, longer than a hook's default 10 s to remove.
afterAll(() => {
  if (packDir !== '') rmSync(packDir, { recursive: true, force: true });
}, 120_000);

beforeAll(async () => {
  // The tarball test/node/light-runtime.test.ts installs too: packed once a run (test/helpers/package-tarball.ts).
  tarball = await packedTarball();
  packDir = mkdtempSync(join(tmpdir(), 'tengym-pack-'));
  app = join(packDir, 'scratch-app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'scratch-app', version: '9.9.9', private: true, type: 'module' }),
  );
  // The type-check thread starts meanwhile, on a program of the bundler tests' settings with no import: TypeScript's
  // start and its lib files' parse, which the programs below share, overlap the install's wait on the disk. Its
  // answer is not a test's: the programs below are checked in full.
  void typeCheck('ts-warm-up', ['export {};'], { skipLibCheck: true, module: 'esnext', moduleResolution: 'bundler' });
  // The dependencies come from the npm cache that `npm install` filled (the registry only for what it lacks).
  execFileSync(
    'npm',
    ['install', '--prefer-offline', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', tarball],
    { cwd: app, stdio: 'ignore' },
  );
}, 180_000);

// Each test reads the install or writes a file of its own name: they run side by side.
describe.concurrent('the packed package', { timeout: QUEUED_LIMIT_MS }, () => {
  it("runs the README's Node snippet as written, printing what its comments say", async () => {
    const snippet = readmeNodeSnippet();
    writeFileSync(join(app, 'snippet.mjs'), snippet);
    const r = await runInApp(process.execPath, ['snippet.mjs']);
    expect(r.status, r.stderr).toBe(0);
    const expected = [...snippet.matchAll(/^console\.log\(.*\); \/\/ (.*)$/gm)].map((m) => m[1]);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(r.stdout.trim().split('\n')).toEqual(expected);
  });

  it("tengym --version is tengym's version, not the app's", async () => {
    const r = await runInApp(join(app, 'node_modules', '.bin', 'tengym'), ['--version']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(VERSION);
  });

  it('carries LICENSE (MIT, as package.json says), the models and tengym/node', async () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/LICENSE');
    expect(readFileSync(join(app, 'node_modules', 'tengym', 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(files).toContain('package/models/decade/weights.bin');
    expect(files).toContain('package/dist/node/index.js');
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'tengym', 'package.json'), 'utf8'));
    expect(pkg.license).toBe('MIT');
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './models', './node']));
    // A bundler or Metro imports a shipped model's files by their package path; tengym/models stays the code.
    const resolved = await runInApp(process.execPath, [
      '--input-type=module',
      '-e',
      "for (const p of ['tengym/models/index.json', 'tengym/models/decade/model.json', 'tengym/models', " +
        "'tengym/docs/api.md']) console.log(import.meta.resolve(p).replace(/^.*node_modules\\/tengym\\//, " +
        "''));",
    ]);
    expect(resolved.stderr).toBe('');
    expect(resolved.stdout.trim().split('\n')).toEqual([
      'models/index.json',
      'models/decade/model.json',
      'dist/models.js',
      'docs/api.md',
    ]);
  });

  it(
    'carries what the README links to: every relative link of the installed README and docs/*.md that names no ' +
      'source file opens a file of the package',
    async () => {
      const root = join(app, 'node_modules', 'tengym');
      const pages = [
        'README.md',
        ...readdirSync(join(root, 'docs'))
          .filter((f) => f.endsWith('.md'))
          .map((f) => `docs/${f}`),
      ];
      const missing: string[] = [];
      let links = 0;
      for (const page of pages) {
        for (const m of readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
          const target = m[1];
          // Sources, tests, scripts and the measurement logs (docs/experiments/) live in the repository, which the
          // docs name as such.
          if (
            /^[a-z]+:/.test(target) ||
            /^(\.\.\/)*(src|test|python|web|stryker|examples|research|\.ci|(docs\/)?experiments)\//.test(target)
          )
            continue;
          links++;
          if (!existsSync(join(root, dirname(page), target))) missing.push(`${page}: ${target}`);
        }
      }
      expect(missing).toEqual([]);
      expect(links).toBeGreaterThan(50);
    },
  );

  it(
    "tengym serve gives the page the models' index from the package's models/, the one folder a page of one's " +
      'own serves',
    async () => {
      const server = spawn(join(app, 'node_modules', '.bin', 'tengym'), ['serve', '--port', '0'], {
        cwd: app,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const line = await firstStdoutLine(server, 'tengym serve');
        const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)![0];
        const index = await fetch(new URL('models/index.json', url));
        expect(index.status).toBe(200);
        expect(await index.text()).toBe(
          readFileSync(join(app, 'node_modules', 'tengym', 'models', 'index.json'), 'utf8'),
        );
        expect(readFileSync(join(app, 'node_modules', 'tengym', 'models', 'index.json'), 'utf8')).toBe(
          readFileSync(join(ROOT, 'models', 'index.json'), 'utf8'),
        );
      } finally {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
    },
  );

  it('loadAgent refuses a directory that is not there, by name', async () => {
    const r = await runInApp(process.execPath, [
      '--input-type=module',
      '-e',
      "import { loadAgent } from 'tengym/node'; await loadAgent('no-such-dir').catch((e) => " +
        'console.log(e.name, e.message));',
    ]);
    expect(r.stdout.trim()).toBe('TengymError no model at "no-such-dir": the directory does not exist');
  });

  it('the package root lists and makes the catalogue agents', async () => {
    const r = await runInApp(process.execPath, [
      '--input-type=module',
      '-e',
      "import { agentsFor, createAgent, make } from 'tengym'; const env = make('decade'); env.reset({ seed: " +
        "1 }); const a = createAgent('pimc', 'decade'); console.log(agentsFor('decade').map((x) => " +
        "x.name).join(','), env.legal.slice(0, env.legalCount).includes(a.act(env)));",
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toMatch(/^random,first,.*\bpimc\b.* true$/);
  });

  it(
    'a CommonJS program requires the package root, tengym/node and tengym/models (Node 20.19+ loads ES modules ' +
      'by require)',
    async () => {
      writeFileSync(
        join(app, 'required.cjs'),
        [
          "const { make } = require('tengym');",
          "const { shippedModelDir } = require('tengym/node');",
          "const { loadModelFromUrl } = require('tengym/models');",
          "const env = make('tens');",
          'env.reset({ seed: 1 });',
          'console.log(env.legalCount > 0, typeof shippedModelDir, typeof loadModelFromUrl);',
        ].join('\n'),
      );
      const r = await runInApp(process.execPath, ['required.cjs']);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('true function function');
    },
  );
});

/** The thread that type-checks the programs below (test/helpers/type-check-worker.mjs), started by the first. */
let checker: Worker | undefined;
const checked = new Map<number, (result: { output: string; status: number | null }) => void>();
let checks = 0;

afterAll(async () => {
  await checker?.terminate();
});

/**
 * Type-checks `lines` as main.ts of a program in the scratch app with these compiler options, as `tsc -p` does: its
 * diagnostics as tsc prints them and tsc's exit code. The programs are checked one after another in one thread,
 * sharing the declaration files they read alike: a tsc process each cost a start and a parse of every one.
 */
function typeCheck(
  name: string,
  lines: string[],
  options: Record<string, unknown>,
): Promise<{ output: string; status: number | null }> {
  const dir = join(app, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.ts'), lines.join('\n'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', ignoreDeprecations: '5.0', ...options },
      files: ['main.ts'],
    }),
  );
  if (!checker) {
    checker = new Worker(new URL('../helpers/type-check-worker.mjs', import.meta.url));
    checker.on('message', ({ id, output, status }: { id: number; output: string; status: number | null }) => {
      checked.get(id)?.({ output, status });
      checked.delete(id);
    });
  }
  const id = checks++;
  const thread = checker;
  return new Promise((done) => {
    checked.set(id, done);
    thread.postMessage({ id, dir });
  });
}

/** The module setting each moduleResolution goes with. */
const MODULE_FOR: Record<string, string> = { node10: 'commonjs', node16: 'node16', bundler: 'esnext' };

// Each test type-checks its own program in its own folder: they run side by side.
describe.concurrent('the packed package in TypeScript', () => {
  it(
    'a game registered at run time gets typed options by augmenting EnvOptionsById, as DEVELOPERS.md says',
    async () => {
      const lines = [
        "import { make } from 'tengym';",
        "declare module 'tengym' {",
        "  interface EnvOptionsById { 'ten-pairs': { slots?: number } }",
        '}',
        "export const ok = () => make('ten-pairs', { slots: 4 });",
        '// @ts-expect-error an option the declaration does not have',
        "export const misspelt = () => make('ten-pairs', { slotz: 4 });",
      ];
      expect(
        await typeCheck('ts-augment', lines, { skipLibCheck: true, module: 'esnext', moduleResolution: 'bundler' }),
      ).toEqual({ output: '', status: 0 });
    },
    QUEUED_LIMIT_MS,
  );

  it(
    "a page types the models' index with ModelIndex from the package root: the shipped models/index.json is " +
      'one, and its weights go to useBrowserBackend',
    async () => {
      const lines = [
        "import { hinterForEnv, type ModelIndex } from 'tengym';",
        "import { useBrowserBackend } from 'tengym/models';",
        "import shipped from 'tengym/models/index.json';",
        'const index: ModelIndex = shipped;',
        "export const backend = (id: string) => useBrowserBackend(index[id].weights, { wasmPath: '/wasm/' });",
        "export const loaded = hinterForEnv('decade', {}, { info: (id) => index[id] ?? null });",
        '// @ts-expect-error an entry has no such field (were ModelIndex any, this line would be an error)',
        'export const misspelt: number = index.decade.weight;',
      ];
      expect(
        await typeCheck('ts-model-index', lines, {
          skipLibCheck: true,
          module: 'esnext',
          moduleResolution: 'bundler',
          resolveJsonModule: true,
        }),
      ).toEqual({ output: '', status: 0 });
    },
    QUEUED_LIMIT_MS,
  );

  // Without skipLibCheck the package's own declarations are checked too: none may name a module
  // the resolution cannot reach (tfjs's own declarations fail that, so only the root is checked;
  // zod's CommonJS declarations need esModuleInterop, as most node10 projects set it).
  // Below full scale, bundler alone: the test after this reaches the package by each resolution, and the whole
  // declarations checked here are the same files.
  it.each(fullScale ? ['node10', 'node16', 'bundler'] : ['bundler'])(
    'the package root type-checks with moduleResolution %s and skipLibCheck off, its types whole',
    async (resolution) => {
      const lines = [
        "import { createRng, make, type Env, type Rng } from 'tengym';",
        "const env: Env = make('tens');",
        'const rng: Rng = createRng(1);',
        '// @ts-expect-error a string is no generator (were Rng any, this line would be an error)',
        "const wrong: Rng = 'x';",
        'export const uses = [env, rng.next(), wrong];',
      ];
      expect(
        await typeCheck(`ts-root-${resolution}`, lines, {
          skipLibCheck: false,
          // TypeScript's own lib files (lib.dom.d.ts and the like) unchecked: none of them the package's, the same in
          // every program, and their check was a third of this one's time. A clash of the package's with them is
          // reported in the package's declaration, which comes after them.
          skipDefaultLibCheck: true,
          esModuleInterop: true,
          module: MODULE_FOR[resolution],
          moduleResolution: resolution,
        }),
      ).toEqual({ output: '', status: 0 });
    },
    QUEUED_LIMIT_MS,
  );

  // node10 is TypeScript's "node", the resolution older projects still use: it reads no "exports",
  // so the subpaths reach their types through "typesVersions".
  it.each(['node10', 'node16', 'bundler'])(
    'a program importing the package root, tengym/node and tengym/models type-checks with moduleResolution %s',
    async (resolution) => {
      const lines = [
        "import { make, type Env } from 'tengym';",
        "import { shippedModelDir } from 'tengym/node';",
        "import { loadModelFromUrl } from 'tengym/models';",
        "const env: Env = make('tens');",
        "const dir: string = shippedModelDir('decade');",
        'export const uses = [env, dir, loadModelFromUrl];',
      ];
      expect(
        await typeCheck(`ts-${resolution}`, lines, {
          skipLibCheck: true,
          module: MODULE_FOR[resolution],
          moduleResolution: resolution,
        }),
      ).toEqual({ output: '', status: 0 });
    },
    QUEUED_LIMIT_MS,
  );
});

/** docs/play-page.md's "In your own page or app": its text and its ```ts block. */
function ownPageGuide(): { guide: string; snippet: string } {
  const guide = readFileSync(join(ROOT, 'docs', 'play-page.md'), 'utf8').split('## In your own page or app')[1];
  const snippet = /```ts\n([\s\S]*?)```/.exec(guide)?.[1];
  if (!snippet) throw new Error('play-page.md, "In your own page or app", has no ```ts block');
  return { guide, snippet };
}

/** Builds a page of index.html and main.ts (`code`) in `dir` with Vite, resolving packages from the scratch app. */
async function buildPage(dir: string, code: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script ' +
      'type="module" src="./main.ts"></script></body></html>',
  );
  writeFileSync(join(dir, 'main.ts'), code);
  await build({ root: dir, configFile: false, logLevel: 'silent', build: { outDir: join(dir, 'dist') } });
  return join(dir, 'dist');
}

const CHROMIUM = findChromium();

/** One Chromium for the file's pages, started by the first: a launch each cost a browser's start. */
let browser: Promise<Browser> | undefined;

afterAll(async () => {
  await (await browser)?.close();
});

/**
 * The report the guide's snippet leaves on `window.ownPage`: decade's hints played to the end, and four-ten's source.
 */
const OWN_PAGE_REPORT = `
const search = await hinterForEnv('four-ten', {}, {
  info: (id) => index[id] ?? null,
  load: async () => { throw new Error('four-ten loads no model'); },
});
const searchEnv = make('four-ten');
searchEnv.reset({ seed: 7 });
(window as any).ownPage = {
  source,
  over: !env.running,
  search: search.source,
  searchFromModel: search.fromModel,
  searchHint: search.hinter.hint(searchEnv, { top: 1 }).source,
};
`;

let ownPage: Promise<{ ran: { status: number | null; stderr: string }; dist: string }> | undefined;

/**
 * The guide's snippet built with Vite in the app's folder, once for the two tests that serve it, after the guide's
 * ```sh block for Vite put the models and the .wasm files in the app's public/ (run as written, where node_modules is):
 * the same bundle either way (Vite copies public/ beside it), and a build with TensorFlow.js takes seconds.
 */
function ownPageBuilt(): Promise<{ ran: { status: number | null; stderr: string }; dist: string }> {
  ownPage ??= (async () => {
    const { guide, snippet } = ownPageGuide();
    const commands = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('public/'));
    if (!commands)
      throw new Error('play-page.md, "In your own page or app", has no ```sh block putting the files in public/');
    const ran = spawnSync('sh', ['-e', '-c', commands], { cwd: app, encoding: 'utf8' });
    return { ran, dist: await buildPage(app, snippet + OWN_PAGE_REPORT) };
  })();
  return ownPage;
}

/**
 * Serves `dist` at / (and each of `served`'s folders at its path), opens it in Chromium and runs
 * `use` on the page: the console's errors and warnings, every request with its status, and what
 * `use` gave.
 */
async function openOwnPage<T>(
  dist: string,
  served: { at: string; dir: string }[],
  use: (page: Page) => Promise<T>,
): Promise<{ errors: string[]; warnings: string[]; requests: string[]; result: T }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    const where = served.find((s) => path.startsWith(s.at)) ?? { at: '/', dir: dist };
    const file = resolve(where.dir, path.slice(where.at.length) || 'index.html');
    let body: Buffer | null = null;
    try {
      if (file.startsWith(resolve(where.dir) + sep)) body = readFileSync(file);
    } catch {
      body = null;
    }
    requests.push(`${path} ${body ? 200 : 404}`);
    const types: Record<string, string> = {
      '.html': 'text/html',
      '.js': 'text/javascript',
      '.json': 'application/json',
      '.wasm': 'application/wasm',
    };
    res.writeHead(body ? 200 : 404, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  browser ??= launchChromium(CHROMIUM!);
  // A context of its own: no cache, storage or service worker of the page before.
  const context = await (await browser).newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      if (m.type() === 'warning') warnings.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const result = await use(page);
    return { errors, warnings, requests, result };
  } finally {
    await context.close();
    server.close();
  }
}

/** `openOwnPage`, waiting for `window.ownPage`, the report the guide's snippet leaves. */
async function playOwnPage(
  dist: string,
  served: { at: string; dir: string }[] = [],
): Promise<{ errors: string[]; requests: string[]; ownPage: unknown }> {
  const { errors, requests, result } = await openOwnPage(dist, served, async (page) => {
    await page.waitForFunction('window.ownPage !== undefined || null', null, { timeout: 60_000 });
    return page.evaluate('window.ownPage');
  });
  return { errors, requests, ownPage: result };
}

// Side by side with the tests above (consecutive concurrent blocks run together): each page is built in a folder of
// its own (the two of the guide's snippet share one build), and opened in a context of its own.
describe.concurrent('play-page.md, "In your own page or app", from the packed package', {
  timeout: QUEUED_LIMIT_MS,
}, () => {
  it.skipIf(!CHROMIUM)(
    "the snippet as written, bundled with Vite and served as the guide says: decade's hints from the model, " +
      "four-ten's from bottom-direct (its model never loaded), no console error",
    async () => {
      const { guide, snippet } = ownPageGuide();
      // The page needs nothing but tengym: the app installed it alone.
      expect([...snippet.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['tengym']);
      // TensorFlow.js only where a model answers: tengym/models is imported inside load.
      expect([...snippet.matchAll(/await import\('([^']+)'\)/g)].map((m) => m[1])).toEqual(['tengym/models']);
      // The folders the guide names, each at the path it names.
      const served = [...guide.matchAll(/`(node_modules\/[^`]+\/)` at `(\/[^`]*\/)`/g)].map((m) => ({
        at: m[2],
        dir: join(app, m[1]),
      }));
      expect(served.map((s) => s.at)).toEqual(['/models/', '/wasm/']);
      // The build the next test serves alone: each request of the folders above goes to where the guide serves them.
      const { dist } = await ownPageBuilt();
      const { errors, requests, ownPage } = await playOwnPage(dist, served);
      const searchSource = /^bottom-direct \(.*unlike the trained model in models\/four-ten\/\)$/;
      expect(ownPage).toEqual({
        source: 'model models/decade/ (shipped)',
        over: true,
        search: expect.stringMatching(searchSource),
        searchFromModel: false,
        searchHint: expect.stringMatching(searchSource),
      });
      expect(errors).toEqual([]);
      // The model and the WebAssembly backend came from where the guide serves them.
      expect(requests).toEqual(
        expect.arrayContaining([
          '/models/index.json 200',
          '/models/decade/model.json 200',
          '/models/decade/weights.bin 200',
          '/wasm/tfjs-backend-wasm-simd.wasm 200',
        ]),
      );
      expect(requests.filter((r) => r.endsWith(' 404'))).toEqual([]);
    },
    QUEUED_LIMIT_MS,
  );

  it.skipIf(!CHROMIUM)(
    "with Vite: the guide's commands put the models and the .wasm files in the app's public/, and the built " +
      "page, served alone, gives decade's hints from the model",
    async () => {
      const { ran, dist } = await ownPageBuilt();
      expect(ran.status, ran.stderr).toBe(0);
      for (const file of [
        'models/index.json',
        'models/decade/model.json',
        'models/decade/weights.bin',
        'wasm/tfjs-backend-wasm.wasm',
        'wasm/tfjs-backend-wasm-simd.wasm',
      ])
        expect(existsSync(join(dist, file)), file).toBe(true);
      // Nothing but the build is served.
      const { errors, requests, ownPage } = await playOwnPage(dist);
      expect(ownPage).toEqual(
        expect.objectContaining({ source: 'model models/decade/ (shipped)', over: true, searchFromModel: false }),
      );
      expect(errors).toEqual([]);
      expect(requests).toEqual(
        expect.arrayContaining([
          '/models/index.json 200',
          '/models/decade/weights.bin 200',
          '/wasm/tfjs-backend-wasm-simd.wasm 200',
        ]),
      );
      expect(requests.filter((r) => r.endsWith(' 404'))).toEqual([]);
    },
    QUEUED_LIMIT_MS,
  );

  it(
    "a model.json imported as an asset (Vite's ?url), as the docs warn, is renamed by a build and its " +
      'weights.bin left out',
    async () => {
      const dist = await buildPage(
        join(app, 'asset-page'),
        "import url from 'tengym/models/decade/model.json?url';\ndocument.body.textContent = url;\n",
      );
      const assets = readdirSync(join(dist, 'assets'));
      expect(assets.filter((f) => f.endsWith('.json'))).toEqual([expect.stringMatching(/^model-.+\.json$/)]);
      expect(assets.filter((f) => f.endsWith('.bin'))).toEqual([]);
      expect(readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8')).toMatch(/leaves `weights\.bin` out/);
    },
  );

  it(
    "a page's rules panel: a game's page of the rules the package carries is imported as text " +
      '(tengym/docs/rules/four-ten.md) and rulesSection gives its section',
    async () => {
      const dist = await buildPage(
        join(app, 'rules-page'),
        "import rules from 'tengym/docs/rules/four-ten.md?raw';\nimport { plainText, rulesSection } from " +
          "'tengym';\ndocument.body.textContent = plainText(rulesSection(rules, 'four-ten') ?? '');\n",
      );
      const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
      expect(scripts.map((f) => readFileSync(join(dist, 'assets', f), 'utf8')).join('')).toContain(
        'A point-accumulation solitaire by Jeremiah Sanders',
      );
      // Node resolves it too (a server that renders the panel, a build script).
      const r = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "import { readFileSync } from 'node:fs'; import { rulesSection } from 'tengym'; " +
            "const page = readFileSync(new URL(import.meta.resolve('tengym/docs/rules/decade.md')), 'utf8'); " +
            "console.log(rulesSection(page, 'decade')?.split('\\n')[0]);",
        ],
        { cwd: app, encoding: 'utf8' },
      );
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toMatch(/^## /);
    },
  );

  it('a page that imports only the package root bundles no TensorFlow.js', async () => {
    const dist = await buildPage(
      join(app, 'root-page'),
      "import { make, hinterForEnv } from 'tengym';\nconst env = make('decade');\nenv.reset({ seed: 1 " +
        '});\nconsole.log(typeof hinterForEnv, env.legalCount);\n',
    );
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const f of scripts)
      expect(readFileSync(join(dist, 'assets', f), 'utf8'), f).not.toMatch(/tfjs|loadLayersModel/);
  });

  // The root registers every shipped game with its agents; an app that plays one game imports the engine
  // entry and that game's (docs/apps.md).
  it('a page that plays one game (tengym/engine and tengym/games/decade) bundles under 170 KB', async () => {
    const dist = await buildPage(
      join(app, 'make-page'),
      "import { make } from 'tengym/engine';\nimport 'tengym/games/decade';\n" +
        "const env = make('decade');\nenv.reset({ seed: 1 " +
        '});\ndocument.body.textContent = String(env.legalCount);\n',
    );
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const bytes = scripts.reduce((sum, f) => sum + readFileSync(join(dist, 'assets', f)).length, 0);
    expect(bytes).toBeGreaterThan(50_000);
    expect(bytes).toBeLessThan(170_000);
  });
});

/** The README's command list: the lines of its ```sh block that start with `tengym envs`. */
function readmeSynopsis(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.startsWith('tengym envs'));
  if (!block) throw new Error("README.md has no ```sh block listing the commands (starting with 'tengym envs')");
  return block.trim().split('\n');
}

/** Runs the packed tengym in the app: its exit code and what it printed. */
function tengym(args: string[]): Promise<Result> {
  // COLUMNS=1000: yargs prints each example on one line, so the commands can be read back.
  return runInApp(join(app, 'node_modules', '.bin', 'tengym'), args, { ...process.env, COLUMNS: '1000' });
}

let helps: Promise<Map<string, Result>> | undefined;

/**
 * A program that prints, as JSON, `tengym <command> --help` for each command of its arguments: the packed package's
 * dist/cli/program.js (which its bin runs on the process's arguments) run on one command line after another, each
 * one's output and exit code as the bin's. One process for them all: a process each started Node and the CLI again.
 */
const HELPS_PROGRAM = `
import { format } from 'node:util';
const { ExitRequest, main } = await import(process.env.TENGYM_PROGRAM);
const [log, error, out, err] = [console.log, console.error, process.stdout.write, process.stderr.write];
const results = [];
for (const command of process.argv.slice(1)) {
  const printed = { stdout: '', stderr: '' };
  const into = (stream) => (chunk, ...rest) => {
    printed[stream] += String(chunk);
    const done = rest.find((r) => typeof r === 'function');
    if (done) queueMicrotask(done);
    return true;
  };
  console.log = (...parts) => { printed.stdout += format(...parts) + '\\n'; };
  console.error = (...parts) => { printed.stderr += format(...parts) + '\\n'; };
  process.stdout.write = into('stdout');
  process.stderr.write = into('stderr');
  process.exitCode = undefined;
  let status;
  try {
    await main([command, '--help'], (code) => { throw new ExitRequest(code); });
    status = Number(process.exitCode ?? 0);
  } catch (e) {
    if (!(e instanceof ExitRequest)) throw e;
    status = e.code;
  }
  [console.log, console.error, process.stdout.write, process.stderr.write] = [log, error, out, err];
  results.push({ status, ...printed });
}
process.exitCode = 0;
process.stdout.write(JSON.stringify(results));
`;

/** `tengym <command> --help` for each command of the README's command list, run once for the tests that read it. */
function commandHelps(): Promise<Map<string, Result>> {
  helps ??= (async () => {
    const commands = [...new Set(readmeSynopsis().map((line) => line.split(' ')[1]))];
    // COLUMNS=1000: yargs prints each example on one line, so the commands can be read back.
    const program = pathToFileURL(join(app, 'node_modules', 'tengym', 'dist', 'cli', 'program.js')).href;
    const r = await runInApp(process.execPath, ['--input-type=module', '-e', HELPS_PROGRAM, ...commands], {
      ...process.env,
      COLUMNS: '1000',
      TENGYM_PROGRAM: program,
    });
    if (r.status !== 0) throw new Error(`the --help program failed (exit ${r.status}): ${r.stderr}`);
    const results = JSON.parse(r.stdout) as Result[];
    return new Map(commands.map((command, i) => [command, results[i]]));
  })();
  return helps;
}

/** The commands of `tengym <command> --help`'s Examples section. */
function helpExamples(help: string): string[] {
  const section = help.split('\nExamples:\n')[1];
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim().split(/\s{2,}/)[0]);
}

/**
 * How long a command may run before it is stopped with Ctrl-C (SIGINT): long jobs (training,
 * a whole benchmark, a server) show they start and stop cleanly, not that they finish. Not shorter:
 * on a busy machine a command's start alone takes seconds, and a later example reads what the one
 * before it wrote in that time.
 */
const RUN_MS = 8_000;

/**
 * Below full scale, how long a command still running after its first output is given before Ctrl-C: printing, it has
 * started its work, and a long job's further seconds (a third of this file's processor time) show nothing more. A
 * command that writes what a later example reads keeps RUN_MS: train prints before it writes its run's folder.
 */
const AFTER_OUTPUT_MS = 3_000;

/**
 * Whether a later example of `chain` reads what its example `i` writes: a file it sends its output to (`> FILE`) or
 * its run's folder (`--out DIR`), named by the later one (`--state FILE`, `< FILE`, `--out DIR`, `DIR/best`).
 */
function readLater(chain: string[], i: number): boolean {
  return chain.some((_, j) => j > i && reads(chain[j], chain[i]));
}

/** Whether example `later` reads a file or folder example `earlier` writes. */
function reads(later: string, earlier: string): boolean {
  const written = [...earlier.matchAll(/(?:--out|>)\s+(\S+)/g)].map((m) => m[1]);
  return later.split(/[\s,]+/).some((word) => written.some((w) => word === w || word.startsWith(`${w}/`)));
}

/**
 * The examples of each chain a run plays: all at full scale; below it, `count` spread over every chain's examples,
 * and the ones before them that they read. Each example is another command line through the same packed bin, so a
 * sample spread over the commands shows what all do; TENGYM_TEST_SAMPLE shifts it.
 */
function examplesToRun(chains: string[][], count: number): string[][] {
  const picked = new Set(sampled(chains.flat(), count));
  return chains
    .map((chain) => {
      const keep = chain.map((example) => picked.has(example));
      for (let i = chain.length - 1; i >= 0; i--)
        if (!keep[i] && chain.some((later, j) => j > i && keep[j] && reads(later, chain[i]))) keep[i] = true;
      return chain.filter((_, i) => keep[i]);
    })
    .filter((chain) => chain.length > 0);
}

/** Commands that end with a documented error in a fresh folder, and that error. */
const DOCUMENTED_ERRORS: Record<string, RegExp> = {
  // The example compares the best model of the PPO run above, which (stopped after seconds) has none yet.
  ['tengym eval --env decade --agents runs/ppo-decade/best,longest --reference longest ' +
    '--seed 3000000000 --episodes 10000']: /no model at "runs\/ppo-decade\/best"/,
};

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  interrupted: boolean;
  stdout: string;
  stderr: string;
}

/**
 * Runs a shell command line in `cwd` with the packed tengym first on the PATH; Ctrl-C after RUN_MS, or below full scale
 * AFTER_OUTPUT_MS after its first output where `soonAfterOutput`.
 */
function runExample(command: string, cwd: string, soonAfterOutput: boolean): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      detached: true, // its own process group, so Ctrl-C reaches the command behind the shell
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${join(app, 'node_modules', '.bin')}:${process.env.PATH}`, TENGYM_QUIET: '1' },
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    const stop = () => {
      if (interrupted) return;
      try {
        process.kill(-child.pid!, 'SIGINT');
        interrupted = true;
      } catch (e) {
        // Ended by itself between its last output and this Ctrl-C.
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
      }
    };
    const ctrlC = setTimeout(stop, RUN_MS);
    let afterOutput: NodeJS.Timeout | undefined;
    const printed = () => {
      if (soonAfterOutput) afterOutput ??= setTimeout(stop, AFTER_OUTPUT_MS);
    };
    child.stdout.on('data', (d) => {
      stdout += d;
      printed();
    });
    child.stderr.on('data', (d) => {
      stderr += d;
      printed();
    });
    const hung = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`${command}: still running 30 s after Ctrl-C`));
    }, RUN_MS + 30_000);
    child.on('close', (code, signal) => {
      clearTimeout(ctrlC);
      clearTimeout(afterOutput);
      clearTimeout(hung);
      resolve({ code, signal, interrupted, stdout, stderr });
    });
  });
}

// Side by side with the tests above: the examples run in a folder of their own, the configs' runs write their own.
describe.concurrent('every command the README and --help show, run from the packed package', {
  timeout: QUEUED_LIMIT_MS,
}, () => {
  it("the README's command list: each command's --help names every flag the list shows", async () => {
    const lines = readmeSynopsis();
    expect(lines.length).toBeGreaterThanOrEqual(12);
    const help = await commandHelps();
    for (const line of lines) {
      const [bin, command] = line.split(' ');
      expect(bin).toBe('tengym');
      const r = help.get(command)!;
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      for (const [flag] of line.matchAll(/--[a-z][a-z-]*/g)) expect(r.stdout, `${line}: ${flag}`).toContain(flag);
    }
  });

  it('each --help example runs as written: it ends with 0, or runs until Ctrl-C and stops cleanly', async () => {
    const help = await commandHelps();
    // Each command's examples in the order its --help lists them, as one runs them (hint's read the file the one
    // before writes, train's resume continues the run before); the commands' lists side by side, four at a time.
    // Four, not one a core: a third of the examples run until Ctrl-C, RUN_MS whatever their share of the cores.
    const chains = [...help.values()].map((r) => helpExamples(r.stdout)).filter((chain) => chain.length > 0);
    const examples = chains.flat();
    expect(examples.length).toBeGreaterThanOrEqual(20);
    const folder = join(app, 'examples');
    mkdirSync(folder, { recursive: true });
    // The DQN example reads config fields from a file of the user's: an empty one takes the defaults.
    writeFileSync(join(folder, 'dqn.json'), '{}');
    // The eval example plays an agent of the user's own, as its description writes it.
    writeFileSync(
      join(folder, 'mine.mjs'),
      'export default { name: "mine", fair: true, reset() {}, act: (env) => env.legal[env.legalCount - 1] };\n',
    );
    const failures: string[] = [];
    let interrupted = 0;
    const check = (example: string, r: Ran) => {
      const documented = DOCUMENTED_ERRORS[example];
      if (documented) {
        if (r.code === 0 || !documented.test(r.stderr))
          failures.push(`${example}: expected the error ${documented}, got exit ${r.code}: ${r.stderr.trim()}`);
        return;
      }
      if (r.interrupted) {
        // Stopped by Ctrl-C while working: no error on stderr, and it ended by the signal, or by
        // itself with 0 or 130 (eval and train catch it, write what they have, and exit 130).
        if (/^tengym: |Error|at .*\.js:\d+/m.test(r.stderr))
          failures.push(`${example}: error before Ctrl-C: ${r.stderr.trim()}`);
        if (!(r.signal === 'SIGINT' || r.code === 0 || r.code === 130))
          failures.push(`${example}: after Ctrl-C, exit ${r.code} signal ${r.signal}`);
        interrupted++;
      } else if (r.code !== 0) {
        failures.push(`${example}: exit ${r.code}: ${r.stderr.trim()}`);
      }
    };
    // The longest lists first, so that the two at a time end near together.
    const played = examplesToRun(chains, 16);
    const longestFirst = [...played].sort((a, b) => b.length - a.length);
    await Promise.all(
      longestFirst.map((chain) =>
        fourAtATime(async () => {
          // The examples' `tengym` is the packed bin on the PATH (shell pipes and files as written).
          for (const [i, example] of chain.entries())
            check(example, await runExample(example, folder, !fullScale && !readLater(chain, i)));
        }),
      ),
    );
    expect(failures).toEqual([]);
    // Over a third run to the end (16 of 29 when written); those that take minutes (training,
    // long evaluations, serve) are stopped.
    const ran = played.flat().length;
    expect(ran).toBeGreaterThanOrEqual(Math.min(examples.length, 16));
    expect(ran - interrupted).toBeGreaterThan(ran / 3);
  }, 600_000);

  it('shipped models and configs are found by the paths the docs write, from any folder', async () => {
    const configs = ['configs/four-ten-solver.json', 'four-ten-solver'];
    // Four independent runs, side by side.
    const [evalRun, missing, ...fromConfigs] = await Promise.all(
      [
        ['eval', '--env', 'decade', '--agents', 'models/decade,first', '--episodes', '4', '--json'],
        [
          'train',
          '--env',
          'four-ten',
          '--algo',
          'afterstate',
          '--config',
          'no-such-config',
          '--out',
          join(app, 'run-missing'),
        ],
        // Read and validated (its solver targets are Four Ten's), without the minutes of solving a real run takes.
        ...configs.map((config) => [
          'train',
          '--env',
          'tens',
          '--algo',
          'afterstate',
          '--config',
          config,
          '--out',
          join(app, `run-${config.replace(/\W/g, '-')}`),
        ]),
      ].map((args) => tengym(args)),
    );
    expect(evalRun.status, evalRun.stderr).toBe(0);
    expect(JSON.parse(evalRun.stdout).results.map((row: { agent: string }) => row.agent)).toEqual([
      'models/decade',
      'first',
    ]);
    expect(fromConfigs).toHaveLength(configs.length);
    for (const r of fromConfigs) {
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/afterstate config: no solver targets for tens/);
    }
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(
      new RegExp(
        String.raw`--config no-such-config: cannot read it \(no such file\); shipped configs: distill-deep, ` +
          'four-ten-solver, four-ten-solver-split',
      ),
    );
  });
});

/** docs/play-page.md's "Without a bundler": its two ```html blocks, the pages as written (the second with a model). */
function noBundlerGuide(): { page: string; modelPage: string; unionInstall: string } {
  const guide = readFileSync(join(ROOT, 'docs', 'play-page.md'), 'utf8').split('### Without a bundler')[1] ?? '';
  const [page, modelPage] = [...guide.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]);
  if (!page || !modelPage) throw new Error('play-page.md has not two ```html blocks under "Without a bundler"');
  // The union package the model page's map points at, which tengym does not depend on.
  const unionInstall = /`npm install (@tensorflow\/tfjs@[^`\s]+)`/.exec(guide)?.[1];
  if (!unionInstall)
    throw new Error('play-page.md does not say to install @tensorflow/tfjs@<version> beside tengym for the model page');
  return { page, modelPage, unionInstall };
}

interface ImportMap {
  imports: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

const importMap = (html: string): ImportMap =>
  JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as ImportMap;

// Last, one test after another and after every other: the model page's `npm install` changes the app's node_modules,
// which the tests above run from and which the first page here serves.
describe('play-page.md, "Without a bundler", from the packed package', () => {
  it.skipIf(!CHROMIUM)(
    "the page as written, served beside the app's node_modules with no build: its import map loads tengym, " +
      'zod and pure-rand, and it deals, plays the hint and shows the next one',
    async () => {
      const { page: html } = noBundlerGuide();
      // The map names tengym and the two packages it depends on, nothing else: no TensorFlow.js.
      const map = importMap(html);
      expect(
        Object.keys(map.imports)
          .map((name) => name.split('/')[0])
          .sort(),
      ).toEqual(['pure-rand', 'pure-rand', 'tengym', 'zod', 'zod']);
      // The page is served with the app's node_modules beside it, as the guide says.
      const dir = join(app, 'no-bundler');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), html);
      const { errors, requests, result } = await openOwnPage(
        dir,
        [{ at: '/node_modules/', dir: join(app, 'node_modules') }],
        async (page) => {
          const read = async () => ({ board: await page.textContent('#board'), hint: await page.textContent('#hint') });
          // A module that fails to load leaves the hint empty: the errors below say why.
          const shown = await page
            .waitForFunction("document.querySelector('#hint')?.textContent || null", null, { timeout: 60_000 })
            .then(
              () => true,
              () => false,
            );
          if (!shown) return null;
          const dealt = await read();
          await page.click('#play');
          return { dealt, played: await read() };
        },
      );
      expect(errors).toEqual([]);
      if (!result) throw new Error('the page showed no hint');
      // Dealt: a board at step 0 and a hint of the game's search; one click plays it and shows the next.
      expect(result.dealt.board).toMatch(/^line: .+\nstock: \d+ cards .* step 0\//);
      expect(result.dealt.hint).toMatch(/^Hint: \S/);
      expect(result.played.board).toMatch(/ step 1\//);
      expect(result.played.hint).toMatch(/^Hint: \S/);
      // Every module from where the map points, nothing missing, no TensorFlow.js.
      expect(requests).toEqual(expect.arrayContaining(Object.values(map.imports).map((url) => `${url} 200`)));
      expect(requests.filter((r) => r.endsWith(' 404'))).toEqual([]);
      expect(requests.filter((r) => r.includes('@tensorflow'))).toEqual([]);
    },
    180_000,
  );

  it.skipIf(!CHROMIUM)(
    'the page with the decade model, served the same way: its import map loads tengym/models and ' +
      "TensorFlow.js's single-file bundles, once each, and the model's hints, on WebAssembly, are those it " +
      'gives in Node',
    async () => {
      const { modelPage: html, unionInstall } = noBundlerGuide();
      const map = importMap(html);
      // tengym's imports of TensorFlow.js's parts, and the wasm backend's of tfjs-core: all the union bundle's URL, so
      // that one TensorFlow.js runs.
      const union = map.imports['@tensorflow/tfjs-core'];
      expect(union).toMatch(/^\/node_modules\/@tensorflow\/tfjs\/dist\//);
      for (const part of ['layers', 'backend-cpu', 'backend-webgl'])
        expect(map.imports[`@tensorflow/tfjs-${part}`], part).toBe(union);
      // The union package, installed beside tengym as the guide says, at the version of tengym's TensorFlow.js.
      execFileSync(
        'npm',
        [
          'install',
          '--prefer-offline',
          '--omit=optional',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '--no-save',
          unionInstall,
        ],
        { cwd: app, stdio: 'ignore' },
      );
      const versionOf = (name: string) =>
        (JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
          .version;
      expect(versionOf('@tensorflow/tfjs')).toBe(versionOf('@tensorflow/tfjs-core'));
      const dir = join(app, 'no-bundler-model');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), html);
      const clicks = 2;
      const { errors, warnings, requests, result } = await openOwnPage(
        dir,
        [{ at: '/node_modules/', dir: join(app, 'node_modules') }],
        async (page) => {
          // A module that fails to load leaves "Loading the model…": the errors below say why.
          const shown = await page
            .waitForFunction(
              "/^(Hint|Game over)/.test(document.querySelector('#hint')?.textContent ?? '') || null",
              null,
              { timeout: 60_000 },
            )
            .then(
              () => true,
              () => false,
            );
          if (!shown) return null;
          const hints = [await page.textContent('#hint')];
          for (let i = 0; i < clicks; i++) {
            await page.click('#play');
            hints.push(await page.textContent('#hint'));
          }
          return { backend: await page.textContent('#backend'), hints };
        },
      );
      expect(errors).toEqual([]);
      // A second copy of TensorFlow.js's core (a wrong tfjs-core line) only warns; a .wasm file sent with another type
      // too.
      expect(warnings).toEqual([]);
      if (!result) throw new Error('the page showed no hint');
      expect(result.backend).toBe('TensorFlow.js backend: wasm');
      // The same deal in Node, the model loaded by tengym/node: the same hints, the same scores.
      const seed = /env\.reset\(\{ seed: (\d+) \}\)/.exec(html)?.[1];
      if (!seed) throw new Error('the page deals no seed given as env.reset({ seed: N })');
      const node = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          [
            "import { make, createHinter, formatScore } from 'tengym';",
            "import { loadAgent, shippedModelDir } from 'tengym/node';",
            "const hinter = createHinter({ model: await loadAgent(shippedModelDir('decade')) });",
            "const env = make('decade');",
            `env.reset({ seed: ${seed} });`,
            `for (let i = 0; i <= ${clicks}; i++) { const top = hinter.hint(env, { top: 1 }).hints[0]; ` +
              `console.log(\`Hint: \${top.text} (\${formatScore(top)})\`); env.step(top.action); }`,
          ].join('\n'),
        ],
        { cwd: app, encoding: 'utf8' },
      );
      expect(node.status, node.stderr).toBe(0);
      expect(result.hints).toEqual(node.stdout.trim().split('\n'));
      // A choice among them, not forced draws alone.
      expect(result.hints.some((h) => !/^Hint: draw /.test(h ?? ''))).toBe(true);
      // Every module from where the map points, TensorFlow.js's files once each, the model and the .wasm from the
      // installed packages.
      expect(requests).toEqual(expect.arrayContaining(Object.values(map.imports).map((url) => `${url} 200`)));
      const wasm = `${/wasmPath: '([^']+)'/.exec(html)?.[1]}tfjs-backend-wasm-simd.wasm`;
      expect(requests.filter((r) => r.includes('@tensorflow')).sort()).toEqual(
        [
          ...new Set(
            Object.entries(map.imports)
              .filter(([name]) => name.startsWith('@tensorflow/'))
              .map(([, url]) => url),
          ),
          wasm,
        ]
          .map((url) => `${url} 200`)
          .sort(),
      );
      expect(requests).toEqual(
        expect.arrayContaining([
          '/node_modules/tengym/models/index.json 200',
          '/node_modules/tengym/models/decade/model.json 200',
          '/node_modules/tengym/models/decade/weights.bin 200',
        ]),
      );
      expect(requests.filter((r) => r.endsWith(' 404'))).toEqual([]);
    },
    180_000,
  );
});
