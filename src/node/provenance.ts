/**
 * Where a model agent was loaded from, as an evaluation report records it. An agent loaded from a
 * folder (`loadAgent`, or a name `evaluate` resolves) is remembered here with the provenance of
 * the bytes that were read, so that `evaluate`, given the agent object, reports it as it reports a
 * model given by its folder. Kept beside the agent, not on it: the `Agent` interface stays the
 * browser's, a copy or a wrapper of the agent (which may play otherwise) carries none, and no
 * object claims a provenance that tengym did not read. (An agent module's export, by its file, is
 * wrapped by tengym only to be named as --agents names it; every call goes to it, so the
 * provenance comes along: `loadAgentModule`.)
 */
import type { Agent } from '../agents/agent.js';

/** What a report records of a model it played: where it was loaded from, its files' hash, and how it was trained. */
export interface ModelProvenance {
  /**
   * The folder, resolved to an absolute path (a name resolves against the current folder first, then the package's
   * models/).
   */
  path: string;
  /**
   * sha256 (hex) of the bytes of `files`, one after the other in that order: model.json, then the weight files in its
   * manifest's order.
   */
  sha256: string;
  files: string[];
  /**
   * From its tengym metadata: the algorithm that trained it, the env steps it trained (where recorded), the command
   * that trained it (where recorded).
   */
  algorithm?: string;
  steps?: number;
  command?: string;
}

/** The training fields of a provenance, from a model's tengym metadata (each where it is there, of its type). */
export function trainingOf(
  meta: { algorithm?: unknown; steps?: unknown; command?: unknown } | undefined,
): Pick<ModelProvenance, 'algorithm' | 'steps' | 'command'> {
  return {
    ...(typeof meta?.algorithm === 'string' ? { algorithm: meta.algorithm } : {}),
    ...(typeof meta?.steps === 'number' ? { steps: meta.steps } : {}),
    ...(typeof meta?.command === 'string' ? { command: meta.command } : {}),
  };
}

const loaded = new WeakMap<object, ModelProvenance>();

/** Records where an agent's model was loaded from (the loader, once it has read the files). */
export function rememberProvenance(agent: Agent, provenance: ModelProvenance): void {
  loaded.set(agent, { ...provenance, files: [...provenance.files] });
}

/**
 * Where a model agent was loaded from (`loadAgent(dir)`): its folder's absolute path, one sha256
 * over model.json then its weight files as they were read, and the algorithm, steps and command
 * of its metadata; undefined for any other agent (a catalogue agent, one of your own, a model
 * fetched by URL, a copy of a loaded agent). A fresh copy each call.
 */
export function modelProvenanceOf(agent: Agent): ModelProvenance | undefined {
  const p = agent !== null && typeof agent === 'object' ? loaded.get(agent) : undefined;
  // A copy each time: a report's record is the caller's to keep or change.
  return p === undefined ? undefined : { ...p, files: [...p.files] };
}
