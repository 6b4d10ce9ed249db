/**
 * A training run's directory and its checkpoints (Node-only).
 *
 * `tengym-run.json` is written first: it marks the directory as a tengym run, which `--resume`
 * requires (or a checkpoint). The checkpoint is a directory written whole under
 * `checkpoint-new/` and swapped in by renames, so a kill at any moment leaves the previous
 * checkpoint or the new one (`checkpoint-old/` if the kill fell between the two renames); `best/`
 * is swapped in the same way (`replaceDirectory`), so its weights and its metadata always agree. It
 * holds the latest model, the algorithm's state (JSON, and binary blobs gzipped: optimizer
 * moments, replay buffers), the env copies' states, and the trainer's (metrics so far, best and
 * last evaluations): every source of randomness and every counter, so a resumed run reaches
 * exactly the weights an uninterrupted run reaches.
 *
 * Past 600 lines on purpose: writing, reading and checking a checkpoint share its schemas and the
 * swap-by-rename steps, and read best in one place.
 */
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  opendirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Dir,
} from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, parse, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from 'zod';
import { writeFileAtomic } from '../node/model-files.js';
import { loadModel, saveModel } from '../node/load-model.js';
import type { ModelMetadata } from '../agents/learned/metadata.js';
import { TengymError, formatZodError, protoKeyPath, protoKeyReason } from '../env/errors.js';
import type { Algorithm, SavedAlgorithmState } from './algorithm.js';
import type { DecisionEnvState } from './decisions.js';
import { metricsRowsSchema, type EvaluationReport, type MetricsRow } from './metrics.js';

/** The suffixes of a directory being swapped in (`replaceDirectory`). */
const NEW = '-new';
const OLD = '-old';
export const CHECKPOINT = 'checkpoint';
const CHECKPOINT_NEW = CHECKPOINT + NEW;
const CHECKPOINT_OLD = CHECKPOINT + OLD;
const BEST = 'best';
const STATE_JSON = 'state.json';

const count = z.int().min(0);

/**
 * The env copies' state in a checkpoint (DecisionEnv.getState): one env state a copy, checked by
 * the env as it loads it, with each copy's episode steps and return, and the counters.
 */
const decisionEnvStateSchema = z
  .object({
    envs: z
      .array(
        z.looseObject({
          env: z.string(),
          options: z.record(z.string(), z.unknown()),
          rng: z.array(z.number()),
          undosUsed: z.number(),
          game: z.unknown(),
        }),
      )
      .min(1),
    episodeSteps: z.array(count),
    episodeReturns: z.array(z.number()),
    envSteps: count,
    episodesDone: count,
    stats: z.union([
      z.object({
        episodes: count,
        wins: count,
        sums: z.record(z.string(), z.number()),
        wonSums: z.record(z.string(), z.number()),
      }),
      // A checkpoint written before games declared their results (tengym 0.1): its sums, by the names its keys meant.
      z
        .object({
          episodes: count,
          wins: count,
          cardsLeft: z.number().min(0),
          wonRounds: z.number().min(0),
          points: z.number(),
        })
        .transform(({ episodes, wins, cardsLeft, wonRounds, points }) => ({
          episodes,
          wins,
          sums: { cardsLeft, points, rounds: 0 },
          wonSums: { cardsLeft: 0, points: 0, rounds: wonRounds },
        })),
    ]),
  })
  .superRefine((s, ctx) => {
    for (const key of ['episodeSteps', 'episodeReturns'] as const) {
      if (s[key].length !== s.envs.length)
        ctx.addIssue({
          code: 'custom',
          message: `${s[key].length} entries for ${s.envs.length} env copies`,
          path: [key],
        });
    }
  });

