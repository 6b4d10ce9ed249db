/**
 * The training driver behind `tengym train`, the same for every algorithm (algorithms/index.ts lists
 * them): the run's config, then the loop — the algorithm's `iterate` until the run's steps are
 * done, with a held-out evaluation, the metrics, `best/` and a checkpoint every `evalEvery` env
 * steps. Node-only.
 *
 * A run lives in one directory (`--out DIR`):
 *
 * | file                       | what |
 * |----------------------------|------|
 * | `metrics.jsonl`, `metrics.csv` | one row per evaluation: env steps, decision samples, wall seconds, throughput, the training episodes' win rate, the algorithm's losses and entropy, the held-out evaluation (win rate with its 95% interval, mean cards left or mean rounds) and the paired difference against the reference agent (metrics.ts) |
 * | `learning-curve.svg`       | held-out win rate (mean rounds where scoring is rounds) against env steps, with the reference agent |
 * | `best/`                    | `model.json` + `weights.bin` of the best evaluation so far, with full metadata (config, steps, seconds, command, evaluation) |
 * | `checkpoint/`              | everything `--resume` continues from (checkpoint.ts) |
 * | `tensorboard/`             | scalars for TensorBoard, only when tfjs-node is installed |
 * | `tengym-run.json`          | written first: marks the directory as a tengym run, which `--resume` requires (or a checkpoint), with the run's settings (env, options, algorithm, config), which a run killed before its first checkpoint resumes with |
 *
 * Evaluation: every `evalEvery` env steps (and at the start and the end; unless set, at
 * most a tenth of the run, so that every learning curve has at least eleven points, unless an
 * iteration is longer: an evaluation comes between two iterations, TrainSummary.evaluations) the
 * algorithm's agent (`Algorithm.agent`: the model as `tengym eval` plays it) plays a FIXED
 * held-out set of deals, seeds 1,000,000,000 + i for i < evalEpisodes, which training never
 * deals (its deals come from the run's seed), through `tengym eval`'s own loop (episodes.ts),
 * 256 deals side by side when the agent decides in batches. The reference agent plays the
 * same deals once, so each evaluation carries a paired difference with a 95% interval.
 * `tengym eval --agents DIR/best,REF --seed 1000000000` reproduces it; those deals chose `best/`,
 * so a comparison of `best/` plays fresh deals instead (FRESH_SEED, algorithm.ts), as the command
 * `tengym train` prints at the end suggests.
 *
 * Order at an evaluation: metrics, then best/, then checkpoint/, so a checkpoint never claims a
 * best model that is not on disk. `--resume` loads the last checkpoint and continues to exactly
 * the weights an uninterrupted run reaches (the test compares them byte for byte); the metrics
 * files are rewritten from the checkpoint's rows, dropping rows written after it.
 *
 * Past 600 lines on purpose: the training loop's order (evaluation, metrics, best/, checkpoint) reads top to
 * bottom, as one algorithm's loop does in CleanRL.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Agent } from '../agents/agent.js';
import { agentsFor, simpleBaseline } from '../agents/index.js';
import { kitOf } from '../agents/modules.js';
import { hintBaseline } from '../hints/hint.js';
import { announceBackend, initBackend, type BackendName } from '../node/tf-backend.js';
import { TENGYM_VERSION } from '../node/version.js';
import type { ModelMetadata } from '../agents/learned/metadata.js';
import { TengymError, fieldsOf, formatZodError, isPlainObject } from '../env/errors.js';
import type { EnvConfig, ResultSpec } from '../env/game.js';
import { envConfig, envLabel, envSpec } from '../env/registry.js';
import { schemaKeys, unknownKey } from '../env/suggest.js';
import { CURVE_EVALUATIONS, EVAL_SEED, type Algorithm, type AlgorithmSpec, type CommonConfig } from './algorithm.js';
import { algorithmNames, loadAlgorithm } from './algorithms/index.js';
import {
  CHECKPOINT,
  RUN_MARKER,
  checkRunDirectory,
  findCheckpoint,
  lockRun,
  markRun,
  readRunMarker,
  removeLeftoverWrites,
  restoreCheckpoint,
  saveBest,
  tidyCheckpoints,
  writeCheckpoint,
  type TrainerState,
} from './checkpoint.js';
import { playAgentYielding, playNamedAgent, type EpisodeRows } from '../eval/episodes.js';
import { summariseRows } from '../eval/evaluate.js';
import { figuresIn } from '../stats/figures.js';
import { pairedWins } from '../stats/paired.js';
import {
  curveFigure,
  evaluationFigures,
  metricsFilesHold,
  openTensorBoard,
  trainingFigures,
  writeMetricsFiles,
  writeScalars,
  type EvaluationReport,
  type HeldOutSummary,
  type MetricsRow,
} from './metrics.js';

/** Deals the held-out evaluation plays side by side when the agent decides in batches. */
const EVAL_LANES = 256;

