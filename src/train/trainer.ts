/**
 * The training driver behind `tengym train`, shared by PPO (ppo.ts) and DQN (dqn.ts).
 * Node-only.
 *
 * A run lives in one directory (`--out DIR`):
 *
 * | file                       | what |
 * |----------------------------|------|
 * | `metrics.jsonl`, `metrics.csv` | one row per evaluation: env steps, decision samples, wall seconds, throughput, the training episodes' win rate, the algorithm's losses and entropy, the held-out evaluation (win rate with its 95% interval, mean cards left or mean rounds) and the paired difference against the reference agent |
 * | `learning-curve.svg`       | held-out win rate against env steps, with the reference agent |
 * | `best/`                    | `model.json` + `weights.bin` of the best evaluation so far, with full metadata (config, steps, seconds, command, evaluation) |
 * | `checkpoint/`              | the latest model, optimizer moments, generator states, counters, the env copies' states and the metrics so far: what `--resume` continues from |
 * | `tensorboard/`             | scalars for TensorBoard, only when tfjs-node is installed |
 * | `tengym-run.json`          | written first: marks the directory as a tengym run, which `--resume` requires (or a checkpoint) |
 *
 * Evaluation: every `evalEvery` env steps (and at the start and the end; unless set, at
 * most a tenth of the run, so that every learning curve has at least eleven points) the greedy
 * policy (masked argmax of the network's first output, as `ModelAgent` plays) plays a
 * FIXED held-out set of deals, seeds 1,000,000,000 + i for i < evalEpisodes, which
 * training never deals (its deals come from the run's seed). The reference agent plays
 * the same deals once, so each evaluation carries a paired difference with a 95%
 * interval. `tengym eval --agents DIR/best,REF --seed 1000000000` reproduces it.
 *
 * Files: every file is written atomically (a temporary file, then a rename); the
 * checkpoint is a directory written whole under `checkpoint-new/` and swapped in by
 * renames, so a kill at any moment leaves the previous checkpoint or the new one
 * (`checkpoint-old/` if the kill fell between the two renames). Order at an
 * evaluation: metrics, then best/, then checkpoint/, so a checkpoint never claims a
 * best model that is not on disk.
 *
 * Resume: `--resume` loads the last checkpoint and continues; every source of
 * randomness and every counter is in it, so the run reaches exactly the weights an
 * uninterrupted run reaches (the test compares them byte for byte). The metrics files
 * are rewritten from the checkpoint's rows, dropping rows written after it.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tf from '@tensorflow/tfjs';
import { z } from 'zod';
import { agentsFor } from '../agents/index.js';
import { initBackend, type BackendName } from '../agents/tf/backend.js';
import { writeFileAtomic } from '../agents/tf/file-io.js';
import { loadModel, saveModel } from '../agents/tf/load-model.js';
import type { ModelMetadata } from '../agents/tf/metadata.js';
import { formatZodError } from '../env/env.js';
import { TengymError } from '../env/errors.js';
import type { CardOutcome, FourTenOutcome } from '../env/game.js';
import { envSpec, make, resolveOptions } from '../env/registry.js';
import { ALGORITHMS, CURVE_EVALUATIONS, EVAL_SEED, type Algorithm, type AlgorithmName } from './algorithm.js';
import { maskedArgmax, type DecisionEnvState } from './decisions.js';
import { Dqn, dqnConfigSchema, dqnPreset, type DqnConfig } from './dqn.js';
import { emptyRows, playEpisodes, type EpisodeRows } from './episodes.js';
import { pairedDifference, summariseRows, type OutcomeFigures } from './evaluate.js';
import { learningCurveSvg } from './learning-curve.js';
import { Ppo, ppoConfigSchema, ppoPreset, type PpoConfig } from './ppo.js';
import { AfterstateLearner, afterstateConfigSchema, afterstatePreset, type AfterstateConfig } from './afterstate.js';
import { ExpansionBatch, createExpansion, featureLayout, type AfterstateExpansion } from '../agents/tf/afterstate.js';
import type { Env } from '../env/env.js';

export type TrainConfig = PpoConfig | DqnConfig | AfterstateConfig;

export interface TrainRequest {
  /** Env id and options: required for a new run; with `resume` they must match the checkpoint's if given. */
  env?: string;
  options?: Record<string, unknown>;
  algo?: AlgorithmName;
  /** The algorithm's config (a config file's content); fields left out take the env's preset or the schema's default. */
  config?: Record<string, unknown>;
  /** Where the config came from, for error messages ("config file x.json"). */
  configSource?: string;
  /** Overrides config.totalSteps (also when resuming: a finished run can be extended). */
  steps?: number;
  /** Overrides config.seed. */
  seed?: number;
  /** Overrides config.evalEvery (without it, and without evalEvery in the config, a run evaluates at least ten times). */
  evalEvery?: number;
  out: string;
  resume?: boolean;
  /** The command line that started the run, stored in the models' metadata. */
  command?: string;
  /** No backend line on stderr. */
  quiet?: boolean;
  /** Called once the run is set up (fresh or resumed), before any training. */
  onStart?: (info: { algo: AlgorithmName; env: string; options: Record<string, unknown>; config: TrainConfig; resumedFrom: number | null }) => void;
  onProgress?: (envSteps: number, totalSteps: number, envStepsPerSecond: number) => void;
  /** Progress of a long set-up before the first step (afterstate `targets: 'solver'` solves Four Ten first). */
  onSetup?: (message: string) => void;
  onEvaluation?: (row: MetricsRow) => void;
  /** Called after every checkpoint (tests throw here to simulate a kill). */
  afterCheckpoint?: (envSteps: number) => void;
}

