/**
 * Whether a model plays an env, from its metadata (metadata.ts): the same game and options, the same sizes, the
 * features its network reads. Apart from the metadata's zod schema, which the hints then do not load (they check a
 * model given to them with `assertModelFits`): an app that loads no model bundles none of it.
 */
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import type { EnvConfig } from '../../env/game.js';
import { envIds, envSpec, optionsThatDiffer, resolveOptions } from '../../env/registry.js';
import type { ModelMetadata } from './metadata.js';

/**
 * Why a model trained for `trainedEnv` with `trainedOptions` does not play `env`'s game, or null
 * when it does: the same engine and options (its id may be another name for them: `decade` with
 * `{ fives: true }` is `decade-fives`), the training reward aside; an option its metadata lacks
 * has its default for the model's id. The reason is "another game", or the options that differ, each with both values.
 */
export function whyOtherGame(
  trainedEnv: string,
  trainedOptions: Record<string, unknown>,
  env: EnvConfig,
): string | null {
  const here = env.options;
  const sameGame = trainedEnv === env.id || (envIds().includes(trainedEnv) && envSpec(trainedEnv).game === env.game);
  if (!sameGame) return 'another game';
  // An option added to the engine after the model was saved is not in its metadata: the model
  // was trained under that option's default for its id (its preset's, else the engine's).
  let trained = trainedOptions;
  try {
    trained = resolveOptions(trainedEnv, trainedOptions);
  } catch {
    // Options the engine no longer takes (one since removed): compared as saved, and said.
  }
  const differ = optionsThatDiffer(trained, here);
  return differ.length === 0
    ? null
    : differ.map((key) => `${key} ${shown(trained, key)} there, ${shown(here, key)} here`).join('; ');
}

/** An option's value as JSON, or that the set has no such option. */
function shown(options: Record<string, unknown>, key: string): string {
  return key in options ? JSON.stringify(options[key]) : 'no such option';
}

/**
 * Throws unless the network's input is the layout the env needs: its width, and the encoding
 * its metadata names (`features`; `requireName` when a missing name cannot be trusted).
 */
export function assertFeaturesFit(
  meta: ModelMetadata,
  inputSize: number | null,
  env: Env,
  layout: { size: number; encoding: string },
  where: string,
  requireName: boolean,
): void {
  if (inputSize !== layout.size) {
    throw new TengymError(
      'bad-argument',
      `${where} reads ${inputSize} features (${meta.features ?? 'its metadata names no encoding'}); ${env.id} ` +
        `needs ${layout.size} (${layout.encoding})`,
    );
  }
  if (meta.features === undefined ? requireName : meta.features !== layout.encoding) {
    const named =
      meta.features === undefined
        ? 'its metadata names no encoding ("features")'
        : `its metadata says its features are ${JSON.stringify(meta.features)}`;
    throw new TengymError(
      'bad-argument',
      `${where}: ${named}; ${env.id} needs "${layout.encoding}" (${layout.size} features)`,
    );
  }
}

/**
 * Throws unless the model was trained for this env's game (`whyOtherGame`) and has its sizes.
 * The refusal names the options that differ.
 */
export function assertModelFits(meta: ModelMetadata, env: Env, where: string): void {
  const why = whyOtherGame(meta.env, meta.options, env);
  if (why !== null)
    throw new TengymError(
      'bad-argument',
      `${where} was trained for ${meta.env} ${JSON.stringify(meta.options)}, not ${env.id} ` +
        `${JSON.stringify(env.options)} ` +
        `(${why})`,
    );
  if (meta.observationSize !== env.observationSpace.shape[0] || meta.numActions !== env.actionSpace.n) {
    throw new TengymError(
      'bad-argument',
      `${where} expects observations of ${meta.observationSize} and ${meta.numActions} actions; ${env.id} has ` +
        `${env.observationSpace.shape[0]} and ${env.actionSpace.n}`,
    );
  }
}