export interface TrainRequest {
  /** Env id and options: required for a new run; with `resume` they must match the checkpoint's if given. */
  env?: string;
  options?: Record<string, unknown>;
  algo?: string;
  /**
   * The algorithm's config (a config file's content: JSON the algorithm's schema checks); fields left out take the
   * env's preset or the schema's default.
   */
  config?: unknown;
  /** Where the config came from, for error messages ("config file x.json"). */
  configSource?: string;
  /** Overrides config.totalSteps (also when resuming: a finished run can be extended). */
  steps?: number;
  /** Overrides config.seed. */
  seed?: number;
  /**
   * Overrides config.evalEvery (without it, and without evalEvery in the config, it is at most a tenth of the run: ten
   * evaluations besides the start, unless an iteration is longer).
   */
  evalEvery?: number;
  out: string;
  resume?: boolean;
  /** The command line that started the run, stored in the models' metadata. */
  command?: string;
  /** No backend line on stderr. */
  quiet?: boolean;
  /** Called once the run is set up (fresh or resumed), before any training. */
  /**
   * `backend` is this session's; `backendBefore` the one a resumed run's checkpoint was written on,
   * and `totalStepsBefore` the run's totalSteps before this session's --steps, where they differ.
   */
  onStart?: (info: {
    algo: string;
    env: string;
    options: Record<string, unknown>;
    config: CommonConfig;
    resumedFrom: number | null;
    backend: string;
    backendBefore?: string;
    totalStepsBefore?: number;
  }) => void;
  onProgress?: (envSteps: number, totalSteps: number, envStepsPerSecond: number) => void;
  /** Progress of a long set-up before the first step (afterstate `targets: 'solver'` solves Four Ten first). */
  onSetup?: (message: string) => void;
  onEvaluation?: (row: MetricsRow) => void;
  /**
   * Progress of an evaluation on the held-out deals: the deals played of all it plays now, and what plays them (the
   * reference and the baselines once, at the start; the run's agent at each evaluation).
   */
  onEvaluationProgress?: (done: number, total: number, what: string) => void;
  /** Called after every checkpoint (tests throw here to simulate a kill). */
  afterCheckpoint?: (envSteps: number) => void;
}

