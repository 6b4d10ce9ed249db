/**
 * Node-only: how much of a teacher's play a trained model reproduces, and what the
 * disagreements cost in the teacher's own judgement.
 *
 * npx tsx research/distill-agreement.ts --env decade-fives --model runs/x/best --games 1000 --seed
 * 4300000 [--teacher pimc] [--teacher-samples N]
 *
 * `--model` also takes a catalogue agent's name (`pimc`: how far a teacher agrees with a less
 * noisy one of itself), and `--teacher-samples N` gives a `pimc` teacher N sampled deals a
 * decision instead of its default (128 on one line).
 *
 * Each deal (seed + i) is played by the model. At every decision the teacher scores the legal
 * moves (re-seeded per position, as distillation labels them: teacher-labels.ts); the decision
 * agrees when the model's move is the teacher's first. Where they differ, the cost is the
 * teacher's P(win) of its own move minus that of the model's move, in points (0 when the teacher
 * scores both the same: a tie it broke its own way). With 'deck-bottom' (Ten-Twenty-Thirty) the
 * teacher is told what a player who watched the game remembers of the order under the stock, as
 * distillation tells it; without that it would judge every remembered card unseen. The sum over a game estimates, in
 * the teacher's eyes, how much the model's choices gave away; beside the measured model − teacher difference (`tengym
 * eval`) it says whether the gap is in the choices the network cannot reproduce (a large estimated cost) or elsewhere.
 * The same figures by the cards in the stock at the decision (the bands of decade-handover.ts) say where in a game.
 */
import '../src/games/index.js';
import type { Agent } from '../src/agents/agent.js';
import { pimcWithSamples } from '../src/games/decade/agents/pimc.js';
import { createAgent } from '../src/agents/index.js';
import { StockMemory } from '../src/games/decade/agents/memory.js';
import { rulesOf } from '../src/games/decade/agents/position.js';
import type { Env } from '../src/env/env.js';
import { decadeOf, decadeOptionsOf } from '../src/games/decade/engine.js';
import { envConfig, make } from '../src/env/registry.js';
import { deriveSeed } from '../src/env/rng.js';
import { resolveAgent } from '../src/node/resolve.js';
import { labelPosition } from '../src/games/decade/training/teacher-labels.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE =
  '  npx tsx research/distill-agreement.ts --model DIR|AGENT [--env decade] [--teacher pimc] ' +
  '[--teacher-samples N]\n' +
  '      [--games 1000] [--seed 4300000]';

export interface Agreement {
  games: number;
  decisions: number;
  agreed: number;
  /** Disagreements the teacher scores level (its own tie-break decided). */
  ties: number;
  /** Sum over disagreements of the teacher's P(win) of its move minus of the model's, in points. */
  cost: number;
  /** The costliest disagreements' sizes, in points, largest first (at most 10). */
  worst: number[];
  /** The decisions, agreements and cost by the stock's size at the decision: STOCK_BANDS. */
  byStock: { decisions: number; agreed: number; cost: number }[];
  /**
   * 'deck-bottom' only: the same, split by whether a card of the stock is unseen at the decision ([unseen, all known]).
   */
  byKnowledge: { decisions: number; agreed: number; cost: number }[] | null;
}

/**
 * Stock sizes at a decision, [least, most]: the game's end, the rest of the exact endgame's reach (12 cards), two bands
 * of the middle, the start.
 */
export const STOCK_BANDS: readonly (readonly [number, number])[] = [
  [0, 6],
  [7, 12],
  [13, 20],
  [21, 30],
  [31, Infinity],
];

function stockBand(env: Env): number {
  const stock = decadeOf(env)!.state.stockLen;
  return STOCK_BANDS.findIndex(([least, most]) => stock >= least && stock <= most);
}

/** The teacher by name; `samples` (a `pimc` teacher only) overrides its sampled deals a decision. */
function teacherAgent(envId: string, name: string, samples?: number): Agent {
  if (samples === undefined) return createAgent(name, envId);
  const options = decadeOptionsOf(envConfig(envId));
  if (name !== 'pimc' || options === null)
    throw new Error('--teacher-samples applies to a pimc teacher on the decade family');
  return pimcWithSamples(options, samples);
}

