/**
 * Node-only: whether a fair player built from `pimc` plays better than `pimc` on the decade
 * family (a stronger teacher to distil would be one). The players:
 *
 * - `samples:N`: `pimc` with N sampled deals a decision instead of its preset's;
 * - `stream:K`: `pimc` itself, drawing its samples from another random stream (K ≥ 1 names the
 *   stream): a player exactly as strong as `pimc` that chooses differently where its samples
 *   do, so its difference from `pimc` shows what the paired interval does to a level player;
 * - `margin:D`: `pimc` and a trained model (`--model`) together: among the moves whose `pimc`
 *   win fraction is within D of the best one's, the model's favourite (D = 0: the model breaks
 *   `pimc`'s ties, in place of the cards left);
 * - `blend:A`: the two together: the highest A · (`pimc`'s win fraction) + (1 − A) · (the
 *   model's P(win)).
 * - `deeper:M`: `pimc` one decision deeper, no model: every move is played on M fair orders of
 *   the unseen cards (the same M for every move), through the forced moves to the next decision,
 *   which is valued at `pimc`'s best win fraction there (a won or lost end at 1 or 0); the move
 *   with the highest mean plays, ties in `pimc`'s order. This is what a search over `pimc`'s
 *   values makes of them (the learned search does the same over a network that learns them), so
 *   whether it beats `pimc` says whether a network level with its teacher could.
 *
 * The two together (and `deeper`) choose at decisions with `--stock` LOW-HIGH cards in the stock; elsewhere
 * `pimc` plays alone. The same deals are played by `pimc` alone (deal i: seed + i, each player
 * reset as `tengym eval` resets it, so the `pimc` inside a combination draws the samples `pimc`
 * alone draws on the same position), and the paired difference in win rate is printed for each
 * player.
 *
 *   npm run build && node dist/research/beyond-pimc.js --env decade-loop --model models/decade-loop --episodes 3000 --seed 8100000 --players samples:512,stream:1,margin:0.02,blend:0.75 [--stock 21-52]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Agent } from '../agents/agent.js';
import { createAgent } from '../agents/index.js';
import { pimcWithSamples } from '../agents/decade/pimc.js';
import type { Env } from '../env/env.js';
import { decadeOptionsOf, type DecadeState } from '../env/games/decade.js';
import { envConfig } from '../env/registry.js';
import { createRng, deriveSeed, shuffleInPlace } from '../env/rng.js';
import { seenHash } from '../agents/decade/pimc.js';
import { playAgent } from '../eval/episodes.js';
import { pairedDifference } from '../eval/evaluate.js';
import { loadAgent } from '../node/index.js';

/** How `pimc` and a model choose together. */
export interface CombineRule {
  kind: 'margin' | 'blend';
  /** margin: D, the win fraction behind the best within which the model chooses; blend: A, `pimc`'s weight. */
  amount: number;
}

export type Player = CombineRule | { kind: 'samples'; samples: number } | { kind: 'stream'; stream: number } | { kind: 'deeper'; orders: number };

/** `samples:N`, `stream:K`, `deeper:M` (N, K, M ≥ 1), `margin:D` or `blend:A` (0 ≤ D, A ≤ 1). */
export function parsePlayer(text: string): Player {
  const [kind, amount] = text.split(':');
  const a = amount === undefined || amount === '' ? NaN : Number(amount);
  if (kind === 'samples' && Number.isInteger(a) && a >= 1) return { kind, samples: a };
  if (kind === 'stream' && Number.isInteger(a) && a >= 1) return { kind, stream: a };
  if (kind === 'deeper' && Number.isInteger(a) && a >= 1) return { kind, orders: a };
  if ((kind === 'margin' || kind === 'blend') && a >= 0 && a <= 1) return { kind, amount: a };
  throw new Error(`bad player "${text}": samples:N, stream:K, deeper:M (N, K, M ≥ 1), margin:D or blend:A (0 ≤ D, A ≤ 1)`);
}

/** `pimc` whose samples come from stream `stream`: reset with a seed derived from the deal's. */
export class OtherStream implements Agent {
  readonly fair: boolean;
  readonly name: string;

  constructor(
    readonly pimc: Agent,
    readonly stream: number,
  ) {
    this.fair = pimc.fair;
    this.name = `${pimc.name} (stream ${stream})`;
  }

  reset(seed: number): void {
    this.pimc.reset(deriveSeed(seed, this.stream));
  }

  observe(env: Env): void {
    this.pimc.observe?.(env);
  }

  act(env: Env): number {
    return this.pimc.act(env);
  }
}

/** The player `p` on env `envId`: `pimc` with other samples or another stream, or `pimc` and the model in `modelDir` together. */
export async function createPlayer(p: Player, envId: string, modelDir: string | undefined, stock: readonly [number, number]): Promise<Agent> {
  const options = decadeOptionsOf(envConfig(envId, {}));
  if (options === null) throw new Error(`${envId} is not a decade game`);
  if (p.kind === 'samples') return pimcWithSamples(options, p.samples);
  if (p.kind === 'stream') return new OtherStream(createAgent('pimc', envId), p.stream);
  if (p.kind === 'deeper') return new DeeperPimc(createAgent('pimc', envId), createAgent('pimc', envId), p.orders, stock[0], stock[1]);
  if (modelDir === undefined) throw new Error(`${p.kind}: --model DIR is required`);
  return new CombinedAgent(await loadAgent(modelDir), createAgent('pimc', envId), p, stock[0], stock[1]);
}

/** `pimc` and a model choosing together while the stock holds `low` to `high` cards; `pimc` alone elsewhere. */
export class CombinedAgent implements Agent {
  readonly fair: boolean;
  readonly name: string;
  private readonly modelScore = new Map<number, number>();

