/**
 * Exact targets for Four Ten afterstate values (`--algo afterstate` with `targets: 'solver'`):
 * the values of the pace-optimal policy (`computePaceValues`: the fewest expected rounds, a loss
 * counting `LOSS_ROUNDS`), so the network learns, on the positions its own play meets, what the
 * exact solver knows. A distillation: the solver needs a second per (points, safeties) met and
 * 3.7 MB a table; the network answers in a millisecond from a few hundred kilobytes.
 *
 * The cost target of a position is its value in rounds / 10 (ROUND_COST a round), as the
 * afterstate network's cost: a round start at (p, s) is R(p, s); a position within a round is
 * the round solved at (p, s) read at that position (after a placement: the best the open turn can
 * still do, within its exchange component; at a turn's start: the next draw's expectation),
 * which is −(1 + R(where the round ends)) in expectation.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FourTenExpansion, LOSS_ROUNDS, ROUND_COST } from '../agents/tf/afterstate-four-ten.js';
import { computePaceValues, type GameSolveProgress } from '../agents/four-ten-solver/game-policy.js';
import { exchanged, gameRulesOf } from '../agents/four-ten-solver/optimal-agent.js';
import { MS_ADD, blankOutlook, configHand, configId, multisetOf, withHand, type RoundSolution } from '../agents/four-ten-solver/round-solver.js';
import type { Env } from '../env/env.js';
import type { FourTenOutcome } from '../env/game.js';
import { make } from '../env/registry.js';
import { END_TURN, FIRST_EXCHANGE, FIRST_REPLACE, type FourTenState } from '../env/games/four-ten.js';

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

  /**
   * The exact cost of the position the afterstate expansion gives legal `action` in `env` when
   * that is one known position of the round: a placement of the seen card (or a draw from a stock
   * of one value) leaves the turn open; an exchange that neither scores nor faults is valued with
   * the turn ended after it, and so is ending the turn (afterstate-four-ten.ts).
   */
  afterstateCost(env: Env, action: number): number {
    const s = env.rawState as FourTenState;
    const solution = this.solutions[s.safeties * this.gameTarget + s.points];
    const c = configId(this.hand(s, 0), this.hand(s, 1), this.hand(s, 2));
    for (let v = 0; v < 4; v++) this.stock[v] = s.stockCounts[v];
    if (action < FIRST_REPLACE) {
      if (s.drawn > 0) solution.afterChange(withHand(c, action, MS_ADD[configHand(c, action) * 4 + s.drawn - 1]), this.stock, this.outlook);
      else solution.placeHidden(c, action, this.stock, this.outlook);
    } else if (action < FIRST_EXCHANGE) {
      const r = action - FIRST_REPLACE;
      solution.replace(c, r >> 2, (r & 3) + 1, this.stock, this.outlook);
    } else if (action < END_TURN) solution.turnStart(exchanged(c, action - FIRST_EXCHANGE), this.stock, this.outlook);
    else solution.turnStart(c, this.stock, this.outlook);
    return -this.outlook.value * ROUND_COST;
  }

  /** The cost target of ending the turn at the configuration of an engine key (`env`'s stock, points and safeties). */
  turnStartCost(env: Env, key: number): number {
    const s = env.rawState as FourTenState;
    const solution = this.solutions[s.safeties * this.gameTarget + s.points];
    const hands = this.hands;
    for (let h = 0; h < 3; h++) {
      for (let v = 0; v < 4; v++) this.counts[v] = Math.floor(key / 5 ** (h * 4 + v)) % 5;
      hands[h] = multisetOf(this.counts);
    }
    for (let v = 0; v < 4; v++) this.stock[v] = s.stockCounts[v];
    solution.turnStart(configId(hands[0], hands[1], hands[2]), this.stock, this.outlook);
    return -this.outlook.value * ROUND_COST;
  }

  /** Hand h's multiset id. */
  private hand(s: FourTenState, h: number): number {
    for (let v = 0; v < 4; v++) this.counts[v] = s.counts[h * 4 + v];
    return multisetOf(this.counts);
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
  const rowCost = (row: number): number => {
    if (x.rowStart[row] > 0) return x.offset[row] + teacher.startCost((x.rowStart[row] - 1) >> 10, (x.rowStart[row] - 1) & 1023);
    return x.rowKey[row] >= 0 ? teacher.turnStartCost(env, x.rowKey[row]) : NaN;
  };
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
      let best = 0;
      let bestCost = Infinity;
      for (let k = 0; k < env.legalCount; k++) {
        let cost: number;
        if (x.bestOf[k]) {
          cost = x.exactOption[k] ? x.exactCost[k] : Infinity;
          for (let row = x.firstRow[k]; row < x.firstRow[k] + x.rowsOf[k]; row++) cost = Math.min(cost, rowCost(row));
        } else {
          // An average over next cards: the teacher's value of the move, unless every row is a round's start.
          cost = x.exactCost[k];
          for (let row = x.firstRow[k]; row < x.firstRow[k] + x.rowsOf[k]; row++) cost += x.weight[row] * rowCost(row);
          if (Number.isNaN(cost)) cost = teacher.afterstateCost(env, env.legal[k]);
        }
        if (cost < bestCost - 1e-12) {
          bestCost = cost;
          best = k;
        }
      }
      env.step(env.legal[best]);
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
