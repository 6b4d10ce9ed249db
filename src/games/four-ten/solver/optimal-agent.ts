/**
 * `optimal`: the exact Four Ten policy (browser-safe), the ceiling every other Four Ten agent is
 * measured against. It reads the hands, the drawn card, the stock's composition (never its
 * order), the configurations seen this turn, the points and the safeties: what a player knows.
 *
 * Each decision looks up the round solved for the current (points, safeties) (game-policy.ts)
 * and values every legal action exactly:
 * - place (card seen): A(hands + card, stock); place (card hidden) and replace: the expectation
 *   over the next card of A(…);
 * - end turn: W(hands, stock), the value of the next turn;
 * - exchange: the best ending of the turn still reachable after it without revisiting a
 *   configuration seen this turn (a search over the exchange graph), or the score or fault the
 *   exchange itself makes.
 * Ties go to ending the turn, then to the exchange that reaches its target in fewest steps, then
 * to the lowest id. The first move at a (points, safeties) not met before solves that round
 * (about 1 s for the default rules); later moves take well under a millisecond.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  fourTenOf,
  fourTenOptionsSchema,
  type FourTenOptions,
} from '../engine.js';
import { MS_ADD, afterExchange, configHand, configOfKey, exchangeNeighbours, withHand } from '../hands.js';
import { checkPlaying, checkUnusedSeed, type ActionScores, type Agent, type ScoreKind } from '../../../agents/agent.js';
import { phaseOf, type Phase } from '../agents/common.js';
import { DEFAULT_GAME_VALUES } from './default-game-values.js';
import {
  GamePolicy,
  GameValues,
  checkGameOptions,
  computeGameValues,
  type GameRules,
  type GameSolveProgress,
} from './game-policy.js';
import { CONTINUES, FAULTS, roundModelStaged } from './round-model.js';
import { blankOutlook, roundPayoffs, solveRoundSteps, type RoundOutlook, type RoundSolution } from './round-solver.js';
import { Staged } from '../../../agents/staged.js';

// ---------------------------------------------------------------- policies, shared per rules

const policies = new Map<string, GamePolicy>();
const lambdaRounds = new Map<string, Staged<RoundSolution>>();

/** The rules the solver reads, from an env's options (validated here: they may come from anywhere). */
export function gameRulesOf(options: unknown): GameRules {
  const parsed = fourTenOptionsSchema.safeParse(options);
  if (!parsed.success)
    throw new TengymError('bad-argument', `optimal: bad four-ten options ${JSON.stringify(options)}`);
  const o: FourTenOptions = parsed.data;
  return {
    drawVisible: o.drawVisible,
    check: o.check,
    handTarget: o.handTarget,
    gameTarget: o.gameTarget,
    safeties: o.safeties,
    maxRounds: o.maxRounds,
  };
}

function rulesKey(r: GameRules): string {
  return `${r.drawVisible}/${r.check}/${r.handTarget}/${r.gameTarget}/${r.safeties}`;
}

/** Whether the shipped table covers these rules (else the first use solves the game: minutes). */
export function hasShippedGameValues(rules: GameRules): boolean {
  const d = DEFAULT_GAME_VALUES.rules;
  return rulesKey(rules) === rulesKey({ ...d, maxRounds: rules.maxRounds });
}

/**
 * The game policy for these rules (shared by every agent in the thread). The default rules use
 * the shipped table of L(points, safeties); other rules solve it here, once (about
 * (21 + safeties)·gameTarget round solves of about 1 s each).
 */
export function gamePolicy(rules: GameRules, onProgress?: (p: GameSolveProgress) => void): GamePolicy {
  checkGameOptions(rules);
  const key = rulesKey(rules);
  let policy = policies.get(key);
  if (!policy) {
    const values = hasShippedGameValues(rules)
      ? new GameValues(rules, DEFAULT_GAME_VALUES.discount, Float64Array.from(DEFAULT_GAME_VALUES.shortfall))
      : computeGameValues(rules, { onProgress });
    policy = new GamePolicy(values);
    policies.set(key, policy);
  }
  return policy;
}

/** Makes `values` (solved elsewhere, e.g. loaded from a file) the policy for their rules in this thread. */
export function installGameValues(values: GameValues): GamePolicy {
  const policy = new GamePolicy(values);
  policies.set(rulesKey(values.rules), policy);
  return policy;
}

/** One round solved for points − λ·P(fault), with the round figures (cached per rules and λ), in slices. */
export function lambdaRoundStaged(rules: GameRules, lambda: number): Staged<RoundSolution> {
  if (!Number.isFinite(lambda) || lambda < 0)
    throw new TengymError('bad-argument', `λ must be a finite number ≥ 0, got ${lambda}`);
  const key = `${rulesKey(rules)}/${lambda}`;
  let sol = lambdaRounds.get(key);
  if (!sol) {
    roundModelStaged(rules.handTarget, rules.check); // refuses rules the solver cannot take here, not in a slice
    sol = new Staged(solveRoundSteps(rules, roundPayoffs(rules.handTarget, lambda), { stats: true }));
    lambdaRounds.set(key, sol);
  }
  return sol;
}

