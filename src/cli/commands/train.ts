/**
 * `tengym train`: its flags, the notes it prints before and after a run, and the run itself. Past 600 lines on
 * purpose: each note sits beside the flag it explains, and tests read them together.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { TengymError, plural } from '../../env/errors.js';
import { envConfig, envSpec } from '../../env/registry.js';
import { figuresIn } from '../../stats/figures.js';
import { CURVE_EVALUATIONS, FRESH_SEED, MAX_TRAIN_SEED } from '../../train/algorithm.js';
import { algorithmNames } from '../../train/algorithms/index.js';
import type { GameAlgorithm } from '../../agents/kit.js';
import { registeredKits } from '../../agents/modules.js';
import type { MetricsRow } from '../../train/metrics.js';
import type { TrainRequest, TrainSummary } from '../../train/trainer.js';
import {
  TENGYM_VERSION,
  checkNumberOption,
  checkSeedOption,
  intervalText,
  parseOptionsJson,
  pct,
  MAX_TEXT_INPUT,
  readFailure,
  readFileBounded,
  writeLine,
} from '../io.js';
import { ProgressBar } from '../progress.js';
import { SHIPPED_CONFIGS_DIR, packagePath, shippedConfigNames } from '../../node/resolve.js';

interface Args {
  env?: string;
  options?: string;
  algo?: string;
  steps?: number;
  config?: string;
  seed?: number;
  'eval-every'?: number;
  out?: string;
  resume: boolean;
  json: boolean;
  'print-config': boolean;
}

/** Inline JSON (`--config '{"numEnvs": 8}'`), not a file's name: no config file's name starts with a brace. */
const isInlineConfig = (given: string): boolean => given.trimStart().startsWith('{');

/**
 * The --config file: a path, or a shipped config by name (`four-ten-solver`, or
 * `configs/four-ten-solver.json` as the docs write it, from any folder).
 */
function readConfigFile(given: string): unknown {
  if (isInlineConfig(given)) {
    try {
      return JSON.parse(given);
    } catch (e) {
      throw new TengymError('bad-argument', `--config: the inline JSON is not valid: ${(e as Error).message}`);
    }
  }
  const named = /^[\w-]+$/.test(given) && !existsSync(given) ? join(SHIPPED_CONFIGS_DIR, `${given}.json`) : given;
  const path = packagePath(named);
  let text: string;
  try {
    const bytes = readFileBounded(path, MAX_TEXT_INPUT);
    if (bytes === null)
      throw new TengymError(
        'bad-argument',
        `--config ${given}: it holds more than the ${MAX_TEXT_INPUT / 2 ** 20} MiB tengym reads; a config is ` +
          `a few hundred bytes of JSON`,
      );
    text = bytes.toString('utf8');
  } catch (e) {
    if (e instanceof TengymError) throw e;
    const shipped = shippedConfigNames();
    throw new TengymError(
      'bad-argument',
      `--config ${given}: cannot read it (${readFailure(e)})` +
        (shipped.length ? `; shipped configs: ${shipped.join(', ')}` : ''),
    );
  }
  try {
    // Any JSON (the algorithm's schema checks it); trim() also drops the byte-order mark some editors write first, as a
    // state file's reader does.
    return JSON.parse(text.trim());
  } catch (e) {
    throw new TengymError('bad-argument', `--config ${given} is not valid JSON: ${(e as Error).message}`);
  }
}

/** Where --config's fields came from, as errors name it: "config file x.json", or "--config JSON" for inline JSON. */
function configSourceOf(given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  return isInlineConfig(given) ? '--config JSON' : `config file ${given}`;
}

