/**
 * The play page's figures, measured in Chromium (Node-only; docs/play-page.md, "Figures"):
 * the bundle's size, the time to the first move, and the hint latency of every env with real
 * decisions from the source the page uses there (`chooseHintSource`): a search, or a shipped
 * model on each TensorFlow.js backend, the one the page chooses marked.
 *
 * npm run build && node dist/page-harness/measure.js [--states 300] [--loads 3] [--backends wasm,webgl,cpu] [--envs
 * decade,four-ten]
 *   node dist/page-harness/measure.js --sizes   # the bundle's sizes alone, no browser
 *
 * Hint latency: the page plays games by the top hint from seed 1 (a new deal when one ends)
 * and times every `hint()` call it makes at a state with a choice, until `--states` calls;
 * the page's first call (TensorFlow.js compiling its kernels, and for Four Ten the round solve
 * behind the sentences) is shown apart and not counted.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as z from 'zod';
import { PAGE_DIR } from '../cli/commands/serve.js';
import { formatTable } from '../cli/io.js';
import { findChromium, PlayPage, startPageSession } from './chromium.js';
import { backendsFor, type BrowserBackend } from '../agents/learned/browser-backend.js';
import { hasSameOutcome } from '../hints/hint.js';
import { envConfig, envIds, envSpec } from '../env/registry.js';
import { programArgs } from '../node/program-args.js';
import '../games/index.js';

const USAGE =
  '  node dist/page-harness/measure.js [--states 300] [--loads 3] ' +
  '[--backends wasm,webgl,cpu] [--envs decade,four-ten]\n' +
  "  node dist/page-harness/measure.js --sizes   (the bundle's sizes alone, no browser)";

const argsSchema = z.strictObject({
  states: z.coerce.number().int().min(10).default(300),
  loads: z.coerce.number().int().min(1).default(3),
  backends: z
    .string()
    .default('wasm,webgl,cpu')
    .transform((s) => s.split(',').map((b) => z.enum(['wasm', 'webgl', 'cpu']).parse(b.trim()))),
  envs: z.string().optional(),
  sizes: z.boolean().default(false),
});

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 0 })} KB`;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

/** The page's files: the entry script (what a first visit loads), the lazy chunks, the rest. */
function bundleSizes(): string[] {
  const html = readFileSync(join(PAGE_DIR, 'index.html'), 'utf8');
  const entry = /src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  const assets = readdirSync(join(PAGE_DIR, 'assets'));
  const size = (file: string) => {
    const bytes = readFileSync(join(PAGE_DIR, 'assets', file));
    return { raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  const sum = (files: string[]) =>
    files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  const first = sum([...assets.filter((f) => f === entry || f.endsWith('.css'))]);
  const lazy = sum(assets.filter((f) => f.endsWith('.js') && f !== entry));
  const wasm = statSync(join(PAGE_DIR, 'tfjs-backend-wasm-simd.wasm')).size;
  const models = readdirSync(join(PAGE_DIR, 'models'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) =>
      readdirSync(join(PAGE_DIR, 'models', d.name)).reduce(
        (a, f) => a + statSync(join(PAGE_DIR, 'models', d.name, f)).size,
        0,
      ),
    );
  return [
    `page (engine, agents, page code, css; loaded first): ${kb(first.raw)}, ${kb(first.gzip)} gzipped`,
    `TensorFlow.js and the model code (loaded when a model gives hints): ${kb(lazy.raw)}, ${kb(lazy.gzip)} gzipped`,
    `WebAssembly backend binary (SIMD): ${kb(wasm)}; a shipped model: ` +
      `${kb(Math.min(...models))}–${kb(Math.max(...models))}`,
  ];
}

function load(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
}

async function main(): Promise<void> {
  const { values } = programArgs(USAGE, {
    states: { type: 'string' },
    loads: { type: 'string' },
    backends: { type: 'string' },
    envs: { type: 'string' },
    sizes: { type: 'boolean' },
  });
  const args = argsSchema.parse(values);
  if (args.sizes) {
    for (const line of bundleSizes()) process.stdout.write(`${line}\n`);
    return;
  }
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('no Chromium found: apt-get install chromium, or set TENGYM_CHROMIUM');
  const index = JSON.parse(readFileSync(join(PAGE_DIR, 'models/index.json'), 'utf8')) as Record<
    string,
    { weights: number }
  >;
  const ids = args.envs
    ? args.envs.split(',').map((id) => envSpec(id.trim()).id)
    : envIds().filter((id) => !hasSameOutcome(envConfig(id)));
  const session = await startPageSession(chromiumPath);
  const version = session.browser.version();
  process.stdout.write(
    `tengym play page in Chromium ${version}, headless with --disable-gpu (WebGL runs on SwiftShader, in software)\n`,
  );
  process.stdout.write(`machine: ${cpus().length} cores; load average (1, 5, 15 min) at the start: ${load()}\n\n`);
  for (const line of bundleSizes()) process.stdout.write(`${line}\n`);

  try {
    // Time to the first move: from navigation to the first board the page waits on, and to the first hints.
    process.stdout.write(
      `\ntime to first move, ms from navigation, median of ${args.loads} loads (no animation: forced moves at once)\n`,
    );
    const rows: (string | number)[][] = [];
    for (const id of ids) {
      const ready: number[] = [];
      const hinted: number[] = [];
      for (let i = 0; i < args.loads; i++) {
        for (const hints of [false, true]) {
          const p = await PlayPage.open(
            session.browser,
            `${session.server.url}?env=${id}&seed=1${hints ? '&hints=1' : ''}`,
          );
          const v = await p.view();
          if (p.errors.length > 0) throw new Error(`${id}: ${p.errors.join('; ')}`);
          if (hints) hinted.push(v.firstHintMs ?? NaN);
          else ready.push(v.readyMs ?? NaN);
          await p.close();
        }
      }
      // A deal with no choice ends before any hint is shown (decade-stacks' seed 1).
      const firstHints = median(hinted);
      rows.push([
        id,
        median(ready).toFixed(0),
        Number.isNaN(firstHints) ? '– (no choice in this deal)' : firstHints.toFixed(0),
      ]);
    }
    process.stdout.write(
      formatTable(
        ['env', 'first move, hints off', 'first hints shown (with a model: TF.js, the model, the first hint)'],
        rows,
      ) + '\n',
    );

    process.stdout.write(
      `\nhint latency, ms: hint(env) at every state with a choice, ${args.states} calls after the first, ` +
        `games by the top hint from seed 1\n`,
    );
    const latency: (string | number)[][] = [];
    for (const id of ids) {
      const weights = index[id]?.weights;
      const chosen = weights === undefined ? null : backendsFor(weights)[0];
      for (const backend of args.backends as BrowserBackend[]) {
        const p = await PlayPage.open(
          session.browser,
          `${session.server.url}?env=${id}&seed=1&hints=1&backend=${backend}`,
        );
        const result = (await p.page.evaluate(`(async () => {
          const t = window.tengym;
          let seed = 1, games = 1;
          while (t.hintMs.length < ${args.states + 1}) {
            if (!t.env.running) { t.deal(++seed); games++; await t.settled(); continue; }
            t.play(t.hints.hints[0].action);
            await t.settled();
          }
          return { ms: t.hintMs, games, backend: t.backend, source: t.source };
        })()`)) as { ms: number[]; games: number; backend: string | null; source: string | null };
        if (p.errors.length > 0) throw new Error(`${id} on ${backend}: ${p.errors.join('; ')}`);
        await p.close();
        const timed = result.ms.slice(1, args.states + 1).sort((a, b) => a - b);
        const fromModel = result.backend !== null;
        const source = (result.source ?? '').replace(/ \(.*$/, '');
        latency.push([
          id,
          source,
          fromModel ? `${result.backend}${backend === chosen ? ' (chosen)' : ''}` : '–',
          fromModel ? (weights ?? NaN).toLocaleString('en-US') : '–',
          timed.length,
          result.games,
          quantile(timed, 0.5).toFixed(2),
          quantile(timed, 0.99).toFixed(2),
          timed[timed.length - 1].toFixed(2),
          result.ms[0].toFixed(1),
        ]);
        // A search runs the same on every backend: one row.
        if (!fromModel) break;
      }
    }
    process.stdout.write(
      formatTable(
        ['env', 'source', 'backend', 'weights', 'states', 'games', 'p50', 'p99', 'max', 'first call'],
        latency,
      ) + '\n',
    );
    process.stdout.write(`\nload average at the end: ${load()}\n`);
  } finally {
    await session.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`tengym: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