/** One row of metrics.jsonl / metrics.csv: flat, numbers or null (a mean over nothing). */
export type MetricsRow = Record<string, number | boolean | null>;

export interface HeldOutSummary extends OutcomeFigures {
  episodes: number;
}

export interface EvaluationReport extends HeldOutSummary {
  /** Held-out deals are seed + i. */
  seed: number;
  envSteps: number;
  reference: HeldOutSummary & { agent: string };
  /** Paired difference in wins, this policy − the reference, on the same deals. */
  vsReference: { diff: number; ci95: [number, number] };
}

export interface TrainSummary {
  out: string;
  backend: BackendName;
  algo: AlgorithmName;
  env: string;
  options: Record<string, unknown>;
  config: TrainConfig;
  envSteps: number;
  samples: number;
  /** This session (a resumed run counts from the resume). */
  sessionEnvSteps: number;
  sessionSeconds: number;
  /** Env steps per second of this session, evaluations and checkpoints included, and without them. */
  envStepsPerSecond: number;
  trainingEnvStepsPerSecond: number;
  resumedFrom: number | null;
  best: EvaluationReport | null;
  last: EvaluationReport | null;
}

const SCHEMAS = { ppo: ppoConfigSchema, dqn: dqnConfigSchema, afterstate: afterstateConfigSchema } as const;
const PRESETS = { ppo: ppoPreset, dqn: dqnPreset, afterstate: afterstatePreset } as const;

/** The strongest fair baseline of the env's engine, for the paired comparison. */
export function defaultReference(envId: string): string {
  const names = agentsFor(envId).map((a) => a.name);
  return ['longest', 'greedy'].find((n) => names.includes(n)) ?? 'first';
}

/**
 * The config of a run: the schema's defaults, then the env's preset, then the given
 * fields, then --steps and --seed. Errors name the field.
 */