export interface TrainSummary {
  out: string;
  backend: BackendName;
  algo: string;
  env: string;
  options: Record<string, unknown>;
  config: CommonConfig;
  envSteps: number;
  samples: number;
  /** Gradient updates of the whole run. */
  updates: number;
  /** Why the run made no gradient update, so that best/ is the network it started with (untrainedReason), or null. */
  untrained: string | null;
  /** Evaluations of the whole run: the points of its learning curve. */
  evaluations: number;
  /** Which of them (0: the one at the start) best/ holds; −1 with none. */
  bestEvaluation: number;
  /**
   * Env steps per iteration (a rollout and its update, a round of decisions), on average this session; null when it ran
   * none.
   */
  iterationEnvSteps: number | null;
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

/**
 * Why a run ended without a single gradient update, so that its best/ is the network it started
 * with, and what to do; null when it made one. DQN and the value learners wait for
 * `learningStarts` decision samples, which a short run may never gather.
 */
export function untrainedReason(run: {
  updates: number;
  samples: number;
  envSteps: number;
  config: CommonConfig;
}): string | null {
  if (run.updates > 0) return null;
  const what = `no gradient update in ${run.envSteps} env steps, so best/ is the untrained network`;
  const { learningStarts } = run.config as CommonConfig & { learningStarts?: number };
  if (learningStarts !== undefined && run.samples < learningStarts) {
    // Samples come at the run's rate so far: the steps that would gather learningStarts, rounded up to a thousand.
    const steps =
      run.samples > 0
        ? ` (about ${Math.ceil((run.envSteps * learningStarts) / run.samples / 1000) * 1000} at this run's rate)`
        : '';
    return (
      `${what}: learningStarts not reached (${run.samples} decision samples gathered of the ${learningStarts} ` +
      `needed before the first update); give more --steps${steps} or a smaller learningStarts (--config)`
    );
  }
  return `${what} (${run.samples} decision samples gathered); give more --steps`;
}

/**
 * The strongest fair search of the env that is not an exact optimum (the hints' search source,
 * docs/hints.md "Where hints come from", where that is one of the searches; else the first
 * search the env has: Four Ten's hints come from `bottom-direct` for its promise on rounds, and
 * `expectimax` is level with it), or null: a learning curve shows where it stands.
 */
export function bestBaseline(env: EnvConfig): string | null {
  const agents = agentsFor(env);
  const usable = (name: string) => agents.some((a) => a.name === name && a.fair && !a.ceiling);
  const searches = kitOf(env.game).searches ?? [];
  const hinted = hintBaseline(env.id, env.options).name;
  if (searches.includes(hinted) && usable(hinted)) return hinted;
  return searches.find(usable) ?? null;
}

/**
 * The config of a run: the schema's defaults, then the env's preset, then the given
 * fields, then --steps and --seed. Errors name the field.
 */
export function resolveTrainConfig(
  spec: AlgorithmSpec,
  env: EnvConfig,
  raw: unknown,
  source = 'config',
  overrides: { steps?: number; seed?: number; evalEvery?: number; reward?: unknown } = {},
): CommonConfig {
  const algo = spec.name;
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw)))
    throw new TengymError('bad-argument', `bad ${algo} ${source}: expected a JSON object of config fields`);
  const given: object = raw ?? {};
  // Said with the closest field and every field (zod alone says 'Unrecognized key: "learningRat"').
  const unknown = unknownKey(given, schemaKeys(spec.configSchema), 'field', `${algo}'s fields`);
  if (unknown !== null) throw new TengymError('bad-argument', `bad ${algo} ${source}: ${unknown}`);
  const preset: Record<string, unknown> = spec.preset(env);
  // A preset's rewardScale belongs to its trainingReward: a config naming its own reward gets its own scale (default
  // 1).
  if ('trainingReward' in given) delete preset.rewardScale;
  // A reward the env options name (`--options '{"reward":"win"}'`) is what the run trains on: it
  // replaces a preset's other trainingReward, and that reward's scale, unless the config names one.
  else if (
    overrides.reward !== undefined &&
    preset.trainingReward !== undefined &&
    preset.trainingReward !== overrides.reward
  ) {
    preset.trainingReward = overrides.reward;
    delete preset.rewardScale;
  }
  const merged: Record<string, unknown> = { evalReference: simpleBaseline(env), ...preset, ...given };
  // The given fields are checked as given: a flag that overrides one (--steps over totalSteps: -5) does not excuse it.
  const asGiven = spec.configSchema.safeParse(merged);
  if (!asGiven.success)
    throw new TengymError('bad-argument', `bad ${algo} ${source}: ${formatZodError(asGiven.error)}`);
  if (overrides.steps !== undefined) merged.totalSteps = overrides.steps;
  if (overrides.seed !== undefined) merged.seed = overrides.seed;
  if (overrides.evalEvery !== undefined) merged.evalEvery = overrides.evalEvery;
  const parsed = spec.configSchema.safeParse(merged);
  if (!parsed.success) throw new TengymError('bad-argument', `bad ${algo} ${source}: ${formatZodError(parsed.error)}`);
  const config = parsed.data;
  // A preset's interval suits its own length: a shorter run still gets a learning curve.
  if (overrides.evalEvery === undefined && !('evalEvery' in given))
    config.evalEvery = Math.min(config.evalEvery, Math.max(1, Math.floor(config.totalSteps / CURVE_EVALUATIONS)));
  if (config.trainingReward !== undefined) {
    try {
      trainingEnvOf(env, config);
    } catch (e) {
      throw new TengymError(
        'bad-argument',
        `bad ${algo} ${source}: trainingReward "${config.trainingReward}" ` +
          `does not fit ${env.id}: ${(e as Error).message}`,
      );
    }
  }
  const names = agentsFor(env).map((a) => a.name);
  if (!names.includes(config.evalReference))
    throw new TengymError(
      'bad-argument',
      `bad ${algo} ${source}: evalReference "${config.evalReference}" is not an agent for ${env.id}; choose ` +
        `one of ${names.join(', ')}`,
    );
  // Copy i's first deal is seed + i: none of them may be a held-out deal (EVAL_SEED + i, i < evalEpisodes).
  const firstDeals = [config.seed, config.seed + config.numEnvs - 1];
  const heldOut = [EVAL_SEED, EVAL_SEED + config.evalEpisodes - 1];
  if (firstDeals[0] <= heldOut[1] && firstDeals[1] >= heldOut[0]) {
    throw new TengymError(
      'bad-argument',
      `${overrides.seed !== undefined ? `--seed ${config.seed}` : `bad ${algo} ${source}: seed ${config.seed}`} ` +
        `deals the first training games from seeds ${firstDeals[0]}–${firstDeals[1]} (numEnvs ` +
        `${config.numEnvs}), among the held-out deals (seeds ${heldOut[0]}–${heldOut[1]}, evalEpisodes ` +
        `${config.evalEpisodes}); choose a seed up to ${heldOut[0] - config.numEnvs} or from ${heldOut[1] + 1}`,
    );
  }
  return config;
}

/**
 * The env the training copies play: the env with the config's `trainingReward` as its `reward` option, when it names
 * one.
 */
function trainingEnvOf(env: EnvConfig, config: CommonConfig): EnvConfig {
  if (config.trainingReward === undefined) return env;
  const parsed = env.game.optionsSchema.safeParse({ ...env.options, reward: config.trainingReward });
  if (!parsed.success)
    throw new TengymError('bad-options', `bad options for ${env.id}: ${formatZodError(parsed.error)}`);
  return { ...env, options: parsed.data };
}

function heldOutSummary(rows: EpisodeRows, env: EnvConfig): HeldOutSummary {
  return { episodes: rows.won.length, ...summariseRows(rows, env.game.result) };
}

