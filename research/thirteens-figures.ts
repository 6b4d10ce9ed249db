/**
 * Thirteens' win rate, rerunnable: `npx tsx research/thirteens-figures.ts --deals 10000 --seed 1`
 * (`--json` for the figures as JSON). The game is decision-free (engine.ts), so `first`'s rate is
 * every policy's and the deal's own; with its 95% Wilson interval, beside the published figures.
 * Deal k is dealt from seed deriveSeed(seed, k).
 */
import '../src/games/index.js';
import { Env } from '../src/env/env.js';
import { deriveSeed } from '../src/env/rng.js';
import { wilsonInterval } from '../src/stats/intervals.js';
import { thirteensGame, thirteensOptionsSchema } from '../src/games/thirteens/engine.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const PUBLISHED =
  'Goodsol: "can be won by an average player 65% of the time"; AP lab guide: "about 1 out of 2"; neither gives a ' +
  'sample';

const USAGE = '  npx tsx research/thirteens-figures.ts [--deals N] [--seed S] [--json]';

function main(): void {
  const { values } = programArgs(USAGE, {
    deals: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
  });
  const deals = Number(values.deals);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(deals) || deals < 1 || !Number.isSafeInteger(seed) || seed < 0)
    throw new Error('--deals and --seed take whole numbers (deals ≥ 1)');
  const started = Date.now();
  const env = new Env('thirteens', thirteensGame, thirteensOptionsSchema.parse({}));
  let wins = 0;
  let dead = 0;
  for (let k = 0; k < deals; k++) {
    env.reset({ seed: deriveSeed(seed, k) });
    if (!env.running) dead++;
    while (env.running) env.step(env.legal[0]);
    if (env.outcome().won) wins++;
  }
  const [low, high] = wilsonInterval(wins, deals);
  const seconds = (Date.now() - started) / 1000;
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          id: 'thirteens',
          player: 'every policy (first)',
          deals,
          seed,
          wins,
          rate: wins / deals,
          low,
          high,
          deadDeals: dead,
          published: PUBLISHED,
          seconds,
        },
        null,
        2,
      )}\n`,
    );
    return;
  }
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  process.stdout.write(`Thirteens win rate on ${deals} deals (seed ${seed}), ${seconds.toFixed(1)} s\n`);
  process.stdout.write(
    `thirteens  every policy (first)  ${pct(wins / deals)}  95% [${pct(low)}, ${pct(high)}]  (${wins}/${deals}; ` +
      `${dead} deals with no move at all)  published: ${PUBLISHED}\n`,
  );
}

await runIfMain(import.meta.url, main);
