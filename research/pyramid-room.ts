/**
 * How much Pyramid's hint search gains from more samples: `pimc` with each of `--samples` sampled orders a decision,
 * on the same deals (deal i dealt from seed + i, each agent reset with it). A decision's budget grows with its
 * samples (the default's 24,000 moves for 16 samples), so that every sample is solved as deeply as the default's.
 * Each row gives the win rate with its 95% interval, the paired difference from the first row's, and the CPU seconds
 * a deal took: the room a stronger fair search has, and its price.
 *
 *   npx tsx research/pyramid-room.ts --samples 16,64,256 --deals 1000 --seed 1
 *
 * A long run goes in parts, each saved, on as many cores as there are: a part plays deals --first-deal … + --deals − 1
 * as the whole run would, and --combine prints the table of the parts' deals (those every row played, from deal 0).
 *
 *   npx tsx research/pyramid-room.ts --samples 256 --first-deal 5000 --deals 5000 --save .tmp/room/256-b.json
 *   npx tsx research/pyramid-room.ts --combine .tmp/room/16-a.json,.tmp/room/256-b.json,…
 */
import { readFileSync, writeFileSync } from 'node:fs';
import '../src/games/index.js';
import { PIMC_CONFIG } from '../src/agents/triangle/pimc.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';
import { pairedWins } from '../src/stats/paired.js';
import { wilsonInterval } from '../src/stats/intervals.js';
import { playPimc } from './pyramid-pimc-budget.js';

const USAGE =
  '  npx tsx research/pyramid-room.ts [--samples 16,64,256] [--deals N] [--seed S] [--first-deal I] [--save FILE]\n' +
  '  npx tsx research/pyramid-room.ts --combine FILE,FILE,…';

/** One row's deals: won[i] is deal firstDeal + i of the run from `seed`. */
interface Part {
  samples: number;
  seed: number;
  firstDeal: number;
  won: string;
  cpuSeconds: number;
}

/** A row of the table: one samples count's deals, deal i dealt from seed + i. */
interface Row {
  samples: number;
  seed: number;
  won: Uint8Array;
  cpuSeconds: number;
}

/** `pimc` with `samples` a decision, its decision budget grown alike, on deals firstDeal … firstDeal + deals − 1. */
function play(samples: number, seed: number, firstDeal: number, deals: number): Part {
  const decisionBudget = Math.round((PIMC_CONFIG.decisionBudget * samples) / PIMC_CONFIG.samples);
  const { won, cpuSeconds } = playPimc({ samples, decisionBudget }, seed + firstDeal, deals);
  return { samples, seed, firstDeal, won: won.join(''), cpuSeconds };
}

/** Each samples count's deals from deal 0 on, its parts joined in order; a gap or an overlap is refused. */
function joinParts(parts: Part[]): Row[] {
  const bySamples = new Map<number, Part[]>();
  for (const p of parts) bySamples.set(p.samples, [...(bySamples.get(p.samples) ?? []), p]);
  return [...bySamples.values()].map((group) => {
    group.sort((a, b) => a.firstDeal - b.firstDeal);
    let next = 0;
    for (const p of group) {
      if (p.seed !== group[0].seed) throw new Error(`--combine: parts of ${p.samples} samples have two seeds`);
      if (p.firstDeal !== next)
        throw new Error(`--combine: ${p.samples} samples' parts leave out or repeat deals from deal ${next}`);
      next += p.won.length;
    }
    return toRow({
      ...group[0],
      won: group.map((p) => p.won).join(''),
      cpuSeconds: group.reduce((a, p) => a + p.cpuSeconds, 0),
    });
  });
}

/** A part as a row of the table, its deals counted from its first (deal firstDeal of the run from `seed`). */
function toRow(p: Part): Row {
  return {
    samples: p.samples,
    seed: p.seed + p.firstDeal,
    won: Uint8Array.from([...p.won].map(Number)),
    cpuSeconds: p.cpuSeconds,
  };
}

function printTable(rows: Row[]): void {
  const percent = (x: number) => `${(100 * x).toFixed(2)}%`;
  const points = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(2)}`;
  const first = rows[0];
  process.stdout.write(`pyramid, deals from seed ${first.seed}; pimc by samples a decision\n`);
  process.stdout.write('| samples | deals | win rate [95%] | vs the first row [95%] | CPU s a deal |\n');
  process.stdout.write('|---|---|---|---|---|\n');
  for (const row of rows) {
    const deals = row.won.length;
    const wins = row.won.reduce((a, b) => a + b, 0);
    const [low, high] = wilsonInterval(wins, deals);
    const both = Math.min(deals, first.won.length);
    const versus = row === first ? null : pairedWins(row.won.subarray(0, both), first.won.subarray(0, both));
    const paired = versus ? `${points(versus.diff)} [${points(versus.ci95[0])}, ${points(versus.ci95[1])}]` : '–';
    const on = versus && both < Math.max(deals, first.won.length) ? ` (on ${both})` : '';
    process.stdout.write(
      `| ${row.samples} | ${deals} | ${percent(wins / deals)} [${percent(low)}, ${percent(high)}] | ${paired}${on} | ` +
        `${(row.cpuSeconds / deals).toFixed(3)} |\n`,
    );
  }
}

function main(): void {
  const { values } = programArgs(USAGE, {
    samples: { type: 'string', default: '16,64,256' },
    deals: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'first-deal': { type: 'string', default: '0' },
    save: { type: 'string' },
    combine: { type: 'string' },
  });
  if (values.combine !== undefined) {
    const parts = values.combine.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')) as Part);
    printTable(joinParts(parts));
    return;
  }
  const samples = values.samples.split(',').map(Number);
  const [deals, seed, firstDeal] = [Number(values.deals), Number(values.seed), Number(values['first-deal'])];
  if (!samples.every((s) => Number.isSafeInteger(s) && s >= 1) || !Number.isSafeInteger(deals) || deals < 1)
    throw new Error(`--samples takes whole numbers from 1, comma-separated, and --deals a whole number\n${USAGE}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`--seed takes a whole number from 0\n${USAGE}`);
  if (!Number.isSafeInteger(firstDeal) || firstDeal < 0)
    throw new Error(`--first-deal takes a whole number from 0\n${USAGE}`);
  if (values.save !== undefined && samples.length !== 1) throw new Error(`--save takes one --samples count\n${USAGE}`);
  const parts = samples.map((n) => play(n, seed, firstDeal, deals));
  if (values.save !== undefined) writeFileSync(values.save, `${JSON.stringify(parts[0])}\n`);
  printTable(parts.map(toRow));
}

await runIfMain(import.meta.url, main);
