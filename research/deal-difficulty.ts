/**
 * Where each env id's winnable deals divide into thirds by difficulty (`dealDifficulty`, src/agents/deals.ts: the
 * decisions on the exact solver's winning line where another move loses the deal), over the first `--deals` winnable
 * deals from `--seed` with the id's preset options: the 1/3 and 2/3 quantiles of their traps, printed as the
 * `difficultyThirds` entry a game's kit records, the share of deals each third then holds (traps are whole numbers,
 * so ties make the thirds uneven), and the time a deal's difficulty takes.
 *
 *   npx tsx research/deal-difficulty.ts --env decade --deals 1000 --seed 1
 */
import '../src/games/index.js';
import { dealDifficulty, winnableBy } from '../src/agents/deals.js';
import { envIds, make } from '../src/env/registry.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE = '  npx tsx research/deal-difficulty.ts [--env ID[,ID…]|all] [--deals N] [--seed S]';

function main(): void {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'all' },
    deals: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
  });
  const [deals, seed] = [Number(values.deals), Number(values.seed)];
  if (![deals, seed].every(Number.isSafeInteger) || deals < 3 || seed < 0)
    throw new Error(`--deals takes a whole number from 3, --seed from 0\n${USAGE}`);
  const solved = (id: string) =>
    winnableBy(make(id)) === 'solver' && make(id).game.unwinnable?.(make(id).options) == null;
  const ids = values.env === 'all' ? envIds().filter(solved) : values.env.split(',');
  for (const id of ids) {
    const env = make(id);
    const traps: number[] = [];
    const start = performance.now();
    // A game with options no deal can be won under (decade-max3 nearly) would never end: a bound on seeds.
    for (let s = seed; traps.length < deals && s < seed + 1000 * deals; s++) {
      env.reset({ seed: s });
      const difficulty = dealDifficulty(env);
      if (difficulty !== null) traps.push(difficulty.traps);
    }
    if (traps.length < deals) {
      process.stdout.write(`${id}: ${traps.length} winnable deals among ${1000 * deals} seeds; no thirds\n`);
      continue;
    }
    const ms = (performance.now() - start) / deals;
    traps.sort((a, b) => a - b);
    const [easy, medium] = [traps[Math.floor(deals / 3)], traps[Math.floor((2 * deals) / 3)]];
    const share = (keep: (t: number) => boolean) => `${((100 * traps.filter(keep).length) / deals).toFixed(0)}%`;
    const command = `npx tsx research/deal-difficulty.ts --env ${id} --deals ${deals} --seed ${seed}`;
    process.stdout.write(
      `${id}: traps at the thirds ${easy} and ${medium} (max ${traps[deals - 1]}); easy ${share((t) => t <= easy)}, ` +
        `medium ${share((t) => t > easy && t <= medium)}, hard ${share((t) => t > medium)}; ` +
        `${ms.toFixed(1)} ms a winnable deal (its difficulty and the unwinnable deals before it)\n` +
        `  '${id}': { deals: ${deals}, seed: ${seed}, easy: ${easy}, medium: ${medium}, command: '${command}' },\n`,
    );
  }
}

await runIfMain(import.meta.url, main);