const checkpointStateSchema = z
  .object({
    format: z.literal('tengym-checkpoint/1'),
    env: z.string(),
    options: z.record(z.string(), z.unknown()),
    trainingOptions: z.record(z.string(), z.unknown()),
    // One of algorithms/index.ts's names: loading the algorithm checks it.
    algo: z.string(),
    config: z.record(z.string(), z.unknown()),
    command: z.string().optional(),
    /**
     * The TensorFlow.js backend the run trained on (absent in checkpoints of older versions): a resume on another is
     * not bit for bit.
     */
    backend: z.string().optional(),
    envSteps: z.int().min(0),
    algorithm: z.record(z.string(), z.unknown()),
    binary: z.array(z.string()),
    envState: decisionEnvStateSchema,
    trainer: z.object({
      rows: metricsRowsSchema,
      best: z.unknown().nullable(),
      last: z.unknown().nullable(),
      nextEvalAt: z.int().min(0),
      wallSeconds: z.number().min(0),
    }),
  })
  .superRefine((state, ctx) => {
    // Each row is an evaluation the checkpoint holds: none comes after it.
    const last = state.trainer.rows.at(-1);
    if (last !== undefined && typeof last.envSteps === 'number' && last.envSteps > state.envSteps) {
      ctx.addIssue({
        code: 'custom',
        message: `its last metrics row is at ${last.envSteps} env steps, past the checkpoint's ${state.envSteps}`,
        path: ['trainer', 'rows', state.trainer.rows.length - 1, 'envSteps'],
      });
    }
  });
type ParsedCheckpoint = z.infer<typeof checkpointStateSchema>;
/** A checkpoint's state.json (the env copies' and the trainer's parts as the run has them). */
export type CheckpointState = Omit<ParsedCheckpoint, 'envState' | 'trainer'> & {
  envState: DecisionEnvState;
  trainer: Omit<ParsedCheckpoint['trainer'], 'rows'> & { rows: MetricsRow[] };
};

/**
 * The trainer's own part of a checkpoint: the metrics so far, the best and last evaluations, the schedule and the wall
 * time.
 */
export interface TrainerState {
  rows: MetricsRow[];
  best: EvaluationReport | null;
  last: EvaluationReport | null;
  nextEvalAt: number;
  wallSeconds: number;
}

/**
 * Written first into a run directory: how `--resume` knows the directory is a tengym run's, and,
 * until the first checkpoint, the run's settings (env, options, algorithm, the resolved config:
 * steps, seed, …), so that a run killed before its first checkpoint resumes as it was started.
 */
export const RUN_MARKER = 'tengym-run.json';

const runMarkerSchema = z.object({
  format: z.literal('tengym-run/1'),
  env: z.string(),
  algo: z.string(),
  // Absent in markers of older runs: their env and algorithm are all they say.
  options: z.record(z.string(), z.unknown()).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  command: z.string().optional(),
});
export type RunMarker = z.infer<typeof runMarkerSchema>;

/** The marker of a run directory, or null when it has none; a marker that is not one is named. */
export async function readRunMarker(out: string): Promise<RunMarker | null> {
  const file = join(out, RUN_MARKER);
  if (!existsSync(file)) return null;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new TengymError(
      'bad-state',
      `${out} is not resumable: its ${RUN_MARKER} is not valid JSON (${(e as Error).message}); choose a new --out`,
    );
  }
  const parsed = runMarkerSchema.safeParse(json);
  // A "__proto__" key would be dropped by the parse: the run would resume with other options or config than the file
  // says.
  const proto = protoKeyPath(json);
  const why = proto !== null ? protoKeyReason(proto) : parsed.success ? null : formatZodError(parsed.error);
  if (why !== null || !parsed.success)
    throw new TengymError(
      'bad-state',
      `${out} is not resumable: its ${RUN_MARKER} is not a tengym run's marker: ${why}; choose a new --out`,
    );
  return parsed.data;
}

/**
 * What a directory holds, for messages ("best/model.json, metrics.csv, …"), at most `limit`
 * names; the walk reads at most 1,000 entries (--out / is a directory too).
 */
