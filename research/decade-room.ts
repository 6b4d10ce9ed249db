/**
 * Node-only: how much room a fair player has above `pimc` in a decade preset, measured.
 *
 *   npx tsx research/decade-room.ts --env decade-loop --deals 200 --continuations 500 --seed 900000
 *
 * The fair game is an MDP over what a player knows (the table and the unseen cards), so its
 * best policy π* can beat `pimc` only where `pimc` chooses a worse move than it could. By the
 * performance-difference lemma, P*(win) − P_pimc(win) = E over π*'s decisions of
 * Q_pimc(s, π*(s)) − Q_pimc(s, pimc(s)), where Q_pimc(s, a) is the chance to win by playing a,
 * then `pimc` to the end. Each term is at most pimc's regret at s, max_a Q_pimc(s, a) −
 * Q_pimc(s, pimc(s)); so the regret summed over a game's decisions, on games that reach the
 * same kind of decisions, bounds the room. It is also what one step of policy improvement over
 * `pimc` (the best move under pimc's own continuation) would gain.
 *
 * For every decision of `pimc` in `--deals` games (deal i: seed + i), every legal move is
 * played in `--continuations` fair continuations: the unseen cards reshuffled (the same
 * shuffle for every move: common random numbers), then `pimc` to the end. Two estimates of
 * the regret per game come out of the same runs, and they bracket it:
 * - "max": the best move by all continuations, scored on the same ones — biased up (the best
 *   of noisy estimates is optimistic);
 * - "split": the best move picked on one half of the continuations and scored on the other
 *   (both ways, averaged) — biased down (a noisy pick sometimes misses the best move).
 * With 'deck-bottom' the cards the player saw go under the stock keep their order; only the
 * unseen ones are reshuffled, and the continuing agent starts with the memory of the game.
 */
import '../src/games/index.js';
import { PimcAgent } from '../src/games/decade/agents/pimc.js';
import type { Env, EnvState } from '../src/env/env.js';
import { make } from '../src/env/registry.js';
import { createRng, deriveSeed, shuffleInPlace } from '../src/env/rng.js';
import { programArgs, runIfMain } from '../src/node/program-args.js';

const USAGE =
  `  npx tsx research/decade-room.ts [--env decade-loop] [--deals 200] [--continuations 500] [--seed 900000] ` +
  `[--json]`;

export interface RoomReport {
  env: string;
  deals: number;
  continuations: number;
  decisions: number;
  pimcWinRate: number;
  /** Regret per game in win probability: [mean, standard error over games]. */
  regretMax: [number, number];
  regretSplit: [number, number];
}

/** The unseen cards of `env`'s stock reshuffled (the first `unknown` cards, top first). */
function reshuffled(env: Env, unknown: number, seed: number, scratch: Env): void {
  const state = env.getState() as EnvState & { game: { stock: string[] } };
  const stock = state.game.stock.slice();
  // From a canonical order, so the true order cannot leak into the shuffle.
  const top = stock.slice(0, unknown).sort();
  const order = top.map((_, i) => i);
  shuffleInPlace(createRng(seed), order);
  for (let i = 0; i < unknown; i++) stock[i] = top[order[i]];
  scratch.setState({ ...state, game: { ...state.game, stock } });
}

/** Plays `agent` on `env` to the end (every state shown to it); whether it won. */
function playOut(env: Env, agent: PimcAgent): boolean {
  while (env.running) env.step(agent.act(env));
  return (env.outcome() as { won: boolean }).won;
}

