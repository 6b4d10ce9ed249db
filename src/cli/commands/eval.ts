import type { CommandModule } from 'yargs';
import { checkSeedFits } from '../../env/env.js';
import { TengymError, plural } from '../../env/errors.js';
import { envConfig, envSpec } from '../../env/registry.js';
import {
  MAX_EVAL_EPISODES,
  buildReport,
  envOfModels,
  evaluate,
  sameAgent,
  type AgentResult,
  type EnvOfModelsWords,
  type EvalReport,
  type PairedFigure,
  type PlayedAgent,
  type PlayedEnv,
} from '../../eval/evaluate.js';
import { figuresIn } from '../../stats/figures.js';
import { TENGYM_VERSION } from '../../node/version.js';
import {
  checkNumberOption,
  exitAfterOutput,
  checkSeedOption,
  formatTable,
  intervalText,
  noteSlowFirstMoves,
  noteUnwinnable,
  parseOptionsJson,
  pct,
  writeLine,
} from '../io.js';
import { ProgressBar } from '../progress.js';

interface Args {
  env?: string;
  options?: string;
  agents: string;
  episodes: number;
  seed: number;
  'first-deal': number;
  reference?: string;
  workers?: number;
  json: boolean;
  'per-deal': boolean;
}

const signed3 = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

/**
 * A report as a table: each agent's win rate, the game's own figures (`Game.result`), its length, and
 * the paired differences from the reference: in win rate, then in what the game compares players by
 * (the cards left; the rounds, over the deals both won).
 */
export function evalTable(report: EvalReport, { compact = false }: { compact?: boolean } = {}): string {
  const result = envSpec(report.env).game.result;
  // Compact: the first figure alone (Four Ten's mean rounds), so that the row fits 100 columns.
  const figures = figuresIn(result, 'report').slice(0, compact ? 1 : undefined);
  const { field, over } = result.compare;
  const label = [...result.fields, ...(result.counters ?? [])].find((f) => f.key === field)?.label ?? field;
  // Compact (tengym start's rows): the win rates and their comparison, within a terminal's width.
  const header = [
    'agent',
    'win rate',
    '95% interval',
    ...figures.map((f) => f.label),
    ...(compact ? [] : ['steps/game', 'decisions/game']),
    `win rate − ${report.reference} (points, 95%)`,
    ...(compact ? [] : [`${label} − ${report.reference} (${over === 'won-by-both' ? 'both won, ' : ''}95%)`]),
    's',
  ];
  const rows = report.results.map((r: AgentResult) => [
    r.agent,
    pct(r.winRate),
    `${pct(r.ci95[0])} – ${pct(r.ci95[1])}`,
    ...figures.map((f) => fmt(r[f.key] as number | undefined, f.digits)),
    ...(compact ? [] : [fmt(r.meanSteps, 1), fmt(r.meanDecisions, 1)]),
    r.vsReference ? intervalText(r.vsReference.diff, r.vsReference.ci95) : '(reference)',
    ...(compact ? [] : [compareColumn(r[`${field}VsReference`] as PairedFigure | undefined)]),
    r.seconds.toFixed(1),
  ]);
  // Which folder each model row played, as it resolved here (a name is looked for in the current folder first).
  const table = [
    formatTable(header, rows),
    ...report.results.filter((r) => r.model).map((r) => modelNote(r.agent, r.model!)),
    ...report.results.flatMap((r) => kindNote(r) ?? []),
  ].join('\n');
  if (report.episodes < FEW_DEALS)
    return report.results.length > 1 ? `${table}\n${fewDealsNote(report.episodes)}` : table;
  const notes = report.results.flatMap((r) =>
    r.vsReference === undefined ? [] : (widthNote(r.agent, r.vsReference, report) ?? []),
  );
  return notes.length === 0 ? table : `${table}\n${notes.join('\n')}`;
}

/**
 * A model row's folder, resolved, with the start of its hash and its training ("models/decade loaded
 * /home/me/models/decade (sha256 3f2a…, distill, 12000445 steps)"; the row `model` reads "model loaded …").
 */
function modelNote(agent: string, model: NonNullable<AgentResult['model']>): string {
  const how = [
    `sha256 ${model.sha256.slice(0, 12)}…`,
    model.algorithm,
    model.steps === undefined ? undefined : `${model.steps} steps`,
  ].filter((x) => x !== undefined);
  return `${agent} loaded ${model.path} (${how.join(', ')})`;
}

/**
 * What a row is that a reader must not take for a rival (the table's names alone do not say): an agent that sees hidden
 * cards, or the exact optimum.
 */
function kindNote(r: AgentResult): string | null {
  if (r.fair === false)
    return (
      `note: ${r.agent} is not a fair player: it sees what a player cannot (tengym agents says what), so its ` +
      `row bounds the fair ones from above`
    );
  if (r.ceiling) return `note: ${r.agent} is the exact optimum: the ceiling a fair player can reach, not a baseline`;
  return null;
}

