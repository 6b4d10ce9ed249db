/**
 * Four Ten's afterstate training targets (src/agents/afterstate.ts, `TargetStrategy`):
 *
 * | strategy | `targets` | what is learned |
 * |----------|-----------|-----------------|
 * | `FourTenByRound` | 'play' | bootstrapped by round: a round's samples learn where the round ended, the game's result or the network's value of the next round's start plus one round; an exploring move ends the samples before it with the value of the best move there (Watkins' cut), so the targets are the greedy policy's and exploring is free |
 * | `FourTenSolver` | 'solver' | the win as by round; every position a decision values gets its exact cost from the pace-optimal solver (`FourTenTeacher`), solved before the first step: the network is a distillation of the solver |
 *
 * The game's randomness is reshuffled every round, so a round is the unit of noise, and a game's
 * few rounds are learned through the values of round starts.
 */
import * as z from 'zod';
import type {
  AfterstateExpansion,
  AfterstateTargets,
  SampleSink,
  TargetContext,
  TargetStrategy,
} from '../../../agents/afterstate.js';
import type { ValueNetwork } from '../../../agents/value-network.js';
import type { Env } from '../../../env/env.js';
import type { Outcome } from '../../../env/game.js';
import { make } from '../../../env/registry.js';
import { END_TURN, FIRST_EXCHANGE, fourTenOf, type FourTenState } from '../engine.js';
import { configOfKey, stockOfCode } from '../hands.js';
import { computePaceValues, type GameSolveProgress } from '../solver/game-policy.js';
import { gameRulesOf } from '../solver/optimal-agent.js';
import { blankOutlook, type RoundSolution } from '../solver/round-solver.js';
import {
  FOUR_TEN_FEATURES,
  FourTenExpansion,
  LOSS_ROUNDS,
  ROUND_COST,
  writeRoundStart,
} from './afterstate-features.js';

/** Four Ten, bootstrapped by round (see the table above). */
export class FourTenByRound implements TargetStrategy {
  /** Per copy: the round its samples belong to (−1: a new episode, its start not yet sampled). */
  private readonly segments: Int32Array;
  /**
   * Copies whose round ended in this round of decisions, and their next round's start rows (bootstrapped in one forward
   * pass).
   */
  private readonly ended: Int32Array;
  private endedCount = 0;
  /** One row per copy, and a spare one (the last) for a start sampled at the top of a decision. */
  private readonly startRows: Float32Array;
  private readonly spare: number;
  protected readonly value = new Float64Array(2);
  protected readonly features: number;

  protected readonly sink: SampleSink;

  constructor(private readonly context: TargetContext) {
    const { layout, numEnvs } = context;
    this.sink = context.sink;
    this.features = layout.size;
    this.segments = new Int32Array(numEnvs).fill(-1);
    this.ended = new Int32Array(numEnvs);
    this.startRows = new Float32Array((numEnvs + 1) * layout.size);
    this.spare = numEnvs * layout.size;
  }

  beforeMove(
    i: number,
    env: Env,
    x: AfterstateExpansion,
    outputs: Float32Array,
    chosen: number,
    explore: boolean,
  ): void {
    const four = fourTenOf(env)!;
    if (this.segments[i] !== four.state.rounds) {
      // A round (or game) starts: its start is a position to learn too.
      this.segments[i] = four.state.rounds;
      writeRoundStart(four.state.points, four.state.safeties, four.options, this.startRows, this.spare);
      this.sink.add(i, this.startRows, this.spare, this.startCost(four.state));
    }
    if (explore) {
      // Watkins' cut: what came before learns the best move's value here, not the exploring move's.
      x.actionValue(x.bestIndex(outputs), outputs, this.value);
      this.sink.close(i, this.value[0], this.value[1]);
    }
    this.samples(i, env, x, chosen);
  }

  /** The cost target of a round's start sample: none of its own here (NaN: the round's). */
  protected startCost(_state: FourTenState): number {
    return NaN;
  }

