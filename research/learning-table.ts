/**
 * The learning table (docs/learning.md): masked PPO and DQN from `tengym train` on every id with real decisions,
 * three seeds each, on one budget of env steps, each run's curve on the held-out deals, and a normalized score per run.
 *
 *   npx tsx research/learning-table.ts run [--ids a,b] [--algos ppo,dqn] [--seeds 1,2,3] [--steps N] [--minutes M]
 *   npx tsx research/learning-table.ts table
 *
 * `run` trains each missing run with `node dist/cli/main.js train` (`npm run build` first) and keeps its curve as
 * docs/learning/runs/ID.ALGO.seedS.json; a run already there is skipped, so the table grows over several sittings.
 * `--minutes` starts no run after that many minutes; `--dir` keeps the runs elsewhere (a short one for a test).
 * `table` reads the runs and rewrites the table between the markers of docs/learning.md and the grid of curves,
 * docs/learning/curves.svg. `ids` lists the ids with decisions.
 *
 * An id has real decisions when its game does not declare that every order of moves ends the same way
 * (`Game.sameOutcome`), found through the registry. The held-out deals are `tengym train`'s own: seeds
 * 1,000,000,000 + i, which no training deals. The normalized score of a run is its last evaluation's win rate,
 * 0 at `random`'s rate and 1 at the best fair agent's, both from the id's ladder (`kit.ladders`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import '../src/games/index.js';
import { agentLadder, agentsFor } from '../src/agents/index.js';
import { sameOutcomeOf } from '../src/env/game.js';
import { envConfig, envIds } from '../src/env/registry.js';
import { programArgs } from '../src/node/program-args.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist/cli/main.js');
export const RUNS_DIR = join(ROOT, 'docs/learning/runs');
/** The Python rows' runs: sb3-contrib's MaskablePPO, written by python/examples/learning_table.py. */
export const PYTHON_RUNS_DIR = join(ROOT, 'docs/learning/runs-python');
/** The Python rows' algorithm, as their files name it. */
export const PYTHON_ALGO = 'maskable-ppo';
const DOC = join(ROOT, 'docs/learning.md');
const SVG = join(ROOT, 'docs/learning/curves.svg');

/** The table's budget: env steps a run trains for, evaluations (ten besides the start), held-out deals each. */
export const BUDGET = { steps: 200_000, evaluations: 10, evalEpisodes: 500 } as const;
export const ALGOS = ['ppo', 'dqn'] as const;
export const SEEDS = [1, 2, 3] as const;

/** The ids whose order of moves can matter (their game does not declare `sameOutcome`), in registry order. */
export function idsWithDecisions(): string[] {
  return envIds().filter((id) => {
    const env = envConfig(id);
    return !sameOutcomeOf(env.game, env.options);
  });
}

export interface RunKey {
  id: string;
  algo: string;
  seed: number;
  steps: number;
}

/** One evaluation of a run on the held-out deals. */
export interface RunPoint {
  envSteps: number;
  winRate: number;
  low: number;
  high: number;
}

/** What a run keeps: its command, its curve and its wall time (the one field a replay does not match). */
export interface RunRecord extends RunKey {
  command: string;
  evalEpisodes: number;
  evalEvery: number;
  backend: string;
  updates: number;
  points: RunPoint[];
  wallSeconds: number;
  /** The run's CPU time (Linux: its process's user and system time), which load changes less than the wall time. */
  cpuSeconds?: number;
}