/** One round solved for points − λ·P(fault), with the round figures (cached per rules and λ). */
export const lambdaRound = (rules: GameRules, lambda: number): RoundSolution => lambdaRoundStaged(rules, lambda).get();

// ---------------------------------------------------------------- reading the env

interface View {
  config: number;
  /** The stock's composition (undrawn this round, the visible drawn card excluded). */
  stock: number[];
  drawn: number;
  phase: Phase;
  /** Configurations seen this turn (exchange phase). */
  seen: Set<number>;
  points: number;
  safeties: number;
}

function viewOf(env: Env): View {
  const four = fourTenOf(env);
  if (!four) throw new TengymError('bad-argument', `optimal plays four-ten, not ${env.id}`);
  if (!env.running) throw new TengymError('episode-over', 'optimal: the episode is over (or not started)');
  const s = four.state;
  const phase = phaseOf(env);
  const seen = new Set<number>();
  if (phase === 'exchange') for (let i = 0; i < s.seenCount; i++) seen.add(configOfKey(s.seen[i]));
  return {
    config: configOfKey(s.key),
    stock: Array.from(s.stockCounts),
    drawn: s.drawn,
    phase,
    seen,
    points: s.points,
    safeties: s.safeties,
  };
}

// ---------------------------------------------------------------- valuing actions

export interface ValuedAction {
  action: number;
  outlook: RoundOutlook;
  /** Steps still needed to realise the value this turn (exchange phase; 0 elsewhere). */
  steps: number;
}

function better(x: RoundOutlook, xFault: boolean, best: RoundOutlook, bestFault: boolean): boolean {
  return x.value > best.value || (x.value === best.value && bestFault && !xFault);
}

/**
 * The best the turn can still end with after an exchange into `start`: ending the turn at a
 * configuration reachable from `start` without revisiting `seen`, or stepping from one of them
 * into a score or a fault. Breadth first, so the first best found is the nearest.
 */
function bestReachable(
  sol: RoundSolution,
  start: number,
  stock: number[],
  seen: Set<number>,
  turnStarts: Map<number, RoundOutlook>,
): { outlook: RoundOutlook; steps: number } {
  const model = sol.model;
  const best = blankOutlook();
  best.value = -Infinity;
  let bestFault = false;
  let bestSteps = 0;
  const visited = new Set<number>(seen);
  visited.add(start);
  let layer = [start];
  const nb = new Int32Array(32);
  const terminal = blankOutlook();
  for (let depth = 0; layer.length > 0; depth++) {
    const next: number[] = [];
    for (const z of layer) {
      let w = turnStarts.get(z);
      if (!w) {
        w = sol.turnStart(z, stock, blankOutlook());
        turnStarts.set(z, w);
      }
      if (better(w, false, best, bestFault)) {
        Object.assign(best, w);
        bestFault = false;
        bestSteps = depth + 1;
      }
      const n = exchangeNeighbours(z, nb);
      for (let i = 0; i < n; i++) {
        const y = nb[i];
        const verdict = model.verdict[y];
        if (verdict === CONTINUES) {
          if (!visited.has(y)) {
            visited.add(y);
            next.push(y);
          }
        } else {
          sol.afterChange(y, stock, terminal);
          const isFault = verdict === FAULTS;
          if (better(terminal, isFault, best, bestFault)) {
            Object.assign(best, terminal);
            bestFault = isFault;
            bestSteps = depth + 1;
          }
        }
      }
    }
    layer = next;
  }
  return { outlook: best, steps: bestSteps };
}

/** Every legal action of the env's state valued with `sol` (in legal-id order). */
export function valueActions(env: Env, sol: RoundSolution): ValuedAction[] {
  const view = viewOf(env);
  const c = view.config;
  const stock = view.stock;
  const out: ValuedAction[] = [];
  const turnStarts = new Map<number, RoundOutlook>();
  for (let i = 0; i < env.legalCount; i++) {
    const action = env.legal[i];
    const o = blankOutlook();
    let steps = 0;
    if (action < FIRST_REPLACE) {
      if (view.drawn > 0)
        sol.afterChange(withHand(c, action, MS_ADD[configHand(c, action) * 4 + view.drawn - 1]), stock, o);
      else sol.placeHidden(c, action, stock, o);
    } else if (action < FIRST_EXCHANGE) {
      const r = action - FIRST_REPLACE;
      sol.replace(c, r >> 2, (r & 3) + 1, stock, o);
    } else if (action < END_TURN) {
      const y = afterExchange(c, action - FIRST_EXCHANGE);
      if (sol.model.verdict[y] !== CONTINUES) {
        sol.afterChange(y, stock, o);
        steps = 1;
      } else {
        const r = bestReachable(sol, y, stock, view.seen, turnStarts);
        Object.assign(o, r.outlook);
        steps = 1 + r.steps;
      }
    } else {
      let w = turnStarts.get(c);
      if (!w) {
        w = sol.turnStart(c, stock, blankOutlook());
        turnStarts.set(c, w);
      }
      Object.assign(o, w);
    }
    out.push({ action, outlook: o, steps });
  }
  return out;
}

