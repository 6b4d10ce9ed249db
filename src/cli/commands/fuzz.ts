import type { CommandModule } from 'yargs';
import { envIds, envSpec } from '../../env/registry.js';
import { fuzzEnv, type FuzzReport } from '../../env/fuzz.js';
import {
  checkNoOptionsForEvery,
  checkNumberOption,
  checkSeedOption,
  formatTable,
  parseOptionsJson,
  writeLine,
} from '../io.js';
import { ProgressLines } from '../progress.js';
import { TENGYM_VERSION } from '../../node/version.js';

/** The most steps `tengym fuzz` takes per env id: ten times the documented run, tens of minutes per id. */
export const MAX_FUZZ_STEPS = 100_000_000;

interface Args {
  env: string;
  options?: string;
  steps: number;
  seed: number;
  json: boolean;
}

const count = (x: number) => x.toLocaleString('en-US');

/** What the table's columns count, printed below it: the figures mean little without it. */
export const FUZZ_COLUMNS = [
  'rejected inputs: illegal or malformed actions, seeds, decks and options, each refused, the env unchanged.',
  'round trips, clones: states saved as JSON and loaded again, and clones, each played on beside the original.',
  "corrupted states: one random change to a state's JSON (a value replaced, an entry removed or doubled),",
  '  refused when it breaks a rule of the game (a card twice, a code that is no card), accepted when it still',
  '  describes a consistent game (a move count one higher), which then plays on with every invariant checked.',
  'violations: an invariant broken, or a refusal that is not a bad-state error or that changed the env.',
].join('\n');

export function fuzzTable(reports: FuzzReport[]): string {
  return formatTable(
    [
      'env',
      'steps',
      'episodes',
      'rejected inputs',
      'round trips',
      'clones',
      'corrupted states (refused/accepted)',
      'vector batches',
      'violations',
      's',
    ],
    reports.map((r) => [
      r.env,
      count(r.steps),
      count(r.episodes),
      count(r.rejectedInputs),
      count(r.roundTrips),
      count(r.clones),
      `${count(r.corruptedStates.refused)}/${count(r.corruptedStates.accepted)}`,
      count(r.vectorBatches),
      count(r.violations),
      r.seconds.toFixed(1),
    ]),
  );
}

export const fuzzCommand: CommandModule<object, Args> = {
  command: 'fuzz',
  describe:
    'Fuzz the envs: random legal and illegal actions, state round trips, clones, corrupted states and vector ' +
    'batches, every invariant checked after every step',
  builder: (y) =>
    y
      .option('env', {
        type: 'string',
        demandOption: true,
        describe: 'Env id, or "all" for every id with its defaults, one after the other (--options goes with one id)',
      })
      .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"undoLimit":3}'` })
      .option('steps', { type: 'number', default: 1_000_000, describe: 'Legal steps per env id' })
      .option('seed', { type: 'number', default: 0, describe: 'Seed of the fuzzing driver' })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print [{ tengymVersion, env, options, seed, steps, episodes, rejectedInputs, roundTrips, clones, ' +
          'corruptedStates, disagreements, vectorBatches, violations, firstViolations, seconds }]',
      })
      .check((a) => {
        checkNumberOption('steps', a.steps, { min: 1, max: MAX_FUZZ_STEPS, maxWhy: 'tens of minutes per env id' });
        checkSeedOption('seed', a.seed);
        if (a.env === 'all') checkNoOptionsForEvery(a.options, '--env all');
        return true;
      })
      .example(
        '$0 fuzz --env all --steps 10000000',
        'Ten million fuzzed steps per id (the figure in docs/environments.md)',
      )
      .example(
        `$0 fuzz --env tens --options '{"undoLimit":"unlimited"}' --steps 100000 --seed 7`,
        'One variant, another driver seed',
      ),
  handler: (args) => {
    const options = parseOptionsJson(args.options);
    const ids = args.env === 'all' ? envIds() : [envSpec(args.env).id];
    const progress = new ProgressLines(args.json);
    const reports: FuzzReport[] = [];
    for (const id of ids) {
      const report = fuzzEnv({
        env: id,
        options,
        steps: args.steps,
        seed: args.seed,
        onProgress: (steps) => progress.update(steps, args.steps, id),
      });
      progress.line(
        `${id}: ${count(report.steps)} steps, ${count(report.violations)} violations, ${report.seconds.toFixed(1)} s`,
      );
      reports.push(report);
    }
    progress.done();
    if (args.json) writeLine(JSON.stringify(reports.map((r) => ({ tengymVersion: TENGYM_VERSION, ...r }))));
    else {
      writeLine(`${fuzzTable(reports)}\n\n${FUZZ_COLUMNS}`);
      for (const r of reports) for (const message of r.firstViolations) writeLine(`violation: ${message}`);
    }
    if (reports.some((r) => r.violations > 0)) process.exitCode = 1;
  },
};
