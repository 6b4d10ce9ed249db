/**
 * Where the afterstate learner's (afterstate.ts) training targets come from: the strategy the env's
 * game gives for the kind of target asked for (its kit's `afterstate.targets`, src/agents/afterstate.ts
 * says what a strategy does), made once per run.
 */
import type { FeatureLayout, SampleSink, TargetStrategy } from '../../agents/afterstate.js';
import { kitOf } from '../../agents/modules.js';
import { TengymError } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { envIds, envSpec } from '../../env/registry.js';
import { parseSavedJson } from '../algorithm.js';

export type { SampleSink, TargetStrategy } from '../../agents/afterstate.js';

export type TargetKind = 'play' | 'solver';

/** Why there are no `kind` targets for an env's game, or null when there are. */
export function targetsUnavailable(kind: TargetKind, env: EnvConfig): string | null {
  const targets = kitOf(env.game).afterstate?.targets;
  if (targets?.[kind]) return null;
  // The ids that have them, as the games say: what to train instead.
  const ids = envIds().filter((id) => kitOf(envSpec(id).game).afterstate?.targets?.[kind] !== undefined);
  const where = ids.length > 0 ? ` (${ids.join(', ')} ${ids.length === 1 ? 'has' : 'have'} them)` : '';
  return `no ${kind} targets for ${env.id}${where}`;
}

/** The strategy for `kind` targets on an env's game (a solver's may solve the game first: minutes). */
export function targetStrategy(
  kind: TargetKind,
  env: EnvConfig,
  layout: FeatureLayout,
  numEnvs: number,
  sink: SampleSink,
  onSolve?: (progress: string) => void,
): TargetStrategy {
  const create = kitOf(env.game).afterstate?.targets?.[kind];
  if (!create) throw new TengymError('bad-argument', `afterstate config: ${targetsUnavailable(kind, env)}`);
  return create({
    layout,
    numEnvs,
    sink,
    env,
    onSolve,
    // The trainer's reader of a checkpoint's part: zod's errors named where the file holds them.
    parseSaved: (schema, json) => parseSavedJson(schema as never, json),
  });
}
