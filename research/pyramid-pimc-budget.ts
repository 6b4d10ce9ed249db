/**
 * What Pyramid's hint search loses with a smaller budget: `pimc` at its default decision budget and
 * at `--budget`, on the same deals (deal s dealt from seed s, the agent reset with s), with the
 * paired difference of their win rates and the CPU time each took. The budget bounds a hint's
 * time (docs/agents.md, "Pyramid's hints"), so this is the price of a faster hint.
 *
 *   npx tsx research/pyramid-pimc-budget.ts --budget 16000 --deals 2000 --seed 1
 */
import '../src/games/index.js';
import { make } from '../src/env/registry.js';
import { PIMC_CONFIG, PimcAgent, type PimcConfig } from '../src/agents/triangle/pimc.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';
import { pairedWins } from '../src/stats/paired.js';

const USAGE = '  npx tsx research/pyramid-pimc-budget.ts --budget N [--deals N] [--seed S]';

/** Each deal's win (1) or loss (0) for `pimc` with `config`, and the CPU seconds they took (deal i from seed + i). */
export function playPimc(
  config: Partial<PimcConfig>,
  seed: number,
  deals: number,
): { won: Uint8Array; cpuSeconds: number } {
  const env = make('pyramid');
  const agent = new PimcAgent(config);
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
    budget: { type: 'string' },
    deals: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
  });
  const [budget, deals, seed] = [Number(values.budget), Number(values.deals), Number(values.seed)];
  if (![budget, deals, seed].every(Number.isSafeInteger) || budget < 1 || deals < 1 || seed < 0)
    throw new Error(`--budget and --deals take whole numbers from 1, --seed from 0\n${USAGE}`);
  const base = playPimc({}, seed, deals);
  const other = playPimc({ decisionBudget: budget }, seed, deals);
  const rate = (won: Uint8Array) => `${((100 * won.reduce((a, b) => a + b, 0)) / deals).toFixed(2)}%`;
  const { diff, ci95 } = pairedWins(other.won, base.won);
  const points = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(2)}`;
  process.stdout.write(
    `pyramid, ${deals} deals from seed ${seed}\n` +
      `pimc, decision budget ${PIMC_CONFIG.decisionBudget}: ${rate(base.won)}, ${base.cpuSeconds.toFixed(0)} s CPU\n` +
      `pimc, decision budget ${budget}: ${rate(other.won)}, ${other.cpuSeconds.toFixed(0)} s CPU\n` +
      `difference: ${points(diff)} [${points(ci95[0])}, ${points(ci95[1])}] points\n`,
  );
}

await runIfMain(import.meta.url, main);