/** `a` as one word of a shell command: as it is, or quoted where it has spaces, quotes or other signs. */
function shellWord(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

/** The command line as typed, for the model's metadata (arguments with spaces or quotes are quoted). */
function commandLine(): string {
  return ['tengym', ...process.argv.slice(2)].map(shellWord).join(' ');
}

const num = (x: number | boolean | null | undefined, digits: number) =>
  typeof x === 'number' ? x.toFixed(digits) : '–';

/**
 * The game's first held-out figure as a progress line says it: the number it is of and its value
 * ("cards left 3.45", "rounds 5.23").
 */
function figureText(row: MetricsRow, envId: string): string {
  const result = envSpec(envId).game.result;
  const figure = figuresIn(result, 'eval')[0];
  if (figure === undefined) return '';
  const field = 'mean' in figure.of ? figure.of.mean : 'median' in figure.of ? figure.of.median : figure.of.ratio[0];
  const label = result.fields.find((f) => f.key === field)?.label ?? figure.label;
  return `${label} ${num(row[`eval${figure.key[0].toUpperCase()}${figure.key.slice(1)}`], 2)}`;
}

function evaluationLine(row: MetricsRow, reference: string, envId: string): string {
  const figure = figureText(row, envId);
  const loss =
    row.policyLoss !== undefined
      ? `entropy ${num(row.entropy, 3)}  value loss ${num(row.valueLoss, 4)}`
      : row.loss !== undefined
        ? `loss ${num(row.loss, 4)}  ε ${num(row.epsilon, 3)}`
        : '';
  return [
    `steps ${String(row.envSteps).padStart(9)}`,
    `samples ${String(row.samples).padStart(8)}`,
    `${String(row.envStepsPerSecond ?? '–').padStart(6)} steps/s`,
    `eval ${pct(row.evalWinRate as number)} [${pct(row.evalWinRateLow as number)}, ` +
      `${pct(row.evalWinRateHigh as number)}]`,
    figure,
    `vs ${reference} ` +
      intervalText(row.vsReference as number, [
        row.vsReferenceLow as number | null,
        row.vsReferenceHigh as number | null,
      ]),
    loss,
    row.best ? 'best' : '',
  ]
    .filter((s) => s.length > 0)
    .join('  ');
}

/**
 * Why a run trained more env steps than asked: an algorithm learns in whole iterations (PPO: a
 * rollout of numEnvs × rolloutSteps decisions) and the last one ends past the limit; forced moves
 * count as env steps too. Null when it stopped exactly.
 */
export function stepsNote(
  envSteps: number,
  config: { totalSteps: number; numEnvs?: number; rolloutSteps?: number },
  iterated = true,
  stepsGiven = true,
): string | null {
  if (envSteps <= config.totalSteps) return null;
  // The limit as the user set it: the flag, or the config's field.
  const limit = `${stepsGiven ? '--steps' : 'totalSteps'} ${config.totalSteps}`;
  // The copies' first deals, their forced moves played, come before the first iteration.
  if (!iterated)
    return (
      `note: ${envSteps} env steps for ${limit}: dealing the ` +
      `${config.numEnvs === undefined ? 'env copies' : `numEnvs = ${config.numEnvs} copies`} ` +
      `their first deals, forced moves included, took them all, so no iteration ran; give more --steps or a ` +
      `smaller numEnvs`
    );
  return (
    `note: ${envSteps} env steps for ${limit}: training runs whole iterations (${iterationSize(config)}, forced ` +
    `moves counting as env steps too) and stops after the one that reaches the limit`
  );
}

/**
 * A resumed run that has already trained `--steps` (or its own totalSteps) has nothing left to
 * train: said at the start, in place of the notes on iterations and evaluations, which would
 * describe steps this session does not take. Null when there is training left.
 */
export function nothingLeftNote(resumedFrom: number | null, totalSteps: number, stepsGiven = true): string | null {
  if (resumedFrom === null || resumedFrom < totalSteps) return null;
  const limit = stepsGiven ? `--steps is ${totalSteps}` : `its totalSteps is ${totalSteps}`;
  return (
    `note: nothing left to train: the run has trained ${resumedFrom} env steps, and ${limit} (a --steps above ` +
    `${resumedFrom} ` +
    `extends it)`
  );
}

/**
 * An iteration of the algorithm in decisions: PPO's rollout, or one round of a decision per env copy (DQN and the value
 * learners).
 */
function iterationSize(config: { numEnvs?: number; rolloutSteps?: number }): string {
  if (config.numEnvs !== undefined && config.rolloutSteps !== undefined)
    return `a rollout of numEnvs × rolloutSteps = ${config.numEnvs * config.rolloutSteps} decisions`;
  return config.numEnvs !== undefined ? `a round of numEnvs = ${config.numEnvs} decisions` : 'a round of decisions';
}

/** The evaluations evalEvery schedules in a run: at the start, at every multiple of evalEvery, and at the end. */
export function scheduledEvaluations(config: { totalSteps: number; evalEvery: number }): number {
  const { totalSteps, evalEvery } = config;
  return 1 + Math.floor(totalSteps / evalEvery) + (totalSteps % evalEvery === 0 ? 0 : 1);
}

/**
 * Why a run evaluated fewer times than its evalEvery scheduled, and at most CURVE_EVALUATIONS
 * times: an evaluation waits for the end of the iteration under way, and the run's iterations
 * were longer than evalEvery, which is known only once they have run (PPO's first on decade is
 * about 28,500 env steps). Null otherwise (a schedule of few evaluations is noted at the start).
 */
export function evaluationsNote(run: {
  evaluations: number;
  envSteps: number;
  iterationEnvSteps: number | null;
  config: { totalSteps: number; evalEvery: number; numEnvs?: number; rolloutSteps?: number };
}): string | null {
  const scheduled = scheduledEvaluations(run.config);
  if (run.iterationEnvSteps === null || run.evaluations > CURVE_EVALUATIONS || run.evaluations >= scheduled)
    return null;
  // Eleven iterations' steps, rounded up to a thousand: evalEvery (a tenth of the run) is then longer than an
  // iteration.
  const steps = Math.ceil(((CURVE_EVALUATIONS + 1) * run.iterationEnvSteps) / 1000) * 1000;
  return (
    `note: the run evaluated ${run.evaluations} times in ${run.envSteps} env steps, not ${scheduled} as ` +
    `evalEvery ${run.config.evalEvery} schedules: an evaluation waits for the end of the iteration under ` +
    `way, ` +
    (`and an iteration took about ${run.iterationEnvSteps} env steps (${iterationSize(run.config)}); --steps ` +
      `${steps} ` +
      `or more gives a curve of ${CURVE_EVALUATIONS + 1} points`)
  );
}

/**
 * The command that compares the run's best model with the reference agent on fresh deals
 * (FRESH_SEED + i, dealt neither in training nor in the held-out evaluation: the held-out deals
 * chose best/, so on them it is favoured), with the run's options that are not the env's
 * defaults, as given or, on a resume, as the run recorded them.
 */
export function compareCommand(
  out: string,
  run: { env: string; options: Record<string, unknown> },
  best: { reference: { agent: string }; episodes: number },
): string {
  const defaults = envConfig(run.env).options;
  const changed = Object.fromEntries(
    Object.entries(run.options).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults[key])),
  );
  const options = Object.keys(changed).length === 0 ? '' : ` --options ${shellWord(JSON.stringify(changed))}`;
  // --reference: eval's default reference is its first agent, which would turn the run's "best − reference" round.
  const reference = best.reference.agent;
  return (
    `tengym eval --env ${run.env}${options} --agents ${shellWord(`${out}/best,${reference}`)} --reference ` +
    `${shellWord(reference)} ` +
    `--seed ${FRESH_SEED} --episodes ${best.episodes}`
  );
}

