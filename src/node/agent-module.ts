/**
 * An agent of one's own by its file (Node-only): `tengym eval --agents ./mine.mjs,longest` (and
 * `replay --agent`, `hint --agent`, `evaluate`'s names) imports the module, whose default export is
 * an agent (`name`, `reset(seed)`, `act(env)`: the `Agent` interface), a function that takes the
 * env's config and returns one, or a class whose constructor takes it. It plays in the main
 * thread, as an agent object given to `evaluate` does, and its row is named as `--agents` names
 * it, so that `--reference` can name it too.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Agent } from '../agents/agent.js';
import { TengymError, describeKind } from '../env/errors.js';
import type { EnvConfig } from '../env/game.js';
import { modelProvenanceOf, rememberProvenance } from './provenance.js';

/**
 * A JavaScript module by its name: what `--agents` reads as an agent of one's own, not as a model directory or a
 * catalogue name.
 */
export function isAgentModulePath(name: string): boolean {
  return /\.(?:mjs|cjs|js)$/i.test(name) && !(existsSync(name) && statSync(name).isDirectory());
}

const SHAPE =
  'export default an agent ({ name, reset(seed), act(env) }), a function (config) => agent, or a class whose ' +
  'constructor takes the config';

/** The agent a module exports (or its function makes for `env`), named `path`. */
export async function loadAgentModule(path: string, env: EnvConfig): Promise<Agent> {
  if (!existsSync(path)) throw new TengymError('bad-argument', `no agent module at "${path}": the file does not exist`);
  let exported: unknown;
  try {
    exported = ((await import(pathToFileURL(resolve(path)).href)) as { default?: unknown }).default;
  } catch (e) {
    throw new TengymError(
      'bad-argument',
      `agent module ${path} failed to load: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (exported === undefined)
    throw new TengymError('bad-argument', `agent module ${path} has no default export: ${SHAPE}`);
  // A class is made with `new` (its constructor given the config), a function called with the config.
  const isClass = typeof exported === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(exported));
  const made = isClass
    ? new (exported as new (config: EnvConfig) => unknown)(env)
    : typeof exported === 'function' && typeof (exported as Partial<Agent>).act !== 'function'
      ? await (exported as (config: EnvConfig) => unknown)(env)
      : exported;
  const agent = made as Partial<Agent> | null;
  if (
    agent === null ||
    typeof agent !== 'object' ||
    typeof agent.act !== 'function' ||
    typeof agent.reset !== 'function'
  ) {
    // An object: say which member it lacks (a function-valued key is not shown by its JSON).
    const lacks =
      agent !== null && typeof agent === 'object' && !Array.isArray(agent)
        ? [
            typeof agent.act !== 'function' ? 'act(env)' : null,
            typeof agent.reset !== 'function' ? 'reset(seed)' : null,
          ].filter((m) => m !== null)
        : [];
    const gave =
      lacks.length > 0 ? `${describeKind(made)}, which has no ${lacks.join(' and no ')}` : describeKind(made);
    throw new TengymError(
      'bad-argument',
      `agent module ${path}: its default export gave ${gave}, not an agent: ${SHAPE}`,
    );
  }
  const own = agent as Agent;
  // A new object named as the command line names it, every call forwarded to the agent itself
  // (its `this` stays its own); what it has beside `act` (`score`, `observe`, `actBatch`,
  // `metadata`, `dispose`) and a loaded model's provenance come along.
  const named: Agent = {
    name: path,
    get fair() {
      return own.fair;
    },
    get metadata() {
      return own.metadata;
    },
    reset: (seed: number) => own.reset(seed),
    act: (e) => own.act(e),
    ...(typeof own.score === 'function'
      ? { score: (e: Parameters<NonNullable<Agent['score']>>[0]) => own.score!(e) }
      : {}),
    ...(typeof own.observe === 'function'
      ? { observe: (e: Parameters<NonNullable<Agent['observe']>>[0]) => own.observe!(e) }
      : {}),
    ...(typeof own.actBatch === 'function'
      ? {
          actBatch: (envs: Parameters<NonNullable<Agent['actBatch']>>[0], count: number, out: Int32Array) =>
            own.actBatch!(envs, count, out),
        }
      : {}),
    ...(typeof own.dispose === 'function' ? { dispose: () => own.dispose!() } : {}),
  };
  const provenance = modelProvenanceOf(own);
  if (provenance !== undefined) rememberProvenance(named, provenance);
  return named;
}
