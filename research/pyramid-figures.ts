/**
 * The share of Pyramid deals the exact solver wins, with a 95% Wilson interval, for every preset and for
 * the rule sets that have published figures, next to those figures, with the solver's time per
 * deal. Deal i is the env's seeded deal `seed + i`, as `tengym eval` deals them. A solve is bounded by
 * `SOLVE_BUDGET` moves: a deal that needs more counts as lost and the table says how many were given up.
 *
 *   npx tsx research/pyramid-figures.ts --deals 10000 --seed 1
 *   npx tsx research/pyramid-figures.ts --deals 2000 --sets swr-once-all,msc --json
 *
 * The published figures (the research notes' sources): solitairewinrates.com's Pyramid page
 * (Mark Masten, 100 million deals each: one pass or unlimited passes, all cards or the pyramid,
 * overlap discards or not) and mchung94/pyramid-solver's 1,500 random decks under Microsoft
 * Solitaire Collection's rules (998 solvable). Neither says whether the stock's top card is in
 * play before it is drawn; the rows with `stockTopPlayable: false` measure the other reading.
 */
import '../src/games/index.js';
import { make } from '../src/env/registry.js';
import { wilsonInterval } from '../src/stats/intervals.js';
import { TriangleSolver as PyramidSolver, SOLVE_BUDGET } from '../src/agents/triangle/solver.js';
import { loadState } from '../src/agents/triangle/deal.js';
import { pyramidSolverRules as solverRules } from '../src/games/pyramid/agents/index.js';
import type { PyramidOptions, PyramidState } from '../src/games/pyramid/engine.js';
import { pyramid } from '../src/games/pyramid/index.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

/** A rule set measured: its name, options over the `pyramid` defaults, and a published figure where one exists. */
export interface RuleSet {
  name: string;
  options: Partial<PyramidOptions>;
  published?: { wins: number; deals: number; source: string };
}

const SWR = 'solitairewinrates.com/Pyramid.html';
const MSC = 'mchung94/pyramid-solver README (MSC rules)';