export function resolveTrainConfig(algo: AlgorithmName, envId: string, options: Record<string, unknown>, raw: unknown, source = 'config', overrides: { steps?: number; seed?: number; evalEvery?: number } = {}): TrainConfig {
  if (!ALGORITHMS.includes(algo)) throw new TengymError('bad-argument', `unknown algorithm "${algo}"; choose ${ALGORITHMS.join(' or ')}`);
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) throw new TengymError('bad-argument', `bad ${algo} ${source}: expected a JSON object of config fields`);
  const given = (raw ?? {}) as Record<string, unknown>;
  const preset: Record<string, unknown> = PRESETS[algo](envId, options);
  // A preset's rewardScale belongs to its trainingReward: a config naming its own reward gets its own scale (default 1).
  if ('trainingReward' in given) delete preset.rewardScale;
  const merged: Record<string, unknown> = { evalReference: defaultReference(envId), ...preset, ...given };
  if (overrides.steps !== undefined) merged.totalSteps = overrides.steps;
  if (overrides.seed !== undefined) merged.seed = overrides.seed;
  if (overrides.evalEvery !== undefined) merged.evalEvery = overrides.evalEvery;
  const parsed = SCHEMAS[algo].safeParse(merged);
  if (!parsed.success) throw new TengymError('bad-argument', `bad ${algo} ${source}: ${formatZodError(parsed.error)}`);
  const config = parsed.data;
  // A preset's interval suits its own length: a shorter run still gets a learning curve.
  if (overrides.evalEvery === undefined && !('evalEvery' in given)) config.evalEvery = Math.min(config.evalEvery, Math.max(1, Math.floor(config.totalSteps / CURVE_EVALUATIONS)));
  if (config.trainingReward !== undefined) {
    try {
      resolveOptions(envId, { ...options, reward: config.trainingReward });
    } catch (e) {
      throw new TengymError('bad-argument', `bad ${algo} ${source}: trainingReward "${config.trainingReward}" does not fit ${envId}: ${(e as Error).message}`);
    }
  }
  const names = agentsFor(envId).map((a) => a.name);
  if (!names.includes(config.evalReference)) throw new TengymError('bad-argument', `bad ${algo} ${source}: evalReference "${config.evalReference}" is not an agent for ${envId}; choose one of ${names.join(', ')}`);
  return config;
}

function createAlgorithm(algo: AlgorithmName, envId: string, trainingOptions: Record<string, unknown>, config: TrainConfig, onSetup?: (message: string) => void): Algorithm {
  if (algo === 'afterstate') {
    const start = performance.now();
    let shown = 0;
    const learner = new AfterstateLearner(envId, trainingOptions, config as AfterstateConfig, (p) => {
      const seconds = (performance.now() - start) / 1000;
      if (seconds - shown < 30) return;
      shown = seconds;
      onSetup?.(`solving the exact targets: ${p.solves} round solves (points ${p.points}, safeties ${p.safeties}), ${seconds.toFixed(0)} s`);
    });
    if ((config as AfterstateConfig).targets === 'solver') onSetup?.(`solved the exact targets in ${((performance.now() - start) / 1000).toFixed(0)} s`);
    return learner;
  }
  return algo === 'ppo' ? new Ppo(envId, trainingOptions, config as PpoConfig) : new Dqn(envId, trainingOptions, config as DqnConfig);
}

// ---------------------------------------------------------------------------------------
// Held-out evaluation of the greedy policy.

/**
 * The greedy policy (masked argmax of the model's first output, forced moves played
 * directly) on deals seed + i, i < episodes, batched: up to `batch` games at once, one
 * forward pass per round of decisions.
 */