export function measureRoom(
  id: string,
  deals: number,
  continuations: number,
  seed: number,
  onGame?: (done: number, r: RoomReport) => void,
): RoomReport {
  const pimc = new PimcAgent();
  const follower = new PimcAgent();
  const env = make(id);
  const scratch = make(id);
  const half = [new Float64Array(64), new Float64Array(64)];
  const all = new Float64Array(64);
  let decisions = 0;
  let wins = 0;
  const perGameMax: number[] = [];
  const perGameSplit: number[] = [];
  const report = (): RoomReport => ({
    env: id,
    deals: perGameMax.length,
    continuations,
    decisions,
    pimcWinRate: wins / Math.max(1, perGameMax.length),
    regretMax: meanAndError(perGameMax),
    regretSplit: meanAndError(perGameSplit),
  });
  for (let g = 0; g < deals; g++) {
    env.reset({ seed: seed + g });
    pimc.reset(deriveSeed(seed + g, 1));
    let gameMax = 0;
    let gameSplit = 0;
    while (env.running) {
      const action = pimc.act(env);
      const n = env.legalCount;
      if (n > 1) {
        const unknown = pimc.unseenCount(env);
        all.fill(0, 0, n);
        half[0].fill(0, 0, n);
        half[1].fill(0, 0, n);
        for (let m = 0; m < continuations; m++) {
          const stockSeed = deriveSeed(seed + g, decisions * 1_000_003 + m);
          for (let i = 0; i < n; i++) {
            reshuffled(env, unknown, stockSeed, scratch);
            follower.reset(stockSeed);
            follower.copyMemoryFrom(pimc);
            scratch.step(env.legal[i]);
            if (playOut(scratch, follower)) {
              all[i]++;
              half[m & 1][i]++;
            }
          }
        }
        const chosen = env.legal.indexOf(action);
        const best = (x: Float64Array) => argMax(x, n);
        gameMax += (all[best(all)] - all[chosen]) / continuations;
        gameSplit +=
          (half[1][best(half[0])] - half[1][chosen] + half[0][best(half[1])] - half[0][chosen]) / continuations;
        decisions++;
      }
      env.step(action);
    }
    if ((env.outcome() as { won: boolean }).won) wins++;
    perGameMax.push(gameMax);
    perGameSplit.push(gameSplit);
    onGame?.(g + 1, report());
  }
  return report();
}

function argMax(x: Float64Array, n: number): number {
  let b = 0;
  for (let i = 1; i < n; i++) if (x[i] > x[b]) b = i;
  return b;
}

function meanAndError(x: number[]): [number, number] {
  const n = x.length;
  if (n === 0) return [0, 0];
  const mean = x.reduce((a, b) => a + b, 0) / n;
  const variance = x.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1);
  return [mean, Math.sqrt(variance / n)];
}

const points = (x: number) => (100 * x).toFixed(2);

function main(): void {
  const { values } = programArgs(USAGE, {
    env: { type: 'string', default: 'decade-loop' },
    deals: { type: 'string', default: '200' },
    continuations: { type: 'string', default: '500' },
    seed: { type: 'string', default: '900000' },
    json: { type: 'boolean', default: false },
  });
  const [deals, continuations, seed] = [values.deals, values.continuations, values.seed].map(Number);
  const r = measureRoom(values.env!, deals, continuations, seed, (done, partial) => {
    if (!values.json && (done % 10 === 0 || done === deals)) {
      process.stderr.write(
        `${partial.env}: ${done} games, ${partial.decisions} decisions, pimc ${points(partial.pimcWinRate)}% ` +
          `· regret per game (points): max ${points(partial.regretMax[0])} ± ` +
          (`${points(1.96 * partial.regretMax[1])}, split ${points(partial.regretSplit[0])} ` +
            `± ${points(1.96 * partial.regretSplit[1])}\n`),
      );
    }
  });
  if (values.json) process.stdout.write(`${JSON.stringify(r)}\n`);
  else
    process.stdout.write(
      `${r.env}: pimc's regret per game, in points of win rate: between ${points(r.regretSplit[0])} (split) ` +
        `and ${points(r.regretMax[0])} (max), ${r.decisions} decisions of ${r.deals} games, ${r.continuations} ` +
        `continuations each\n`,
    );
}

await runIfMain(import.meta.url, main);
