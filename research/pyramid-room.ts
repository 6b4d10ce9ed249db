/**
 * How much Pyramid's hint search gains from more samples: `pimc` with each of `--samples` sampled orders a decision,
 * on the same deals (deal i dealt from seed + i, each agent reset with it). A decision's budget grows with its
 * samples (the default's 24,000 moves for 16 samples), so that every sample is solved as deeply as the default's.
 * Each row gives the win rate with its 95% interval, the paired difference from the first row's, and the CPU seconds
 * a deal took: the room a stronger fair search has, and its price.
 *
 *   npx tsx research/pyramid-room.ts --samples 16,64,256 --deals 1000 --seed 1
 */
import '../src/games/index.js';
import { PIMC_CONFIG, PimcAgent } from '../src/agents/triangle/pimc.js';
import { make } from '../src/env/registry.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';
import { pairedWins } from '../src/stats/paired.js';
import { wilsonInterval } from '../src/stats/intervals.js';

const USAGE = '  npx tsx research/pyramid-room.ts [--samples 16,64,256] [--deals N] [--seed S]';

/** Each deal's win (1) or loss (0) for `pimc` with `samples` a decision, and the CPU seconds they took. */
function play(samples: number, seed: number, deals: number): { won: Uint8Array; cpuSeconds: number } {
  const env = make('pyramid');
  const scale = samples / PIMC_CONFIG.samples;
  const agent = new PimcAgent({ samples, decisionBudget: Math.round(PIMC_CONFIG.decisionBudget * scale) });
  const won = new Uint8Array(deals);
  const start = process.cpuUsage();
  for (let i = 0; i < deals; i++) {
    env.reset({ seed: seed + i });
    agent.reset(seed + i);
    while (env.running) env.step(agent.act(env));
    won[i] = env.outcome().won ? 1 : 0;
  }
  const used = process.cpuUsage(start);
  return { won, cpuSeconds: (used.user + used.system) / 1e6 };
}

function main(): void {
  const { values } = programArgs(USAGE, {
    samples: { type: 'string', default: '16,64,256' },
    deals: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
  });
  const samples = values.samples.split(',').map(Number);
  const [deals, seed] = [Number(values.deals), Number(values.seed)];
  if (!samples.every((s) => Number.isSafeInteger(s) && s >= 1) || !Number.isSafeInteger(deals) || deals < 1)
    throw new Error(`--samples takes whole numbers from 1, comma-separated, and --deals a whole number\n${USAGE}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`--seed takes a whole number from 0\n${USAGE}`);
  const percent = (x: number) => `${(100 * x).toFixed(2)}%`;
  const points = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(2)}`;
  process.stdout.write(`pyramid, ${deals} deals from seed ${seed}; pimc by samples a decision\n`);
  process.stdout.write('| samples | win rate [95%] | vs the first row [95%] | CPU s a deal |\n|---|---|---|---|\n');
  let first: Uint8Array | null = null;
  for (const n of samples) {
    const { won, cpuSeconds } = play(n, seed, deals);
    const wins = won.reduce((a, b) => a + b, 0);
    const [low, high] = wilsonInterval(wins, deals);
    const versus = first ? pairedWins(won, first) : null;
    const paired = versus ? `${points(versus.diff)} [${points(versus.ci95[0])}, ${points(versus.ci95[1])}]` : '–';
    first ??= won;
    process.stdout.write(
      `| ${n} | ${percent(wins / deals)} [${percent(low)}, ${percent(high)}] | ${paired} | ` +
        `${(cpuSeconds / deals).toFixed(3)} |\n`,
    );
  }
}

await runIfMain(import.meta.url, main);