export function evaluateGreedy(model: tf.LayersModel, envId: string, options: Record<string, unknown>, episodes: number, seed = EVAL_SEED, batch = 256, head: Algorithm['head'] = 'logits'): EpisodeRows {
  const rows = emptyRows(episodes);
  const slots = Math.min(batch, episodes);
  const envs = Array.from({ length: slots }, () => make(envId, options));
  const S = envs[0].observationSpace.shape[0];
  const A = envs[0].actionSpace.n;
  const deal = new Int32Array(slots).fill(-1);
  let nextDeal = 0;
  const record = (i: number, outcome: CardOutcome | FourTenOutcome) => {
    rows.won[i] = outcome.won ? 1 : 0;
    if ('cardsLeft' in outcome) rows.cardsLeft[i] = outcome.cardsLeft;
    else {
      rows.rounds[i] = outcome.rounds;
      rows.points[i] = outcome.points;
    }
  };
  /** Plays slot k's forced moves; at the end of a game records it and deals the next. Leaves k at a decision or idle. */
  const advance = (k: number) => {
    const env = envs[k];
    for (;;) {
      while (env.running && env.legalCount === 1) env.step(env.legal[0]);
      if (env.running) return;
      if (deal[k] >= 0) record(deal[k], env.outcome() as CardOutcome | FourTenOutcome);
      if (nextDeal >= episodes) {
        deal[k] = -1;
        return;
      }
      deal[k] = nextDeal++;
      env.reset({ seed: seed + deal[k] });
    }
  };
  for (let k = 0; k < slots; k++) advance(k);
  const observations = new Float32Array(slots * S);
  const deciders = new Int32Array(slots);
  const expansions = head === 'afterstate' ? envs.map(() => createExpansion(featureLayout(envs[0].game.name, envs[0].options as Record<string, unknown>))) : [];
  const expansionBatch = new ExpansionBatch();
  for (;;) {
    let d = 0;
    for (let k = 0; k < slots; k++) {
      if (deal[k] < 0) continue;
      observations.set(envs[k].observation, d * S);
      deciders[d++] = k;
    }
    if (d === 0) break;
    if (head === 'afterstate') {
      const actions = afterstateChoices(model, deciders.subarray(0, d), envs, expansions, expansionBatch);
      for (let j = 0; j < d; j++) {
        envs[deciders[j]].step(actions[j]);
        advance(deciders[j]);
      }
      continue;
    }
    let outputs!: Float32Array;
    // Read inside tidy, not returned from it: tf.tidy walks what it returns element by element.
    tf.tidy(() => {
      const out = model.apply(tf.tensor2d(observations.subarray(0, d * S), [d, S]));
      outputs = ((Array.isArray(out) ? out[0] : out) as tf.Tensor).dataSync() as Float32Array;
    });
    for (let j = 0; j < d; j++) {
      const env = envs[deciders[j]];
      env.step(maskedArgmax(outputs, j * A, env.legal, env.legalCount));
      advance(deciders[j]);
    }
  }
  return rows;
}

/** The afterstate agent's action in each of envs[deciders[j]], valued in one batched forward pass. */
function afterstateChoices(model: tf.LayersModel, deciders: Int32Array, envs: Env[], expansions: AfterstateExpansion[], batch: ExpansionBatch): Int32Array {
  const deciding = Array.from(deciders, (k) => expansions[k]);
  for (const k of deciders) expansions[k].expand(envs[k]);
  const outputs = batch.run(model, deciding);
  const actions = new Int32Array(deciders.length);
  let base = 0;
  deciders.forEach((k, j) => {
    actions[j] = envs[k].legal[expansions[k].bestIndex(outputs.subarray(base * 2))];
    base += expansions[k].rowCount;
  });
  return actions;
}

function heldOutSummary(rows: EpisodeRows, fourTen: boolean): HeldOutSummary {
  return { episodes: rows.won.length, ...summariseRows(rows, fourTen) };
}

/** Better: more wins; on a tie fewer cards left, or fewer rounds to win. */
function isBetter(a: HeldOutSummary, b: HeldOutSummary | null): boolean {
  if (b === null) return true;
  if (a.winRate !== b.winRate) return a.winRate > b.winRate;
  const figure = (s: HeldOutSummary) => s.meanCardsLeft ?? (Number.isNaN(s.meanRounds!) ? Infinity : s.meanRounds!);
  return figure(a) < figure(b);
}

// ---------------------------------------------------------------------------------------
// Metrics files.

const nullIfNaN = (x: number | undefined): number | null => (x === undefined || Number.isNaN(x) ? null : x);

