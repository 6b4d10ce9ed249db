// The docs' code, run as a user runs it, so that a snippet cannot rot unnoticed: every ```js and
// ```ts block of docs/api.md, docs/environments.md, docs/hints.md, docs/agents.md and
// docs/play-page.md (but its page snippet, `RUN_ELSEWHERE`), against the
// built dist/ (its `from 'tengym'` imports are the repository's entry points), where a
// `console.log(…); // X` must print X at that line (`…` standing for what varies), and every
// shell transcript of those pages (a `$ command` line, then what it prints), run in a scratch
// folder with the built `tengym` first on the PATH; and every `tengym` command the README,
// DEVELOPERS.md, models/README.md and the docs write (but those that record measurements), in a
// shell block or inline, names a command and flags that exist. The README's Node snippet and
// play-page.md's page snippet (in Chromium) run from a packed install (test/cli/package.test.ts);
// docs/python.md's Python blocks in python/tests/test_docs.py.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tengymHere } from './helpers/cli.js';
import { limit } from './helpers/process.js';
import { fullScale } from './helpers/scale.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = ['docs/api.md', 'docs/environments.md', 'docs/hints.md', 'docs/agents.md', 'docs/play-page.md'];
/**
 * The folder of the WebAssembly backend's .wasm files, as a page's `wasmPath` (in Node a folder path serves as the
 * prefix).
 */
const WASM_PATH =
  join(dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + sep;

interface CodeBlock {
  doc: string;
  /** The line of its opening fence. */
  line: number;
  lang: string;
  code: string;
}

/** The fenced code blocks of a markdown file, in order. */
function codeBlocks(doc: string): CodeBlock[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.indexOf('```', i + 1);
    if (end < 0) throw new Error(`${doc}:${i + 1}: a code block that never closes`);
    blocks.push({ doc, line: i + 1, lang: open[1], code: lines.slice(i + 1, end).join('\n') + '\n' });
    i = end;
  }
  return blocks;
}

const BLOCKS = DOCS.flatMap(codeBlocks);

/** Programs run elsewhere, and where. */
const RUN_ELSEWHERE: { doc: string; containing: string; why: string }[] = [
  {
    doc: 'docs/play-page.md',
    containing: "await hinterForEnv('decade', {}, {",
    why: 'the page snippet: built with Vite from the packed package and played in Chromium (test/cli/package.test.ts)',
  },
];
const runElsewhere = (b: CodeBlock): boolean =>
  RUN_ELSEWHERE.some((r) => r.doc === b.doc && b.code.includes(r.containing));
const PROGRAMS = BLOCKS.filter((b) => (b.lang === 'js' || b.lang === 'ts') && !runElsewhere(b));
const TRANSCRIPTS = BLOCKS.filter((b) => (b.lang === 'sh' || b.lang === '') && /^\$ /m.test(b.code));

/**
 * What a block that is not a whole program runs with: code before it (the state its prose assumes), checks after it.
 */
interface Context {
  doc: string;
  /** A text of the block, to find it by. */
  containing: string;
  /** It runs in a page: `location` is the address of a page served beside the repository's models/ (at /models/). */
  page?: boolean;
  before?: string;
  after?: string;
  /** Texts of the block replaced before it runs, each first occurrence in turn, and why. */
  replace?: [string, string][];
  why: string;
}