/** User and system CPU seconds of this process's finished children (Linux's /proc; 0 elsewhere). */
function childrenCpuSeconds(): number {
  if (!existsSync('/proc/self/stat')) return 0;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // cutime and cstime, fields 16 and 17 of stat(5), in clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export const runFile = (k: Pick<RunKey, 'id' | 'algo' | 'seed'>, dir = RUNS_DIR) =>
  join(dir, `${k.id}.${k.algo}.seed${k.seed}.json`);

/** The command that trains a run, as docs/learning.md prints it (OUT stands for the run's folder). */
export function trainArgs(k: RunKey, out: string): string[] {
  const evalEvery = Math.ceil(k.steps / BUDGET.evaluations);
  return [
    'train',
    '--env',
    k.id,
    '--algo',
    k.algo,
    '--seed',
    String(k.seed),
    '--steps',
    String(k.steps),
    '--eval-every',
    String(evalEvery),
    '--config',
    JSON.stringify({ evalEpisodes: BUDGET.evalEpisodes }),
    '--out',
    out,
    '--json',
  ];
}

const quoted = (a: string) => (/^[\w.,/=-]+$/.test(a) ? a : `'${a}'`);

/** Trains one run in a fresh folder, reads its curve, and removes the folder. */
export function trainRun(k: RunKey): RunRecord {
  const out = mkdtempSync(join(tmpdir(), 'tengym-learning-'));
  const dir = join(out, 'run');
  const args = trainArgs(k, dir);
  const started = process.hrtime.bigint();
  const cpuBefore = childrenCpuSeconds();
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, TENGYM_QUIET: '1' },
  });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  try {
    if (result.status !== 0) throw new Error(`train failed for ${k.id} ${k.algo} seed ${k.seed}: ${result.stderr}`);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const end = lines.find((l) => l.type === 'end') as Record<string, unknown>;
    const rows = readFileSync(join(dir, 'metrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, number>);
    return {
      ...k,
      command: ['tengym', ...args.slice(0, -3).map(quoted), '--out', 'OUT'].join(' '),
      evalEpisodes: BUDGET.evalEpisodes,
      evalEvery: Math.ceil(k.steps / BUDGET.evaluations),
      backend: String(end.backend),
      updates: Number(end.updates),
      points: rows.map((r) => ({
        envSteps: r.envSteps,
        winRate: r.evalWinRate,
        low: r.evalWinRateLow,
        high: r.evalWinRateHigh,
      })),
      wallSeconds: Number(wallSeconds.toFixed(1)),
      cpuSeconds: Number((childrenCpuSeconds() - cpuBefore).toFixed(1)),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The ladder's levels of an id: `random`'s win rate and the best fair agent's, or null without a ladder. */
export function levelsOf(id: string): { random: number; best: number; bestAgent: string; deals: number } | null {
  const env = envConfig(id);
  const ladder = agentLadder(env);
  if (!ladder || ladder.wins.random === undefined) return null;
  const fair = new Set(
    agentsFor(env)
      .filter((a) => a.fair && !a.ceiling)
      .map((a) => a.name),
  );
  let bestAgent = '';
  let bestWins = -1;
  // On a tie the later agent of the ladder, which lists the weakest first.
  for (const [name, wins] of Object.entries(ladder.wins))
    if (fair.has(name) && wins >= bestWins) [bestAgent, bestWins] = [name, wins];
  return { random: ladder.wins.random / ladder.deals, best: bestWins / ladder.deals, bestAgent, deals: ladder.deals };
}

/** A run's normalized score: its last evaluation, 0 at random's ladder rate, 1 at the best fair agent's. */
export function normalizedScore(run: RunRecord): number | null {
  const levels = levelsOf(run.id);
  if (!levels || levels.best <= levels.random) return null;
  const last = run.points[run.points.length - 1].winRate;
  return (last - levels.random) / (levels.best - levels.random);
}

export function readRuns(dir = RUNS_DIR): RunRecord[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunRecord);
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The table's Markdown: a row per id and algorithm with runs, each seed's last win rate and score. */
export function tableMarkdown(runs: readonly RunRecord[]): string {
  const lines = [
    '| id | algorithm | seeds | last win rate, each seed | mean | random, best fair (ladder) | score, each seed | ' +
      'mean score | wall s, CPU s a run |',
    '| --- | --- | ---: | --- | ---: | --- | --- | ---: | ---: |',
  ];
  for (const id of idsWithDecisions())
    for (const algo of [...ALGOS, PYTHON_ALGO]) {
      const rows = runs.filter((r) => r.id === id && r.algo === algo).sort((a, b) => a.seed - b.seed);
      if (rows.length === 0) continue;
      const last = rows.map((r) => r.points[r.points.length - 1].winRate);
      const levels = levelsOf(id);
      const scores = rows.map(normalizedScore);
      const known = scores.filter((s): s is number => s !== null);
      const ladderCell = levels ? `${pct(levels.random)}, ${pct(levels.best)} \`${levels.bestAgent}\`` : 'no ladder';
      const cpu = rows.flatMap((r) => (r.cpuSeconds === undefined ? [] : [r.cpuSeconds]));
      const name = algo === PYTHON_ALGO ? 'MaskablePPO (Python, SB3)' : algo;
      lines.push(
        `| \`${id}\` | ${name} | ${rows.map((r) => r.seed).join(', ')} | ${last.map(pct).join(', ')} | ` +
          `${pct(mean(last))} | ${ladderCell} | ` +
          `${known.length ? known.map((s) => s.toFixed(2)).join(', ') : '–'} | ` +
          `${known.length ? mean(known).toFixed(2) : '–'} | ${Math.round(mean(rows.map((r) => r.wallSeconds)))}, ` +
          `${cpu.length ? Math.round(mean(cpu)) : '–'} |`,
      );
    }
  return [lines.join('\n'), missingNote(runs)].join('\n\n');
}

/** Which runs the table still lacks, and their time at the mean wall and CPU time of the runs measured so far. */
export function missingNote(all: readonly RunRecord[]): string {
  const runs = all.filter((r) => (ALGOS as readonly string[]).includes(r.algo));
  const ids = idsWithDecisions();
  const has = new Set(runs.map((r) => runFile(r)));
  const missing = ids.flatMap((id) =>
    ALGOS.flatMap((algo) => SEEDS.filter((seed) => !has.has(runFile({ id, algo, seed }))).map(() => id)),
  );
  const untouched = ids.filter((id) => !runs.some((r) => r.id === id));
  if (missing.length === 0) return `Every run of the ${ids.length} ids is on disk.`;
  const wall = mean(runs.map((r) => r.wallSeconds));
  const cpu = runs.flatMap((r) => (r.cpuSeconds === undefined ? [] : [r.cpuSeconds]));
  const hours = (seconds: number) => (seconds / 3600).toFixed(1);
  return (
    `Missing: ${missing.length} of ${ids.length * ALGOS.length * SEEDS.length} runs. ` +
    (untouched.length === 0
      ? `Every id has a run. `
      : `${untouched.length} ids have no run yet: ${untouched.map((id) => `\`${id}\``).join(', ')}. `) +
    (runs.length
      ? `At the mean of the runs so far, ${Math.round(wall)} s of wall time a run, they take about ` +
        `${hours(missing.length * wall)} hours one at a time on the machine as loaded` +
        (cpu.length ? `, and ${hours(missing.length * mean(cpu))} hours of CPU time.` : '.')
      : '')
  );
}

const COLOURS: Record<string, string> = { ppo: '#1f77b4', dqn: '#ff7f0e', [PYTHON_ALGO]: '#2ca02c' };

/** A small panel per id with runs: every run's curve (PPO blue, DQN orange), random and the best fair agent dotted. */
export function curvesSvg(runs: readonly RunRecord[]): string {
  const ids = idsWithDecisions().filter((id) => runs.some((r) => r.id === id));
  const cols = 4;
  const [w, h] = [220, 150];
  const m = { left: 34, right: 8, top: 20, bottom: 22 };
  const rowsCount = Math.max(1, Math.ceil(ids.length / cols));
  const [W, H] = [cols * w, rowsCount * h + 30];
  const f = (v: number) => v.toFixed(1);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="10">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="8" y="16" font-size="12">Win rate on the held-out deals against env steps: PPO blue, DQN orange, ` +
      'SB3 MaskablePPO (Python) green, one line a seed; dotted: random and the best fair agent (ladder)</text>',
  ];
  ids.forEach((id, n) => {
    const ox = (n % cols) * w;
    const oy = 30 + Math.floor(n / cols) * h;
    const own = runs.filter((r) => r.id === id);
    const levels = levelsOf(id);
    const top = Math.max(0.05, levels?.best ?? 0, ...own.flatMap((r) => r.points.map((p) => p.winRate)));
    const yMax = Math.min(1, Math.ceil(top * 10) / 10);
    const xMax = Math.max(1, ...own.flatMap((r) => r.points.map((p) => p.envSteps)));
    const x = (s: number) => ox + m.left + ((w - m.left - m.right) * s) / xMax;
    const y = (v: number) => oy + h - m.bottom - ((h - m.top - m.bottom) * v) / yMax;
    parts.push(`<text x="${ox + m.left}" y="${oy + 12}" font-size="11">${id}</text>`);
    parts.push(
      `<rect x="${ox + m.left}" y="${oy + m.top}" width="${w - m.left - m.right}" ` +
        `height="${h - m.top - m.bottom}" fill="none" stroke="#999"/>`,
    );
    parts.push(
      `<text x="${ox + m.left - 3}" y="${f(y(yMax) + 4)}" text-anchor="end">${Math.round(100 * yMax)}%</text>`,
    );
    parts.push(`<text x="${ox + m.left - 3}" y="${f(y(0))}" text-anchor="end">0</text>`);
    parts.push(
      `<text x="${ox + w - m.right}" y="${oy + h - 8}" text-anchor="end">${Math.round(xMax / 1000)}k steps</text>`,
    );
    for (const v of levels ? [levels.random, levels.best] : [])
      parts.push(
        `<line x1="${ox + m.left}" y1="${f(y(v))}" x2="${ox + w - m.right}" y2="${f(y(v))}" stroke="#777" ` +
          'stroke-dasharray="2 3"/>',
      );
    for (const r of own)
      parts.push(
        `<polyline points="${r.points.map((p) => `${f(x(p.envSteps))},${f(y(p.winRate))}`).join(' ')}" ` +
          `fill="none" stroke="${COLOURS[r.algo] ?? '#000'}" stroke-width="1.2" stroke-opacity="0.8"/>`,
      );
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

const START = '<!-- learning-table:start (research/learning-table.ts table writes this part) -->';
const END = '<!-- learning-table:end -->';

/** Rewrites the table between the markers of docs/learning.md and the SVG grid. */
export function writeTable(): void {
  // Only the runs of the table's budget: a shorter one (the test's row) is kept elsewhere.
  const runs = [...readRuns(), ...readRuns(PYTHON_RUNS_DIR)].filter((r) => r.steps === BUDGET.steps);
  mkdirSync(join(ROOT, 'docs/learning'), { recursive: true });
  writeFileSync(SVG, curvesSvg(runs));
  const doc = readFileSync(DOC, 'utf8');
  const [before, rest] = doc.split(START);
  const after = rest.split(END)[1];
  writeFileSync(DOC, `${before}${START}\n\n${tableMarkdown(runs)}\n\n${END}${after}`);
  console.log(`wrote ${DOC} and ${SVG} from ${runs.length} runs`);
}

/** The flags of `run`, as `programArgs` parses them. */
interface RunFlags {
  ids?: string;
  algos?: string;
  seeds?: string;
  steps?: string;
  minutes?: string;
  dir?: string;
}

function runMissing(flags: RunFlags): void {
  const ids = flags.ids?.split(',') ?? idsWithDecisions();
  const algos = flags.algos?.split(',') ?? [...ALGOS];
  const seeds = flags.seeds?.split(',').map(Number) ?? [...SEEDS];
  const steps = Number(flags.steps ?? BUDGET.steps);
  const minutes = Number(flags.minutes ?? Infinity);
  const dir = flags.dir ?? RUNS_DIR;
  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  for (const id of ids)
    for (const seed of seeds)
      for (const algo of algos) {
        const file = runFile({ id, algo, seed }, dir);
        if (existsSync(file)) continue;
        if ((Date.now() - started) / 60_000 > minutes) return;
        const run = trainRun({ id, algo, seed, steps });
        writeFileSync(file, `${JSON.stringify(run)}\n`);
        console.log(
          `${id} ${algo} seed ${seed}: ${pct(run.points[run.points.length - 1].winRate)}, ${run.wallSeconds} s`,
        );
      }
}

const USAGE =
  '  npx tsx research/learning-table.ts run|table|ids [--ids a,b] [--algos ppo,dqn] [--seeds 1,2,3] [--steps N] ' +
  '[--minutes M] [--dir D]';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = { type: 'string' } as const;
  const { values, positionals } = programArgs(
    USAGE,
    { ids: text, algos: text, seeds: text, steps: text, minutes: text, dir: text },
    true,
  );
  const [what] = positionals;
  if (what === 'run' && positionals.length === 1) runMissing(values);
  else if (what === 'table' && positionals.length === 1) writeTable();
  else if (what === 'ids' && positionals.length === 1) console.log(idsWithDecisions().join('\n'));
  else {
    process.stderr.write(`say what to do: run, table or ids\n\nUsage:\n${USAGE}\n`);
    process.exit(2);
  }
}