function csv(rows: MetricsRow[]): string {
  const columns: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!columns.includes(k)) columns.push(k);
  const cell = (v: number | boolean | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

async function writeMetricsFiles(out: string, rows: MetricsRow[], title: string, reference: { name: string; winRate: number }): Promise<void> {
  await writeFileAtomic(join(out, 'metrics.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : ''));
  await writeFileAtomic(join(out, 'metrics.csv'), csv(rows));
  const points = rows.map((r) => ({ envSteps: r.envSteps as number, winRate: r.evalWinRate as number, low: r.evalWinRateLow as number, high: r.evalWinRateHigh as number }));
  await writeFileAtomic(join(out, 'learning-curve.svg'), learningCurveSvg(points, { title, reference }));
}

interface ScalarWriter {
  scalar(name: string, value: number, step: number): void;
  flush(): void;
}

/** TensorBoard event files through tfjs-node's summary writer, when tfjs-node is the backend; never required. */
async function openTensorBoard(dir: string, backend: BackendName): Promise<ScalarWriter | null> {
  if (backend !== 'tensorflow') return null;
  try {
    const name = '@tensorflow/tfjs-node';
    const mod = (await import(name)) as { node?: { summaryFileWriter?: (logdir: string) => ScalarWriter } };
    return mod.node?.summaryFileWriter?.(dir) ?? null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Checkpoints.

const CHECKPOINT = 'checkpoint';
const CHECKPOINT_NEW = 'checkpoint-new';
const CHECKPOINT_OLD = 'checkpoint-old';
const STATE_JSON = 'state.json';

const checkpointStateSchema = z.object({
  format: z.literal('tengym-checkpoint/1'),
  env: z.string(),
  options: z.record(z.string(), z.unknown()),
  trainingOptions: z.record(z.string(), z.unknown()),
  algo: z.enum(ALGORITHMS),
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
type CheckpointState = z.infer<typeof checkpointStateSchema>;

interface TrainerState {
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
function checkRunDirectory(out: string, resume: boolean, found: { state: CheckpointState } | null): void {
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
async function tidyCheckpoints(out: string, found: { dir: string }): Promise<string> {
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
async function findCheckpoint(out: string): Promise<{ dir: string; state: CheckpointState } | null> {
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

async function writeCheckpoint(out: string, algorithm: Algorithm, metadata: ModelMetadata, state: Omit<CheckpointState, 'binary' | 'algorithm' | 'envState'>): Promise<void> {
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

async function restoreCheckpoint(dir: string, state: CheckpointState, algorithm: Algorithm): Promise<void> {
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

// ---------------------------------------------------------------------------------------
// The run.

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export async function train(request: TrainRequest): Promise<TrainSummary> {
  const backend = await initBackend({ quiet: request.quiet });
  const out = request.out;
  const found = await findCheckpoint(out);
  checkRunDirectory(out, Boolean(request.resume), found);

  // The run's setup: from the checkpoint when resuming (what is given must agree), else from the request.
  let envId: string;
  let algo: AlgorithmName;
  let options: Record<string, unknown>;
  let config: TrainConfig;
  if (found) {
    const s = found.state;
    envId = s.env;
    algo = s.algo;
    options = s.options;
    if (request.env !== undefined && envSpec(request.env).id !== envId) throw new TengymError('bad-argument', `--resume: ${out} trains ${envId}, not ${request.env}`);
    if (request.algo !== undefined && request.algo !== algo) throw new TengymError('bad-argument', `--resume: ${out} trains with ${algo}, not ${request.algo}`);
    if (request.options !== undefined && !sameJSON(resolveOptions(envId, request.options), options)) throw new TengymError('bad-argument', `--resume: ${out} trains ${envId} with options ${JSON.stringify(options)}, not ${JSON.stringify(resolveOptions(envId, request.options))}`);
    config = resolveTrainConfig(algo, envId, options, s.config, `config of the checkpoint in ${out}`, { steps: request.steps });
    if (request.config !== undefined || request.seed !== undefined || request.evalEvery !== undefined) {
      const given = resolveTrainConfig(algo, envId, options, request.config ?? s.config, request.configSource, { steps: config.totalSteps, seed: request.seed, evalEvery: request.evalEvery });
      for (const key of Object.keys(given) as (keyof TrainConfig)[]) {
        if (!sameJSON(given[key], config[key])) throw new TengymError('bad-argument', `--resume: the run in ${out} has ${key} = ${JSON.stringify(config[key])}, the given config has ${JSON.stringify(given[key])} (only --steps may change on resume)`);
      }
    }
  } else {
    if (request.env === undefined) throw new TengymError('bad-argument', 'train: name the env (--env ID)');
    if (request.algo === undefined) throw new TengymError('bad-argument', `train: name the algorithm (--algo ${ALGORITHMS.join('|')})`);
    envId = envSpec(request.env).id;
    algo = request.algo;
    options = resolveOptions(envId, request.options ?? {});
    config = resolveTrainConfig(algo, envId, options, request.config, request.configSource, { steps: request.steps, seed: request.seed, evalEvery: request.evalEvery });
  }
  const trainingOptions = config.trainingReward === undefined ? options : resolveOptions(envId, { ...options, reward: config.trainingReward });
  const fourTen = envSpec(envId).game.name === 'four-ten';

  const created = !existsSync(out);
  await mkdir(out, { recursive: true });
  if (!existsSync(join(out, RUN_MARKER))) await writeFileAtomic(join(out, RUN_MARKER), JSON.stringify({ format: 'tengym-run/1', env: envId, algo }) + '\n');
  const checkpointDir = found ? await tidyCheckpoints(out, found) : null;
  // A run refused or failed before its first checkpoint leaves no directory it created behind.
  const removeIfNothingKept = async () => {
    if (created && !existsSync(join(out, CHECKPOINT))) await rm(out, { recursive: true, force: true });
  };
  let algorithm: Algorithm;
  try {
    algorithm = createAlgorithm(algo, envId, trainingOptions, config, request.onSetup);
  } catch (e) {
    await removeIfNothingKept();
    throw e;
  }
  try {
    const trainer: TrainerState = { rows: [], best: null, last: null, nextEvalAt: 0, wallSeconds: 0 };
    if (found) {
      await restoreCheckpoint(checkpointDir!, found.state, algorithm);
      const t = found.state.trainer;
      Object.assign(trainer, { rows: t.rows, best: t.best as EvaluationReport | null, last: t.last as EvaluationReport | null, nextEvalAt: t.nextEvalAt, wallSeconds: t.wallSeconds });
    }
    const resumedFrom = found ? algorithm.env.envSteps : null;
    request.onStart?.({ algo, env: envId, options, config, resumedFrom });

    // The reference agent on the held-out deals, once (deal i: EVAL_SEED + i, as `tengym eval` plays it).
    const referenceRows = await playEpisodes({ env: envId, options, agent: config.evalReference, seed: EVAL_SEED, from: 0, to: config.evalEpisodes });
    const reference = { agent: config.evalReference, ...heldOutSummary(referenceRows, fourTen) };
    const title = `${algo.toUpperCase()} on ${envId}: greedy win rate on ${config.evalEpisodes} held-out deals`;
    const tensorboard = await openTensorBoard(join(out, 'tensorboard'), backend);

    const sessionStart = performance.now();
    const stepsAtStart = algorithm.env.envSteps;
    let evalSeconds = 0;
    const wallAtStart = trainer.wallSeconds;
    const wall = () => wallAtStart + (performance.now() - sessionStart) / 1000;
    let lastRow = { envSteps: algorithm.env.envSteps, wall: wall() };

    const evaluateAndSave = async () => {
      const evalStart = performance.now();
      const env = algorithm.env;
      const envSteps = env.envSteps;
      const heldOut = evaluateGreedy(algorithm.model, envId, options, config.evalEpisodes, EVAL_SEED, 256, algorithm.head);
      const summary = heldOutSummary(heldOut, fourTen);
      const report: EvaluationReport = { ...summary, seed: EVAL_SEED, envSteps, reference, vsReference: pairedDifference(heldOut.won, referenceRows.won) };
      const improved = isBetter(summary, trainer.best);
      const episodes = env.takeEpisodeStats();
      const now = wall();
      const row: MetricsRow = {
        envSteps,
        samples: algorithm.samples,
        updates: algorithm.updates,
        episodes: env.vec.episodesDone,
        wallSeconds: Number(now.toFixed(3)),
        envStepsPerSecond: now > lastRow.wall ? Math.round((envSteps - lastRow.envSteps) / (now - lastRow.wall)) : null,
        trainEpisodes: episodes.episodes,
        trainWinRate: episodes.episodes ? episodes.wins / episodes.episodes : null,
        ...(fourTen ? { trainMeanRounds: episodes.wins ? episodes.wonRounds / episodes.wins : null } : { trainMeanCardsLeft: episodes.episodes ? episodes.cardsLeft / episodes.episodes : null }),
        ...algorithm.takeStats(),
        evalWinRate: summary.winRate,
        evalWinRateLow: summary.ci95[0],
        evalWinRateHigh: summary.ci95[1],
        ...(fourTen ? { evalMeanRounds: nullIfNaN(summary.meanRounds), evalPointsPerRound: nullIfNaN(summary.pointsPerRound) } : { evalMeanCardsLeft: nullIfNaN(summary.meanCardsLeft) }),
        referenceWinRate: reference.winRate,
        vsReference: report.vsReference.diff,
        vsReferenceLow: report.vsReference.ci95[0],
        vsReferenceHigh: report.vsReference.ci95[1],
        best: improved,
      };
      lastRow = { envSteps, wall: now };
      trainer.rows.push(row);
      trainer.last = report;
      trainer.nextEvalAt = (Math.floor(envSteps / config.evalEvery) + 1) * config.evalEvery;
      await writeMetricsFiles(out, trainer.rows, title, { name: reference.agent, winRate: reference.winRate });
      if (tensorboard) {
        for (const [k, v] of Object.entries(row)) if (typeof v === 'number' && k !== 'envSteps') tensorboard.scalar(k, v, envSteps);
        tensorboard.flush();
      }
      const metadata = (evaluation: EvaluationReport): ModelMetadata => ({
        format: 'tengym-model/1',
        env: envId,
        options,
        observationSize: env.observationSize,
        numActions: env.numActions,
        algorithm: algo,
        head: algorithm.head,
        ...(algorithm.head === 'afterstate' ? { features: featureLayout(env.env(0).game.name, options as Record<string, unknown>).encoding } : {}),
        config: { ...config },
        steps: envSteps,
        trainingSeconds: Number(now.toFixed(1)),
        ...(request.command === undefined ? {} : { command: request.command }),
        evaluation,
        createdBy: 'tengym train',
      });
      if (improved) {
        trainer.best = report;
        await saveModel(algorithm.model, join(out, 'best'), metadata(report));
      }
      await writeCheckpoint(out, algorithm, metadata(report), {
        format: 'tengym-checkpoint/1',
        env: envId,
        options,
        trainingOptions,
        algo,
        config: { ...config },
        ...(request.command === undefined ? {} : { command: request.command }),
        envSteps,
        trainer: { ...trainer, wallSeconds: wall() },
      });
      evalSeconds += (performance.now() - evalStart) / 1000;
      request.onEvaluation?.(row);
      request.afterCheckpoint?.(envSteps);
    };

    if (!found) await evaluateAndSave();
    else await writeMetricsFiles(out, trainer.rows, title, { name: reference.agent, winRate: reference.winRate });

    while (algorithm.env.envSteps < config.totalSteps) {
      algorithm.iterate();
      const steps = algorithm.env.envSteps;
      const seconds = (performance.now() - sessionStart) / 1000;
      request.onProgress?.(Math.min(steps, config.totalSteps), config.totalSteps, seconds > 0 ? (steps - stepsAtStart) / seconds : 0);
      if (steps >= trainer.nextEvalAt || steps >= config.totalSteps) await evaluateAndSave();
    }

    const sessionSeconds = (performance.now() - sessionStart) / 1000;
    const sessionEnvSteps = algorithm.env.envSteps - stepsAtStart;
    return {
      out,
      backend,
      algo,
      env: envId,
      options,
      config,
      envSteps: algorithm.env.envSteps,
      samples: algorithm.samples,
      sessionEnvSteps,
      sessionSeconds,
      envStepsPerSecond: sessionSeconds > 0 ? sessionEnvSteps / sessionSeconds : 0,
      trainingEnvStepsPerSecond: sessionSeconds - evalSeconds > 0 ? sessionEnvSteps / (sessionSeconds - evalSeconds) : 0,
      resumedFrom,
      best: trainer.best,
      last: trainer.last,
    };
  } catch (e) {
    await removeIfNothingKept();
    throw e;
  } finally {
    algorithm.dispose();
  }
}