export const RULE_SETS: RuleSet[] = [
  ...pyramid.ids.map((p) => ({ name: p.id, options: (p.preset ?? {}) as Partial<PyramidOptions> })),
  { name: 'swr-once-all', options: { passes: 1 }, published: { wins: 6_795_618, deals: 100_000_000, source: SWR } },
  {
    name: 'swr-once-pyramid',
    options: { passes: 1, goal: 'pyramid' },
    published: { wins: 9_019_243, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-once-all-overlap',
    options: { passes: 1, overlapPairs: true },
    published: { wins: 15_916_049, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-once-pyramid-overlap',
    options: { passes: 1, goal: 'pyramid', overlapPairs: true },
    published: { wins: 22_773_249, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-unlimited-pyramid',
    options: { passes: 'unlimited', goal: 'pyramid' },
    published: { wins: 66_865_010, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-unlimited-pyramid-overlap',
    options: { passes: 'unlimited', goal: 'pyramid', overlapPairs: true },
    published: { wins: 83_151_588, deals: 100_000_000, source: SWR },
  },
  { name: 'msc', options: { passes: 3, goal: 'pyramid' }, published: { wins: 998, deals: 1500, source: MSC } },
  // The other reading of "the stock card most recently dealt": only the waste's top card in play.
  {
    name: 'swr-once-all-closed',
    options: { passes: 1, stockTopPlayable: false },
    published: { wins: 6_795_618, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-once-pyramid-closed',
    options: { passes: 1, goal: 'pyramid', stockTopPlayable: false },
    published: { wins: 9_019_243, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-unlimited-pyramid-closed',
    options: { passes: 'unlimited', goal: 'pyramid', stockTopPlayable: false },
    published: { wins: 66_865_010, deals: 100_000_000, source: SWR },
  },
  {
    name: 'swr-once-all-apart',
    options: { passes: 1, stockWastePair: false },
    published: { wins: 6_795_618, deals: 100_000_000, source: SWR },
  },
  {
    name: 'msc-apart',
    options: { passes: 3, goal: 'pyramid', stockWastePair: false },
    published: { wins: 998, deals: 1500, source: MSC },
  },
];

export interface Measurement {
  name: string;
  options: Partial<PyramidOptions>;
  deals: number;
  wins: number;
  /** Deals whose solve ran out of the node budget (`SOLVE_BUDGET`): counted as lost in `wins`. */
  givenUp: number;
  rate: number;
  interval: [number, number];
  published: { rate: number; interval: [number, number]; source: string } | null;
  /** Whether the two intervals overlap: a gap is a difference to explain. */
  agrees: boolean | null;
  meanMs: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
}

/** Solves deals seed … seed + deals − 1 of one rule set. */
export function measure(set: RuleSet, deals: number, seed: number): Measurement {
  const env = make('pyramid', set.options);
  const solver = new PyramidSolver(solverRules(env.options as unknown as PyramidOptions));
  const times: number[] = [];
  let wins = 0;
  let givenUp = 0;
  for (let i = 0; i < deals; i++) {
    env.reset({ seed: seed + i });
    const start = performance.now();
    const p = loadState(solver, env.rawState as PyramidState);
    if (solver.solve(p.present, p.talon, p.cursor, p.pass, SOLVE_BUDGET)) wins++;
    if (solver.aborted) givenUp++;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const interval = wilsonInterval(wins, deals);
  const published = set.published
    ? {
        rate: set.published.wins / set.published.deals,
        interval: wilsonInterval(set.published.wins, set.published.deals),
        source: set.published.source,
      }
    : null;
  return {
    name: set.name,
    options: set.options,
    deals,
    wins,
    givenUp,
    rate: wins / deals,
    interval,
    published,
    agrees: published ? interval[0] <= published.interval[1] && published.interval[0] <= interval[1] : null,
    meanMs: times.reduce((a, b) => a + b, 0) / deals,
    medianMs: times[Math.floor(deals / 2)],
    p99Ms: times[Math.min(deals - 1, Math.floor(deals * 0.99))],
    maxMs: times[deals - 1],
  };
}

/** A measurement of the same options under another rule set's name and published figure. */
function remeasured(m: Measurement, set: RuleSet): Measurement {
  const published = set.published
    ? {
        rate: set.published.wins / set.published.deals,
        interval: wilsonInterval(set.published.wins, set.published.deals),
        source: set.published.source,
      }
    : null;
  return {
    ...m,
    options: set.options,
    published,
    agrees: published ? m.interval[0] <= published.interval[1] && published.interval[0] <= m.interval[1] : null,
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

/** One row of the table. */
export function tableRow(m: Measurement): string {
  const published = m.published
    ? `${pct(m.published.rate)} [${pct(m.published.interval[0])}, ${pct(m.published.interval[1])}]`
    : '';
  const verdict = m.agrees === null ? '' : m.agrees ? 'yes' : 'NO';
  const givenUp = m.givenUp ? ` (${m.givenUp} given up)` : '';
  return (
    `| ${m.name} | ${JSON.stringify(m.options)} | ${m.wins}/${m.deals}${givenUp} | ${pct(m.rate)} ` +
    `[${pct(m.interval[0])}, ${pct(m.interval[1])}] | ${published} | ${verdict} | ${m.meanMs.toFixed(1)} / ` +
    `${m.medianMs.toFixed(2)} / ${m.p99Ms.toFixed(1)} / ${m.maxMs.toFixed(0)} |`
  );
}

export const TABLE_HEAD =
  '| rule set | options | won | solver win rate [95% Wilson] | published [95%] | overlap | solve ms mean / ' +
  'median / p99 / max |\n| --- | --- | --- | --- | --- | --- | --- |';

const USAGE =
  '  npx tsx research/pyramid-figures.ts [--deals N] [--seed S] [--sets a,b,…] [--json]\n' +
  `Rule sets: ${RULE_SETS.map((s) => s.name).join(', ')}`;

function main(): void {
  const { values } = programArgs(USAGE, {
    deals: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    sets: { type: 'string' },
    json: { type: 'boolean', default: false },
  });

  const deals = Number(values.deals);
  const seed = Number(values.seed);
  const names = values.sets ? values.sets.split(',') : RULE_SETS.map((s) => s.name);
  const unknown = names.filter((n) => !RULE_SETS.some((s) => s.name === n));
  if (!Number.isSafeInteger(deals) || deals < 1 || !Number.isSafeInteger(seed) || seed < 0 || unknown.length > 0) {
    process.stderr.write(
      `bad arguments: --deals and --seed are whole ` +
        `numbers${unknown.length ? `; unknown rule sets ${unknown.join(', ')}` : ''}\n`,
    );
    process.exitCode = 2;
    return;
  }
  if (!values.json) process.stdout.write(`${TABLE_HEAD}\n`);
  const out: Measurement[] = [];
  for (const name of names) {
    const set = RULE_SETS.find((s) => s.name === name)!;
    // A rule set with a preset's options is measured once: the same deals, the same answers.
    const same = out.find(
      (m) =>
        JSON.stringify(make('pyramid', m.options).options) === JSON.stringify(make('pyramid', set.options).options),
    );
    const m = same ? { ...remeasured(same, set), name } : measure(set, deals, seed);
    out.push(m);
    if (!values.json) process.stdout.write(`${tableRow(m)}\n`);
  }
  if (values.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

// Run as a program, not when a test imports it.
await runIfMain(import.meta.url, main);
