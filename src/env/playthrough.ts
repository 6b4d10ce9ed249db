/**
 * Playthroughs (OpenSpiel style): a game written out step by step, the format of
 * `tengym replay`, of the golden files in test/golden/, and of comparisons with other
 * implementations. Line 1: `{ state, legalActions }` (plus `info: { terminated,
 * outcome }` when the deal has no legal move). Then one line per step: `{ step,
 * action, description, reward, terminated, truncated, legalActions, info, state }`,
 * `info` holding `outcome` on the last step.
 */
import { Env, type ResetOptions } from './env.js';
import { TengymError, describeKind } from './errors.js';

export interface ReplayLine {
  step: number;
  action: number;
  description: string;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  legalActions: number[];
  info: Record<string, unknown>;
  state: unknown;
}

/** Plays and emits each line through `emit`; an illegal action throws after the lines before it. */
export function playthrough(
  env: Env,
  reset: ResetOptions,
  next: (env: Env, step: number) => number | undefined,
  emit: (line: object) => void,
): void {
  if (!(env instanceof Env))
    throw new TengymError('bad-argument', `playthrough plays an env (make(id)), got ${describeKind(env)}`);
  if (typeof next !== 'function')
    throw new TengymError(
      'bad-argument',
      `playthrough: next must be a function (env, step) => action or undefined to stop, got ${describeKind(next)}`,
    );
  if (typeof emit !== 'function')
    throw new TengymError(
      'bad-argument',
      `playthrough: emit must be a function that takes each line, got ${describeKind(emit)}`,
    );
  const first = env.reset(reset);
  const head: Record<string, unknown> = { state: env.getState(), legalActions: env.legalActions() };
  if (first.info.terminated) head.info = { terminated: true, outcome: first.info.outcome };
  emit(head);
  for (let step = 1; env.running; step++) {
    const action = next(env, step);
    if (action === undefined) return;
    const description = env.isLegal(action) ? env.describeAction(action) : '';
    const r = env.step(action);
    const line: ReplayLine = {
      step,
      action,
      description,
      reward: r.reward,
      terminated: r.terminated,
      truncated: r.truncated,
      legalActions: env.legalActions(),
      info: r.info.outcome ? { outcome: r.info.outcome } : {},
      state: env.getState(),
    };
    emit(line);
  }
}