/**
 * Better: more wins; on a tie, the game's first held-out figure that says which way is better (fewer
 * cards left, fewer rounds to win), a figure with no value (no deal won) the worst.
 */
function isBetter(a: HeldOutSummary, b: HeldOutSummary | null, result: ResultSpec): boolean {
  if (b === null) return true;
  if (a.winRate !== b.winRate) return a.winRate > b.winRate;
  const tie = figuresIn(result, 'eval').find((f) => f.better !== undefined);
  if (tie === undefined) return false;
  const sign = tie.better === 'lower' ? 1 : -1;
  const value = (s: HeldOutSummary) => {
    const v = s[tie.key] as number | undefined;
    return v === undefined || Number.isNaN(v) ? Infinity : sign * v;
  };
  return value(a) < value(b);
}

/**
 * An evaluation as a checkpoint kept it: JSON wrote a figure with no value (the mean rounds of an
 * evaluation that won no game: NaN, "–") as null, which is NaN again here, as the uninterrupted run has it.
 */
function revivedReport(saved: unknown, result: ResultSpec): EvaluationReport | null {
  if (saved === null) return null;
  const nan = <T extends HeldOutSummary>(s: T): T => ({
    ...s,
    ...Object.fromEntries(result.figures.filter((f) => s[f.key] === null).map((f) => [f.key, Number.NaN])),
  });
  const report = saved as EvaluationReport;
  return { ...nan(report), reference: nan(report.reference) };
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The settings a run directory records: its checkpoint's, or, before the first checkpoint, its marker's. */
interface RecordedRun {
  env: string;
  options?: Record<string, unknown>;
  algo: string;
  /** Absent in the marker of a run started by an older tengym: the request's config then. */
  config?: Record<string, unknown>;
  /** "the checkpoint in runs/x", "the marker of runs/x" */
  what: string;
}

/**
 * On --resume, what the user gives again (the config file's fields, --seed, --eval-every) must be
 * what the run has: a field given with another value is refused, naming what gave it. What is
 * not given is the run's, whatever its default (seed 0, an evalEvery derived from --steps). A
 * config file's totalSteps is not read: --steps extends a run.
 */
function checkGivenOnResume(
  request: TrainRequest,
  spec: AlgorithmSpec,
  env: EnvConfig,
  recorded: Record<string, unknown>,
  config: CommonConfig,
): void {
  const file = request.configSource ?? 'the given config';
  const raw = request.config;
  if (raw !== undefined && !isPlainObject(raw))
    throw new TengymError('bad-argument', `bad ${spec.name} ${file}: expected a JSON object of config fields`);
  const { totalSteps: _extendedByFlag, ...fields } = raw ?? {};
  const givenBy = new Map<string, string>(Object.keys(fields).map((key) => [key, file]));
  if (request.seed !== undefined) givenBy.set('seed', '--seed');
  if (request.evalEvery !== undefined) givenBy.set('evalEvery', '--eval-every');
  if (givenBy.size === 0) return;
  // The run's config with what was given over it, checked as a run's config is (unknown or bad fields named).
  const given = fieldsOf(
    resolveTrainConfig(spec, env, { ...recorded, ...fields }, request.configSource, {
      steps: config.totalSteps,
      seed: request.seed,
      evalEvery: request.evalEvery,
    }),
  );
  const had = fieldsOf(config);
  const shown = (value: unknown) => JSON.stringify(value) ?? 'unset';
  for (const [key, by] of givenBy) {
    if (!sameJSON(given[key], had[key]))
      throw new TengymError(
        'bad-argument',
        `--resume: the run in ${request.out} has ${key} = ${shown(had[key])}, ${by} sets ${shown(given[key])} ` +
          `(only --steps may change on resume)`,
      );
  }
}

/**
 * The run's setup: from what the directory records when resuming (what is given must agree with it), else from the
 * request.
 */
async function runSetup(
  request: TrainRequest,
  recorded: RecordedRun | null,
): Promise<{ env: EnvConfig; spec: AlgorithmSpec; config: CommonConfig }> {
  const out = request.out;
  if (recorded) {
    let env: EnvConfig;
    try {
      env = envConfig(recorded.env, recorded.options ?? {});
    } catch (e) {
      throw new TengymError(
        'bad-state',
        `${out} is not resumable: ${recorded.what} names env ${recorded.env} ` +
          `${JSON.stringify(recorded.options ?? {})}: ${(e as Error).message}`,
      );
    }
    let spec: AlgorithmSpec;
    try {
      spec = await loadAlgorithm(recorded.algo);
    } catch (e) {
      throw new TengymError('bad-state', `${out} is not resumable: ${recorded.what} names ${(e as Error).message}`);
    }
    if (request.env !== undefined && envSpec(request.env).id !== env.id)
      throw new TengymError('bad-argument', `--resume: ${out} trains ${env.id}, not ${request.env}`);
    if (request.algo !== undefined && request.algo !== spec.name)
      throw new TengymError('bad-argument', `--resume: ${out} trains with ${spec.name}, not ${request.algo}`);
    if (
      request.options !== undefined &&
      recorded.options !== undefined &&
      !sameJSON(envConfig(env.id, request.options).options, env.options)
    ) {
      throw new TengymError(
        'bad-argument',
        `--resume: ${out} trains ${env.id} with options ${JSON.stringify(env.options)}, ` +
          `not ${JSON.stringify(envConfig(env.id, request.options).options)}`,
      );
    }
    if (recorded.config === undefined) {
      // An older marker: env and algorithm from it, the rest as given now.
      const oldEnv =
        recorded.options === undefined && request.options !== undefined ? envConfig(env.id, request.options) : env;
      return {
        env: oldEnv,
        spec,
        config: resolveTrainConfig(spec, oldEnv, request.config, request.configSource, {
          steps: request.steps,
          seed: request.seed,
          evalEvery: request.evalEvery,
        }),
      };
    }
    // The run's own config, its evalEvery included (set or derived when it started): extended by --steps, it keeps it.
    const config = resolveTrainConfig(spec, env, recorded.config, `config of ${recorded.what}`, {
      steps: request.steps,
    });
    checkGivenOnResume(request, spec, env, recorded.config, config);
    return { env, spec, config };
  }
  if (request.resume && (request.env === undefined || request.algo === undefined)) {
    // Nothing recorded to resume, and not enough given to start a run here.
    const where = existsSync(out)
      ? `${out} holds no training run to resume`
      : `there is no training run to resume: ${out} does not exist`;
    throw new TengymError(
      'bad-argument',
      `--resume: ${where} (a run folder holds the ${RUN_MARKER} and checkpoint/ that tengym train writes); ` +
        `start one with --env ID --algo ${algorithmNames().join('|')} --out ${out}`,
    );
  }
  if (request.env === undefined) throw new TengymError('bad-argument', 'train: name the env (--env ID)');
  if (request.algo === undefined)
    throw new TengymError('bad-argument', `train: name the algorithm (--algo ${algorithmNames().join('|')})`);
  const env = envConfig(request.env, request.options ?? {});
  const spec = await loadAlgorithm(request.algo);
  const reward =
    request.options !== undefined && Object.hasOwn(request.options, 'reward') ? env.options.reward : undefined;
  return {
    env,
    spec,
    config: resolveTrainConfig(spec, env, request.config, request.configSource, {
      steps: request.steps,
      seed: request.seed,
      evalEvery: request.evalEvery,
      reward,
    }),
  };
}

/**
 * The held-out evaluation: the reference agent's deals played once, then the run's agent on the same deals at each
 * evaluation.
 */
class HeldOut {
  private constructor(
    private readonly env: EnvConfig,
    private readonly episodes: number,
    private readonly onProgress: ((done: number, total: number, what: string) => void) | undefined,
    private readonly agent: Agent,
    private readonly referenceRows: EpisodeRows,
    readonly reference: HeldOutSummary & { agent: string },
    /** Where random play and the best baseline stand on the same deals (for the learning curve). */
    readonly levels: (HeldOutSummary & { agent: string })[],
  ) {}

  /** Plays the reference agent, random and the best baseline (deal i: EVAL_SEED + i, as `tengym eval` plays it). */
  static async start(
    env: EnvConfig,
    config: CommonConfig,
    agent: Agent,
    onProgress?: (done: number, total: number, what: string) => void,
  ): Promise<HeldOut> {
    const names = [config.evalReference];
    for (const name of new Set(['random', bestBaseline(env)]))
      if (name !== null && name !== config.evalReference && agentsFor(env).some((a) => a.name === name))
        names.push(name);
    const total = names.length * config.evalEpisodes;
    const play = (name: string, before: number) =>
      playNamedAgent({ env, agent: name, seed: EVAL_SEED, from: 0, to: config.evalEpisodes }, (done) =>
        onProgress?.(before + done, total, `held-out: ${name}`),
      );
    const rows = await play(config.evalReference, 0);
    const levels: (HeldOutSummary & { agent: string })[] = [];
    for (const [i, name] of names.entries())
      if (i > 0) levels.push({ agent: name, ...heldOutSummary(await play(name, i * config.evalEpisodes), env) });
    return new HeldOut(
      env,
      config.evalEpisodes,
      onProgress,
      agent,
      rows,
      { agent: config.evalReference, ...heldOutSummary(rows, env) },
      levels,
    );
  }

  /**
   * The run's agent on the held-out deals now, against the reference (the event loop given a turn now and then: Ctrl-C
   * is heard during it).
   */
  async evaluate(envSteps: number): Promise<EvaluationReport> {
    const rows = await playAgentYielding(this.env, this.agent, EVAL_SEED, 0, this.episodes, {
      lanes: EVAL_LANES,
      onEpisode: (done) => this.onProgress?.(done, this.episodes, 'held-out: evaluating'),
    });
    return {
      ...heldOutSummary(rows, this.env),
      seed: EVAL_SEED,
      envSteps,
      reference: this.reference,
      vsReference: pairedWins(rows.won, this.referenceRows.won),
    };
  }
}

/** The metadata a model of the run is saved with. */
function modelMetadata(
  env: EnvConfig,
  algorithm: Algorithm,
  config: CommonConfig,
  command: string | undefined,
  envSteps: number,
  seconds: number,
  backend: string,
  evaluation?: EvaluationReport,
): ModelMetadata {
  return {
    format: 'tengym-model/1',
    env: env.id,
    options: env.options,
    observationSize: algorithm.env.observationSize,
    numActions: algorithm.env.numActions,
    algorithm: algorithm.name,
    ...algorithm.playsAs,
    config: { ...config },
    steps: envSteps,
    trainingSeconds: Number(seconds.toFixed(1)),
    ...(command === undefined ? {} : { command }),
    ...(evaluation === undefined ? {} : { evaluation }),
    createdBy: 'tengym train',
    tengymVersion: TENGYM_VERSION,
    backend,
  };
}

/**
 * The metrics row of an evaluation: the run's counters and throughput, the training episodes, the algorithm's
 * statistics, the held-out figures.
 */
function metricsRow(
  algorithm: Algorithm,
  env: EnvConfig,
  report: EvaluationReport,
  best: boolean,
  wall: number,
  last: { envSteps: number; wall: number },
): MetricsRow {
  const envSteps = report.envSteps;
  const episodes = algorithm.env.takeEpisodeStats();
  return {
    envSteps,
    samples: algorithm.samples,
    updates: algorithm.updates,
    episodes: algorithm.env.vec.episodesDone,
    wallSeconds: Number(wall.toFixed(3)),
    envStepsPerSecond: wall > last.wall ? Math.round((envSteps - last.envSteps) / (wall - last.wall)) : null,
    trainEpisodes: episodes.episodes,
    trainWinRate: episodes.episodes ? episodes.wins / episodes.episodes : null,
    ...trainingFigures(env.game.result, episodes),
    ...algorithm.takeStats(),
    evalWinRate: report.winRate,
    evalWinRateLow: report.ci95[0],
    evalWinRateHigh: report.ci95[1],
    ...evaluationFigures(env.game.result, report),
    referenceWinRate: report.reference.winRate,
    vsReference: report.vsReference.diff,
    vsReferenceLow: report.vsReference.ci95[0],
    vsReferenceHigh: report.vsReference.ci95[1],
    best,
  };
}

/**
 * The commands that train the run, for its models' metadata and its checkpoint: on a resume, the
 * run's own (the session's `--resume` alone would train nothing in a new folder), and, where this
 * session changes the total steps of a run that has a checkpoint, the run's followed by this
 * session's (`… && tengym train --out DIR --resume --steps N`), which reach the same weights; a
 * resume after a kill at the same total adds nothing to them. A run killed before its first
 * checkpoint and resumed with other --steps starts over: the session's command is what it has.
 */
export function runCommand(
  session: string | undefined,
  recorded: { command?: string; totalSteps?: unknown; checkpointed: boolean } | null,
  totalSteps: number,
): string | undefined {
  if (recorded?.command === undefined) return session;
  if (recorded.totalSteps === totalSteps || session === undefined) return recorded.command;
  return recorded.checkpointed ? `${recorded.command} && ${session}` : session;
}

/**
 * What a run folder holds for a request: its checkpoint, and (killed before its first checkpoint) its marker; the
 * folder checked for the request.
 */
async function runInFolder(out: string, resume: boolean) {
  const found = await findCheckpoint(out);
  checkRunDirectory(out, resume, found);
  // Killed before its first checkpoint: the marker holds the run's settings.
  const marker = !found && resume ? await readRunMarker(out) : null;
  const recorded: RecordedRun | null = found
    ? {
        env: found.state.env,
        options: found.state.options,
        algo: found.state.algo,
        config: found.state.config,
        what: `the checkpoint in ${out}`,
      }
    : marker && {
        env: marker.env,
        options: marker.options,
        algo: marker.algo,
        config: marker.config,
        what: `the marker of ${out} (${RUN_MARKER})`,
      };
  return { found, marker, recorded };
}

/**
 * The run's setup (runSetup), its config checked as its algorithm checks it before allocating
 * anything (fields that do not go together, sample arrays past the memory budget): `train` runs
 * this before it writes anything, and `--print-config` before it prints, so both refuse alike.
 */
async function checkedSetup(
  request: TrainRequest,
  recorded: RecordedRun | null,
): Promise<{ env: EnvConfig; spec: AlgorithmSpec; config: CommonConfig }> {
  const setup = await runSetup(request, recorded);
  setup.spec.check(trainingEnvOf(setup.env, setup.config), setup.config);
  return setup;
}

/**
 * The env, algorithm and config `train(request)` would run with (a resume: the run's own),
 * checked as it checks them, with nothing trained or written (`tengym train --print-config`).
 */
export async function plannedRun(
  request: Omit<TrainRequest, 'out'> & { out?: string },
): Promise<{ env: EnvConfig; algo: string; config: CommonConfig }> {
  const recorded =
    request.out === undefined ? null : (await runInFolder(request.out, Boolean(request.resume))).recorded;
  const { env, spec, config } = await checkedSetup({ ...request, out: request.out ?? '' }, recorded);
  return { env, algo: spec.name, config };
}

export async function train(request: TrainRequest): Promise<TrainSummary> {
  const out = request.out;
  const { found, marker, recorded } = await runInFolder(out, Boolean(request.resume));
  const { env, spec, config } = await checkedSetup(request, recorded);
  const command = runCommand(
    request.command,
    found
      ? { command: found.state.command, totalSteps: found.state.config.totalSteps, checkpointed: true }
      : marker && { command: marker.command, totalSteps: marker.config?.totalSteps, checkpointed: false },
    config.totalSteps,
  );
  const backend = await initBackend();
  const trainingEnv = trainingEnvOf(env, config);
  const created = !existsSync(out);
  // One run at a time in a folder: from here on it is written.
  const unlock = await lockRun(out);
  try {
    return await trainInFolder({ request, out, found, env, spec, config, command, backend, trainingEnv, created });
  } finally {
    unlock();
  }
}

/** A run set up and checked, its folder taken (`lockRun`): what `trainInFolder` trains. */
interface RunInFolder {
  request: TrainRequest;
  out: string;
  found: Awaited<ReturnType<typeof findCheckpoint>>;
  env: EnvConfig;
  spec: AlgorithmSpec;
  config: CommonConfig;
  command: string | undefined;
  backend: Awaited<ReturnType<typeof initBackend>>;
  /** The env the training copies play (the config's trainingReward in its options). */
  trainingEnv: EnvConfig;
  /** Whether this run made the folder (removed again if the run keeps nothing). */
  created: boolean;
}

async function trainInFolder(run: RunInFolder): Promise<TrainSummary> {
  const { request, out, found, env, spec, config, command, backend, trainingEnv, created } = run;
  const algo = spec.name;
  await markRun(out, {
    env: env.id,
    options: env.options,
    algo,
    config: { ...config },
    ...(request.command === undefined ? {} : { command: request.command }),
  });
  if (request.resume) await removeLeftoverWrites(out);
  const checkpointDir = request.resume ? await tidyCheckpoints(out, found) : null;
  // A run refused or failed before its first checkpoint leaves no directory it created behind.
  const removeIfNothingKept = async () => {
    if (created && !existsSync(join(out, CHECKPOINT))) await rm(out, { recursive: true, force: true });
  };
  // The session counts from here: an algorithm may play its first steps as it is made (a
  // replay buffer's warm-up), and they are this session's.
  const sessionStart = performance.now();
  let algorithm: Algorithm;
  try {
    algorithm = spec.create(trainingEnv, config, request.onSetup);
  } catch (e) {
    await removeIfNothingKept();
    throw e;
  }
  await announceBackend({ quiet: request.quiet });
  try {
    const trainer: TrainerState = { rows: [], best: null, last: null, nextEvalAt: 0, wallSeconds: 0 };
    if (found) {
      await restoreCheckpoint(checkpointDir!, found.state, algorithm);
      const t = found.state.trainer;
      Object.assign(trainer, {
        rows: t.rows,
        best: revivedReport(t.best, env.game.result),
        last: revivedReport(t.last, env.game.result),
        nextEvalAt: t.nextEvalAt,
        wallSeconds: t.wallSeconds,
      });
    }
    const resumedFrom = found ? algorithm.env.envSteps : null;
    const backendBefore = found?.state.backend;
    const totalStepsBefore = found?.state.config.totalSteps;
    request.onStart?.({
      algo,
      env: env.id,
      options: env.options,
      config,
      resumedFrom,
      backend,
      ...(backendBefore !== undefined && backendBefore !== backend ? { backendBefore } : {}),
      ...(typeof totalStepsBefore === 'number' && totalStepsBefore !== config.totalSteps ? { totalStepsBefore } : {}),
    });

    // The agent plays the weights as they are at each evaluation. Playing the reference and the
    // levels on the held-out deals is evaluation too (pimc on decade's 5,000 deals: many seconds),
    // not training: the throughput without evaluations leaves it out.
    // A resumed run with nothing left to train, its metrics files holding its checkpoint's rows,
    // evaluates nothing and rewrites nothing: it plays no held-out deals.
    const idle =
      found !== null && algorithm.env.envSteps >= config.totalSteps && (await metricsFilesHold(out, trainer.rows));
    const heldOutStart = performance.now();
    const heldOut = idle
      ? null
      : await HeldOut.start(
          env,
          config,
          algorithm.agent(modelMetadata(env, algorithm, config, command, 0, 0, backend)),
          request.onEvaluationProgress,
        );
    let evalSeconds = (performance.now() - heldOutStart) / 1000;
    // The curve plots the game's own figure where it names one (the mean rounds of the won deals), else the win rate.
    const result = env.game.result;
    const figure = curveFigure(result);
    const plotted = (s: HeldOutSummary) =>
      result.curve === undefined ? s.winRate : ((s[result.curve] as number | undefined) ?? Number.NaN);
    const curve = heldOut && {
      title:
        `${algo.toUpperCase()} on ${envLabel(env)}: greedy ${figure?.label ?? 'win rate'} on ` +
        `${config.evalEpisodes} held-out deals`,
      ...(figure === undefined ? {} : { figure }),
      reference: {
        name: heldOut.reference.agent,
        value: plotted(heldOut.reference),
        winRate: heldOut.reference.winRate,
      },
      levels: heldOut.levels.map((l) => ({ name: l.agent, value: plotted(l) })),
    };
    const tensorboard = await openTensorBoard(join(out, 'tensorboard'), backend);

    const stepsAtStart = resumedFrom ?? 0;
    const wallAtStart = trainer.wallSeconds;
    const now = () => wallAtStart + (performance.now() - sessionStart) / 1000;
    let lastRow = { envSteps: algorithm.env.envSteps, wall: now() };

    // Order: metrics, then best/, then checkpoint/, so a checkpoint never claims a best model that is not on disk.
    const evaluateAndSave = async () => {
      // Never idle here: an idle session has nothing to train, so nothing to evaluate.
      if (heldOut === null || curve === null) throw new Error('an idle session evaluated');
      const evalStart = performance.now();
      const report = await heldOut.evaluate(algorithm.env.envSteps);
      const improved = isBetter(report, trainer.best, env.game.result);
      const seconds = now();
      const row = metricsRow(algorithm, env, report, improved, seconds, lastRow);
      lastRow = { envSteps: report.envSteps, wall: seconds };
      trainer.rows.push(row);
      trainer.last = report;
      trainer.nextEvalAt = (Math.floor(report.envSteps / config.evalEvery) + 1) * config.evalEvery;
      await writeMetricsFiles(out, trainer.rows, curve, env.game.result);
      if (tensorboard) writeScalars(tensorboard, row);
      const metadata = modelMetadata(env, algorithm, config, command, report.envSteps, seconds, backend, report);
      if (improved) {
        trainer.best = report;
        await saveBest(out, algorithm.model, metadata);
      }
      await writeCheckpoint(out, algorithm, metadata, {
        format: 'tengym-checkpoint/1',
        env: env.id,
        options: env.options,
        trainingOptions: trainingEnv.options,
        algo,
        config: { ...config },
        ...(command === undefined ? {} : { command }),
        backend,
        envSteps: report.envSteps,
        trainer: { ...trainer, wallSeconds: now() },
      });
      evalSeconds += (performance.now() - evalStart) / 1000;
      request.onEvaluation?.(row);
      request.afterCheckpoint?.(report.envSteps);
    };

    if (!found) await evaluateAndSave();
    else if (curve !== null) await writeMetricsFiles(out, trainer.rows, curve, env.game.result);

    let lastYield = performance.now();
    const loopStart = algorithm.env.envSteps;
    let iterations = 0;
    while (algorithm.env.envSteps < config.totalSteps) {
      // A turn of the event loop every 100 ms, so Ctrl-C's handler (and any other event) is
      // heard between evaluations, which can be many minutes apart (the evaluations give turns of their own).
      if (performance.now() - lastYield > 100) {
        await new Promise((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
      algorithm.iterate();
      iterations++;
      const steps = algorithm.env.envSteps;
      const seconds = (performance.now() - sessionStart) / 1000;
      request.onProgress?.(
        Math.min(steps, config.totalSteps),
        config.totalSteps,
        seconds > 0 ? (steps - stepsAtStart) / seconds : 0,
      );
      if (steps >= trainer.nextEvalAt || steps >= config.totalSteps) await evaluateAndSave();
    }

    const sessionSeconds = (performance.now() - sessionStart) / 1000;
    const sessionEnvSteps = algorithm.env.envSteps - stepsAtStart;
    return {
      out,
      backend,
      algo,
      env: env.id,
      options: env.options,
      config,
      envSteps: algorithm.env.envSteps,
      samples: algorithm.samples,
      updates: algorithm.updates,
      untrained: untrainedReason({
        updates: algorithm.updates,
        samples: algorithm.samples,
        envSteps: algorithm.env.envSteps,
        config,
      }),
      evaluations: trainer.rows.length,
      bestEvaluation: trainer.rows.reduce((at, row, i) => (row.best ? i : at), -1),
      iterationEnvSteps: iterations > 0 ? Math.round((algorithm.env.envSteps - loopStart) / iterations) : null,
      sessionEnvSteps,
      sessionSeconds,
      envStepsPerSecond: sessionSeconds > 0 ? sessionEnvSteps / sessionSeconds : 0,
      trainingEnvStepsPerSecond:
        sessionSeconds - evalSeconds > 0 ? sessionEnvSteps / (sessionSeconds - evalSeconds) : 0,
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