/**
 * The command that continues a run after Ctrl-C. A resume that changes --steps (an extension)
 * keeps them: killed before its first checkpoint, the run still has its old total, and --resume
 * alone would find nothing left to train. A new run records its --steps from the start.
 */
export function resumeCommand(out: string, resumedSteps: number | undefined): string {
  return `tengym train --out ${shellWord(out)} --resume${resumedSteps === undefined ? '' : ` --steps ${resumedSteps}`}`;
}

type StartInfo = Parameters<NonNullable<TrainRequest['onStart']>>[0];

/**
 * What `tengym train` notes at a run's start (printed, and in the --json start record): nothing left to train, or a
 * curve of few points.
 */
export function startNotes(info: StartInfo, stepsGiven: boolean): string[] {
  const { totalSteps, evalEvery } = info.config;
  const done = nothingLeftNote(info.resumedFrom, totalSteps, stepsGiven);
  if (done) return [done];
  const notes: string[] = [];
  // --steps below the run's own total: a resume that shortens the run (the docs speak of --steps extending one).
  if (info.totalStepsBefore !== undefined && info.config.totalSteps < info.totalStepsBefore) {
    notes.push(
      `note: --steps ${info.config.totalSteps} shortens this run, which was to train ${info.totalStepsBefore} ` +
        (`steps; what the config schedules over totalSteps (the learning rate's annealing, ε) follows ` +
          `${info.config.totalSteps} `) +
        `from here`,
    );
  }
  if (info.backendBefore !== undefined) {
    notes.push(
      `note: this run trained on TensorFlow.js's ${info.backendBefore} backend and continues on ` +
        `${info.backend}: its weights will not be, bit for bit, those of a run on one backend`,
    );
  }
  // At the start, every evalEvery steps, and at the end (fewer when an iteration is longer than evalEvery:
  // evaluationsNote says so at the end).
  const evaluations = scheduledEvaluations(info.config);
  if (evaluations <= CURVE_EVALUATIONS) {
    notes.push(
      `note: evalEvery ${evalEvery} evaluates ${evaluations} times in ${totalSteps} steps; --eval-every ` +
        `${Math.max(1, Math.floor(totalSteps / CURVE_EVALUATIONS))} ` +
        `gives a curve of ${CURVE_EVALUATIONS + 1} points`,
    );
  }
  return notes;
}