const CONTEXTS: Context[] = [
  {
    doc: 'docs/api.md',
    containing: "loadModelFromUrl('/models/decade/model.json', 'models/decade/');",
    page: true,
    after:
      "import { make as makeEnv } from 'tengym';\nconst played = makeEnv('decade');\nplayed.reset({ seed: 1 " +
      "});\nif (!played.legalActions().includes(agent.act(played))) throw new Error('the loaded agent played " +
      "an illegal move');",
    why: 'a page: its relative URL is resolved against the address of a page served beside the models, as in a browser',
  },
  {
    doc: 'docs/api.md',
    containing: 'fetched.push(',
    page: true,
    after:
      "import { make as makeEnv } from 'tengym';\nconst played = makeEnv('decade');\nplayed.reset({ seed: 1 " +
      "});\nif (!played.legalActions().includes(agent.act(played))) throw new Error('the model loaded through " +
      "the fetch given played an illegal move');",
    why: 'a page, as the block before it: the fetch given is called with absolute URLs of the models served beside it',
  },
  {
    doc: 'docs/api.md',
    containing: "agents: ['models/decade', 'pimc', 'longest'], episodes: 2000",
    // Below full scale (TENGYM_TEST_SCALE, test/helpers/scale.ts) 20 deals: what runs is the call, not the figures.
    replace: [['episodes: 2000', `episodes: ${fullScale ? 100 : 20}`]],
    why: '2,000 deals of the model and pimc take 20 s; 100 (20 below full scale) run the call as written',
  },
  {
    doc: 'docs/api.md',
    containing: 'const part = (firstDeal) =>',
    // The parts and the whole shrink together, so that the parts still join to the whole deal for deal.
    replace: fullScale
      ? []
      : [
          ['episodes: 100', 'episodes: 10'],
          ['part(100)', 'part(10)'],
          ['episodes: 200', 'episodes: 20'],
        ],
    why:
      "pimc's 400 deals take 20 s; below full scale 40, split as the text splits them: the check joins the " +
      'parts, whatever their size',
  },
  {
    doc: 'docs/hints.md',
    containing: 'const states = new GameStates(env);',
    before:
      "import { createHinter, make } from 'tengym';\nconst env = make('ten-twenty-thirty');\nenv.reset({ " +
      'seed: 4 });\nconst hinter = createHinter();\nconst action = env.legal[0];',
    after: "if (hints.length === 0) throw new Error('no hints');",
    why: 'a fragment: the env, a hinter and a move come from the text before it',
  },
  {
    doc: 'docs/hints.md',
    containing: "localStorage.setItem('game'",
    before: [
      "import { GameStates, make } from 'tengym';",
      "const env = make('ten-twenty-thirty');",
      'env.reset({ seed: 4 });',
      'const states = new GameStates(env);',
      'env.step(env.legal[0]);',
      'states.record(env);',
      'const stored = new Map<string, string>();',
      'const localStorage = { setItem: (key: string, value: string) => void stored.set(key, value), getItem: ' +
        '(key: string) => stored.get(key) ?? null };',
    ].join('\n'),
    after:
      "if (JSON.stringify(restored) !== JSON.stringify(states)) throw new Error('the restored states differ " +
      "from those saved');",
    why: "a fragment of a page: a game's states from the block before it, and a page's localStorage",
  },
  {
    doc: 'docs/play-page.md',
    containing: 'async function switchGame(',
    page: true,
    replace: [["wasmPath: '/wasm/'", `wasmPath: ${JSON.stringify(WASM_PATH)}`]],
    after: [
      "import { isTengymError, make as makeEnv } from 'tengym';",
      "const index: ModelIndex = await (await fetch(new URL('/models/index.json', location.href))).json();",
      "const played = makeEnv('decade');",
      'played.reset({ seed: 1 });',
      'while (played.legalCount === 1) played.step(played.legal[0]);',
      "const decade = await switchGame('decade', index);",
      "if (decade.hint(played).source !== 'model models/decade/ (shipped)') throw new Error('decade’s hints " +
        "came from another source than its model');",
      "const fourTen = await switchGame('four-ten', index);",
      "if (!fourTen.sourceFor('four-ten').startsWith('bottom-direct')) throw new Error('four-ten’s hints came " +
        "from another source than bottom-direct');",
      "let code = '';",
      'try {',
      '  decade.hint(played);',
      '} catch (e) {',
      '  code = isTengymError(e) ? e.code : String(e);',
      '}',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a snippet's source text, its template run by the test
      "if (code !== 'disposed') throw new Error(`decade’s hinter, its model disposed, gave ${code || 'hints'}`);",
    ].join('\n'),
    why:
      "a page's fragment: the models' index fetched as the page snippet before it does, the .wasm files where " +
      "the repository has them (a page serves them at /wasm/); then decade's hinter, once the game switched to " +
      'four-ten, says its model was disposed',
  },
];

