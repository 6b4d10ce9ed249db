/**
 * Node-only: where in a game a trained decade model loses to its teacher, measured by handing
 * the game over. On each deal the model plays until the stock holds at most K cards, then the
 * teacher plays on; the same deals are played by the teacher alone (deal i: seed + i, each
 * player reset as `tengym eval` resets it), and the paired difference in win rate is printed
 * for each K. K = 0 is the model's whole game; the step from one K to the next is what the
 * model's decisions between those stock sizes cost against the teacher's.
 *
 * npx tsx research/decade-handover.ts --env decade-loop --model DIR --episodes 3000 --seed 4242000
 * --stock 0,6,12,20,30 [--teacher pimc]
 *
 * The teacher is shown every state the model plays (`Agent.observe`), so a teacher that
 * remembers takes over knowing the game.
 */
import '../src/games/index.js';
import type { Agent } from '../src/agents/agent.js';
import { createAgent } from '../src/agents/index.js';
import type { Env } from '../src/env/env.js';
import type { DecadeState } from '../src/games/decade/engine.js';
import { envConfig } from '../src/env/registry.js';
import { playAgent } from '../src/eval/episodes.js';
import { pairedWins } from '../src/stats/paired.js';
import { loadAgent } from '../src/node/index.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE =
  '  npx tsx research/decade-handover.ts --model DIR [--env decade-loop] [--teacher pimc] [--episodes 3000]\n' +
  '      [--seed 4242000] [--stock 0,6,12,20,30]\n' +
  '  The model plays until the stock holds at most K cards (each K of --stock), the teacher on.';

/** The model while the stock holds more than `stock` cards, then the teacher. */
export class HandoverAgent implements Agent {
  readonly fair: boolean;
  readonly name: string;

  constructor(
    readonly model: Agent,
    readonly teacher: Agent,
    readonly stock: number,
  ) {
    this.fair = model.fair && teacher.fair;
    this.name = `${model.name} until ${stock} cards in the stock, then ${teacher.name}`;
  }

  reset(seed: number): void {
    this.model.reset(seed);
    this.teacher.reset(seed);
  }

  act(env: Env): number {
    if ((env.rawState as DecadeState).stockLen <= this.stock) return this.teacher.act(env);
    this.teacher.observe?.(env);
    return this.model.act(env);
  }
}

export interface HandoverRow {
  stock: number;
  won: number;
  teacherWon: number;
  /** Handed-over − teacher, in points of win rate, with its 95% interval. */
  diff: number;
  ci95: [number, number];
}

export async function measureHandover(
  envId: string,
  modelDir: string,
  teacherName: string,
  seed: number,
  episodes: number,
  stocks: readonly number[],
): Promise<HandoverRow[]> {
  const env = envConfig(envId, {});
  const teacherAlone = playAgent(env, createAgent(teacherName, env), seed, 0, episodes).won;
  const rows: HandoverRow[] = [];
  for (const stock of stocks) {
    const agent = new HandoverAgent(await loadAgent(modelDir), createAgent(teacherName, env), stock);
    const won = playAgent(env, agent, seed, 0, episodes).won;
    const { diff, ci95 } = pairedWins(won, teacherAlone);
    const sum = (a: Uint8Array) => a.reduce((x, y) => x + y, 0);
    rows.push({
      stock,
      won: sum(won),
      teacherWon: sum(teacherAlone),
      diff: 100 * diff,
      ci95: [100 * ci95[0], 100 * ci95[1]],
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'decade-loop' },
    model: { type: 'string' },
    teacher: { type: 'string', default: 'pimc' },
    episodes: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '4242000' },
    stock: { type: 'string', default: '0,6,12,20,30' },
  });
  if (values.model === undefined) throw new Error('--model DIR is required');
  const stocks = values.stock.split(',').map(Number);
  const episodes = Number(values.episodes);
  const rows = await measureHandover(values.env, values.model, values.teacher, Number(values.seed), episodes, stocks);
  console.log(
    `${values.env}, ${episodes} deals from seed ${values.seed}: ${values.model} until the stock holds K ` +
      `cards, then ${values.teacher}; against ${values.teacher} alone (${rows[0]?.teacherWon} won)`,
  );
  for (const r of rows) {
    const pts = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(2);
    console.log(
      `K ${String(r.stock).padStart(2)}  won ${r.won}  − ${values.teacher}: ${pts(r.diff)} ` +
        `[${pts(r.ci95[0])}, ${pts(r.ci95[1])}]`,
    );
  }
}

await runIfMain(import.meta.url, main);
