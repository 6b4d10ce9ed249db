/**
 * Thirteens' win rate, rerunnable: `npx tsx research/thirteens-figures.ts --deals 10000 --seed 1`
 * (`--json` for the figures as JSON). The game is decision-free (engine.ts), so `first`'s rate is
 * every policy's and the deal's own; with its 95% Wilson interval, beside the published figures.
 * Deal k is dealt from seed deriveSeed(seed, k).
 *
 * `--readings` plays the same deals again by a second, independent statement of the rules (below,
 * over the dealt order alone), which must end every deal as the engine does, and by another
 * reading a source could mean: the stock's top card in play (which plays as an eleventh card on the
 * table would).
 *
 *   npx tsx research/thirteens-figures.ts --deals 100000 --seed 1 --readings
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

const USAGE = '  npx tsx research/thirteens-figures.ts [--deals N] [--seed S] [--json] [--readings]';

const RANK = new Map([...'A23456789TJQK'].map((r, i) => [r, i + 1]));

/**
 * Thirteens by the rules as written, apart from the engine: `slots` cards face up, refilled from the
 * stock in the order dealt after every removal; a king alone or two cards making 13 are removed; with
 * `stockTop` the stock's top card may be removed with a card on the table (or alone, a king). Won
 * when no card is left. Every order of moves ends alike, so the first move found is played.
 */
export function wonByReading(ranks: number[], slots: number, stockTop: boolean): boolean {
  const table = ranks.slice(0, slots);
  const stock = ranks.slice(slots);
  for (;;) {
    const king = table.indexOf(13);
    let removed = king >= 0;
    if (removed) table.splice(king, 1);
    for (let i = 0; !removed && i < table.length; i++) {
      const j = table.indexOf(13 - table[i], i + 1);
      if (j >= 0) {
        table.splice(j, 1);
        table.splice(i, 1);
        removed = true;
      }
    }
    if (!removed && stockTop && stock.length > 0) {
      const partner = stock[0] === 13 ? -2 : table.indexOf(13 - stock[0]);
      if (partner !== -1) {
        stock.shift();
        if (partner >= 0) table.splice(partner, 1);
        removed = true;
      }
    }
    if (!removed) return table.length === 0 && stock.length === 0;
    while (table.length < slots && stock.length > 0) table.push(stock.shift()!);
  }
}

function main(): void {
  const { values } = programArgs(USAGE, {
    deals: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
    readings: { type: 'boolean', default: false },
  });
  const deals = Number(values.deals);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(deals) || deals < 1 || !Number.isSafeInteger(seed) || seed < 0)
    throw new Error('--deals and --seed take whole numbers (deals ≥ 1)');
  const started = Date.now();
  const env = new Env('thirteens', thirteensGame, thirteensOptionsSchema.parse({}));
  let wins = 0;
  let dead = 0;
  const readings = { agree: 0, stockTop: 0 };
  for (let k = 0; k < deals; k++) {
    env.reset({ seed: deriveSeed(seed, k) });
    const dealt = env.getState().game as { tableau: string[]; stock: string[] };
    const ranks = [...dealt.tableau, ...dealt.stock].map((code) => RANK.get(code[0])!);
    if (!env.running) dead++;
    while (env.running) env.step(env.legal[0]);
    if (env.outcome().won) wins++;
    if (values.readings) {
      if (wonByReading(ranks, 10, false) === env.outcome().won) readings.agree++;
      if (wonByReading(ranks, 10, true)) readings.stockTop++;
    }
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
          ...(values.readings ? { readings } : {}),
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
  if (!values.readings) return;
  const row = (name: string, won: number) => {
    const [lo, hi] = wilsonInterval(won, deals);
    process.stdout.write(`  ${name}  ${pct(won / deals)}  95% [${pct(lo)}, ${pct(hi)}]\n`);
  };
  process.stdout.write(
    `the rules stated again apart from the engine: the same end on ${readings.agree} of ${deals} deals\n`,
  );
  row("another reading, the same deals: the stock's top card in play", readings.stockTop);
}

await runIfMain(import.meta.url, main);