/** Transcripts not run, and why. */
const NOT_RUN: { doc: string; containing: string; why: string }[] = [
  {
    doc: 'docs/hints.md',
    containing: '$ npx tengym bench --hints',
    why: 'a measurement: over a minute, and its timings differ from run to run',
  },
];

const contextOf = (block: CodeBlock): Context | undefined =>
  CONTEXTS.find((c) => c.doc === block.doc && block.code.includes(c.containing));

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A documented output as a pattern: whitespace runs are one space, `…` stands for anything. */
function outputPattern(expected: string): RegExp {
  const parts = expected.replace(/\s+/g, ' ').trim().split('…');
  return new RegExp(`^${parts.map(escapeRegExp).join('.*?')}$`, 's');
}

/**
 * The program with each `console.log(…); // X` turned into a call that prints as console.log
 * does and records what it printed beside X; a comment's `//   more` lines below it continue X.
 * The lines stay where they were, so a record's line is the block's.
 */
function instrument(code: string): { code: string; checked: number[] } {
  const lines = code.split('\n');
  const checked: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(.*?)console\.log\((.*)\);\s*\/\/ (.*)$/.exec(lines[i]);
    if (!m) continue;
    let expected = m[3];
    for (let k = i + 1; k < lines.length && /^\s*\/\/\s{2,}\S/.test(lines[k]); k++) {
      expected += ' ' + lines[k].replace(/^\s*\/\//, '').trim();
      lines[k] = '';
    }
    lines[i] = `${m[1]}__printed(${i + 1}, ${JSON.stringify(expected)}, ${m[2]});`;
    checked.push(i + 1);
  }
  return { code: lines.join('\n'), checked };
}

/**
 * The entry points of package.json's exports, 'tengym', 'tengym/node' and 'tengym/models': their files in dist/ and
 * their types.
 */
const ENTRY_POINTS: Record<string, { code: string; types: string }> = (() => {
  const exports = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types: string; default: string }>;
    }
  ).exports;
  const out: Record<string, { code: string; types: string }> = {};
  for (const [key, target] of Object.entries(exports)) {
    if (key.includes('*') || typeof target === 'string') continue;
    out[key === '.' ? 'tengym' : `tengym/${key.slice(2)}`] = {
      code: pathToFileURL(join(ROOT, target.default)).href,
      types: join(ROOT, target.types),
    };
  }
  return out;
})();