  /** Ending the turn: the turn's start where the player chose to end it. */
  protected samples(i: number, env: Env, x: AfterstateExpansion, chosen: number): void {
    if (env.legal[chosen] === END_TURN) this.sink.add(i, x.rows, x.firstRow[chosen] * this.features);
  }

  afterMove(i: number, env: Env, ended: Outcome | null): void {
    if (ended !== null) {
      FOUR_TEN_FEATURES.outcomeValue(ended, this.value);
      this.sink.close(i, this.value[0], this.value[1]);
      this.segments[i] = -1;
      return;
    }
    const four = fourTenOf(env)!;
    if (this.segments[i] !== four.state.rounds) {
      writeRoundStart(
        four.state.points,
        four.state.safeties,
        four.options,
        this.startRows,
        this.endedCount * this.features,
      );
      this.ended[this.endedCount++] = i;
    }
  }

  /** Finished rounds learn one round plus the value of the next round's start. */
  endRound(network: ValueNetwork): void {
    if (this.endedCount === 0) return;
    const starts = network.outputs(this.startRows, this.endedCount, this.features);
    for (let j = 0; j < this.endedCount; j++)
      this.sink.close(this.ended[j], 1 / (1 + Math.exp(-starts[j * 2])), ROUND_COST + starts[j * 2 + 1]);
    this.endedCount = 0;
  }

  getState(): Record<string, unknown> {
    return { segments: [...this.segments] };
  }

  setState(json: Record<string, unknown>): void {
    // A copy's round (−1: a new episode); absent in checkpoints of older versions.
    const schema = z.looseObject({
      segments: z.array(z.int().min(-1).max(0x7fff_ffff)).length(this.segments.length).optional(),
    });
    const { segments } = this.context.parseSaved(schema, json);
    if (segments) this.segments.set(segments);
  }
}

/**
 * Four Ten with exact cost targets: every position a move is valued by is a sample, not only
 * the chosen one's, since the ranking of the moves is what the network must get right. Every
 * distinct turn's start a decision's choices hold, once a turn's exchanges; round starts when
 * they come.
 */
export class FourTenSolver extends FourTenByRound {
  constructor(
    context: TargetContext,
    private readonly teacher: FourTenTeacher,
  ) {
    super(context);
  }

  protected override startCost(state: FourTenState): number {
    return this.teacher.startCost(state.points, state.safeties);
  }

  protected override samples(i: number, env: Env, x: AfterstateExpansion): void {
    if (!(x instanceof FourTenExpansion)) throw new Error('exact Four Ten targets need a Four Ten expansion');
    const F = this.features;
    const state = fourTenOf(env)!.state;
    // After an exchange, every option was already an option of this turn's first exchange
    // decision (what an exchange reaches, the turn's start reached too): taught there.
    if (env.legalCount > 0 && env.legal[0] >= FIRST_EXCHANGE && state.seenCount > 1) return;
    for (let row = 0; row < x.rowCount; row++) {
      if (x.rowKey[row] >= 0 && x.sameAs[row] === row)
        this.sink.add(i, x.rows, row * F, this.teacher.turnStartCost(state, x.rowKey[row], x.rowStock[row]));
    }
  }
}

/**
 * Exact targets for Four Ten afterstate values: the values of the pace-optimal policy
 * (`computePaceValues`: the fewest expected rounds, a loss counting `LOSS_ROUNDS`), so the
 * network learns, on the positions its own play meets, what the exact solver knows. A
 * distillation: the solver needs a second per (points, safeties) met and 3.7 MB a table; the
 * network answers in a millisecond from a few hundred kilobytes.
 *
 * The cost target of a position is its value in rounds / 10 (ROUND_COST a round), as the
 * afterstate network's cost: a round start at (p, s) is R(p, s); a turn's start within a round
 * is the round solved at (p, s) read there (the next draw's expectation), which is
 * −(1 + R(where the round ends)) in expectation. The expansion values nothing else.
 */
