/**
 * Exact targets for Four Ten afterstate values (`--algo afterstate` with `targets: 'solver'`):
 * the values of the pace-optimal policy (`computePaceValues`: the fewest expected rounds, a loss
 * counting `LOSS_ROUNDS`), so the network learns, on the positions its own play meets, what the
 * exact solver knows. A distillation: the solver needs a second per (points, safeties) met and
 * 3.7 MB a table; the network answers in a millisecond from a few hundred kilobytes.
 *
 * The cost target of a position is its value in rounds / 10 (ROUND_COST a round), as the
 * afterstate network's cost: a round start at (p, s) is R(p, s); a turn's start within a round
 * is the round solved at (p, s) read there (the next draw's expectation), which is
 * −(1 + R(where the round ends)) in expectation. The expansion values nothing else.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FourTenExpansion, LOSS_ROUNDS, ROUND_COST } from '../agents/tf/afterstate-four-ten.js';
import { computePaceValues, type GameSolveProgress } from '../agents/four-ten-solver/game-policy.js';
import { gameRulesOf } from '../agents/four-ten-solver/optimal-agent.js';
import { blankOutlook, configId, multisetOf, type RoundSolution } from '../agents/four-ten-solver/round-solver.js';
import type { Env } from '../env/env.js';
import type { FourTenOutcome } from '../env/game.js';
import { make } from '../env/registry.js';
import type { FourTenState } from '../env/games/four-ten.js';

export class FourTenTeacher {
  private readonly gameTarget: number;
  /** R(p, s) at [s * gameTarget + p]. */
  private readonly rounds: Float64Array;
  private readonly solutions: RoundSolution[] = [];
  readonly seconds: number;
  private readonly outlook = blankOutlook();
  private readonly stock = [0, 0, 0, 0];
  private readonly counts = [0, 0, 0, 0];
  private readonly hands = [0, 0, 0];

  /** Solves the pace values and keeps every round (about 400 round solves: minutes). */
  constructor(options: Record<string, unknown>, onProgress?: (p: GameSolveProgress) => void) {
    const start = performance.now();
    const rules = gameRulesOf(options);
    this.gameTarget = rules.gameTarget;
    this.rounds = computePaceValues(rules, { lossRounds: LOSS_ROUNDS, onProgress, onSolve: (p, s, solution) => (this.solutions[s * rules.gameTarget + p] = solution) });
    this.seconds = (performance.now() - start) / 1000;
  }

  /** The cost target of a round's start at these points and safeties. */
  startCost(points: number, safeties: number): number {
    return this.rounds[safeties * this.gameTarget + points] * ROUND_COST;
  }

  /** The cost target of ending the turn at the configuration of an engine key, with this stock (Σ count of v · 9^(v−1)), at `env`'s points and safeties. */
  turnStartCost(env: Env, key: number, stock: number): number {
    const s = env.rawState as FourTenState;
    const solution = this.solutions[s.safeties * this.gameTarget + s.points];
    const hands = this.hands;
    for (let h = 0; h < 3; h++) {
      for (let v = 0; v < 4; v++) this.counts[v] = Math.floor(key / 5 ** (h * 4 + v)) % 5;
      hands[h] = multisetOf(this.counts);
    }
    for (let v = 0; v < 4; v++) this.stock[v] = Math.floor(stock / 9 ** v) % 9;
    solution.turnStart(configId(hands[0], hands[1], hands[2]), this.stock, this.outlook);
    return -this.outlook.value * ROUND_COST;
  }

  /** The cost target of an expansion's row (every row is a turn's start or a round's start), before its offset. */
  rowCost(env: Env, x: FourTenExpansion, row: number): number {
    const start = x.rowStart[row] - 1;
    return start >= 0 ? this.startCost(start >> 10, start & 1023) : this.turnStartCost(env, x.rowKey[row], x.rowStock[row]);
  }

  private outputs = new Float32Array(0);

  /**
   * The exact values in the network's place for an expansion of `env`: [win logit (0, unused),
   * cost target] per row, as `x.actionValue` and `x.bestIndex` read a network's outputs. Reused across calls.
   */
  exactOutputs(env: Env, x: FourTenExpansion): Float32Array {
    if (this.outputs.length < x.rowCount * 2) this.outputs = new Float32Array(x.rowCount * 4);
    for (let row = 0; row < x.rowCount; row++) this.outputs[row * 2 + 1] = this.rowCost(env, x, row);
    return this.outputs;
  }
}

/**
 * The afterstate agent's own decision procedure (FourTenExpansion) with the teacher's exact values
 * in place of the network: what the network would play if it learned its targets perfectly.
 * Deals are seed + i, as `tengym eval` plays them.
 */
/** `meanCost`: the rounds of every game, a lost one counting LOSS_ROUNDS more: what the pace values predict. */
export function playWithExactValues(teacher: FourTenTeacher, options: Record<string, unknown>, episodes: number, seed: number): { wins: number; meanRounds: number; meanCost: number } {
  const env = make('four-ten', options);
  const x = new FourTenExpansion();
  let wins = 0;
  let rounds = 0;
  let cost = 0;
  for (let i = 0; i < episodes; i++) {
    env.reset({ seed: seed + i });
    while (env.running) {
      if (env.legalCount === 1) {
        env.step(env.legal[0]);
        continue;
      }
      x.expand(env);
      env.step(env.legal[x.bestIndex(teacher.exactOutputs(env, x))]);
    }
    const o = env.outcome() as FourTenOutcome;
    cost += o.rounds + (o.won ? 0 : LOSS_ROUNDS);
    if (o.won) {
      wins++;
      rounds += o.rounds;
    }
  }
  return { wins, meanRounds: rounds / wins, meanCost: cost / episodes };
}

// node dist/train/four-ten-teacher.js [episodes] [seed]: the default rules played with exact values.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const episodes = Number(process.argv[2] ?? 500);
  const seed = Number(process.argv[3] ?? 123);
  const teacher = new FourTenTeacher({});
  const { wins, meanRounds } = playWithExactValues(teacher, {}, episodes, seed);
  process.stdout.write(`four-ten, the afterstate agent with exact pace values (solved in ${teacher.seconds.toFixed(0)} s): ${wins}/${episodes} won, mean rounds ${meanRounds.toFixed(3)} (deals ${seed} + i)\n`);
}