/** Below this many deals that the two players end differently, the paired interval is said to mean little. */
export const FEW_DIFFERING = 10;

/**
 * The paired interval rests on the deals the two players end differently, not on all of them:
 * with none it has no width (+0.00 [+0.00, +0.00] on 300 deals), and with every deal going the
 * same way neither (−100.00 [−100.00, −100.00]), which must not read as certainty. Null when the
 * interval stands.
 */
function widthNote(agent: string, vs: NonNullable<AgentResult['vsReference']>, report: EvalReport): string | null {
  const { differing } = vs;
  if (differing === 0)
    return (
      `note: ${agent} and ${report.reference} won and lost the same ${report.episodes} deals: the paired ` +
      `interval has no width, and says nothing of other deals`
    );
  if (differing < FEW_DIFFERING)
    return (
      `note: ${agent} and ${report.reference} differ on only ${differing} of ${report.episodes} deals (one won, ` +
      `the other lost): the paired interval, a normal approximation, means little below ${FEW_DIFFERING} such ` +
      `deals`
    );
  if (vs.ci95[0] === vs.ci95[1])
    return (
      `note: ${agent} and ${report.reference} ended every one of the ${report.episodes} deals the same way ` +
      `round (one won, the other lost): the paired interval, a normal approximation, has no width then, which ` +
      `is not certainty`
    );
  return null;
}

/** Below this many deals the paired interval, a normal approximation, is said to mean little. */
export const FEW_DEALS = 30;

/** On 3 deals that each differ by one win the interval is [+100, +100]: a table must not let that read as certainty. */
function fewDealsNote(episodes: number): string {
  return (
    `note: the paired intervals on ${plural(episodes, 'deal')} mean little (a normal approximation, which wants ` +
    `${FEW_DEALS} or more; on a few deals it can have no width)`
  );
}

/** The game's comparison with the reference, with its interval; '–' when no deal was won by both. */
function compareColumn(d: PairedFigure | undefined): string {
  if (!d) return '(reference)';
  return d.deals === 0 ? '–' : intervalText(d.diff, d.ci95, signed3);
}

/** The options with the id's preset and defaults filled in, as a report shows them. */
function fmt(x: number | undefined, digits: number): string {
  return x === undefined || Number.isNaN(x) ? '–' : x.toFixed(digits);
}

/**
 * A report as --json prints it: the tengym version that played it first, and each result's
 * `seconds` (the table's `s` column: the wall time of its deals, to the millisecond), the one
 * field that differs between runs of the same seed.
 */
function jsonReport(report: EvalReport): object {
  const startup =
    report.startupSeconds === undefined ? {} : { startupSeconds: Number(report.startupSeconds.toFixed(3)) };
  return {
    ...report,
    ...startup,
    results: report.results.map((r) => ({ ...r, seconds: Number(r.seconds.toFixed(3)) })),
  };
}

/**
 * What a stopped `tengym eval` says: how many agents finished, and which one was playing, at how
 * many deals. evaluate plays the reference first, then the others in --agents' order; `progress` is
 * the last the progress reported, which is the running agent's only once it names it (a slow
 * agent's first deals report nothing yet, and the one before it was at all its deals).
 */
export function interruptedSentence(
  agents: readonly string[],
  reference: string,
  finished: readonly string[],
  episodes: number,
  progress: { agent: string; deals: number },
  how = 'interrupted',
): string {
  const running = [reference, ...agents.filter((a) => a !== reference)].find((a) => !finished.includes(a));
  const at =
    running === undefined
      ? ''
      : ` (${running} was at ${progress.agent === running ? progress.deals : 0} of ${episodes})`;
  return `${how}: ${finished.length} of ${agents.length} agents played all ${plural(episodes, 'deal')}${at}`;
}

/** --agents as names; an empty entry (`random,,first`, a trailing comma) is refused, as --actions refuses one. */
export function agentList(text: string): string[] {
  const names = text.split(',').map((a) => a.trim());
  const empty = names.findIndex((a) => a.length === 0);
  if (empty >= 0)
    throw new TengymError(
      'bad-argument',
      `--agents "${text}": entry ${empty + 1} is empty; give agent names separated by commas, e.g. random,longest`,
    );
  return names;
}

/** What `envOfModels` asks for, in the command line's words. */
const CLI_WORDS: EnvOfModelsWords = {
  env: '--env',
  agents: '--agents',
  give: 'give --env ID (tengym envs lists the ids)',
};

/** "models/decade" or "models/decade and runs/x/best": the models an env was taken from. */
function modelsShown(models: readonly string[]): string {
  return models.length === 1 ? models[0] : `${models.slice(0, -1).join(', ')} and ${models[models.length - 1]}`;
}