/**
 * What `tengym train` notes at a run's end (printed, and in the --json end record): on the
 * run's length (printed before the summary) and on its best/ (after it).
 */
export function endNotes(summary: TrainSummary, stepsGiven = true): { run: string[]; model: string[] } {
  const run: string[] = [];
  const model: string[] = [];
  // A session that resumed a run with nothing left to train said so at its start.
  const trainedNow = summary.resumedFrom === null || summary.sessionEnvSteps > 0;
  const overshoot = trainedNow
    ? stepsNote(
        summary.envSteps,
        summary.config,
        summary.iterationEnvSteps !== null || summary.evaluations > 1,
        stepsGiven,
      )
    : null;
  if (overshoot) run.push(overshoot);
  const fewer = evaluationsNote(summary);
  if (fewer) run.push(fewer);
  if (summary.untrained) model.push(`warning: ${summary.untrained}`);
  // Updates were made, but none of them played better on the held-out deals than the start.
  else if (summary.bestEvaluation === 0 && summary.evaluations > 1) {
    model.push(
      `note: best/ is the network the run started with: none of its ${summary.evaluations - 1} later ` +
        `evaluations beat the first on the held-out deals`,
    );
  }
  return { run, model };
}

/**
 * The config fields `train --help` lists, by who takes them: the common ones, then each
 * algorithm's own (test/cli/train-help.test.ts checks them against the config schemas).
 */
const GENERIC_FIELDS_HELP: readonly (readonly [who: string, fields: string])[] = [
  ['all', 'seed totalSteps numEnvs hidden learningRate maxGradNorm trainingReward rewardScale'],
  ['all, evaluation', 'evalEvery evalEpisodes evalReference'],
  ['ppo', 'rolloutSteps epochs minibatchSize gamma gaeLambda clipCoef valueCoef entropyCoef'],
  ['ppo', 'normalizeAdvantages annealLearningRate'],
  ['dqn', 'bufferSize batchSize gamma targetUpdate learningStarts trainEvery huberDelta'],
  ['dqn, exploration', 'epsilonStart epsilonEnd epsilonFraction'],
  ['afterstate (the games that give afterstate features)', 'bufferSize learningStarts batchSize samplesPerUpdate'],
  ['afterstate', 'costLossWeight annealLearningRate epsilonStart epsilonEnd epsilonFraction targets splitBatch'],
];

/** The algorithms the registered games bring, by name, with their help (each once). */
function gameAlgorithms(): [name: string, algorithm: GameAlgorithm][] {
  const byName = new Map<string, GameAlgorithm>();
  for (const kit of registeredKits())
    for (const [name, algorithm] of Object.entries(kit.algorithms ?? {}))
      if (!byName.has(name)) byName.set(name, algorithm);
  return [...byName];
}

/**
 * The config fields `train --help` lists, by who takes them: the common ones, each generic
 * algorithm's own, then those of the algorithms the games bring (test/cli/train-help.test.ts checks
 * them all against the config schemas).
 */
export function configFieldsHelp(): (readonly [who: string, fields: string])[] {
  const own = gameAlgorithms().flatMap(([name, algorithm]) =>
    algorithm.fields.map(([heading, names]) => [`${name} (${heading})`, names] as const),
  );
  return [...GENERIC_FIELDS_HELP, ...own];
}

