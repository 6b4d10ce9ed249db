/**
 * A training run's directory and its checkpoints (Node-only).
 *
 * `tengym-run.json` is written first: it marks the directory as a tengym run, which `--resume`
 * requires (or a checkpoint). The checkpoint is a directory written whole under
 * `checkpoint-new/` and swapped in by renames, so a kill at any moment leaves the previous
 * checkpoint or the new one (`checkpoint-old/` if the kill fell between the two renames). It
 * holds the latest model, the algorithm's state (JSON, and binary blobs gzipped: optimizer
 * moments, replay buffers), the env copies' states, and the trainer's (metrics so far, best and
 * last evaluations): every source of randomness and every counter, so a resumed run reaches
 * exactly the weights an uninterrupted run reaches.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { writeFileAtomic } from '../node/model-files.js';
import { loadModel, saveModel } from '../node/load-model.js';
import type { ModelMetadata } from '../agents/learned/metadata.js';
import { TengymError, formatZodError } from '../env/errors.js';
import type { Algorithm } from './algorithm.js';
import type { DecisionEnvState } from './decisions.js';
import type { EvaluationReport, MetricsRow } from './metrics.js';

export const CHECKPOINT = 'checkpoint';
const CHECKPOINT_NEW = 'checkpoint-new';
const CHECKPOINT_OLD = 'checkpoint-old';
const STATE_JSON = 'state.json';

const checkpointStateSchema = z.object({
  format: z.literal('tengym-checkpoint/1'),
  env: z.string(),
  options: z.record(z.string(), z.unknown()),
  trainingOptions: z.record(z.string(), z.unknown()),
  // One of algorithms.ts's names: loading the algorithm checks it.
  algo: z.string(),
  config: z.record(z.string(), z.unknown()),
  command: z.string().optional(),
  envSteps: z.number(),
  algorithm: z.record(z.string(), z.unknown()),
  binary: z.array(z.string()),
  envState: z.unknown(),
  trainer: z.object({
    rows: z.array(z.record(z.string(), z.union([z.number(), z.boolean(), z.null()]))),
    best: z.unknown().nullable(),
    last: z.unknown().nullable(),
    nextEvalAt: z.number(),
    wallSeconds: z.number(),
  }),
});
export type CheckpointState = z.infer<typeof checkpointStateSchema>;

/** The trainer's own part of a checkpoint: the metrics so far, the best and last evaluations, the schedule and the wall time. */
export interface TrainerState {
  rows: MetricsRow[];
  best: EvaluationReport | null;
  last: EvaluationReport | null;
  nextEvalAt: number;
  wallSeconds: number;
}

/** Written first into a run directory: how `--resume` knows the directory is a tengym run's. */
export const RUN_MARKER = 'tengym-run.json';

/** What a directory holds, for messages ("metrics.csv, best/model.json, …"), at most `limit` names. */
function listEntries(dir: string, limit = 8): string {
  const names: string[] = [];
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const name = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else names.push(name);
    }
  };
  walk('');
  names.sort();
  return names.length > limit ? `${names.slice(0, limit).join(', ')}, … (${names.length} files)` : names.join(', ');
}

/**
 * Checks --out before anything is written: a new run needs a new or empty directory; a
 * resumed run needs one that tengym's own run wrote (its marker or a checkpoint), or a new
 * or empty one (the run starts there). Never overwrites files tengym did not write.
 */
