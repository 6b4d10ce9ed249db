/**
 * What a Four Ten hint adds to each move's sentence: the round's prospects after the move, with
 * the rest of the round played by the exact solver's policy.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import type { Agent } from '../../../agents/agent.js';
import type { Staged } from '../../../agents/staged.js';
import type { GameRules } from '../solver/game-policy.js';
import {
  OptimalFourTenAgent,
  fourTenActionDetails,
  gameRulesOf,
  hasShippedGameValues,
  lambdaRoundStaged,
  type FourTenActionDetail,
  type FourTenObjective,
} from '../solver/optimal-agent.js';
import { BottomAgent } from './bottom.js';
import { ExpectimaxAgent } from './expectimax.js';

/** "31%"; "0.4%", "0.06%" or "under 0.01%" below 1% and above 0; "over 99%" for 99.5% … 100% excluded. */
function percent(p: number): string {
  const x = 100 * p;
  if (x > 0 && x < 0.01) return 'under 0.01%';
  if (x > 0 && x < 1) return `${x < 0.1 ? x.toFixed(2) : x.toFixed(1)}%`;
  if (x >= 99.5 && x < 100) return 'over 99%';
  return `${Math.round(x)}%`;
}

/**
 * The round's prospects after a Four Ten move, with the rest of the round played by the
 * solver's policy: "75% chance the Hand makes 10, 25% chance of the 28-point bottom, 0.06%
 * risk of a fault (14.5 points expected this round, the rest played by the solver)". The
 * sentence says whose play its points assume: the source ranking the moves may score them by
 * its own (`expectimax`'s 'points-less-fault-cost'), another figure.
 */
export function fourTenProspects(d: FourTenActionDetail, handTarget: number): string {
  if (d.fault > 0.9995) return 'ends the round in a fault';
  // Not "makes 10": read as this move's doing, where the solver's later exchanges make it.
  if (d.score > 0.9995)
    return `the Hand makes ${handTarget} this round for certain, ${handTarget} points (the rest played by the solver)`;
  const parts: string[] = [];
  if (d.score >= 0.0005) parts.push(`${percent(d.score)} chance the Hand makes ${handTarget}`);
  if (d.bottom >= 0.0005 && Number.isFinite(d.bottomPoints))
    parts.push(`${percent(d.bottom)} chance of the ${Math.round(d.bottomPoints)}-point bottom`);
  parts.push(d.fault < 1e-12 ? 'no risk of a fault' : `${percent(d.fault)} risk of a fault`);
  return `${parts.join(', ')} (${d.points.toFixed(1)} points expected this round, the rest played by the solver)`;
}

/** What the sentences' figures assume of the rest of the round. */
function detailsObjective(rules: GameRules, agent: Agent): FourTenObjective {
  return agent instanceof OptimalFourTenAgent && hasShippedGameValues(rules) ? 'game' : { lambda: SENTENCE_LAMBDA };
}

/** The sentences' round, where the exact solver does not rank: solved for points − 40·P(fault). */
const SENTENCE_LAMBDA = 40;

/**
 * The tables a Four Ten hint builds the first time, as slices (`GameKit.hintWork`): `bottom`'s, `bottom-direct`'s or
 * `expectimax`'s prospects for the points still needed, `optimal`'s round for the points and safeties, and the round
 * the sentences' figures come from (`optimal`'s own, with its figures, where it ranks). A trained model's features
 * build in one go.
 */
export function fourTenHintWork(env: Env, agent: Agent, details: boolean): Iterator<unknown> | null {
  const work: Staged<unknown>[] = [];
  if (agent instanceof BottomAgent || agent instanceof ExpectimaxAgent) work.push(agent.tablesFor(env));
  if (details || agent instanceof OptimalFourTenAgent) {
    try {
      const rules = gameRulesOf(env.options);
      const objective = detailsObjective(rules, agent);
      // With the round figures even for the ranking alone: the sentences read the same solve, which is then done once.
      if (agent instanceof OptimalFourTenAgent) work.push(agent.tablesFor(env, objective === 'game'));
      if (details && objective !== 'game') work.push(lambdaRoundStaged(rules, objective.lambda));
    } catch (e) {
      if (!(e instanceof TengymError)) throw e; // rules the solver refuses: the sentences go without figures
    }
  }
  const left = work.filter((w) => !w.done);
  return left.length === 0
    ? null
    : (function* () {
        for (const w of left) yield* w.steps();
      })();
}

/**
 * The round's prospects after each Four Ten move. With `optimal` ranking, from the same game
 * solution it ranks with (one round solve per (points, safeties), which it needs anyway);
 * otherwise from one round solved for points − 40·P(fault), once per rules, so that a model's
 * hints stay fast.
 */
export function fourTenHintDetails(env: Env, agent: Agent): Map<number, string> | null {
  const rules = gameRulesOf(env.options);
  const objective = detailsObjective(rules, agent);
  try {
    const details = new Map(
      fourTenActionDetails(env, objective).actions.map((d) => [d.action, fourTenProspects(d, rules.handTarget)]),
    );
    // An exchange that leaves the round's prospects as ending the turn would says so, so the two sentences differ.
    const endTurn = [...details.keys()].find((a) => env.moveKind(a) === 'end-turn');
    const ending = endTurn === undefined ? undefined : details.get(endTurn);
    for (const [action, text] of details)
      if (action !== endTurn && text === ending && env.moveKind(action) === 'exchange')
        details.set(action, `the same prospects as ending the turn now: ${text}`);
    return details;
  } catch (e) {
    if (e instanceof TengymError) return null; // rules the solver refuses: the sentences go without figures
    throw e;
  }
}
