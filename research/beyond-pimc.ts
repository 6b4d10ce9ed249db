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
 * - `rollout:M`: one step of policy improvement over `pimc`, no model: as `deeper:M`, but each
 *   move is played on the M orders to the end of the game, `pimc` choosing after it (a `pimc`
 *   reset alike for every move of an order), and valued at the share of those games won. This
 *   is `decade-room.ts`'s measurement made a player: the teacher a network above `pimc` would
 *   have to learn from, and what it costs a decision.
 * - `deeper:M:Z`, `rollout:M:Z`: the same, but another move replaces `pimc`'s only where its
 *   mean difference from it over the M orders (paired: the same orders) is more than Z standard
 *   errors above zero, so the orders' noise alone rarely moves the player off `pimc`.
 *
 * The two together (and `deeper`, `rollout`) choose at decisions with `--stock` LOW-HIGH cards in the stock; elsewhere
 * `pimc` plays alone. The same deals are played by `pimc` alone (deal i: seed + i, each player
 * reset as `tengym eval` resets it, so the `pimc` inside a combination draws the samples `pimc`
 * alone draws on the same position), and the paired difference in win rate is printed for each
 * player.
 *
 * npx tsx research/beyond-pimc.ts --env decade-loop --model models/decade-loop --episodes 3000
 * --seed 8100000 --players samples:512,stream:1,margin:0.02,blend:0.75 [--stock 21-52]
 * npx tsx research/beyond-pimc.ts --env decade-loop --episodes 3000 --seed 34000000 --players
 * rollout:64 --stock 13-20
 */
import '../src/games/index.js';
import type { Agent } from '../src/agents/agent.js';
import { createAgent } from '../src/agents/index.js';
import { pimcWithSamples } from '../src/games/decade/agents/pimc.js';
import type { Env } from '../src/env/env.js';
import { decadeOptionsOf, type DecadeState } from '../src/games/decade/engine.js';
import { envConfig } from '../src/env/registry.js';
import { createRng, deriveSeed, shuffleInPlace } from '../src/env/rng.js';
import { seenHash } from '../src/games/decade/agents/pimc.js';
import { playAgent } from '../src/eval/episodes.js';
import { pairedWins } from '../src/stats/paired.js';
import { loadAgent } from '../src/node/index.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE = `  npx tsx research/beyond-pimc.ts [--env decade-loop] [--model DIR] [--episodes 3000] [--seed 8100000]
      [--players samples:512,margin:0.02,blend:0.75] [--stock 1-52]
  Players, comma-separated, each against pimc on the same deals: samples:N, stream:K, deeper:M[:Z],
  rollout:M[:Z], margin:D, blend:A (margin and blend need --model); --stock LOW-HIGH: the stock sizes
  where the player's own rule decides.`;

/** How `pimc` and a model choose together. */
export interface CombineRule {
  kind: 'margin' | 'blend';
  /** margin: D, the win fraction behind the best within which the model chooses; blend: A, `pimc`'s weight. */
  amount: number;
}

/**
 * `deeper` and `rollout`: M orders; another move replaces `pimc`'s only where it leads by more than Z standard errors.
 */
export interface OrdersPlayer {
  kind: 'deeper' | 'rollout';
  orders: number;
  confidence: number;
}

export type Player =
  | CombineRule
  | { kind: 'samples'; samples: number }
  | { kind: 'stream'; stream: number }
  | OrdersPlayer;

/**
 * `samples:N`, `stream:K`, `deeper:M[:Z]`, `rollout:M[:Z]` (N, K, M ≥ 1, Z ≥ 0), `margin:D` or `blend:A` (0 ≤ D, A ≤
 * 1).
 */