export function checkRunDirectory(out: string, resume: boolean, found: { state: CheckpointState } | null): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new TengymError('bad-argument', `--out ${out} is a file, not a directory: choose a new directory for the run`);
  if (found) {
    if (!resume) throw new TengymError('bad-argument', `${out} already holds a training run (${found.state.algo} on ${found.state.env}, checkpoint at ${found.state.envSteps} env steps): pass --resume to continue it, or choose another --out`);
    return;
  }
  if (readdirSync(out).length === 0) return;
  const ours = existsSync(join(out, RUN_MARKER));
  if (ours && resume) return;
  if (ours) throw new TengymError('bad-argument', `${out} holds a tengym run that stopped before its first checkpoint: pass --resume to start it again there, or choose another --out`);
  throw new TengymError(
    'bad-argument',
    `${resume ? '--resume: ' : ''}${out} was not written by tengym train (it has no checkpoint/ and no ${RUN_MARKER}) and holds ${listEntries(out)}: ` +
      `tengym will not overwrite them; choose a new or empty --out`,
  );
}

/** After a kill during a checkpoint swap: the checkpoint in use becomes checkpoint/, and the leftovers go. */
export async function tidyCheckpoints(out: string, found: { dir: string }): Promise<string> {
  const current = join(out, CHECKPOINT);
  if (found.dir !== current) {
    await rm(current, { recursive: true, force: true });
    await rename(found.dir, current);
  }
  await rm(join(out, CHECKPOINT_OLD), { recursive: true, force: true });
  await rm(join(out, CHECKPOINT_NEW), { recursive: true, force: true });
  return current;
}

/** The last complete checkpoint of a run directory, or null. */
export async function findCheckpoint(out: string): Promise<{ dir: string; state: CheckpointState } | null> {
  for (const name of [CHECKPOINT, CHECKPOINT_OLD]) {
    const dir = join(out, name);
    const file = join(dir, STATE_JSON);
    if (!existsSync(file)) continue;
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new TengymError('bad-state', `${file} is not valid JSON: ${(e as Error).message}`);
    }
    const parsed = checkpointStateSchema.safeParse(json);
    if (!parsed.success) throw new TengymError('bad-state', `${file} is not a tengym checkpoint: ${formatZodError(parsed.error)}`);
    return { dir, state: parsed.data };
  }
  return null;
}

export async function writeCheckpoint(out: string, algorithm: Algorithm, metadata: ModelMetadata, state: Omit<CheckpointState, 'binary' | 'algorithm' | 'envState'>): Promise<void> {
  const fresh = join(out, CHECKPOINT_NEW);
  await rm(fresh, { recursive: true, force: true });
  await saveModel(algorithm.model, fresh, metadata);
  const { json, binary } = algorithm.getState();
  for (const [name, bytes] of Object.entries(binary)) await writeFileAtomic(join(fresh, `${name}.bin.gz`), gzipSync(bytes, { level: 1 }));
  const full: CheckpointState = { ...state, algorithm: json, binary: Object.keys(binary), envState: algorithm.env.getState() };
  await writeFileAtomic(join(fresh, STATE_JSON), JSON.stringify(full));
  const current = join(out, CHECKPOINT);
  const old = join(out, CHECKPOINT_OLD);
  await rm(old, { recursive: true, force: true });
  if (existsSync(current)) await rename(current, old);
  await rename(fresh, current);
  await rm(old, { recursive: true, force: true });
}

export async function restoreCheckpoint(dir: string, state: CheckpointState, algorithm: Algorithm): Promise<void> {
  const { model } = await loadModel(dir);
  try {
    algorithm.model.setWeights(model.getWeights());
  } finally {
    model.dispose();
  }
  const binary: Record<string, Uint8Array> = {};
  for (const name of state.binary) binary[name] = new Uint8Array(gunzipSync(await readFile(join(dir, `${name}.bin.gz`))));
  algorithm.setState({ json: state.algorithm, binary }, state.envState as DecisionEnvState);
}

/** Marks `out` as a tengym run's directory (made if need be), unless it is already. */
export async function markRun(out: string, env: string, algo: string): Promise<void> {
  await mkdir(out, { recursive: true });
  if (!existsSync(join(out, RUN_MARKER))) await writeFileAtomic(join(out, RUN_MARKER), JSON.stringify({ format: 'tengym-run/1', env, algo }) + '\n');
}
