// How the test files split between Vitest projects: files that share their worker's module graph (`isolate: false`),
// files that mock a module (on Vite's module runner, below), and the rest, each in a fresh module graph. Sharing saves
// each file the start of a worker and the import and registration of every game: about 1.3 s of processor time. A
// file shares unless it registers a game of its own (`registerGame`, or the test folder's Ten Pairs: a sweep over the
// registry in a later file would meet that game), mocks or stubs anything (it outlives its file there), or has a line
// `// @isolated: why` (a module's state needed as a fresh process has it). The files that load TensorFlow.js share
// among themselves only: its engine and backend, set up once a process, are theirs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** The folders of the engines, their rules, hints, the player's session and statistics: test:quick's. */
export const ENGINE_FOLDERS = ['test/env', 'test/games', 'test/hints', 'test/session', 'test/stats'];

/** The test files under `folders` whose text matches `pattern`. */
export function filesMatching(folders: readonly string[], pattern: RegExp): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `${folder}/${f}`),
    )
    .filter((f) => pattern.test(readFileSync(f, 'utf8')));
}

/** What keeps a file's own text out of a shared module graph: a game registered, a mock or stub, `@isolated`. */
const NOT_SHARED = new RegExp(
  [
    /\bregisterGame\b|helpers\/ten-pairs\.js/.source,
    /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\b/.source,
    /^\/\/ @isolated: /.source,
  ].join('|'),
  'm',
);

/**
 * A module's static imports. An `import('…')` is not followed: what it loads, it loads only when a test runs that
 * path (a training command, say), and the files that depend on TensorFlow.js's state import it statically.
 */
const IMPORTS = /(?:\bfrom|^import)\s*['"]([^'"]+)['"]/gm;
/** `import type …`, which loads nothing. */
const TYPE_ONLY = /\bimport\s+type\s[^;]*?from\s*['"][^'"]+['"]/g;

/** The file a relative import names (tsx maps `./x.js` to `./x.ts`), if there is one. */
function resolveImport(from: string, specifier: string): string | undefined {
  const path = join(dirname(from), specifier);
  return [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, join(path, 'index.ts')].find(
    (p) => /\.[cm]?[jt]s$/.test(p) && existsSync(p),
  );
}

/**
 * Whether `file` loads TensorFlow.js, itself or through the relative static imports it follows. `known` keeps the
 * answers of the modules met on the way; a module met again before its answer is known counts as not loading it.
 */
function loadsTensorFlow(file: string, known: Map<string, boolean>): boolean {
  const answer = known.get(file);
  if (answer !== undefined) return answer;
  known.set(file, false);
  const text = readFileSync(file, 'utf8').replace(TYPE_ONLY, '');
  let loads = false;
  for (const [, specifier] of text.matchAll(IMPORTS)) {
    if (specifier.startsWith('@tensorflow/')) loads = true;
    else if (specifier.startsWith('.')) {
      const target = resolveImport(file, specifier);
      loads = target !== undefined && loadsTensorFlow(target, known);
    }
    if (loads) break;
  }
  known.set(file, loads);
  return loads;
}

/**
 * The test files that share a module graph, by the rules at the top of this file: `plain` those that load no
 * TensorFlow.js, `tensorflow` those that do (TensorFlow.js's engine, set up once, is shared by them alone).
 */
export function sharedFiles(): { plain: string[]; tensorflow: string[] } {
  const known = new Map<string, boolean>();
  const shareable = filesMatching(['test'], /^/).filter((f) => !NOT_SHARED.test(readFileSync(f, 'utf8')));
  return {
    plain: shareable.filter((f) => !loadsTensorFlow(f, known)),
    tensorflow: shareable.filter((f) => loadsTensorFlow(f, known)),
  };
}

/**
 * The test files under `folders` that mock a module (`vi.mock`). The other files run on Node's own `import`, through
 * tsx's loader, where Node 20 has no hook to mock a module with: these keep Vite's module runner.
 */
export const mockingFiles = (folders: readonly string[]): string[] => filesMatching(folders, /\bvi\.(mock|doMock)\(/);

/**
 * Four projects over `include` (each glob a folder, then the pattern of its test files) minus `exclude`: `shared` and
 * `shared-tensorflow` hold `sharedFiles()`, `module-runner` the files that mock a module, and `isolated` the rest.
 * `options` are the test options they repeat: a project that extends the root config would add the root's file list
 * to its own.
 */
export function sharedAndIsolated(
  options: Record<string, unknown>,
  include: string[],
  exclude: string[],
): TestProjectInlineConfiguration[] {
  const folders = include.map((glob) => glob.slice(0, glob.indexOf('/**')));
  const within = (files: string[]) => files.filter((f) => folders.some((folder) => f.startsWith(`${folder}/`)));
  const { plain, tensorflow } = sharedFiles();
  const mocking = mockingFiles(folders);
  const placed = [...plain, ...tensorflow, ...mocking];
  return [
    { test: { ...options, name: 'shared', include: within(plain), exclude, isolate: false } },
    { test: { ...options, name: 'shared-tensorflow', include: within(tensorflow), exclude, isolate: false } },
    {
      test: { ...options, name: 'module-runner', include: mocking, exclude, experimental: { viteModuleRunner: true } },
    },
    { test: { ...options, name: 'isolated', include, exclude: [...exclude, ...placed] } },
  ];
}