/**
 * The line above a report's table: the env and its options (and the models it was taken from), the deals, and that
 * every agent played the same.
 */
function reportHeading(report: EvalReport, fromModels: readonly string[]): string {
  const source =
    fromModels.length === 0
      ? ''
      : ` (the env ${modelsShown(fromModels)} ${fromModels.length === 1 ? 'was' : 'were'} trained for)`;
  const deals =
    report.firstDeal === 0
      ? `${plural(report.episodes, 'deal')} from seed ${report.seed}`
      : `deals ${report.firstDeal} to ${report.firstDeal + report.episodes - 1} of the run from seed ${report.seed}`;
  return `${report.env} ${JSON.stringify(report.options)}${source} · ${deals} · same deals for every agent`;
}

export const evalCommand: CommandModule<object, Args> = {
  command: 'eval',
  describe: 'Play several agents on the same seeded deals and compare them, with 95% intervals',
  builder: (y) =>
    y
      .usage(
        [
          '$0 eval [--env ID] [--options JSON] --agents a,b,… [--episodes N] [--seed S] [--first-deal I] ' +
            '[--reference NAME] [--workers N] [--json [--per-deal]]',
          '',
          'Plays every agent on the same deals (deal i is seed + i) and compares each with the reference.',
          '--env may be left out when an agent is a model directory (model.json + weights.bin): the env',
          'is then the one the model was trained for, with its options unless --options is given. Models',
          'trained for different envs are refused.',
        ].join('\n'),
      )
      .option('env', {
        type: 'string',
        describe: 'Env id (default: the env the model directories in --agents were trained for)',
      })
      .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"discard":"optional"}'` })
      .option('agents', {
        type: 'string',
        alias: 'agent',
        demandOption: true,
        describe:
          'Comma-separated agent names (tengym agents --env ID lists them), model directories, or .mjs/.js ' +
          'files whose default export is an agent of your own (played in the main thread); --agent NAME for ' +
          'one',
      })
      .option('episodes', { type: 'number', default: 1000, describe: 'Deals each agent plays (deal i uses seed + i)' })
      .option('seed', { type: 'number', default: 0, describe: 'Seed of the first deal' })
      .option('first-deal', {
        type: 'number',
        default: 0,
        describe:
          'Play deals I … I + N − 1 of the run from --seed, each as that run plays it (deal i: seed + i, ' +
          "agents reset as there): a run split into parts, each part's deals as in the whole",
      })
      .option('reference', {
        type: 'string',
        describe: 'Agent the others are compared with, paired on each deal (default: the first)',
      })
      .option('workers', {
        type: 'number',
        describe: 'Worker threads (default: one per core; 0 plays in the main thread)',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print { tengymVersion, env, options, episodes, seed, firstDeal, reference, startupSeconds, ' +
          'results: [{ agent, fair, ceiling?, model?, winRate, ci95, meanSteps, meanDecisions, …, seconds }] ' +
          "}, seconds being the wall time of the agent's deals (the table's s column), the worker threads' " +
          "start apart in startupSeconds; a model folder's model: { path, sha256, files, algorithm, steps, " +
          'command }; after Ctrl-C, the agents that finished, with interrupted: true',
      })
      .option('per-deal', {
        type: 'boolean',
        default: false,
        describe:
          "With --json: each result's deals, { won, the game's own numbers (cardsLeft; rounds, points, faults), " +
          'steps, decisions }, an array each, deal --first-deal + i at index i',
      })
      .check((a) => {
        checkNumberOption('episodes', a.episodes, {
          min: 1,
          max: MAX_EVAL_EPISODES,
          maxWhy: "each deal's result is kept in memory",
        });
        checkSeedOption('seed', a.seed);
        checkNumberOption('first-deal', a['first-deal'], { min: 0 });
        checkSeedFits(
          a.seed,
          a['first-deal'] + a.episodes,
          a['first-deal'] === 0
            ? `--episodes ${a.episodes}`
            : `--first-deal ${a['first-deal']} and --episodes ${a.episodes}`,
          '--seed',
        );
        checkNumberOption('workers', a.workers);
        if (a['per-deal'] && !a.json)
          throw new TengymError('bad-argument', '--per-deal adds each deal to the --json report; give --json with it');
        return true;
      })
      .example(
        '$0 eval --env decade --agents random,longest --episodes 10000 --reference longest',
        'Compare two baselines on 10,000 deals',
      )
      .example(
        '$0 eval --env decade --agents pimc,longest --episodes 500 --json --per-deal',
        "The same, with every deal's record to pair or test yourself",
      )
      .example(
        '$0 eval --env decade --agents pimc,longest --episodes 250 --first-deal 250 --json --per-deal',
        'Its second half alone (on another machine): deal for deal as in the whole run',
      )
      .example(
        '$0 eval --agents models/decade,longest --episodes 200',
        'A model against a baseline on the env it was trained for (decade)',
      )
      .example(
        '$0 eval --env decade --agents ./mine.mjs,longest --reference longest',
        'Your own agent (export default { name, fair, reset(seed), act(env) }) against a baseline',
      ),
  handler: async (args) => {
    const bar = new ProgressBar({ json: args.json });
    const named: PlayedEnv | null =
      args.env === undefined
        ? null
        : { env: envSpec(args.env).id, options: parseOptionsJson(args.options), fromModels: [] };
    const agents = agentList(args.agents);
    // An empty --options (a script's unset variable) gives none, as it gives the defaults with --env.
    const optionsGiven =
      args.options === undefined || args.options.trim() === '' ? undefined : parseOptionsJson(args.options);
    const { env, options, fromModels } = named ?? (await envOfModels(agents, optionsGiven, CLI_WORDS));
    let played: readonly PlayedAgent[] = [];
    // The worker threads' start, once they have started: a report cut short carries it as a whole one does.
    let startupSeconds: number | undefined;
    let current = '';
    let dealsDone = 0;
    // The reference as --agents spells it. evaluate plays it first: any agent finished means it has.
    const reference = () =>
      agents.find((a) => sameAgent(a, args.reference ?? agents[0])) ?? args.reference ?? agents[0];
    // The agents that finished their deals, as a table (with --json, as the report's JSON, marked interrupted), after
    // the sentence saying `how` the run stopped.
    const printPlayed = (how: string) => {
      bar.done();
      const sentence = interruptedSentence(
        agents,
        reference(),
        played.map((p) => p.agent),
        args.episodes,
        { agent: current, deals: dealsDone },
        how,
      );
      const config = envConfig(env, options);
      const report: EvalReport =
        played.length > 0
          ? buildReport(
              config,
              args.seed,
              reference(),
              [...played],
              args['per-deal'],
              args['first-deal'],
              startupSeconds,
            )
          : {
              tengymVersion: TENGYM_VERSION,
              env: config.id,
              options: config.options,
              episodes: args.episodes,
              seed: args.seed,
              firstDeal: args['first-deal'],
              reference: reference(),
              ...(startupSeconds === undefined ? {} : { startupSeconds }),
              results: [],
            };
      if (args.json) {
        process.stderr.write(`${sentence}\n`);
        writeLine(JSON.stringify({ ...jsonReport(report), interrupted: true }));
      } else {
        writeLine(`\n${sentence}`);
        if (played.length > 0) writeLine(`${reportHeading(report, fromModels)}\n\n${evalTable(report)}`);
      }
    };
    // Ctrl-C (or a SIGTERM, as `kill` and batch schedulers stop a job): what was played, before exiting.
    let stopping = false;
    const interrupted = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      printPlayed('interrupted');
      // 128 + the signal's number, as a shell reports a process it stopped.
      exitAfterOutput(signal === 'SIGTERM' ? 143 : 130);
    };
    process.once('SIGINT', interrupted);
    process.once('SIGTERM', interrupted);
    // Removed whatever ends the run, a refusal too: a longer-lived process (a test, a script) keeps no listener.
    const stopListening = () => {
      process.removeListener('SIGINT', interrupted);
      process.removeListener('SIGTERM', interrupted);
    };
    const config = envConfig(env, options);
    noteUnwinnable(config);
    noteSlowFirstMoves(config, agents, args.workers === 0);
    let report: EvalReport;
    bar.begin('starting');
    try {
      report = await evaluate(
        {
          env,
          options,
          agents,
          episodes: args.episodes,
          seed: args.seed,
          firstDeal: args['first-deal'],
          reference: args.reference,
          workers: args.workers,
          perDeal: args['per-deal'],
        },
        (done, total, agent) => {
          current = agent;
          dealsDone = done - played.length * args.episodes;
          bar.update(done, total, agent);
        },
        (p, startup) => {
          played = p;
          startupSeconds = startup;
        },
      );
    } catch (e) {
      // An agent that fails after others finished (an agent of one's own, most often) loses its run only: what was
      // played is printed before the error.
      if (played.length > 0 && !stopping) {
        printPlayed('stopped by the error below');
        // All of it out (a pipe takes a long report in parts) before the error exits the process.
        await new Promise((resolve) => process.stdout.write('', resolve));
      }
      stopListening();
      throw e;
    }
    stopListening();
    // Interrupted: its report is out, and the process exits once it has gone.
    if (stopping) return;
    bar.done();
    if (args.json) {
      writeLine(JSON.stringify(jsonReport(report)));
      return;
    }
    writeLine(`${reportHeading(report, fromModels)}\n`);
    writeLine(evalTable(report));
  },
};
