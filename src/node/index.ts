/**
 * tengym/node: trained models from disk, and paired evaluations on worker threads, in Node
 * (this entry point reads files; the package root and `tengym/models` do not, and run in a
 * browser as they are).
 *
 * ```js
 * import { loadAgent, shippedModelDir } from 'tengym/node';
 * const agent = await loadAgent(shippedModelDir('decade')); // or loadAgent('runs/decade/best')
 * env.step(agent.act(env));
 * agent.dispose(); // frees the model's weights, before loading another
 * ```
 *
 * @module tengym/node
 */
import '../games/index.js';
import { relative, resolve } from 'node:path';
import type { Agent } from '../agents/agent.js';
import { SHIPPED_MODELS_DIR, checkModelDir, packagePath, shippedModelDir, shippedModelEnvs } from './resolve.js';
import { announceBackend } from './tf-backend.js';
import { loadModelAgent } from './load-model.js';
import { TengymError, describeKind, isPlainObject, showValue } from '../env/errors.js';

/** Options of `loadAgent`. */
export interface LoadAgentOptions {
  /** The agent's name (eval tables, hint sources); default: the directory, or "models/<id>/ (shipped)". */
  name?: string;
  /** Print the TensorFlow.js backend line on stderr, as the command line does (default: false). */
  announceBackend?: boolean;
}

/**
 * Loads a tengym model directory (`model.json` + `weights.bin`: a shipped model, or
 * `best/` or `checkpoint/` of a `tengym train` run) as an agent of the env it was trained
 * for (`models/<id>`, as the docs write it, is the current folder's when it is there and the
 * installed package's otherwise, as `evaluate` and the command line read it): `agent.act(env)`, `agent.score(env)`, and
 * `createHinter({ model: agent })`; `agent.dispose()` frees the model's weights once it is no longer needed. Picks the
 * TensorFlow.js backend first (tfjs-node when installed, else WebAssembly).
 */
export async function loadAgent(
  dir: string,
  options: LoadAgentOptions = {},
): Promise<
  Agent & {
    /** Frees the model's weights; the agent refuses to play afterwards ('disposed'). */
    dispose(): void;
  }
> {
  if (typeof dir !== 'string' || dir === '')
    throw new TengymError('bad-argument', 'loadAgent takes the path of a model directory (model.json + weights.bin)');
  if (!isPlainObject(options as unknown))
    throw new TengymError(
      'bad-argument',
      `loadAgent options must be an object such as { name: 'mine' }, got ${describeKind(options)}`,
    );
  for (const key in options)
    if (key !== 'name' && key !== 'announceBackend')
      throw new TengymError(
        'bad-argument',
        `unknown loadAgent option "${key}"; loadAgent takes { name, announceBackend }`,
      );
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === ''))
    throw new TengymError(
      'bad-argument',
      `loadAgent's name must be a non-empty string, got ${showValue(options.name)}`,
    );
  if (options.announceBackend !== undefined && typeof options.announceBackend !== 'boolean')
    throw new TengymError(
      'bad-argument',
      `loadAgent's announceBackend must be true or false, got ${showValue(options.announceBackend)}`,
    );
  // "models/decade" as the docs write it: the current folder's when it is there, else the package's (as evaluate and
  // the command line read it).
  const path = packagePath(dir);
  checkModelDir(path);
  const inShipped = relative(SHIPPED_MODELS_DIR, resolve(path));
  const name =
    options.name ??
    (!inShipped.startsWith('..') && !inShipped.includes('/') && inShipped !== ''
      ? `models/${inShipped}/ (shipped)`
      : dir);
  const agent = await loadModelAgent(path, name);
  await announceBackend({ quiet: !options.announceBackend });
  return agent;
}

export { shippedModelDir, shippedModelEnvs };
/**
 * Where a loaded model agent came from (its folder, a sha256 over its files as read, its training), as `evaluate`
 * reports it.
 */
export { modelProvenanceOf, type ModelProvenance } from './provenance.js';
export { loadHinter, type HintChoice, type LoadedHinter } from './hint-loader.js';
/** `tengym eval` as a function: agents by name (or model directories) on the same seeded deals, on every core. */
export { evaluate, type AgentResult, type EvalConfig, type EvalReport } from '../eval/evaluate.js';
/**
 * The paired difference of two agents' per-deal records on the same deals (`--per-deal`'s `won`, or any figure): a
 * run's parts joined deal for deal are paired as one run.
 */
export { pairedDifference, pairedWins } from '../stats/paired.js';
