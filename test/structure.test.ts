// The layout's promises. Browser safety as a folder rule: Node-only code lives in its own
// folders, and no file outside them imports a Node built-in (so the engines, the agents, the
// hints and both browser entry points run in a browser or React Native as they are); the
// browser entry points reach nothing Node-only however deep; and no file imports one that
// imports it back. A game is one module, and a game over the layouts a short declaration.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The folders of src/ whose code may use Node (DEVELOPERS.md's layout names them). */
const NODE_ONLY = ['node', 'eval', 'train', 'cli', 'page-harness', 'bridge'];

/** A game's own Node-only folder (src/games/<game>/training/: its algorithms, loaded by path). */
const GAME_NODE_ONLY = /^games\/[^/]+\/training\//;

const IMPORT = new RegExp(
  String.raw`(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]` +
    String.raw`|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)`,
  'g',
);

/** The Node built-ins a source text loads (static, dynamic or `require`; type-only imports load nothing). */
function nodeBuiltins(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) continue;
    const spec = m[2] ?? m[3] ?? m[4];
    if (spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0]))
      out.push(spec);
  }
  return out;
}

/** Node's globals a source text uses in code (comments aside): what runs in Node and nowhere else without an import. */
function nodeGlobals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const uses = new RegExp(
    String.raw`\bprocess\.(?:env|argv|exit|exitCode|cwd|platform|versions|version|stdout|stderr|stdin|on|once` +
      String.raw`|nextTick|hrtime|memoryUsage|pid)\b` +
      String.raw`|\bBuffer\.(?:from|alloc|allocUnsafe|isBuffer|concat|byteLength)\b` +
      String.raw`|\b__dirname\b|\b__filename\b|\bsetImmediate\(`,
    'g',
  );
  return [...code.matchAll(uses)].map((m) => m[0]);
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** Each game's module, src/games/<game>/index.ts, found by its folder. */
const GAME_ENTRIES = readdirSync(join(SRC, 'games'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(SRC, 'games', d.name, 'index.ts')))
  .map((d) => `games/${d.name}/index.ts`);

/** Whether a file under src/ is in a Node-only folder. */
function nodeOnly(file: string): boolean {
  const path = relative(SRC, file).split(sep).join('/');
  return NODE_ONLY.some((folder) => path.startsWith(`${folder}/`)) || GAME_NODE_ONLY.test(path);
}

describe('browser safety by folder', () => {
  it('no file outside the Node-only folders imports a Node built-in', () => {
    const files = walk(SRC).filter((f) => f.endsWith('.ts') && !nodeOnly(f));
    // The rule covers the games, the agents, the hints, the statistics and the browser entry points.
    expect(GAME_ENTRIES.length).toBeGreaterThan(0);
    for (const f of [
      ...GAME_ENTRIES,
      'agents/learned/afterstate-agent.ts',
      'hints/hint.ts',
      'stats/intervals.ts',
      'index.ts',
      'models.ts',
    ])
      expect(files).toContain(join(SRC, f));
    expect(files.some((f) => f.startsWith(join(SRC, 'node')))).toBe(false);
    const found = files.flatMap((f) =>
      nodeBuiltins(readFileSync(f, 'utf8')).map((spec) => `${relative(SRC, f)} imports ${spec}`),
    );
    expect(found).toEqual([]);
  });

  it(
    "no file outside the Node-only folders uses Node's globals (process, Buffer, __dirname, setImmediate), " +
      'which no import shows',
    () => {
      const found = walk(SRC)
        .filter((f) => f.endsWith('.ts') && !nodeOnly(f))
        .flatMap((f) => nodeGlobals(readFileSync(f, 'utf8')).map((use) => `${relative(SRC, f)} uses ${use}`));
      expect(found).toEqual([]);
      // The scan sees them in code, not in comments.
      expect(
        nodeGlobals(
          'const home = process.env.HOME;\nconst b = Buffer.from(s); // process.exit() here\nsetImmediate(f);',
        ),
      ).toEqual(['process.env', 'Buffer.from', 'setImmediate(']);
      expect(nodeGlobals("/** computed once per process. Buffer.from is Node's */\nconst x = 1;")).toEqual([]);
    },
  );

  it('the Node-only folders exist, and their files are the ones that use Node', () => {
    for (const folder of NODE_ONLY) expect(statSync(join(SRC, folder)).isDirectory()).toBe(true);
    const users = walk(SRC).filter((f) => f.endsWith('.ts') && nodeBuiltins(readFileSync(f, 'utf8')).length > 0);
    expect(users.length).toBeGreaterThan(5);
    expect(users.filter((f) => !nodeOnly(f))).toEqual([]);
  });

  it('the scan sees every way of loading a built-in, and not a type-only import', () => {
    expect(nodeBuiltins(`import { readFileSync } from 'node:fs';`)).toEqual(['node:fs']);
    expect(nodeBuiltins(`import * as path from 'path';\nexport { cpus } from 'os';`)).toEqual(['path', 'os']);
    expect(nodeBuiltins(`const { Worker } = await import('node:worker_threads');`)).toEqual(['node:worker_threads']);
    expect(nodeBuiltins(`const fs = require('fs/promises');`)).toEqual(['fs/promises']);
    expect(
      nodeBuiltins(
        `import type { Worker } from 'node:worker_threads';\nimport { z } from 'zod';\nimport { x } from './fs.js';`,
      ),
    ).toEqual([]);
  });
});