/** `model`: a model directory, or a catalogue agent's name (resolveAgent), played on `games` deals from `seed`. */
export async function measureAgreement(
  envId: string,
  model: string,
  teacherName: string,
  seed: number,
  games: number,
  teacherSamples?: number,
): Promise<Agreement> {
  const env = make(envId);
  const options = decadeOptionsOf(envConfig(envId));
  if (options === null) throw new Error(`distill-agreement measures the decade family (its stock bands), not ${envId}`);
  const player = await resolveAgent(model, envId);
  const teacher = teacherAgent(envId, teacherName, teacherSamples);
  const rules = rulesOf(options);
  // What a player who watched the game knows of the order under the stock, which the teacher is told.
  const memory = rules.deckBottom ? new StockMemory() : null;
  const tally = () => ({ decisions: 0, agreed: 0, cost: 0 });
  const a: Agreement = {
    games,
    decisions: 0,
    agreed: 0,
    ties: 0,
    cost: 0,
    worst: [],
    byStock: STOCK_BANDS.map(tally),
    byKnowledge: memory && [tally(), tally()],
  };
  const costs: number[] = [];
  for (let g = 0; g < games; g++) {
    env.reset({ seed: seed + g });
    player.reset(deriveSeed(seed + g, 1));
    memory?.clear();
    while (env.running) {
      memory?.sync(decadeOf(env)!.state, rules);
      const action = player.act(env);
      if (env.legalCount > 1) {
        a.decisions++;
        const bands = [a.byStock[stockBand(env)]];
        if (memory && a.byKnowledge) bands.push(a.byKnowledge[memory.unknown > 0 ? 0 : 1]);
        for (const band of bands) band.decisions++;
        const labels = labelPosition(teacher, env, deriveSeed(seed + g, a.decisions), memory?.remembered());
        if (labels[0].action === action) {
          a.agreed++;
          for (const band of bands) band.agreed++;
        } else {
          const gap = 100 * (labels[0].score - labels.find((l) => l.action === action)!.score);
          if (gap === 0) a.ties++;
          a.cost += gap;
          for (const band of bands) band.cost += gap;
          costs.push(gap);
        }
      }
      env.step(action);
    }
  }
  a.worst = costs.sort((x, y) => y - x).slice(0, 10);
  return a;
}

export function formatAgreement(envId: string, modelDir: string, teacher: string, a: Agreement): string[] {
  const differ = a.decisions - a.agreed;
  return [
    `${envId}, ${a.games} deals: ${modelDir} against ${teacher}'s choices`,
    `decisions ${a.decisions} (${(a.decisions / a.games).toFixed(2)} a game); the model plays ${teacher}'s ` +
      `move at ${((100 * a.agreed) / a.decisions).toFixed(1)}%`,
    `${differ} differ, ${a.ties} of them moves ${teacher} scores level; the rest cost ` +
      `${(a.cost / Math.max(1, differ - a.ties)).toFixed(2)} ` +
      `points each on average in ${teacher}'s P(win)`,
    `estimated cost of the differences: ${(a.cost / a.games).toFixed(2)} points a game (costliest: ` +
      `${a.worst.map((x) => x.toFixed(1)).join(', ')})`,
    ...a.byStock.map((b, i) => {
      const [least, most] = STOCK_BANDS[i];
      const cards = most === Infinity ? `${least}+` : `${least}–${most}`;
      return `  stock ${cards.padEnd(5)} ${bandLine(b, a.games, teacher)}`;
    }),
    ...(a.byKnowledge ?? []).map(
      (b, i) => `  ${i === 0 ? 'a card unseen ' : 'stock all known'} ${bandLine(b, a.games, teacher)}`,
    ),
  ];
}

/** One band's decisions a game, agreement and cost a game. */
function bandLine(b: { decisions: number; agreed: number; cost: number }, games: number, teacher: string): string {
  const agreed = b.decisions === 0 ? '–' : `${((100 * b.agreed) / b.decisions).toFixed(1)}%`;
  return (
    `decisions ${(b.decisions / games).toFixed(2)} a game, ${teacher}'s move at ${agreed}, cost ` +
    `${(b.cost / games).toFixed(2)} ` +
    `points a game`
  );
}

async function main(): Promise<void> {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'decade' },
    model: { type: 'string' },
    teacher: { type: 'string', default: 'pimc' },
    'teacher-samples': { type: 'string' },
    games: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '4300000' },
  });
  if (values.model === undefined) throw new Error('--model DIR (or an agent name) is required');
  const samples = values['teacher-samples'] === undefined ? undefined : Number(values['teacher-samples']);
  const teacher = samples === undefined ? values.teacher : `${values.teacher} (${samples} samples)`;
  const a = await measureAgreement(
    values.env,
    values.model,
    values.teacher,
    Number(values.seed),
    Number(values.games),
    samples,
  );
  for (const line of formatAgreement(values.env, values.model, teacher, a)) console.log(line);
}

await runIfMain(import.meta.url, main);
