/**
 * `patient`, written once for every slot game with reserves (src/env/layouts/slots.ts): it plays any
 * move but a set-aside first, and sets a card aside only when its set can still go out. Where the
 * refill stops while a reserve holds a card, a card set aside too early stops the grid for good: its
 * set's missing cards stay in the stock, and the grid only empties. So the safe set-asides are those
 * that fit a set already started, or that start one whose every missing card is on the grid. Every
 * other move commutes with the rest (no slot's place matters), so under those rules, with any suits,
 * this is the full-information optimum; tests check it against an exhaustive search.
 */
import type { Env } from '../env/env.js';
import { TengymError } from '../env/errors.js';
import type { AnyGame } from '../env/game.js';
import { EMPTY, countInSlots, type SlotRules, type SlotState } from '../env/layouts/slots.js';
import { BestScoredAgent, checkPlaying, type ActionScores, type AgentSpec } from './agent.js';

/** Whether setting aside the card of slot i lets its set still go out (the reserves and the grid as they stand). */
export function safeAside(s: SlotState, i: number): boolean {
  const r: SlotRules = s.rules;
  if (!r.pauseRefill) return true;
  for (let f = 0; f < s.reserve.length; f++) if (s.reserve[f] !== EMPTY) return true;
  const rank = s.slotRank[i];
  if (r.oneRankReserves) return countInSlots(s, rank) === s.reserve.length;
  for (let f = 0; f < r.setRanks.length; f++) if (countInSlots(s, r.setRanks[f]) === 0) return false;
  return true;
}

/** The slot layout's `patient`: safe moves score 1, set-asides that stop the grid for good 0; the lowest id first. */
export class SlotPatientAgent extends BestScoredAgent {
  readonly name = 'patient';

  constructor(private readonly games: readonly AnyGame[]) {
    super();
  }

  score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    if (!this.games.includes(env.game))
      throw new TengymError(
        'bad-argument',
        `agent "${this.name}" plays ${this.games.map((g) => g.name)}, not ${env.id}`,
      );
    const s = env.rawState as SlotState;
    const r = s.rules;
    const actions = env.legalActions().map((action) => {
      const aside = r.asideBase >= 0 && action >= r.asideBase && action < r.asideBase + r.slots;
      return { action, score: aside && !safeAside(s, action - r.asideBase) ? 0 : 1 };
    });
    actions.sort((a, b) => b.score - a.score || a.action - b.action);
    return { kind: 'heuristic', actions };
  }
}

/** `patient`'s catalogue entry for these slot games. */
export function slotPatientSpec(games: readonly AnyGame[], plays?: AgentSpec['plays']): AgentSpec {
  return {
    name: 'patient',
    description:
      'any move but a set-aside first; a card goes aside only when its set can still go out ' +
      '(the full-information optimum where no slot refills while a reserve holds a card)',
    fair: true,
    games,
    ...(plays ? { plays } : {}),
    create: () => new SlotPatientAgent(games),
  };
}