/** Packages that run in a browser as they are. */
const BROWSER_PACKAGES = [
  'zod',
  'pure-rand',
  '@tensorflow/tfjs-core',
  '@tensorflow/tfjs-layers',
  '@tensorflow/tfjs-backend-cpu',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs-backend-webgl',
];

/** The modules a source file loads at run time (type-only imports and exports excluded). */
function runtimeImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(IMPORT)) if (!m[1]) out.push(m[2] ?? m[3]);
  return out;
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('browser safety, however deep', () => {
  it('the engines, the browser-safe agents and both entry points load nothing Node-only, however deep', () => {
    const roots = [
      join(SRC, 'index.ts'),
      join(SRC, 'models.ts'),
      ...walk(join(SRC, 'env')),
      ...walk(join(SRC, 'agents')),
      ...walk(join(SRC, 'games')).filter((f) => !nodeOnly(f)),
      ...walk(join(SRC, 'hints')),
      ...walk(join(SRC, 'stats')),
    ];
    const problems: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        const via = [...chain, relative(SRC, file)].join(' → ');
        if (spec.startsWith('.')) {
          const target = join(dirname(file), spec.replace(/\.js$/, '.ts'));
          if (!existsSync(target)) problems.push(`${via}: cannot find ${spec}`);
          else if (nodeOnly(target)) problems.push(`${via} imports the Node-only ${relative(SRC, target)}`);
          else visit(target, [...chain, relative(SRC, file)]);
        } else if (spec.startsWith('node:') || builtinModules.includes(spec)) problems.push(`${via} imports ${spec}`);
        else if (!BROWSER_PACKAGES.includes(packageOf(spec)))
          problems.push(`${via} imports the package ${spec}, not known to be browser-safe`);
      }
    };
    for (const root of roots) visit(root, []);
    expect(problems).toEqual([]);
    // The check reaches the games and the TensorFlow.js agents.
    for (const f of [...GAME_ENTRIES, 'models.ts']) expect(seen.has(join(SRC, f)), f).toBe(true);
  });

  it('the scan sees what a Node-only import looks like', () => {
    expect(runtimeImports(join(SRC, 'node/model-files.ts'))).toEqual(
      expect.arrayContaining(['node:fs/promises', 'node:path']),
    );
    expect(runtimeImports(join(SRC, 'node/load-model.ts'))).toContain('./model-files.js');
    // `import type` loads nothing at run time.
    expect(runtimeImports(join(SRC, 'models.ts')).filter((spec) => spec.startsWith('@tensorflow/'))).toEqual([]);
    expect(runtimeImports(join(SRC, 'models.ts'))).toContain('./agents/learned/head-agent.js');
    expect(runtimeImports(join(SRC, 'env/env-support.ts'))).toEqual(
      expect.arrayContaining(['zod/mini', './errors.js']),
    );
  });

  it(
    "zod is loaded as a namespace, import * as z, which every bundler trims to what is used (zod's object z is " +
      "not: esbuild then bundles all of zod's translated messages, half of a minified page that imports the " +
      'package root)',
    () => {
      const zodImport = /^import\s+(?!type\b)(.*?)\s+from\s+['"]zod(?:\/[^'"]*)?['"];?$/gm;
      // src/, and the example game DEVELOPERS.md's "Adding a game" runs (a user copies its form).
      const found = [...walk(SRC), fileURLToPath(new URL('./helpers/ten-pairs.ts', import.meta.url))]
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) =>
          [...readFileSync(f, 'utf8').matchAll(zodImport)].map((m) => `${relative(SRC, f)}: import ${m[1]}`),
        );
      expect(found.length).toBeGreaterThan(10);
      // And English, the one locale zod/mini's messages are set to (errors.ts), by name: a bundler keeps it alone.
      expect(
        found.filter((line) => !line.endsWith(': import * as z') && line !== 'env/errors.ts: import { en }'),
      ).toEqual([]);
    },
  );
});