/** Best first: higher value, then fewer steps, then the lower id. */
export function rankActions(valued: ValuedAction[]): ValuedAction[] {
  return [...valued].sort((x, y) => y.outlook.value - x.outlook.value || x.steps - y.steps || x.action - y.action);
}

// ---------------------------------------------------------------- hints

export interface FourTenActionDetail {
  action: number;
  description: string;
  /** Win probability (objective 'game', discounted by 10⁻⁶ per round) or round points − λ·P(fault). */
  value: number;
  /** Expected points of this round. */
  points: number;
  /** P(this round ends in a fault). */
  fault: number;
  /** P(the Hand reaches handTarget this round). */
  score: number;
  /** P(the round reaches the bottom of the deck). */
  bottom: number;
  /** What the bottom pays on average when it is reached (NaN when it is not). */
  bottomPoints: number;
}

export interface FourTenHint {
  kind: ScoreKind;
  /** Every legal action, best first, with what it is worth when the rest is played optimally. */
  actions: FourTenActionDetail[];
}

export type FourTenObjective = 'game' | { lambda: number };

/**
 * Every legal action's worth at a Four Ten state, best first: the chance of winning the game
 * (objective 'game', the `optimal` agent's) or round points − λ·P(fault) (`{ lambda }`), and the
 * round's expected points, P(fault), P(Hand = handTarget), P(bottom) and the bottom's mean pay
 * when the rest of the round is played by that same optimal policy. The first call at a
 * (points, safeties) solves that round with its figures (about 1.5 s).
 */
export function fourTenActionDetails(env: Env, objective: FourTenObjective = 'game'): FourTenHint {
  const rules = gameRulesOf(env.options);
  const view = viewOf(env);
  const sol =
    objective === 'game'
      ? gamePolicy(rules).round(view.points, view.safeties, true)
      : lambdaRound(rules, objective.lambda);
  const ranked = rankActions(valueActions(env, sol));
  return {
    kind: objective === 'game' ? 'win-probability' : 'value',
    actions: ranked.map(({ action, outlook: o }) => {
      // The game solution's values are −L (see game-policy.ts): the win chance is 1 + value.
      const value = objective === 'game' ? 1 + o.value : o.value;
      const bottom = Math.max(0, 1 - o.fault - o.score);
      const bottomPoints = bottom > 1e-9 ? (o.points - rules.handTarget * o.score) / bottom : NaN;
      return {
        action,
        description: env.describeAction(action),
        value,
        points: o.points,
        fault: o.fault,
        score: o.score,
        bottom,
        bottomPoints,
      };
    }),
  };
}

// ---------------------------------------------------------------- the agent

export class OptimalFourTenAgent implements Agent {
  readonly name = 'optimal';
  readonly fair = true;
  readonly rules: GameRules;
  private policy: GamePolicy | null = null;

  constructor(options: Record<string, unknown>) {
    this.rules = gameRulesOf(options);
    // Refuse at once (cheap) rather than at the first move; the solving waits for the first move.
    checkGameOptions(this.rules);
  }

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  private roundAt(env: Env): RoundSolution {
    return this.tablesFor(env).get();
  }

  /**
   * The round this agent ranks the state's moves with, solved a slice at a time (a hint with a time budget); `stats`:
   * with the round figures the hints' sentences read.
   */
  tablesFor(env: Env, stats = false): Staged<RoundSolution> {
    this.policy ??= gamePolicy(this.rules);
    const view = viewOf(env);
    return this.policy.roundStaged(view.points, view.safeties, stats);
  }

  act(env: Env): number {
    checkPlaying(env, this.name);
    if (env.legalCount === 1) return env.legal[0];
    return rankActions(valueActions(env, this.roundAt(env)))[0].action;
  }

  /** Every legal action's chance of winning the game (discounted by 10⁻⁶ per round), best first. */
  score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    const ranked = rankActions(valueActions(env, this.roundAt(env)));
    // Ranked on −L (exact); reported as the win chance 1 − L.
    return { kind: 'win-probability', actions: ranked.map((a) => ({ action: a.action, score: 1 + a.outlook.value })) };
  }
}