export const trainCommand: CommandModule<object, Args> = {
  command: 'train',
  describe:
    'Train a TensorFlow.js agent (masked PPO, double DQN, afterstate values or a search with learned values) ' +
    'and keep its best model',
  builder: (y) =>
    y
      .usage(
        [
          `$0 train --env ID [--options JSON] --algo ${algorithmNames().join('|')} [--steps N] ` +
            '[--config FILE|NAME] [--seed N] [--eval-every N] --out DIR [--resume] [--json] [--print-config]',
          '',
          'Trains on the env and, every evalEvery env steps, evaluates the greedy policy on held-out',
          'deals (seeds 1000000000 + i, never dealt in training) against a reference agent. Unless',
          'evalEvery is set (--eval-every or the config), it is at most a tenth of the run, so a run',
          "evaluates at least ten times besides the start, unless the algorithm's iterations are longer:",
          'an evaluation waits for the end of the iteration under way (PPO on decade: about 28,500 env',
          'steps each). A run that evaluates ten times or fewer says so, and so does one that ends',
          'without a gradient update (DQN and the value learners wait for learningStarts samples):',
          'its best/ is then the untrained network.',
          'Writes to DIR:',
          '- metrics.jsonl, metrics.csv: one row per evaluation (steps, samples, losses, win rates)',
          '- learning-curve.svg: the held-out win rate (Four Ten: mean rounds) against env steps',
          '- best/: model.json + weights.bin of the best evaluation. The held-out deals chose it, so',
          `on them it is favoured: compare it on fresh deals (seeds ${FRESH_SEED} + i, never dealt in`,
          'training or held out), as the command the run prints at its end does',
          '- checkpoint/: everything --resume needs to continue a killed run exactly',
          '- tensorboard/: scalars, when @tensorflow/tfjs-node is installed',
          'Steps count every env step, forced moves (one legal action) included; only decisions',
          'are learning samples. Config fields (a JSON file; each has a default, tuned per env):',
          ...configFieldsHelp().map(([who, fields]) => `- ${who}: ${fields}`),
          'Each field is documented where its schema is: in the package, dist/train/algorithm.d.ts, each ' +
            "algorithm's dist/train/algorithms/NAME.d.ts (ppo, dqn, afterstate; a game's own in its folder under " +
            'dist/games/) and, ' +
            'for the fields the value learners share, dist/train/algorithms/afterstate-learning.d.ts ' +
            '(src/train/… in the repository); --print-config shows the values a run would take.',
        ].join('\n'),
      )
      .option('env', { type: 'string', describe: 'Env id (required unless --resume)' })
      .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"discard":"optional"}'` })
      .option('algo', {
        type: 'string',
        choices: algorithmNames(),
        describe: `Algorithm: ${[
          'masked PPO',
          'masked double DQN',
          'afterstate values (the games that give afterstate features)',
          ...gameAlgorithms().map(([, algorithm]) => algorithm.describe),
        ].join(', ')} (required unless --resume)`,
      })
      .option('steps', {
        type: 'number',
        describe: 'Env steps to train for (overrides totalSteps; with --resume it may extend a run)',
      })
      .option('config', {
        type: 'string',
        describe:
          `JSON file of config fields (validated; unknown fields are errors), inline JSON ('{"numEnvs": 8}'), ` +
          `or a shipped config by name (${shippedConfigNames().join(', ')})`,
      })
      .option('seed', {
        type: 'number',
        describe: 'Seed of the weights, the sampling and the training deals (overrides the config)',
      })
      .option('out', {
        type: 'string',
        describe: 'Run directory (created; must not hold another run unless --resume) (required unless --print-config)',
      })
      .option('eval-every', {
        type: 'number',
        describe: 'Evaluate every N env steps (overrides the config; default: the preset, at most a tenth of the run)',
      })
      .option('resume', {
        type: 'boolean',
        default: false,
        describe:
          "Continue the run in --out from its last checkpoint (or start it if it has none), with the run's " +
          "settings: what is given again (--env, --options, --algo, --config's fields, --seed, --eval-every) " +
          "must be the run's, what is left out is the run's whatever its default; only --steps may change (a " +
          "config file's totalSteps is not read), and an extended run keeps its evalEvery",
      })
      .option('print-config', {
        type: 'boolean',
        default: false,
        describe:
          "Print the config the run would train with as JSON (the schema's defaults, then the env's preset, " +
          "--config's fields, --steps, --seed and --eval-every; with --resume, the run's own) and exit: " +
          'nothing is trained or written',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print JSON Lines: { type: "start" | "setup" | "evaluation" | "end", … } (an evaluation line is a ' +
          'metrics.jsonl row; start and end carry the notes, end the fresh-deals command; after Ctrl-C the ' +
          'last is { type: "interrupted", envSteps, checkpointEnvSteps, resume })',
      })
      .example(
        '$0 train --env decade --algo distill --config distill-deep --steps 12000000 --eval-every 2000000 ' +
          '--out runs/decade',
        'The shipped decade model: pimc distilled into a search two draws deep',
      )
      .example(
        '$0 train --env four-ten --algo afterstate --config configs/four-ten-solver.json --out runs/four-ten',
        'Four Ten afterstate values distilled from the exact solver (the shipped model)',
      )
      .example(
        '$0 train --env decade --algo ppo --out runs/ppo-decade',
        'PPO on decade with its tuned defaults (15M steps)',
      )
      .example('$0 train --out runs/ppo-decade --resume', 'Continue it after a kill, to the same result')
      .example(
        '$0 train --env decade --options \'{"fives":true}\' --algo dqn --print-config',
        "The config DQN would train with there: defaults and the env's preset",
      )
      .example(
        '$0 train --env four-ten --algo dqn --config dqn.json --out runs/dqn-four-ten',
        'DQN on four-ten, config fields from a file',
      )
      .example(
        '$0 eval --env decade --agents runs/ppo-decade/best,longest --reference longest --seed 3000000000 ' +
          '--episodes 10000',
        'Compare the best model with a baseline on fresh deals',
      ),
  handler: async (args) => {
    if (!args.resume && args.env === undefined)
      throw new TengymError('bad-argument', 'train: name the env (--env ID); tengym envs lists them');
    if (!args.resume && args.algo === undefined)
      throw new TengymError('bad-argument', `train: name the algorithm (--algo ${algorithmNames().join('|')})`);
    checkNumberOption('steps', args.steps, { min: 1 });
    checkSeedOption('seed', args.seed, MAX_TRAIN_SEED);
    checkNumberOption('eval-every', args['eval-every'], { min: 1 });
    const noOut = () => new TengymError('bad-argument', 'train: name the run directory (--out DIR)');
    if (args.resume && args.out === undefined) throw noOut();
    // What the flags ask of the run, for --print-config and for training alike.
    const asked = {
      env: args.env,
      options: args.options === undefined ? undefined : parseOptionsJson(args.options),
      algo: args.algo,
      config: args.config === undefined ? undefined : readConfigFile(args.config),
      configSource: configSourceOf(args.config),
      steps: args.steps,
      seed: args.seed,
      evalEvery: args['eval-every'],
      resume: args.resume,
    };
    if (args['print-config']) {
      const { plannedRun } = await import('../../train/trainer.js');
      const planned = await plannedRun({ ...asked, out: args.out });
      writeLine(
        JSON.stringify(
          { env: planned.env.id, options: planned.env.options, algo: planned.algo, config: planned.config },
          null,
          2,
        ),
      );
      return;
    }
    const out = args.out;
    if (out === undefined) throw noOut();
    const json = args.json;
    const emit = (type: string, fields: Record<string, unknown>) => writeLine(JSON.stringify({ type, ...fields }));
    const bar = new ProgressBar({ json });
    bar.begin('loading TensorFlow.js');
    // Loaded here, not at the top: TensorFlow.js takes a moment to load, and the other commands do not need it.
    const { train } = await import('../../train/trainer.js');
    const { exitAfterWrites } = await import('../../node/model-files.js');
    let reference = '';
    // Ctrl-C (or a SIGTERM, as `kill` and batch schedulers stop a job): the run continues from
    // its last checkpoint with --resume. Heard from the start of training (onStart): before it, a
    // long synchronous set-up (Four Ten's exact solver, minutes) would hold a JavaScript handler
    // back, so Node's default stops it at once.
    // What a resume keeps: the checkpoint of the last evaluation (each writes one), not the steps trained since.
    let checkpointAt: number | null = null;
    let trainedTo = 0;
    let totalSteps = 0;
    /**
     * The env the run trains (known at its start: a resumed run's is the recorded one), whose figures the lines say.
     */
    let runEnv = asked.env ?? '';
    const interrupted = (signal: NodeJS.Signals) => {
      process.removeListener('SIGINT', interrupted);
      process.removeListener('SIGTERM', interrupted);
      bar.done();
      const resume = resumeCommand(out, args.resume ? args.steps : undefined);
      const kept =
        checkpointAt === null
          ? 'no checkpoint was written yet: it starts the run again'
          : `it continues from the last checkpoint, at ${checkpointAt} env ` +
            `steps${trainedTo > checkpointAt ? ` of the ${trainedTo} trained` : ''} ` +
            `(one is written at each evaluation: --eval-every)`;
      process.stderr.write(`\ninterrupted; resume with: ${resume}\n${kept}\n`);
      if (json) emit('interrupted', { out, signal, envSteps: trainedTo, checkpointEnvSteps: checkpointAt, resume });
      // A file being written (metrics, best/, the checkpoint's) is finished first: no temporary file is left.
      // 128 + the signal's number, as a shell reports a process it stopped.
      exitAfterWrites(signal === 'SIGTERM' ? 143 : 130);
    };
    // The listeners go whatever ends the run, an error too: a longer-lived process (a test, a script) keeps none.
    const summary = await train({
      ...asked,
      out,
      command: commandLine(),
      onProgress: (done, total, perSecond) => {
        trainedTo = done;
        bar.update(done, total, `${Math.round(perSecond)} steps/s`);
      },
      onSetup: (message) => {
        bar.done();
        if (json) emit('setup', { message });
        else writeLine(message);
      },
      onEvaluationProgress: (done, total, what) => bar.update(done, total, what),
      afterCheckpoint: (envSteps) => (checkpointAt = envSteps),
      onEvaluation: (row) => {
        bar.done();
        if (json) emit('evaluation', row);
        else writeLine(evaluationLine(row, reference, runEnv));
        // Drawn again at once: the next iteration's training shows as under way, not as nothing.
        if (trainedTo < totalSteps) bar.update(trainedTo, totalSteps, 'training');
      },
      onStart: (info) => {
        runEnv = info.env;
        checkpointAt = info.resumedFrom;
        trainedTo = info.resumedFrom ?? 0;
        totalSteps = info.config.totalSteps;
        process.once('SIGINT', interrupted);
        process.once('SIGTERM', interrupted);
        reference = info.config.evalReference;
        bar.done();
        const notes = startNotes(info, args.steps !== undefined);
        if (json) {
          emit('start', { out, tengymVersion: TENGYM_VERSION, ...info, notes });
          return;
        }
        writeLine(
          `${info.resumedFrom === null ? 'training' : `resuming at ${info.resumedFrom} env steps:`} ${info.algo} ` +
            `on ${info.env} ${JSON.stringify(info.options)} → ${out}`,
        );
        writeLine(`config ${JSON.stringify(info.config)}`);
        for (const note of notes) writeLine(note);
      },
    }).finally(() => {
      process.removeListener('SIGINT', interrupted);
      process.removeListener('SIGTERM', interrupted);
    });
    bar.done();
    const best = summary.best;
    const compare = best ? compareCommand(out, summary, best) : null;
    const notes = endNotes(summary, args.steps !== undefined || args.resume);
    if (json) {
      const { config: _config, options: _options, ...rest } = summary;
      emit('end', { ...rest, model: best ? `${out}/best` : null, compare, notes: [...notes.run, ...notes.model] });
      return;
    }
    for (const note of notes.run) writeLine(note);
    writeLine(
      `\n${summary.envSteps} env steps, ${summary.samples} decision samples. This session: ` +
        `${summary.sessionEnvSteps} ` +
        `env steps in ${summary.sessionSeconds.toFixed(1)} s = ` +
        (`${Math.round(summary.envStepsPerSecond)} env steps/s (${Math.round(summary.trainingEnvStepsPerSecond)} ` +
          `without evaluations and checkpoints), backend ${summary.backend}`),
    );
    if (best) {
      // The game's first held-out figure ("mean cards left 3.45", "mean rounds 5.23"; '–' where no deal was won).
      const first = figuresIn(envSpec(summary.env).game.result, 'eval')[0];
      const value = first === undefined ? undefined : (best[first.key] as number | undefined);
      const figure = first === undefined ? '' : `${first.label} ${num(Number.isNaN(value) ? null : value, 2)}`;
      writeLine(
        `best: ${pct(best.winRate)} [${pct(best.ci95[0])}, ${pct(best.ci95[1])}] at ${best.envSteps} env ` +
          `steps, ${figure}; ${best.reference.agent} ${pct(best.reference.winRate)}, ` +
          (`difference ${intervalText(best.vsReference.diff, best.vsReference.ci95)} ` +
            `points on the same ${plural(best.episodes, 'held-out deal')}`),
      );
      writeLine(`model: ${out}/best (compare on fresh deals: ${compare})`);
    }
    for (const note of notes.model) writeLine(note);
  },
};