/** The files of src/ that `file` imports (values and types alike: a type import still ties the files). */
function localImports(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = m[2] ?? m[3] ?? m[4];
    if (spec.startsWith('.')) out.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return out;
}

/** The import circles of a graph, each as the files of one strongly connected component (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    onStack = new Set<string>(),
    found: string[][] = [];
  const connect = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

describe('no import circles', () => {
  it('no file under src/ imports one that imports it back, however far round', () => {
    const files = walk(SRC).filter((f) => f.endsWith('.ts'));
    const graph = new Map(files.map((f) => [f, localImports(f)]));
    expect(circles(graph).map((c) => c.map((f) => relative(SRC, f)))).toEqual([]);
  });

  it('the research programs are the top of the tree: nothing under src/ imports research/', () => {
    const research = fileURLToPath(new URL('../research', import.meta.url)) + sep;
    const into = walk(SRC)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        localImports(f)
          .filter((t) => t.startsWith(research))
          .map((t) => `${relative(SRC, f)} → ${t}`),
      );
    expect(into).toEqual([]);
  });

  it(
    "each folder imports only the folders before it in DEVELOPERS.md's order (the package's entry points, " +
      'src/index.ts and models.ts, the browser-safe ones)',
    () => {
      // The order, and what each folder may import; research, bridge and page-harness are the top, imported by nothing
      // (above).
      // A game's folder is one layer after agents (its Node-only training/ after train); the list of games,
      // src/games/index.ts, is what the entry points import to register them.
      const before: Record<string, string[]> = {
        env: [],
        agents: ['env'],
        games: ['env', 'agents'],
        hints: ['env', 'agents'],
        stats: ['env', 'agents'],
        session: ['env', 'agents', 'hints', 'stats'],
        node: ['env', 'agents', 'hints', 'stats', 'session', 'games/list'],
        eval: ['env', 'agents', 'hints', 'stats', 'session', 'node', 'games/list'],
        train: ['env', 'agents', 'hints', 'stats', 'session', 'node', 'eval'],
        'games/training': ['env', 'agents', 'games', 'hints', 'stats', 'session', 'node', 'eval', 'train'],
        cli: ['env', 'agents', 'hints', 'stats', 'session', 'node', 'eval', 'train', 'games/list'],
        bridge: ['env', 'agents', 'hints', 'stats', 'session', 'node', 'eval', 'games/list'],
        'page-harness': ['env', 'agents', 'hints', 'stats', 'session', 'node', 'eval', 'cli', 'games/list'],
        'games/list': ['games'],
        '(entry)': ['env', 'agents', 'hints', 'stats', 'session', 'games/list'],
      };
      // The one import the other way: tengym/node re-exports evaluate (DEVELOPERS.md says so).
      const allowed = new Set(['node/index.ts → eval/evaluate.ts']);
      const folderOf = (file: string) => {
        const path = relative(SRC, file).split(sep).join('/');
        if (path === 'games/index.ts') return 'games/list';
        if (GAME_NODE_ONLY.test(path)) return 'games/training';
        const parts = path.split('/');
        return parts.length === 1 ? '(entry)' : parts[0];
      };
      const files = walk(SRC).filter((f) => f.endsWith('.ts'));
      expect(
        Object.keys(before)
          .filter((k) => k !== '(entry)')
          .sort(),
      ).toEqual([...new Set(files.map(folderOf).filter((k) => k !== '(entry)'))].sort());
      // A game's training/ is within its game: it imports its own game's files as any of them does.
      const within = (f: string, t: string) => folderOf(f) === 'games/training' && folderOf(t) === 'games';
      const against = files.flatMap((f) =>
        localImports(f)
          .filter((t) => folderOf(t) !== folderOf(f) && !before[folderOf(f)].includes(folderOf(t)) && !within(f, t))
          .map((t) => `${relative(SRC, f)} → ${relative(SRC, t)}`)
          .filter((edge) => !allowed.has(edge.split(sep).join('/'))),
      );
      expect(against).toEqual([]);
    },
  );

  it('the circle finder finds a two-file and a three-file circle, and no circle in a chain', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('TensorFlow.js, its parts and not the union package', () => {
  const ROOT = join(SRC, '..');
  const UNION = '@tensorflow/tfjs';
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >;

  it(
    "package.json asks for TensorFlow.js's core, layers and backends as peer dependencies (an app that loads " +
      'no model leaves them out, --legacy-peer-deps), at one version, and not for @tensorflow/tfjs, which adds ' +
      '140 MB of bundles, the converter and tf.data',
    () => {
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'])
        expect(Object.keys(pkg[field] ?? {}), field).not.toContain(UNION);
      expect(Object.keys(pkg.dependencies ?? {}).filter((name) => name.startsWith('@tensorflow/'))).toEqual([]);
      const tf = Object.entries(pkg.peerDependencies ?? {}).filter(([name]) => name.startsWith('@tensorflow/'));
      expect(tf.map(([name]) => name).sort()).toEqual([
        '@tensorflow/tfjs-backend-cpu',
        '@tensorflow/tfjs-backend-wasm',
        '@tensorflow/tfjs-backend-webgl',
        '@tensorflow/tfjs-core',
        '@tensorflow/tfjs-layers',
      ]);
      expect(new Set(tf.map(([, range]) => range)).size).toBe(1);
    },
  );

  it(
    'no file of src/ or web/ imports @tensorflow/tfjs, and only src/agents/learned/tf.js imports tfjs-core and ' +
      'tfjs-layers',
    () => {
      const files = [...walk(SRC), ...walk(join(ROOT, 'web'))].filter((f) => /\.(ts|tsx|js|mjs)$/.test(f));
      const imports = files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => ({
          file: relative(ROOT, f).split(sep).join('/'),
          spec: m[2] ?? m[3] ?? m[4],
        })),
      );
      expect(imports.length).toBeGreaterThan(100);
      expect(imports.filter(({ spec }) => packageOf(spec) === UNION)).toEqual([]);
      const coreOrLayers = imports.filter(({ spec }) =>
        ['@tensorflow/tfjs-core', '@tensorflow/tfjs-layers'].includes(packageOf(spec)),
      );
      expect([...new Set(coreOrLayers.map(({ file }) => file))]).toEqual(['src/agents/learned/tf.ts']);
    },
  );
});

/** The folder of a game's module a file under src/ lies in ("decade" for src/games/decade/…), or null. */
function gameFolderOf(file: string): string | null {
  const path = relative(SRC, file).split(sep).join('/');
  return /^games\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** The identifiers a source text's code uses (comments and string or template text are not code). */
function identifiersOf(source: string): Set<string> {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) out.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The names a source text declares itself (a local EMPTY is its own word). */
function declaredIn(source: string): Set<string> {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (
      name &&
      ts.isIdentifier(name) &&
      (ts.isVariableDeclaration(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node) ||
        ts.isParameter(node))
    )
      out.add(name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The names a source text exports (declarations and export lists). */
function exportedNames(source: string): string[] {
  const names = [
    ...source.matchAll(
      /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([\w$]+)/gm,
    ),
  ].map((m) => m[1]);
  for (const m of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of m[1].split(','))
      if (part.trim())
        names.push(
          part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        );
  return names;
}

/** A file's first comment: a leading block comment, or its leading // lines. */
function firstComment(text: string): string {
  if (text.startsWith('/*')) return text.slice(0, text.indexOf('*/') + 2);
  return text.match(/^(\/\/.*\n)+/)?.[0] ?? '';
}

/** Lines that hold code: a token starts on them, or a string or template spans them. Comments and blanks are not. */
function codeLines(source: string): number {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = new Set<number>();
  const visit = (node: ts.Node) => {
    // A doc comment is a node of the tree, and still a comment.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(file);
    if (children.length === 0 && node.kind !== ts.SyntaxKind.EndOfFileToken) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      for (let line = first; line <= last; line++) lines.add(line);
    }
    for (const child of children) visit(child);
  };
  visit(file);
  return lines.size;
}

/** The most code lines a game's folder holds, its agents/ left out: a game over the layouts is a declaration. */
const DECLARATION_LINES = 150;

describe('a game is one module', () => {
  const files = walk(SRC).filter((f) => f.endsWith('.ts'));
  const games = [...new Set(files.map(gameFolderOf).filter((g): g is string => g !== null))];

  it("no file outside a game's folder imports from it, but the list of games (src/games/index.ts)", () => {
    expect(games.map((g) => `games/${g}/index.ts`)).toEqual(expect.arrayContaining(GAME_ENTRIES));
    const list = join(SRC, 'games', 'index.ts');
    const into = files.flatMap((f) =>
      localImports(f)
        .filter((t) => gameFolderOf(t) !== null && gameFolderOf(t) !== gameFolderOf(f) && f !== list)
        .map((t) => `${relative(SRC, f)} → ${relative(SRC, t)}`),
    );
    expect(
      into,
      'generic code finds a game through the registry (make, envs()) and its kit (kitOf), and imports none of its ' +
        "files; a game's module registers itself, and only src/games/index.ts imports it",
    ).toEqual([]);
  });

  it("no generic file names a game's own identifiers (FourTen…, decadeOf, END_TURN, …) in its code", () => {
    const own = new Map<string, string>();
    for (const f of files.filter((f) => gameFolderOf(f) !== null))
      for (const name of exportedNames(readFileSync(f, 'utf8'))) own.set(name, relative(SRC, f));
    // Every game exports names of its own (its module at least).
    expect(games.filter((g) => ![...own.values()].some((file) => file.startsWith(`games${sep}${g}${sep}`)))).toEqual(
      [],
    );
    // A name a generic file exports too is the generic file's (a game may reuse a word), not the game's.
    for (const f of files.filter((f) => gameFolderOf(f) === null))
      for (const name of exportedNames(readFileSync(f, 'utf8'))) own.delete(name);
    const found = files
      .filter((f) => gameFolderOf(f) === null && f !== join(SRC, 'games', 'index.ts'))
      .flatMap((f) => {
        const source = readFileSync(f, 'utf8');
        const words = identifiersOf(source);
        // Its own declarations (a local EMPTY) are its own words.
        const declared = declaredIn(source);
        return [...words]
          .filter((w) => own.has(w) && !declared.has(w))
          .map((w) => `${relative(SRC, f)} names ${w} (${own.get(w)})`);
      });
    expect(
      found,
      "a game's exported names are its own: a word that generic code uses too (a property such as score or legal " +
        "reads as one) makes generic code seem to name the game. Rename the game's export (its game's name in it: " +
        'decadeOf, fourTenGame), or keep it unexported',
    ).toEqual([]);
  });

  it(`a game's folder, agents/ left out, holds at most ${DECLARATION_LINES} code lines, or its index says why`, () => {
    const over = games.flatMap((game) => {
      const lines = files
        .filter((f) => gameFolderOf(f) === game && !relative(SRC, f).split(sep).includes('agents'))
        .reduce((sum, f) => sum + codeLines(readFileSync(f, 'utf8')), 0);
      const index = firstComment(readFileSync(join(SRC, 'games', game, 'index.ts'), 'utf8'));
      return lines > DECLARATION_LINES && !index.includes(`${DECLARATION_LINES} code lines`)
        ? [`games/${game}: ${lines} code lines`]
        : [];
    });
    expect(
      over,
      'a game over the layouts declares its layout, removal rule, refill and end, with only its special rules as ' +
        'code: a game that needs more shows where the toolkit lacks a piece (docs/decisions/games.md). Else ' +
        `its index's first comment says why it is past ${DECLARATION_LINES} code lines`,
    ).toEqual([]);
  });

  it('counts code lines, not comments or blanks', () => {
    const source = '// a\n/** b\n * c */\nconst x = `1\n2`; // d\n\n/* e */ f();\n';
    expect(codeLines(source)).toBe(3);
  });

  it('the scans see names in code, not in comments or strings, and export lists', () => {
    expect([...identifiersOf("const x = decadeOf(env); // fourTenOf here\n/** END_TURN */ const s = 'DRAW';")]).toEqual(
      ['x', 'decadeOf', 'env', 's'],
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template, scanned, not run
    expect([...identifiersOf('const t = `a ${u ? `b ${END_TURN}` : `c`} d`;')]).toEqual(['t', 'u', 'END_TURN']);
    expect(exportedNames('export const A = 1;\nexport function b() {}\nexport { c, type D, e as F };')).toEqual([
      'A',
      'b',
      'c',
      'D',
      'F',
    ]);
  });

  it(
    "a game's browser-safe files load no TensorFlow.js, however " + "deep (its trained models' heads take a network)",
    () => {
      const problems: string[] = [];
      const seen = new Set<string>();
      const visit = (file: string, chain: string[]) => {
        if (seen.has(file)) return;
        seen.add(file);
        for (const spec of runtimeImports(file)) {
          const via = [...chain, relative(SRC, file)].join(' → ');
          if (spec.startsWith('.'))
            visit(join(dirname(file), spec.replace(/\.js$/, '.ts')), [...chain, relative(SRC, file)]);
          else if (spec.startsWith('@tensorflow/')) problems.push(`${via} imports ${spec}`);
        }
      };
      for (const f of files.filter((f) => gameFolderOf(f) !== null && !nodeOnly(f))) visit(f, []);
      expect(problems).toEqual([]);
      for (const f of GAME_ENTRIES) expect(seen.has(join(SRC, f)), f).toBe(true);
    },
  );
});

/** An identifier's words, lower case: fourTenOf → four ten of, DECADE_KIT → decade kit. */
function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_$]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

describe('generic code speaks of no game', () => {
  it("no identifier of a generic file holds a shipped game's name (fourTenFigures, DecadeOutcome, …)", async () => {
    const { envs } = await import('../src/index.js');
    const names = [...new Set(envs().map((e) => e.engine))].map((engine) => engine.split('-'));
    expect(names.length).toBeGreaterThan(0);
    const holds = (words: string[], name: string[]) =>
      words.some((_, i) => name.every((part, k) => words[i + k] === part));
    const files = walk(SRC).filter((f) => f.endsWith('.ts') && gameFolderOf(f) === null);
    const found = files.flatMap((f) => {
      return [...identifiersOf(readFileSync(f, 'utf8'))]
        .filter((w) => names.some((name) => holds(identifierWords(w), name)))
        .map((w) => `${relative(SRC, f)}: ${w}`);
    });
    expect(
      found,
      "generic code names no game, not even in an identifier: say what the thing is for any game (a kit's member, " +
        'a result field), and find the game through the registry',
    ).toEqual([]);
    expect(identifierWords('fourTenFigures')).toEqual(['four', 'ten', 'figures']);
    expect(identifierWords('DECADE_KIT')).toEqual(['decade', 'kit']);
  });
});

describe('file length', () => {
  const LIMIT = 600;
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.(ts|css)$/.test(name) ? [path] : [];
    });

  it(`no file in src/ or web/ passes ${LIMIT} lines without saying why in its first comment`, () => {
    const roots = [SRC, fileURLToPath(new URL('../web', import.meta.url))];
    const long = roots.flatMap(files).filter((f) => readFileSync(f, 'utf8').split('\n').length > LIMIT);
    const silent = long.filter((f) => !/600 lines/.test(firstComment(readFileSync(f, 'utf8'))));
    expect(silent.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('reads the first comment of a file, block or line comments', () => {
    expect(firstComment('/**\n * Past 600 lines on purpose.\n */\ncode')).toContain('600 lines');
    expect(firstComment('// a\n// b\ncode // 600 lines')).toBe('// a\n// b\n');
    expect(firstComment('code\n/* 600 lines */')).toBe('');
  });
});
