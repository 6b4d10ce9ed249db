/**
 * Elevens' win rates, rerunnable: `npx tsx research/elevens-figures.ts --deals 10000 --seed 1`
 * (`--json` for the figures as JSON). For each id (and two decision-free variants) on the same
 * deals: where the game is decision-free, the rate of `first`, which is every policy's and the
 * deal's own (engine.ts); where it has decisions, the full-information optimum (the solver, what
 * `oracle` plays) and `patient`. Each with its 95% Wilson interval, beside the published figures.
 * Deal k is dealt from seed deriveSeed(seed, k).
 */
import '../src/games/index.js';
import { Env } from '../src/env/env.js';
import { deriveSeed } from '../src/env/rng.js';
import { wilsonInterval } from '../src/stats/intervals.js';
import { patientMove } from '../src/games/elevens/agents/common.js';
import { ElevensSolver } from '../src/games/elevens/agents/solver.js';
import { elevensGame, elevensOf, elevensOptionsSchema, elevensSameOutcome } from '../src/games/elevens/engine.js';
import { elevens } from '../src/games/elevens/index.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

/** What sources say of each rule set's chances (rules.md; research notes of tengym). */
const PUBLISHED: Record<string, string> = {
  elevens: '"slightly better than 1 in 10" (Wikipedia); "about 11%" (catsatcards.com); none gives a sample',
  'elevens-reserve': 'none found',
  'elevens-too': 'none found (played well it is the book rule)',
  'suit-elevens': 'none found',
};

interface Row {
  id: string;
  options: Record<string, unknown>;
  player: string;
  deals: number;
  wins: number;
  rate: number;
  low: number;
  high: number;
  published: string;
}

function measure(id: string, preset: Record<string, unknown>, published: string, deals: number, seed: number): Row[] {
  const options = elevensOptionsSchema.parse(preset);
  const env = new Env(id, elevensGame, options);
  const players: [string, (e: Env) => number][] = elevensSameOutcome(options)
    ? [['every policy (first)', (e) => e.legal[0]]]
    : [['patient', (e) => patientMove(e, elevensOf(e)!.state)]];
  const wins = new Array<number>(players.length + 1).fill(0);
  const solver = elevensSameOutcome(options) ? null : new ElevensSolver(options);
  for (let k = 0; k < deals; k++) {
    const dealSeed = deriveSeed(seed, k);
    if (solver) {
      env.reset({ seed: dealSeed });
      if (solver.cardsLeft(elevensOf(env)!.state) === 0) wins[players.length]++;
    }
    players.forEach(([, choose], p) => {
      env.reset({ seed: dealSeed });
      while (env.running) env.step(choose(env));
      if (env.outcome().won) wins[p]++;
    });
  }
  const names = [...players.map(([name]) => name), ...(solver ? ['full-information optimum (oracle)'] : [])];
  return names.map((player, p) => {
    const [low, high] = wilsonInterval(wins[p], deals);
    return { id, options: preset, player, deals, wins: wins[p], rate: wins[p] / deals, low, high, published };
  });
}

const USAGE = '  npx tsx research/elevens-figures.ts [--deals N] [--seed S] [--json]';

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
  // The ids as registered (their presets), then two decision-free variants of the book rule no source measures.
  const sets: [string, Record<string, unknown>, string][] = [
    ...elevens.ids.map((i) => [i.id, {}, PUBLISHED[i.id]] as [string, Record<string, unknown>, string]),
    ['elevens', { grid: 15 }, ''],
    ['elevens', { suits: 'same' }, ''],
  ];
  const presetOf = (id: string) => elevens.ids.find((i) => i.id === id)!.preset ?? {};
  const started = Date.now();
  const rows = sets.flatMap(([id, options, published]) =>
    measure(id, { ...presetOf(id), ...options }, published, deals, seed),
  );
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ deals, seed, seconds: (Date.now() - started) / 1000, rows }, null, 2)}\n`);
    return;
  }
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  process.stdout.write(
    `Elevens win rates on ${deals} deals (seed ${seed}), ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  for (const r of rows) {
    const label =
      r.id === 'elevens' && Object.keys(r.options).length > 0 ? `${r.id} ${JSON.stringify(r.options)}` : r.id;
    process.stdout.write(
      `${label.padEnd(28)} ${r.player.padEnd(34)} ${pct(r.rate).padStart(7)}  95% [${pct(r.low)}, ` +
        `${pct(r.high)}]  (${r.wins}/${r.deals})${r.published ? `  published: ${r.published}` : ''}\n`,
    );
  }
}

await runIfMain(import.meta.url, main);