function listEntries(dir: string, limit = 8): string {
  const names: string[] = [];
  let budget = 1000;
  let more = false;
  const walk = (sub: string) => {
    let d: Dir;
    try {
      d = opendirSync(join(dir, sub));
    } catch {
      return; // a folder it cannot read: named by its path elsewhere, if at all
    }
    try {
      for (let entry = d.readSync(); entry !== null && !more; entry = d.readSync()) {
        if (--budget < 0) more = true;
        else if (entry.isDirectory()) walk(sub ? `${sub}/${entry.name}` : entry.name);
        else names.push(sub ? `${sub}/${entry.name}` : entry.name);
      }
    } finally {
      d.closeSync();
    }
  };
  walk('');
  names.sort();
  if (more) return `${names.slice(0, limit).join(', ')}, … (more than ${names.length} files)`;
  return names.length > limit ? `${names.slice(0, limit).join(', ')}, … (${names.length} files)` : names.join(', ');
}

/** Where a symbolic link at `path` leads, when `path` is one that leads to nothing; null otherwise. */
function danglingLink(path: string): string | null {
  try {
    if (!lstatSync(path).isSymbolicLink()) return null;
    return readlinkSync(path);
  } catch {
    return null;
  }
}

/**
 * Where --out can be: not the root of the file system, not under a file, and creatable (its
 * nearest existing folder writable). Checked before anything is written.
 */
function checkOutPath(out: string): void {
  // resolve('') is the working directory, which would take the run's files among the user's.
  if (out.trim() === '') throw new TengymError('bad-argument', '--out is empty: name a new directory for the run');
  const full = resolve(out);
  if (full === parse(full).root)
    throw new TengymError(
      'bad-argument',
      `--out ${out} is the root of the file system: choose a new directory for the run`,
    );
  let existing = full;
  while (!existsSync(existing)) {
    // A symbolic link that leads nowhere (its target missing, or a loop): mkdir finds it there and nothing can be
    // made through it.
    const link = danglingLink(existing);
    if (link !== null)
      throw new TengymError(
        'bad-argument',
        `--out ${out}: ${existing} is a symbolic link to ${link}, which does not exist: make ${link} first, or ` +
          `choose another directory for the run`,
      );
    existing = dirname(existing);
  }
  if (existing === full) return;
  if (!statSync(existing).isDirectory())
    throw new TengymError(
      'bad-argument',
      `--out ${out}: ${existing} is a file, not a directory, so the run directory cannot be made under it`,
    );
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    throw new TengymError('bad-argument', `--out ${out}: cannot create it in ${existing} (not writable)`);
  }
}

/**
 * Makes `dir` and its missing parents one at a time (Node's recursive mkdir spins forever in a
 * folder such as /proc that refuses new entries with ENOENT); a refusal names the folder.
 */