export function parsePlayer(text: string): Player {
  const [kind, amount, extra] = text.split(':');
  const a = amount === undefined || amount === '' ? NaN : Number(amount);
  const z = extra === undefined ? 0 : extra === '' ? NaN : Number(extra);
  if ((kind === 'deeper' || kind === 'rollout') && Number.isInteger(a) && a >= 1 && z >= 0 && Number.isFinite(z))
    return { kind, orders: a, confidence: z };
  if (extra === undefined) {
    if (kind === 'samples' && Number.isInteger(a) && a >= 1) return { kind, samples: a };
    if (kind === 'stream' && Number.isInteger(a) && a >= 1) return { kind, stream: a };
    if ((kind === 'margin' || kind === 'blend') && a >= 0 && a <= 1) return { kind, amount: a };
  }
  throw new Error(
    `bad player "${text}": samples:N, stream:K, deeper:M[:Z], rollout:M[:Z] (N, K, M ≥ 1, Z ≥ 0), margin:D or ` +
      `blend:A (0 ≤ D, A ≤ 1)`,
  );
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

/**
 * The player `p` on env `envId`: `pimc` with other samples or another stream, or `pimc` and the model in `modelDir`
 * together.
 */
export async function createPlayer(
  p: Player,
  envId: string,
  modelDir: string | undefined,
  stock: readonly [number, number],
): Promise<Agent> {
  const options = decadeOptionsOf(envConfig(envId, {}));
  if (options === null) throw new Error(`${envId} is not a decade game`);
  if (p.kind === 'samples') return pimcWithSamples(options, p.samples);
  if (p.kind === 'stream') return new OtherStream(createAgent('pimc', envId), p.stream);
  if ('orders' in p)
    return new DeeperPimc(createAgent('pimc', envId), createAgent('pimc', envId), p, stock[0], stock[1]);
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

/**
 * `pimc` one decision deeper (`deeper:M`), or every move played out with `pimc` after it (`rollout:M`), while the stock
 * holds `low` to `high` cards; `pimc` alone elsewhere.
 */
export class DeeperPimc implements Agent {
  readonly fair = true;
  readonly name: string;
  private seed = 0;
  /**
   * Per move: this order's value, and the sums over orders of its difference from `pimc`'s move and of that squared.
   */
  private value = new Float64Array(64);
  private diff = new Float64Array(64);
  private diffSquared = new Float64Array(64);
  readonly orders: number;
  readonly confidence: number;
  readonly playOut: boolean;

  /**
   * `pimc` plays and breaks ties; `leaf`, another `pimc`, values the next decisions (reset
   * alike, so its samples never depend on the root's) or, with 'rollout', plays them to the end
   * (reset for each order with a seed of its own, the same for every move).
   */
  constructor(
    readonly pimc: Agent,
    readonly leaf: Agent,
    player: OrdersPlayer,
    readonly low: number,
    readonly high: number,
  ) {
    ({ orders: this.orders, confidence: this.confidence } = player);
    this.playOut = player.kind === 'rollout';
    const what = this.playOut ? 'pimc with rollouts' : 'pimc one decision deeper';
    this.name =
      `${what} (${this.orders} ` +
      `orders${this.confidence > 0 ? `, moves off pimc's past ${this.confidence} standard errors` : ''}, stock ` +
      `${this.low}–${this.high})`;
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
    if (this.value.length < n)
      [this.value, this.diff, this.diffSquared] = [
        new Float64Array(2 * n),
        new Float64Array(2 * n),
        new Float64Array(2 * n),
      ];
    this.diff.fill(0, 0, n);
    this.diffSquared.fill(0, 0, n);
    // The orders depend only on what the player sees here: fair, and the same for every move.
    const seen = seenHash(state, null);
    const rng = createRng(deriveSeed(this.seed ^ 0xdee9, seen));
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
        if (this.playOut) {
          this.leaf.reset(deriveSeed(deriveSeed(this.seed ^ 0x9011, seen), k));
          while (copy.running) copy.step(this.leaf.act(copy));
        } else while (copy.running && copy.legalCount === 1) copy.step(copy.legal[0]);
        this.value[m] = copy.running ? this.leaf.score!(copy).actions[0].score : copy.outcome().won ? 1 : 0;
      }
      for (let m = 1; m < n; m++) {
        const d = this.value[m] - this.value[0];
        this.diff[m] += d;
        this.diffSquared[m] += d * d;
      }
    }
    // pimc's move (root[0]) unless another leads it by more than `confidence` standard errors
    // of the paired mean; among those, the highest mean (with 0: simply the highest mean).
    const M = this.orders;
    let best = 0;
    for (let m = 1; m < n; m++) {
      const mean = this.diff[m] / M;
      if (mean <= 0 || mean <= this.diff[best] / M) continue;
      // With one order there is no standard error: only Z = 0 leaves pimc's move then.
      const se = M > 1 ? Math.sqrt(Math.max(0, this.diffSquared[m] - M * mean * mean) / (M - 1) / M) : Infinity;
      if (this.confidence === 0 || mean > this.confidence * se) best = m;
    }
    return root[best].action;
  }
}

async function main(): Promise<void> {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'decade-loop' },
    model: { type: 'string' },
    episodes: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '8100000' },
    players: { type: 'string', default: 'samples:512,margin:0.02,blend:0.75' },
    stock: { type: 'string', default: '1-52' },
  });
  const [low, high] = values.stock.split('-').map(Number);
  if (!Number.isInteger(low) || !Number.isInteger(high) || low > high)
    throw new Error(`--stock ${values.stock}: expected LOW-HIGH, two whole numbers of cards`);
  const episodes = Number(values.episodes);
  const seed = Number(values.seed);
  const env = envConfig(values.env, {});
  const started = Date.now();
  const alone = playAgent(env, createAgent('pimc', env), seed, 0, episodes).won;
  const sum = (a: Uint8Array) => a.reduce((x, y) => x + y, 0);
  console.log(
    `${values.env}, ${episodes} deals from seed ${seed}: pimc alone won ${sum(alone)} ` +
      `(${((Date.now() - started) / 1000).toFixed(0)} ` +
      `s); together with ${values.model ?? 'no model'} at ${low}–${high} stock cards`,
  );
  for (const text of values.players.split(',')) {
    const t0 = Date.now();
    const won = playAgent(
      env,
      await createPlayer(parsePlayer(text), values.env, values.model, [low, high]),
      seed,
      0,
      episodes,
    ).won;
    const { diff, ci95 } = pairedWins(won, alone);
    const pts = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(100 * x).toFixed(2);
    console.log(
      `${text.padEnd(12)} won ${sum(won)}  − pimc: ${pts(diff)} [${pts(ci95[0])}, ${pts(ci95[1])}]  ` +
        `(${((Date.now() - t0) / 1000).toFixed(0)} ` +
        `s)`,
    );
  }
}

await runIfMain(import.meta.url, main);
