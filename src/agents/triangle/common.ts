/**
 * What the Pyramid agents share: reading the engine state of an env, the order `greedy` prefers
 * (which the searches also use to break ties), and what a player has seen of a position.
 */
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import { mix32 } from '../../env/rng.js';
import { checkPlaying, type ActionScores, type ScoreKind } from '../agent.js';
import { DRAW, EMPTY, KING_BASE, PAIR_FIRST, PAIR_SECOND, ROWS, SLOTS, TALON_SIZE, RECYCLE } from './shape.js';
import { faceDownSlots, triangleStateOf, type TriangleRules, type TriangleState } from '../../env/layouts/index.js';
import { freeSlots, lowBit, popCount } from './geometry.js';

/**
 * The env's engine state and compiled rules: any game over a triangle of seven rows with a talon (Pyramid and its
 * kin); a clear error for an env of another game.
 */
export function triangleEnv(env: Env, agent: string): { state: TriangleState; rules: TriangleRules } {
  checkPlaying(env, agent);
  const state = triangleStateOf(env);
  if (!state || state.rules.rows !== ROWS || state.rules.talonSize !== TALON_SIZE)
    throw new TengymError('bad-argument', `agent "${agent}" plays Pyramid and its kin, not ${env.id}`);
  return { state, rules: state.rules };
}

/**
 * `greedy`'s order of the legal moves, higher first: a king; then a removal by the pyramid cards
 * it takes (×100) and the pyramid cards it uncovers (×10), taking the waste's top card before the
 * stock's (which a draw would only move onto the waste); a draw or a turn-over last.
 */
export function greedyRank(s: TriangleState, action: number): number {
  if (action === DRAW || action === RECYCLE) return 0;
  if (action >= KING_BASE) return 10_000 + (action - KING_BASE < SLOTS ? 100 : 0);
  let taken = 0;
  let bonus = 0;
  for (const place of [PAIR_FIRST[action], PAIR_SECOND[action]]) {
    if (place < SLOTS) taken |= 1 << place;
    else bonus += place === SLOTS ? 2 : 1;
  }
  const uncovered = freeSlots(s.present & ~taken) & ~freeSlots(s.present);
  return 100 * popCount(taken) + 10 * popCount(uncovered) + bonus + 1;
}

/** Scores sorted best first (higher first; ties keep the lower id first, as the env lists them). */
export function sortedScores(kind: ScoreKind, actions: readonly number[], scores: readonly number[]): ActionScores {
  const list = actions.map((action, i) => ({ action, score: scores[i] }));
  list.sort((x, y) => y.score - x.score || x.action - y.action);
  return { kind, actions: list };
}

/**
 * A 32-bit hash of what a player sees: the pyramid's face-up cards, the waste in order, the stock's face-up top,
 * the unseen cards' composition, the pass and the step. Never the order of the stock's face-down cards, nor which
 * face-down card lies where.
 */
export function seenHash(s: TriangleState): number {
  let h = mix32(Math.imul(s.steps + 1, 0x9e3779b1) ^ (s.pass << 8) ^ s.talonLen);
  const hidden = faceDownSlots(s.rules, s.present);
  for (let i = 0; i < SLOTS; i++) h = mix32(h + (s.cards[i] === EMPTY ? 0xff : (hidden >>> i) & 1 ? 0xfe : s.cards[i]));
  for (let k = 0; k < s.cursor; k++) h = mix32(h ^ (0x100 + s.talon[k]));
  const faceUp = s.rules.topPlayable && s.cursor < s.talonLen;
  if (faceUp) h = mix32(h ^ (0x200 + s.talon[s.cursor]));
  let composition = 0;
  for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++)
    composition += Math.imul(s.talon[k] + 1, 0x2545f491) >>> 0;
  for (let x = hidden; x !== 0; x &= x - 1) composition += Math.imul(s.cards[lowBit(x)] + 1, 0x2545f491) >>> 0;
  return mix32(h ^ (composition | 0)) >>> 0;
}

/** The index of the legal move `greedy` plays among the first n of `legal`. */
export function greedyIndex(s: TriangleState, legal: ArrayLike<number>, n: number): number {
  let best = 0;
  let bestRank = greedyRank(s, legal[0]);
  for (let i = 1; i < n; i++) {
    const rank = greedyRank(s, legal[i]);
    if (rank > bestRank) {
      best = i;
      bestRank = rank;
    }
  }
  return best;
}