/** The program as Node runs it: TypeScript's types stripped, `tengym` imports pointed at dist/. */
function asModule(code: string, lang: string): string {
  const js =
    lang === 'ts'
      ? ts.transpileModule(code, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
        }).outputText
      : code;
  return js.replace(
    /(\bfrom\s*|\bimport\s*\(\s*)(['"])(tengym(?:\/[^'"]*)?)\2/g,
    (_match, lead: string, quote: string, spec: string) => {
      const target = ENTRY_POINTS[spec];
      if (!target) throw new Error(`an import of ${spec}, which the package does not export`);
      return `${lead}${quote}${target.code}${quote}`;
    },
  );
}

const PRINTED = [
  "import { appendFileSync as __append } from 'node:fs';",
  "import { format as __format } from 'node:util';",
  'const __printed = (line, expected, ...args) => {',
  '  const printed = __format(...args);',
  '  console.log(printed);',
  '  __append(process.env.TENGYM_SNIPPET_RECORDS, JSON.stringify({ line, expected, printed }) + "\\n");',
  '};',
].join('\n');

interface Ran {
  status: number | null;
  output: string;
  stderr: string;
}

/** The programs' and transcripts' processes, two at a time: one a core. */
const twoAtATime = limit(2);

/**
 * The time limit of a program or transcript, its wait for a turn included: the tests of each kind run side by side,
 * two processes at a time, and wait in one queue.
 */
const QUEUED_LIMIT_MS = 300_000;

/** Runs a command to its end (without blocking this process, which may be serving the page), two at a time. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return twoAtATime(() => runNow(command, args, options));
}

function runNow(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stderr = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, output, stderr });
    });
  });
}

/** Docs that record measurements and decisions as they were made, whose commands are history. */
const MEASUREMENTS = ['docs/decisions.md', 'docs/mutation.md', 'docs/reliability.md'];
const COMMAND_DOCS = [
  'README.md',
  'DEVELOPERS.md',
  'models/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
].filter((d) => !MEASUREMENTS.includes(d));

/** The `tengym` command lines of a doc, each from its command's name on: in its shell blocks and in its inline code. */
function tengymCommands(doc: string): string[] {
  const shell = codeBlocks(doc)
    .filter((b) => b.lang === 'sh' || b.lang === '')
    .flatMap((b) => b.code.split('\n'));
  const prose = readFileSync(join(ROOT, doc), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1].replace(/\s+/g, ' '));
  return [...shell, ...inline].flatMap((line) =>
    line
      .split(/(?:^|\s)(?:npx )?tengym (?=[a-z])/)
      .slice(1)
      .map((c) => c.trim()),
  );
}

/** A transcript's commands, each with the lines the doc shows it printing. */
function commands(block: CodeBlock): { command: string; expected: string[] }[] {
  const out: { command: string; expected: string[] }[] = [];
  for (const line of block.code.trimEnd().split('\n')) {
    if (line.startsWith('$ ')) out.push({ command: line.slice(2), expected: [] });
    else if (out.length > 0) out[out.length - 1].expected.push(line);
    else throw new Error(`${block.doc}:${block.line}: a transcript that prints before its first command`);
  }
  return out;
}

/**
 * Whether a command's output is what the transcript shows: line by line, a line `…` standing for any lines, a `…` in a
 * line for any text.
 */
function printedAs(expected: string[], output: string): boolean {
  const lines = output.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const text = lines.map((l) => `${l.trimEnd()}\n`).join('');
  const pattern = expected
    .map((l) => (l === '…' ? '(?:[^\\n]*\\n)*?' : `${escapeRegExp(l.trimEnd()).replaceAll('…', '[^\\n]*?')}\\n`))
    .join('');
  return new RegExp(`^${pattern}$`).test(text);
}

let scratch = '';
let bin = '';
let page = '';
let server: Server | null = null;

/**
 * What every run gets: the backend the docs' figures were printed on (a model's scores differ in their last digits on
 * another), and the backend line printed as a user sees it.
 */
function runEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TENGYM_TF_BACKEND: 'wasm', ...extra };
  delete env.TENGYM_QUIET;
  delete env.NO_COLOR;
  return env;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'tengym-doc-snippets-'));
  // `npx tengym` in a transcript is the built command: npx would look it up through npm, whose own warnings would join
  // the output.
  bin = join(scratch, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'tengym'),
    `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist', 'cli', 'main.js')}" "$@"\n`,
  );
  chmodSync(join(bin, 'tengym'), 0o755);
  const models = join(ROOT, 'models');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    const file = resolve(models, path.replace(/^\/models\//, ''));
    if (!path.startsWith('/models/') || !file.startsWith(models + sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream' })
      .end(readFileSync(file));
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  page = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => {
  server?.close();
});

describe("the docs' code blocks", () => {
  it(
    'are found: the pages hold programs and transcripts, and each context and skipped transcript names a block ' +
      'there',
    () => {
      expect(PROGRAMS.length).toBeGreaterThanOrEqual(8);
      expect(TRANSCRIPTS.length).toBeGreaterThanOrEqual(4);
      // The printed lines the programs promise, so that a change of how they are written cannot turn every check off.
      expect(PROGRAMS.flatMap((b) => instrument(b.code).checked).length).toBeGreaterThanOrEqual(6);
      for (const c of CONTEXTS)
        expect(
          PROGRAMS.filter((b) => b.doc === c.doc && b.code.includes(c.containing)),
          `${c.doc}: ${c.containing}`,
        ).toHaveLength(1);
      for (const c of CONTEXTS)
        for (const [from] of c.replace ?? [])
          expect(PROGRAMS.find((b) => b.doc === c.doc && b.code.includes(c.containing))!.code, c.containing).toContain(
            from,
          );
      for (const n of NOT_RUN)
        expect(
          TRANSCRIPTS.filter((b) => b.doc === n.doc && b.code.includes(n.containing)),
          `${n.doc}: ${n.containing}`,
        ).toHaveLength(1);
      for (const r of RUN_ELSEWHERE)
        expect(
          BLOCKS.filter((b) => b.doc === r.doc && b.code.includes(r.containing)),
          `${r.doc}: ${r.containing}`,
        ).toHaveLength(1);
    },
  );

  it('a documented output is a pattern: whitespace is loose, … stands for anything, the rest is exact', () => {
    expect(outputPattern('{ diff: …, ci95: […] } 2000').test('{ diff: -0.0895, ci95: [ -0.1, -0.07 ] } 2000')).toBe(
      true,
    );
    expect(outputPattern('{ won: true,\n  cardsLeft: 0 }').test('{ won: true, cardsLeft: 0 }')).toBe(true);
    expect(outputPattern('{ won: true, cardsLeft: 0 }').test('{ won: false, cardsLeft: 0 }')).toBe(false);
    expect(outputPattern('1 (2)').test('1 (2) 3')).toBe(false);
    const { code, checked } = instrument(
      "const a = 1; // not output\nconsole.log(a); // 1\nif (a) console.log(a, 'b'); // 1 b\n//   and " +
        'more\nconsole.log(a);\n',
    );
    expect(checked).toEqual([2, 3]);
    expect(code.split('\n')).toEqual([
      'const a = 1; // not output',
      '__printed(2, "1", a);',
      'if (a) __printed(3, "1 b and more", a, \'b\');',
      '',
      'console.log(a);',
      '',
    ]);
  });

  // Side by side: each program runs in a folder of its own, and its processes wait for a turn (`run`).
  it.concurrent.each(PROGRAMS.map((b) => [`${b.doc}:${b.line}`, b] as const))(
    '%s runs against dist/ and prints what its comments say',
    async (_, block) => {
      const context = contextOf(block);
      let source = block.code;
      for (const [from, to] of context?.replace ?? []) source = source.replace(from, to);
      const { code, checked } = instrument(source);
      const program = [
        PRINTED,
        context?.page ? `globalThis.location = { href: ${JSON.stringify(page)} };` : '',
        asModule(context?.before ?? '', block.lang),
        asModule(code, block.lang),
        asModule(context?.after ?? '', block.lang),
      ].join('\n');
      const dir = mkdtempSync(join(scratch, 'program-'));
      writeFileSync(join(dir, 'snippet.mjs'), program);
      const records = join(dir, 'printed.jsonl');
      writeFileSync(records, '');
      const r = await run(process.execPath, ['snippet.mjs'], {
        cwd: dir,
        env: runEnv({ TENGYM_SNIPPET_RECORDS: records }),
      });
      expect(r.status, `${block.doc}:${block.line} failed:\n${r.stderr}`).toBe(0);
      // TensorFlow.js's advice to install tfjs-node is for Node alone, where the browser's snippet runs here.
      expect(r.stderr.replace(/\n=+\nHi, looks like you are running TensorFlow\.js in Node\.js\..*\n=+\n/s, '')).toBe(
        '',
      );
      const printed = readFileSync(records, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { line: number; expected: string; printed: string });
      for (const line of checked) {
        const at = printed.filter((p) => p.line === line);
        expect(
          at.length,
          `${block.doc}:${block.line + line}: the console.log with a documented output never ran`,
        ).toBeGreaterThan(0);
        for (const p of at)
          expect(p.printed.replace(/\s+/g, ' ').trim(), `${block.doc}:${block.line + line}`).toMatch(
            outputPattern(p.expected),
          );
      }
    },
    QUEUED_LIMIT_MS,
  );

  it('a transcript is matched line by line: … alone stands for any lines, … in a line for any text', () => {
    expect(printedAs(['a', '…', 'd'], 'a\nb\nc\nd\n')).toBe(true);
    expect(printedAs(['a', '…', 'd'], 'a\nd\n')).toBe(true);
    expect(printedAs(['a …'], 'a b c\n')).toBe(true);
    expect(printedAs(['a', 'd'], 'a\nb\nd\n')).toBe(false);
    expect(printedAs([], 'anything\n')).toBe(false);
    expect(printedAs([], '')).toBe(true);
    expect(printedAs(['> '], '>\n')).toBe(true);
  });

  it('the ```ts blocks type-check against the built types, strictly, as in an app of their reader', async () => {
    const dir = mkdtempSync(join(scratch, 'types-'));
    const files = PROGRAMS.filter((b) => b.lang === 'ts').map((block) => {
      const context = contextOf(block);
      const file = `${block.doc.replace(/\W/g, '-')}-${block.line}.ts`;
      // `export {}` makes each file a module of its own, as an app's file is.
      writeFileSync(
        join(dir, file),
        [context?.before ?? '', block.code, context?.after ?? '', 'export {};'].join('\n'),
      );
      return file;
    });
    expect(files.length).toBeGreaterThanOrEqual(4);
    const paths = Object.fromEntries(Object.entries(ENTRY_POINTS).map(([spec, { types }]) => [spec, [types]]));
    const compilerOptions = {
      strict: true,
      noEmit: true,
      target: 'es2022',
      module: 'esnext',
      moduleResolution: 'bundler',
      lib: ['es2022', 'dom'],
      types: [],
      skipLibCheck: true,
      paths,
    };
    // `tsc -p dir` in this process, whose TypeScript is loaded already: the same program and diagnostics.
    const config = ts.parseJsonConfigFileContent({ compilerOptions, files }, ts.sys, dir);
    expect(config.errors).toEqual([]);
    const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    };
    expect(ts.formatDiagnostics(ts.getPreEmitDiagnostics(program), host)).toBe('');
  }, 60_000);

  it('every tengym command they write names a command and flags of it that exist (its --help lists them)', async () => {
    const written = COMMAND_DOCS.flatMap((doc) => tengymCommands(doc).map((command) => ({ doc, command })));
    // Each command's --help once, in this process (tengymHere: a process each cost some 0.6 s of start-up), each
    // example on one line.
    const help = new Map<string, { code: number | null; stdout: string; stderr: string }>();
    const columns = process.env.COLUMNS;
    process.env.COLUMNS = '1000';
    try {
      for (const name of new Set(written.map(({ command }) => command.split(' ')[0])))
        help.set(name, await tengymHere(name, '--help'));
    } finally {
      if (columns === undefined) delete process.env.COLUMNS;
      else process.env.COLUMNS = columns;
    }
    const problems: string[] = [];
    let flags = 0;
    for (const { doc, command } of written) {
      const name = command.split(' ')[0];
      const h = help.get(name)!;
      if (h.code !== 0) {
        problems.push(`${doc}: tengym ${command}: ${h.stderr.trim()}`);
        continue;
      }
      for (const [flag] of command.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)) {
        flags++;
        if (!new RegExp(`(?<![\\w-])${flag}(?![\\w-])`).test(h.stdout))
          problems.push(`${doc}: tengym ${command}: tengym ${name} has no ${flag}`);
      }
    }
    expect(problems).toEqual([]);
    expect(flags).toBeGreaterThan(300);
  }, 120_000);

  // Side by side, as the programs: each transcript in a folder of its own, its commands in their order.
  it.concurrent.each(
    TRANSCRIPTS.filter((b) => !NOT_RUN.some((n) => n.doc === b.doc && b.code.includes(n.containing))).map(
      (b) => [`${b.doc}:${b.line}`, b] as const,
    ),
  )(
    '%s: each command prints what the transcript shows',
    async (_, block) => {
      const dir = mkdtempSync(join(scratch, 'transcript-'));
      for (const { command, expected } of commands(block)) {
        // Its stderr joins its stdout as in a terminal (the backend line, an error).
        const r = await run('sh', ['-c', `{ ${command.replace(/\bnpx tengym\b/g, 'tengym')}\n} 2>&1`], {
          cwd: dir,
          env: runEnv({ PATH: `${bin}:${process.env.PATH}` }),
        });
        expect(
          printedAs(expected, r.output),
          `${block.doc}:${block.line}: $ ${command}\n--- the doc shows:\n${expected.join('\n')}\n--- it ` +
            `printed:\n${r.output}`,
        ).toBe(true);
      }
    },
    QUEUED_LIMIT_MS,
  );
});