export class FourTenTeacher {
  private readonly gameTarget: number;
  /** R(p, s) at [s * gameTarget + p]. */
  private readonly rounds: Float64Array;
  private readonly solutions: RoundSolution[] = [];
  readonly seconds: number;
  private readonly outlook = blankOutlook();
  private readonly stock = [0, 0, 0, 0];

  /** Solves the pace values and keeps every round (about 400 round solves: minutes). */
  constructor(options: object, onProgress?: (p: GameSolveProgress) => void) {
    const start = performance.now();
    const rules = gameRulesOf(options);
    this.gameTarget = rules.gameTarget;
    this.rounds = computePaceValues(rules, {
      lossRounds: LOSS_ROUNDS,
      onProgress,
      onSolve: (p, s, solution) => (this.solutions[s * rules.gameTarget + p] = solution),
    });
    this.seconds = (performance.now() - start) / 1000;
  }

  /** The cost target of a round's start at these points and safeties. */
  startCost(points: number, safeties: number): number {
    return this.rounds[safeties * this.gameTarget + points] * ROUND_COST;
  }

  /**
   * The cost target of ending the turn at the configuration of an engine key, with this stock (`stockCode`), at the
   * state's points and safeties.
   */
  turnStartCost(state: Pick<FourTenState, 'points' | 'safeties'>, key: number, stock: number): number {
    const solution = this.solutions[state.safeties * this.gameTarget + state.points];
    stockOfCode(stock, this.stock);
    solution.turnStart(configOfKey(key), this.stock, this.outlook);
    return -this.outlook.value * ROUND_COST;
  }

  /**
   * The cost target of an expansion's row (every row is a turn's start or a round's start), before its offset, at a
   * state's points and safeties.
   */
  rowCost(state: Pick<FourTenState, 'points' | 'safeties'>, x: FourTenExpansion, row: number): number {
    const start = x.rowStart[row] - 1;
    return start >= 0
      ? this.startCost(start >> 10, start & 1023)
      : this.turnStartCost(state, x.rowKey[row], x.rowStock[row]);
  }

  private outputs = new Float32Array(0);

  /**
   * The exact values in the network's place for an expansion of `env`: [win logit (0, unused),
   * cost target] per row, as `x.actionValue` and `x.bestIndex` read a network's outputs. Reused across calls.
   */
  exactOutputs(env: Env, x: FourTenExpansion): Float32Array {
    const state = fourTenOf(env)!.state;
    if (this.outputs.length < x.rowCount * 2) this.outputs = new Float32Array(x.rowCount * 4);
    for (let row = 0; row < x.rowCount; row++) this.outputs[row * 2 + 1] = this.rowCost(state, x, row);
    return this.outputs;
  }
}

/**
 * The afterstate agent's own decision procedure (FourTenExpansion) with the teacher's exact values
 * in place of the network: what the network would play if it learned its targets perfectly.
 * Deals are seed + i, as `tengym eval` plays them. `meanCost`: the rounds of every game, a lost
 * one counting LOSS_ROUNDS more: what the pace values predict.
 */
export function playWithExactValues(
  teacher: FourTenTeacher,
  options: object,
  episodes: number,
  seed: number,
): { wins: number; meanRounds: number; meanCost: number } {
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
    const o = env.outcome();
    if (!('rounds' in o)) throw new Error('a Four Ten outcome has rounds');
    cost += o.rounds + (o.won ? 0 : LOSS_ROUNDS);
    if (o.won) {
      wins++;
      rounds += o.rounds;
    }
  }
  return { wins, meanRounds: rounds / wins, meanCost: cost / episodes };
}

/** Four Ten's targets by kind, as its kit gives them (a solve says how far it got in round solves). */
export const FOUR_TEN_TARGETS: AfterstateTargets = {
  play: (context) => new FourTenByRound(context),
  solver: (context) => {
    const say = context.onSolve;
    const onProgress =
      say && ((p: GameSolveProgress) => say(`${p.solves} round solves (points ${p.points}, safeties ${p.safeties})`));
    return new FourTenSolver(context, new FourTenTeacher(context.env.options, onProgress));
  },
};