  constructor(
    readonly model: Agent,
    readonly teacher: Agent,
    readonly rule: CombineRule,
    readonly low: number,
    readonly high: number,
  ) {
    if (!model.score || !teacher.score) throw new Error('both players must score moves');
    this.fair = model.fair && teacher.fair;
    this.name = `${teacher.name} with ${model.name} (${rule.kind}:${rule.amount}, stock ${low}–${high})`;
  }

  reset(seed: number): void {
    this.model.reset(seed);
    this.teacher.reset(seed);
  }

  act(env: Env): number {
    const stock = (env.rawState as DecadeState).stockLen;
    if (env.legalCount === 1 || stock < this.low || stock > this.high) return this.teacher.act(env);
    this.model.observe?.(env);
    const t = this.teacher.score!(env).actions;
    this.modelScore.clear();
    for (const a of this.model.score!(env).actions) this.modelScore.set(a.action, a.score);
    const m = (action: number) => this.modelScore.get(action)!;
    // t is in pimc's order, best first: on equal combined scores pimc's order decides.
    let best = t[0].action;
    if (this.rule.kind === 'margin') {
      const floor = t[0].score - this.rule.amount - 1e-9;
      for (const a of t) if (a.score >= floor && m(a.action) > m(best)) best = a.action;
      return best;
    }
    const A = this.rule.amount;
    let bestScore = -Infinity;
    for (const a of t) {
      const s = A * a.score + (1 - A) * m(a.action);
      if (s > bestScore) {
        bestScore = s;
        best = a.action;
      }
    }
    return best;
  }
}

/** `pimc` one decision deeper while the stock holds `low` to `high` cards (`deeper:M`); `pimc` alone elsewhere. */
export class DeeperPimc implements Agent {
  readonly fair = true;
  readonly name: string;
  private seed = 0;
  private total = new Float64Array(64);

  /** `pimc` plays and breaks ties; `leaf`, another `pimc` reset alike, values the next decisions (its samples then never depend on the root's). */
  constructor(
    readonly pimc: Agent,
    readonly leaf: Agent,
    readonly orders: number,
    readonly low: number,
    readonly high: number,
  ) {
    this.name = `pimc one decision deeper (${orders} orders, stock ${low}–${high})`;
  }

  reset(seed: number): void {
    this.seed = seed;
    this.pimc.reset(seed);
    this.leaf.reset(seed);
  }

  act(env: Env): number {
    const state = env.rawState as DecadeState;
    if (env.legalCount === 1 || state.stockLen < this.low || state.stockLen > this.high) return this.pimc.act(env);
    const root = this.pimc.score!(env).actions;
    const n = root.length;
    if (this.total.length < n) this.total = new Float64Array(2 * n);
    this.total.fill(0, 0, n);
    // The orders depend only on what the player sees here: fair, and the same for every move.
    const rng = createRng(deriveSeed(this.seed ^ 0xdee9, seenHash(state, null)));
    const order = new Uint8Array(state.stockLen);
    for (let k = 0; k < this.orders; k++) {
      // Shuffled from the cards in a fixed order, never from the stock's: the true order must not leak in.
      for (let i = 0; i < order.length; i++) order[i] = state.stock[(state.stockHead + i) % state.stock.length];
      order.sort();
      shuffleInPlace(rng, order);
      for (let m = 0; m < n; m++) {
        const copy = env.clone();
        const s = copy.rawState as DecadeState;
        for (let i = 0; i < order.length; i++) s.stock[(s.stockHead + i) % s.stock.length] = order[i];
        copy.step(root[m].action);
        while (copy.running && copy.legalCount === 1) copy.step(copy.legal[0]);
        this.total[m] += copy.running ? this.leaf.score!(copy).actions[0].score : copy.outcome().won ? 1 : 0;
      }
    }
    let best = 0;
    for (let m = 1; m < n; m++) if (this.total[m] > this.total[best]) best = m;
    return root[best].action;
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      env: { type: 'string', default: 'decade-loop' },
      model: { type: 'string' },
      episodes: { type: 'string', default: '3000' },
      seed: { type: 'string', default: '8100000' },
      players: { type: 'string', default: 'samples:512,margin:0.02,blend:0.75' },
      stock: { type: 'string', default: '1-52' },
    },
  });
  const [low, high] = values.stock.split('-').map(Number);
  if (!Number.isInteger(low) || !Number.isInteger(high) || low > high) throw new Error(`--stock ${values.stock}: expected LOW-HIGH, two whole numbers of cards`);
  const episodes = Number(values.episodes);
  const seed = Number(values.seed);
  const env = envConfig(values.env, {});
  const started = Date.now();
  const alone = playAgent(env, createAgent('pimc', env), seed, 0, episodes).won;
  const sum = (a: Uint8Array) => a.reduce((x, y) => x + y, 0);
  console.log(`${values.env}, ${episodes} deals from seed ${seed}: pimc alone won ${sum(alone)} (${((Date.now() - started) / 1000).toFixed(0)} s); together with ${values.model ?? 'no model'} at ${low}–${high} stock cards`);
  for (const text of values.players.split(',')) {
    const t0 = Date.now();
    const won = playAgent(env, await createPlayer(parsePlayer(text), values.env, values.model, [low, high]), seed, 0, episodes).won;
    const { diff, ci95 } = pairedDifference(won, alone);
    const pts = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(100 * x).toFixed(2);
    console.log(`${text.padEnd(12)} won ${sum(won)}  − pimc: ${pts(diff)} [${pts(ci95[0])}, ${pts(ci95[1])}]  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