async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let p = resolve(dir); !existsSync(p); p = dirname(p)) missing.unshift(p);
  for (const p of missing) {
    try {
      await mkdir(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new TengymError(
        'bad-argument',
        `--out ${dir}: cannot create ${p} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      );
    }
  }
}

/**
 * Checks --out before anything is written: a new run needs a new or empty directory; a
 * resumed run needs one that tengym's own run wrote (its marker or a checkpoint), or a new
 * or empty one (the run starts there). Never overwrites files tengym did not write.
 */
export function checkRunDirectory(out: string, resume: boolean, found: { state: CheckpointState } | null): void {
  checkOutPath(out);
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory())
    throw new TengymError(
      'bad-argument',
      `--out ${out} is a file, not a directory: choose a new directory for the run`,
    );
  if (found) {
    if (!resume)
      throw new TengymError(
        'bad-argument',
        `${out} already holds a training run (${found.state.algo} on ${found.state.env}, checkpoint at ` +
          `${found.state.envSteps} ` +
          `env steps): pass --resume to continue it, or choose another --out`,
      );
    return;
  }
  // A lock alone is a run stopped before it wrote anything (lockRun judges whether it is live).
  if (readdirSync(out).every((entry) => entry === RUN_LOCK)) return;
  const ours = existsSync(join(out, RUN_MARKER));
  if (ours && resume) return;
  if (ours)
    throw new TengymError(
      'bad-argument',
      `${out} holds a tengym run that stopped before its first checkpoint: pass --resume to start it again ` +
        `there, or choose another --out`,
    );
  // A run's own best/ or checkpoint/ given for the run: say whose it is, and the --out that was meant.
  const run = dirname(resolve(out));
  const part = parse(resolve(out)).base;
  if (
    (part === BEST || part === CHECKPOINT) &&
    (existsSync(join(run, RUN_MARKER)) || existsSync(join(run, CHECKPOINT)))
  ) {
    const runOut = join(out, '..');
    throw new TengymError(
      'bad-argument',
      `${out} is the ${part === BEST ? 'best model' : 'checkpoint'} of the training run in ${runOut}, not a ` +
        'run: ' +
        (resume ? `resume that run with --out ${runOut} --resume` : 'choose a new or empty --out for a new run'),
    );
  }
  throw new TengymError(
    'bad-argument',
    `${resume ? '--resume: ' : ''}${out} was not written by tengym train (it has no checkpoint/ and no ` +
      `${RUN_MARKER}) and holds ${listEntries(out)}: ` +
      `tengym will not overwrite them; choose a new or empty --out`,
  );
}

/**
 * After a kill during a swap: the checkpoint in use becomes checkpoint/, `best/` is the one that
 * was whole (`best-old/` if the kill fell between its renames), and the leftovers go.
 */
export async function tidyCheckpoints(out: string, found: { dir: string } | null): Promise<string | null> {
  const best = join(out, BEST);
  if (!existsSync(best) && existsSync(best + OLD)) await rename(best + OLD, best);
  await rm(best + OLD, { recursive: true, force: true });
  await rm(best + NEW, { recursive: true, force: true });
  await rm(join(out, CHECKPOINT_NEW), { recursive: true, force: true });
  if (found === null) return null;
  const current = join(out, CHECKPOINT);
  if (found.dir !== current) {
    await rm(current, { recursive: true, force: true });
    await rename(found.dir, current);
  }
  await rm(join(out, CHECKPOINT_OLD), { recursive: true, force: true });
  return current;
}

/**
 * Writes a directory whole: `fill` writes it as `DIR-new/`, which then takes the old one's place
 * by two renames (the old one is `DIR-old/` between them), so a reader or a kill finds the old
 * directory or the new one, never a mix of the two. The renames are synchronous: Ctrl-C's
 * handler, which runs between turns of the event loop, never falls between them.
 */
async function replaceDirectory(dir: string, fill: (fresh: string) => Promise<void>): Promise<void> {
  const fresh = dir + NEW;
  const old = dir + OLD;
  await rm(fresh, { recursive: true, force: true });
  await fill(fresh);
  await rm(old, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, old);
  renameSync(fresh, dir);
  await rm(old, { recursive: true, force: true });
}

/** Saves the best model so far as `best/`, swapped in whole. */
export async function saveBest(out: string, model: Algorithm['model'], metadata: ModelMetadata): Promise<void> {
  await replaceDirectory(join(out, BEST), (fresh) => saveModel(model, fresh, metadata));
}

/**
 * The files of a run folder that tengym writes through a temporary name (`checkpoint/` and
 * `best/` are written whole under another name: `tidyCheckpoints`).
 */
const WRITTEN = ['metrics.jsonl', 'metrics.csv', 'learning-curve.svg', RUN_MARKER];

/** After a kill: the temporary files of the writes it cut short (`metrics.jsonl.tmp-PID`, …) go. */
export async function removeLeftoverWrites(out: string): Promise<void> {
  if (!existsSync(out)) return;
  for (const entry of readdirSync(out)) {
    const m = /^(.+)\.tmp-\d+$/.exec(entry);
    if (m && WRITTEN.includes(m[1])) await rm(join(out, entry), { force: true });
  }
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
    // A "__proto__" key would be dropped by the parse: the run would resume with other options, config or state than
    // the file says.
    const proto = protoKeyPath(json);
    const why = proto !== null ? protoKeyReason(proto) : parsed.success ? null : formatZodError(parsed.error);
    if (why !== null || !parsed.success) {
      throw new TengymError(
        'bad-state',
        `${file} is not a tengym checkpoint: ${why}; it cannot be resumed: resume a copy of the run whose ` +
          `checkpoint/ is as the run wrote it, or train anew in another --out`,
      );
    }
    return { dir, state: parsed.data as CheckpointState };
  }
  return null;
}

export async function writeCheckpoint(
  out: string,
  algorithm: Algorithm,
  metadata: ModelMetadata,
  state: Omit<CheckpointState, 'binary' | 'algorithm' | 'envState'>,
): Promise<void> {
  await replaceDirectory(join(out, CHECKPOINT), async (fresh) => {
    await saveModel(algorithm.model, fresh, metadata);
    const { json, binary } = algorithm.getState();
    for (const [name, bytes] of Object.entries(binary))
      await writeFileAtomic(join(fresh, `${name}.bin.gz`), gzipSync(bytes, { level: 1 }));
    const full: CheckpointState = {
      ...state,
      algorithm: json,
      binary: Object.keys(binary),
      envState: algorithm.env.getState(),
    };
    await writeFileAtomic(join(fresh, STATE_JSON), JSON.stringify(full));
  });
}

/**
 * An algorithm's state from a checkpoint's JSON and its blobs as read (gzipped), each unpacked
 * when the algorithm asks for it, at the length its state makes it: a blob that unpacks to more
 * (a gzip bomb) is stopped there, not unpacked whole.
 */
export function savedAlgorithmState(
  json: Record<string, unknown>,
  packed: ReadonlyMap<string, Uint8Array>,
): SavedAlgorithmState {
  const blob = (name: string, bytes: number | readonly number[]): Uint8Array => {
    const lengths = typeof bytes === 'number' ? [bytes] : bytes;
    const most = Math.max(...lengths);
    const expected = lengths.join(' or ');
    const gz = packed.get(name);
    if (gz === undefined)
      throw new TengymError('bad-state', `state.json: its binary list has no "${name}" (${name}.bin.gz)`);
    let unpacked: Buffer;
    try {
      // At least 1: zlib refuses a limit of 0.
      unpacked = gunzipSync(gz, { maxOutputLength: Math.max(1, most) });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new TengymError('bad-state', `${name}.bin.gz unpacks to more than ${most} bytes, expected ${expected}`);
      throw new TengymError('bad-state', `${name}.bin.gz is not gzip data (${(e as Error).message})`);
    }
    if (!lengths.includes(unpacked.byteLength))
      throw new TengymError(
        'bad-state',
        `${name}.bin.gz unpacks to ${unpacked.byteLength} bytes, expected ${expected}`,
      );
    return new Uint8Array(unpacked.buffer, unpacked.byteOffset, unpacked.byteLength);
  };
  return { json, blob };
}

/**
 * Loads a checkpoint into the algorithm, refusing one whose parts disagree (a tampered or
 * damaged checkpoint): its model (loaded as any model is: finite weights of the right shapes)
 * must be trained for the env the state names, its blobs must be there and unpack to the lengths
 * the algorithm's state makes them, the algorithm's state must pass its checks (Algorithm.setState),
 * and the env steps it records must be those of its env copies.
 */
export async function restoreCheckpoint(dir: string, state: CheckpointState, algorithm: Algorithm): Promise<void> {
  const damaged = (why: string) => new TengymError('bad-state', `the checkpoint in ${dir} cannot be resumed: ${why}`);
  let loaded: Awaited<ReturnType<typeof loadModel>>;
  try {
    loaded = await loadModel(dir);
  } catch (e) {
    throw damaged((e as Error).message);
  }
  const { model, metadata } = loaded;
  try {
    if (metadata.env !== state.env || JSON.stringify(metadata.options) !== JSON.stringify(state.options)) {
      throw damaged(
        `its model is trained for ${metadata.env} ${JSON.stringify(metadata.options)}, its state names ${state.env} ` +
          `${JSON.stringify(state.options)}`,
      );
    }
    algorithm.model.setWeights(model.getWeights());
  } catch (e) {
    throw e instanceof TengymError ? e : damaged(`its model does not fit the run's network: ${(e as Error).message}`);
  } finally {
    model.dispose();
  }
  // Its shape is checked where the checkpoint is read (findCheckpoint); each env state, by the env as it loads it.
  const envState = state.envState;
  if (envState.envSteps !== state.envSteps)
    throw damaged(`it records ${state.envSteps} env steps, its env copies ${envState.envSteps}`);
  const packed = new Map<string, Buffer>();
  for (const name of state.binary) {
    if (!/^[\w-]+$/.test(name)) throw damaged(`it lists a blob named ${JSON.stringify(name)}`);
    try {
      packed.set(name, await readFile(join(dir, `${name}.bin.gz`)));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw damaged(`${name}.bin.gz ${code === 'ENOENT' ? 'is missing' : `cannot be read (${code})`}`);
    }
  }
  try {
    algorithm.setState(savedAlgorithmState(state.algorithm, packed), envState);
  } catch (e) {
    throw damaged((e as Error).message);
  }
}

/** Marks `out` as a tengym run's directory (made if need be) with the run's settings, unless it is already. */
/** The file that says which process trains in a run folder (its pid), while it does. */
export const RUN_LOCK = 'tengym-run.lock';

/**
 * Run folders this process trains in now: a second `train()` of the library into one is refused as another process's
 * is.
 */
const lockedHere = new Set<string>();

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, another user's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the run folder for this process until the returned function (or the process's exit)
 * lets it go: two runs writing one folder would each overwrite the other's checkpoint, metrics
 * and best/. A lock whose process has ended (killed, the machine restarted) is taken over.
 */
export async function lockRun(out: string): Promise<() => void> {
  const path = join(out, RUN_LOCK);
  const key = resolve(out);
  // Not mkdirSync's recursive mode: it never returns for a path under /proc (Node 20).
  await makeDirectory(out);
  for (;;) {
    if (lockedHere.has(key))
      throw new TengymError(
        'bad-argument',
        `${out} is being trained by another run of this process: wait for it to end before training there`,
      );
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST')
        throw new TengymError('bad-argument', `--out ${out}: cannot write ${path} (${code ?? (e as Error).message})`);
    }
    let pid = Number.NaN;
    try {
      pid = Number(readFileSync(path, 'utf8').trim());
    } catch {
      // Let go of between the two calls: try again.
    }
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
      throw new TengymError(
        'bad-argument',
        `${out} is being trained by another tengym train (process ${pid}, ${RUN_LOCK}): wait for it to end, ` +
          `or stop it, before training there`,
      );
    }
    rmSync(path, { force: true });
  }
  lockedHere.add(key);
  const release = () => {
    lockedHere.delete(key);
    try {
      if (readFileSync(path, 'utf8').trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Gone with the folder (a run that kept nothing removes it).
    }
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}

export async function markRun(out: string, settings: Omit<RunMarker, 'format'>): Promise<void> {
  await makeDirectory(out);
  if (!existsSync(join(out, RUN_MARKER)))
    await writeFileAtomic(join(out, RUN_MARKER), JSON.stringify({ format: 'tengym-run/1', ...settings }) + '\n');
}
