/**
 * `tengym start` (`npm start`): every shipped model against the baselines of its env, on the
 * same deals, in a bounded time.
 *
 * Each env (a row) plays its agents in turns (10 deals each at first, then about an eighth of its
 * share of the budget), so that all have played the same deals whenever its clock is read. The
 * first 100 deals time it: the pace after the first turn, free of the start-up costs (model
 * loads, solver tables), predicts the rest, and the row then plays the most deals of 100, 250,
 * 500, 1000 and 2000 that fit in its share of the budget (what is left of it over the rows left).
 * Before every turn the row checks that the turn still fits, and stops where it does not (a
 * machine that got busier), so the whole job takes about `--seconds` however slow a model or the
 * machine is: a slower row gets fewer deals, and says so.
 * Deal i is seed + i for every agent, so a row's figures are those of `tengym eval` on as
 * many deals, which its rerun line gives. `--episodes N` plays exactly N deals per row.
 */
import { availableParallelism } from 'node:os';
import type { CommandModule } from 'yargs';
import { agentsFor, simpleBaseline } from '../../agents/index.js';
import { SHIPPED_MODELS_DIR, shippedModelEnvs } from '../../node/resolve.js';
import { checkSeedFits } from '../../env/env.js';
import { TengymError, plural } from '../../env/errors.js';
import { envConfig, envSpec } from '../../env/registry.js';
import { emptyRows, type EpisodeRows } from '../../eval/episodes.js';
import {
  EvalPool,
  MAX_EVAL_EPISODES,
  buildReport,
  checkAgents,
  firstDeals,
  mergeRows,
  playDeals,
  type EvalReport,
  type PairedFigure,
} from '../../eval/evaluate.js';
import {
  SCREEN_WIDTH,
  checkNumberOption,
  checkSeedOption,
  intervalText,
  wrapCommand,
  wrapText,
  writeLine,
} from '../io.js';
import { ProgressLines } from '../progress.js';
import { recordedKeys } from '../../stats/figures.js';
import { evalTable } from './eval.js';

export { shippedModelEnvs };

interface Args {
  env?: string;
  episodes?: number;
  seed: number;
  seconds?: number;
  json: boolean;
}

/** The deal counts a row may play (the first is the timing run's). */
export const START_DEALS = [100, 250, 500, 1000, 2000] as const;

/** Deals each agent plays in its first turn, and at least in any other, between two reads of the row's clock. */
export const START_BLOCK = 10;

/** Deals each agent plays at most in one turn. */
const MAX_TURN = 500;

/** The whole job's budget by default, in seconds: `npm start` stays under 150 s on the 2-core machine. */
export const START_SECONDS = 120;

/**
 * The agents a shipped model is compared with: every fair baseline of its env except
 * `first` (random's twin in strength) and `pimc` (the dearest, shown in docs/agents.md's
 * ladder), plus the ceiling where one exists; the reference is the best simple heuristic.
 */
export function startAgents(envId: string): { agents: string[]; reference: string } {
  const names = agentsFor(envId)
    .filter((a) => a.name !== 'first' && a.name !== 'pimc' && (a.fair || a.ceiling))
    .map((a) => a.name);
  const simple = simpleBaseline(envConfig(envId));
  const reference = names.includes(simple) ? simple : names[0];
  return { agents: ['model', ...names], reference };
}

/**
 * The deals a row plays: the most of START_DEALS that it can finish within `budget` seconds,
 * having spent `seconds` on the first `done` deals and going on at `pace` seconds a deal
 * (every agent included); never fewer than `done`.
 */
export function dealsWithin(done: number, seconds: number, pace: number, budget: number): number {
  let deals = done;
  for (const n of START_DEALS) if (n > done && seconds + (n - done) * pace <= budget) deals = n;
  return deals;
}

interface PlayedRow {
  report: EvalReport;
  /** The row against its strongest fair baseline, where that is not the reference (null where it is). */
  strongest: EvalReport | null;
  seconds: number;
  /** Why the row played fewer than START_DEALS' largest count, when it did. */
  stopped?: string;
  /** The ceiling left out of the row, and why, when it was. */
  leftOut?: string;
  rerun: string;
}

/**
 * What a row says of the claim a shipped model makes, that it beats its env's best simple heuristic (the
 * reference: the bar it shipped over), and how it stands against the strongest fair baseline of the row where
 * that is another agent: the model's paired difference in win rate with each.
 */
export function claimLines(row: Pick<PlayedRow, 'report' | 'strongest'>): string[] {
  const versus = (report: EvalReport) => {
    const vs = modelVersus(report);
    return vs === undefined ? '–' : intervalText(vs.diff, vs.ci95);
  };
  const lines = [
    `claim: model − ${row.report.reference} (the best simple heuristic, the bar a model ships over): ` +
      `${versus(row.report)} points of win rate${resultVersus(row.report)}`,
  ];
  if (row.strongest !== null)
    lines.push(
      `and model − ${row.strongest.reference} (the strongest fair baseline here): ${versus(row.strongest)} ` +
        `points${resultVersus(row.strongest)}`,
    );
  return lines.map((line) => wrapText(line, SCREEN_WIDTH, '  '));
}

/**
 * The model against the reference in the game's own comparison after the win (`ResultSpec.compare`), where it is
 * over the deals both won (Four Ten's rounds, which tell players apart where every one wins): "; rounds: −2.100
 * [−2.600, −1.600] over the 10 deals both won (fewer is better)". Cards left, which the win rate mostly follows, are
 * left to `tengym eval`.
 */
function resultVersus(report: EvalReport): string {
  const result = envSpec(report.env).game.result;
  const { field, over, better } = result.compare;
  if (over !== 'won-by-both') return '';
  const model = report.results.find((r) => r.agent === 'model') as Record<string, unknown> | undefined;
  const vs = model?.[`${field}VsReference`] as PairedFigure | undefined;
  if (vs === undefined || vs.deals === 0) return '';
  const label = [...result.fields, ...(result.counters ?? [])].find((f) => f.key === field)?.label ?? field;
  const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;
  return (
    `; ${label}: ${intervalText(vs.diff, vs.ci95, signed)} over the ${plural(vs.deals ?? 0, 'deal')} both won ` +
    `(${better === 'lower' ? 'fewer' : 'more'} is better)`
  );
}

/** The model against the row's strongest fair baseline, for --json: its paired difference in win rate. */
function strongestFigure(
  report: EvalReport,
): { agent: string; diff: number; ci95: readonly [number | null, number | null] } | null {
  const vs = modelVersus(report);
  return vs === undefined ? null : { agent: report.reference, diff: vs.diff, ci95: vs.ci95 };
}

/** The model's paired difference in win rate with the report's reference. */
function modelVersus(report: EvalReport) {
  return report.results.find((r) => r.agent === 'model')?.vsReference;
}

/** One row: the timing run, then the rest of the deals agent by agent (or `fixed` deals), then the report. */
async function playRow(
  pool: EvalPool,
  envId: string,
  seed: number,
  budget: number,
  fixed: number | undefined,
  progress: ProgressLines,
  elapsed: () => number,
): Promise<PlayedRow> {
  const { agents: listed, reference } = startAgents(envId);
  let agents = listed;
  const env = envConfig(envId);
  await checkAgents(agents, env);
  const max = fixed ?? START_DEALS[START_DEALS.length - 1];
  const rows = new Map<string, EpisodeRows>(agents.map((a) => [a, emptyRows(max, recordedKeys(env.game.result))]));
  const seconds = new Map<string, number>(agents.map((a) => [a, 0]));
  // Each agent's seconds that count in the pace (the first turn's after the warm-up, then every turn's).
  const paced = new Map<string, number>(agents.map((a) => [a, 0]));
  const rowStart = performance.now();
  const rowSeconds = () => (performance.now() - rowStart) / 1000;
  const play = async (agent: string, from: number, to: number, units: { done: number; total: number }) => {
    const start = performance.now();
    const part = await playDeals(pool, { env, agent, seed }, from, to, (k) =>
      progress.update((units.done += k), units.total, `${envId} ${agent}`),
    );
    mergeRows(rows.get(agent)!, part, from);
    const took = (performance.now() - start) / 1000;
    seconds.set(agent, seconds.get(agent)! + took);
    return took;
  };

  // The agents take turns, a block of deals each, so that every agent has played the same deals whenever the
  // row's clock is read: a row whose share runs out stops between blocks with a fair comparison.
  let done = 0;
  let deals = fixed ?? START_DEALS[0];
  let stopped: string | undefined;
  // Every agent's seconds on the turns after the first (free of start-up costs: model loads, solver tables); until
  // there are some, the first turn's, start-up and all, which can only overstate the pace.
  let pacedSeconds = 0;
  let pacedDeals = 0;
  // The first turn's deals after each worker's first (its model load and tables): the pace until later turns give one.
  let firstSeconds = 0;
  let steadyDeals = START_BLOCK;
  /** A line of the row's progress, "[ 12 s] decade: …", within 100 columns. */
  const say = (text: string) =>
    progress.line(wrapText(`[${elapsed().toFixed(0).padStart(3)} s] ${envId}: ${text}`, SCREEN_WIDTH, '        '));
  const ceilings = agentsFor(envId)
    .filter((a) => a.ceiling)
    .map((a) => a.name);
  let leftOut: string | undefined;
  const pace = () => (pacedDeals > 0 ? pacedSeconds / pacedDeals : firstSeconds / steadyDeals);
  const units = { done: 0, total: deals * agents.length };
  while (done < deals) {
    // Past the first turn, a turn takes about an eighth of the share at the pace so far: a dear row reads its clock
    // often, a cheap one is not slowed by a turn every few milliseconds.
    const turn = done === 0 ? START_BLOCK : Math.min(MAX_TURN, Math.max(START_BLOCK, Math.floor(budget / 8 / pace())));
    const to = Math.min(deals, done + turn);
    const next = done > 0 ? Math.round(rowSeconds() + (to - done) * pace()) : 0;
    // A ceiling (an exact optimum, not a baseline) that alone keeps the row from its next turn is left out of it:
    // Four Ten's optimal took most of its row's share, which then stopped at its first 10 deals.
    const ceiling = agents.find((a) => ceilings.includes(a) && paced.get(a)! > 0);
    if (fixed === undefined && next > budget && ceiling !== undefined && done < START_DEALS[0]) {
      const cost = paced.get(ceiling)!;
      const share = pacedDeals > 0 ? pacedDeals : steadyDeals;
      if (pacedDeals > 0) pacedSeconds -= cost;
      else firstSeconds -= cost;
      agents = agents.filter((a) => a !== ceiling);
      units.total = deals * agents.length;
      const perDeal = (cost / share).toFixed(1);
      leftOut = `${ceiling} (the ceiling) left out after ${plural(done, 'deal')}, at ${perDeal} s a deal`;
      say(leftOut);
      continue;
    }
    if (fixed === undefined && next > budget) {
      stopped =
        `its ${Math.round(budget)} s share of the budget ran out after ${done} deals; ${to} would take about ` +
        `${next} s` +
        (done > START_DEALS[0] ? ': the machine got slower than when the row was timed' : '');
      break;
    }
    let blockSeconds = 0;
    if (done === 0) {
      // A deal per worker first, whose start-up (a model's load, a solver's tables: 25 s of Four Ten's first turn on
      // a busy machine) would otherwise count in the pace and stop the row at its first turn.
      const warm = Math.max(0, Math.min(pool.size, to - 1));
      for (const agent of agents) {
        if (warm > 0) await play(agent, 0, warm, units);
        const took = await play(agent, warm, to, units);
        firstSeconds += took;
        paced.set(agent, took);
      }
      steadyDeals = to - warm;
    } else {
      if (pacedDeals === 0) for (const agent of agents) paced.set(agent, 0);
      for (const agent of agents) {
        const took = await play(agent, done, to, units);
        blockSeconds += took;
        paced.set(agent, paced.get(agent)! + took);
      }
      pacedSeconds += blockSeconds;
      pacedDeals += to - done;
    }
    done = to;
    if (fixed === undefined && done === START_DEALS[0]) {
      // Timed: the row plays the most deals that fit in its share at this pace.
      deals = dealsWithin(done, rowSeconds(), pace(), budget);
      units.total = deals * agents.length;
      const more = START_DEALS.find((n) => n > deals);
      const moreSeconds = more === undefined ? 0 : Math.round(rowSeconds() + (more - done) * pace());
      if (more !== undefined)
        stopped =
          `${more} deals would take about ${moreSeconds} s, past this env's ${Math.round(budget)} s share of the ` +
          'budget';
      say(
        `${deals} deals fit in its ${Math.round(budget)} s share of the budget, at ${(1000 * pace()).toFixed(1)} ` +
          `ms a deal for all ${agents.length} agents` +
          (more !== undefined ? ` (${more} would take about ${moreSeconds} s)` : ''),
      );
    }
  }
  deals = done;
  for (const agent of agents) say(`${agent} played ${plural(deals, 'deal')} in ${seconds.get(agent)!.toFixed(1)} s`);
  progress.done();
  const played = agents.map((agent) => ({
    agent,
    rows: firstDeals(rows.get(agent)!, deals),
    seconds: seconds.get(agent)!,
  }));
  const report = buildReport(env, seed, reference, played);
  // The strongest fair baseline of the row, where it is not the reference: the model is measured against it too.
  const referenceRate = report.results.find((r) => r.agent === reference)!.winRate;
  const strongest = report.results
    .filter((r) => r.agent !== 'model' && r.fair !== false && !r.ceiling && r.winRate > referenceRate)
    .sort((a, b) => b.winRate - a.winRate)[0];
  return {
    report,
    strongest: strongest === undefined ? null : buildReport(env, seed, strongest.agent, played),
    seconds: rowSeconds(),
    stopped,
    leftOut,
    rerun:
      `tengym eval --env ${envId} --agents ${agents.join(',')} --episodes ${deals} ` +
      `--seed ${seed} --reference ${reference}`,
  };
}

export const startCommand: CommandModule<object, Args> = {
  command: 'start',
  describe:
    'The main job (npm start): every shipped model against the baselines of its env, on the same deals, in a ' +
    'minute or two on a 2-core machine',
  builder: (y) =>
    y
      .option('env', { type: 'string', describe: 'Only this env (default: every env with a model in models/)' })
      .option('episodes', {
        type: 'number',
        describe: `Deals per env, exactly (default: ${START_DEALS.join(', ')}…, as many as fit in the budget)`,
      })
      .option('seconds', {
        type: 'number',
        describe: `Budget of the whole job, shared out among the envs (default ${START_SECONDS}); not with --episodes`,
      })
      .option('seed', { type: 'number', default: 123, describe: 'Seed of the first deal' })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print { seed, budgetSeconds, seconds, envs: [{ env, options, episodes, seed, reference, results, ' +
          'seconds, stopped?, leftOut?, strongest?: { agent, diff, ci95 }, rerun }] }',
      })
      .check((a) => {
        checkNumberOption('episodes', a.episodes, {
          min: 1,
          max: MAX_EVAL_EPISODES,
          maxWhy: "each deal's result is kept in memory",
        });
        checkNumberOption('seconds', a.seconds, { integer: false, above: true });
        // --episodes fixes the deals, so a budget would be ignored: refused, as bench refuses its other mode's flags.
        if (a.episodes !== undefined && a.seconds !== undefined)
          throw new TengymError(
            'bad-argument',
            '--seconds goes without --episodes: --episodes N plays exactly N deals per env, --seconds S as ' +
              'many as fit in S seconds',
          );
        checkSeedOption('seed', a.seed);
        const most = START_DEALS[START_DEALS.length - 1];
        checkSeedFits(
          a.seed,
          a.episodes ?? most,
          a.episodes === undefined ? `the up to ${most} deals a row plays` : `--episodes ${a.episodes}`,
          '--seed',
        );
        return true;
      })
      .example('$0 start', 'Every shipped model against its baselines (npm start)')
      .example('$0 start --env four-ten --episodes 2000 --json', 'One env on a fixed 2,000 deals, as JSON'),
  handler: async (args) => {
    const envs = args.env === undefined ? shippedModelEnvs() : [envSpec(args.env).id];
    if (args.env !== undefined && !shippedModelEnvs().includes(envs[0])) {
      throw new TengymError(
        'bad-argument',
        `no model is shipped for ${envs[0]}; envs with a model: ${shippedModelEnvs().join(', ')} (tengym eval ` +
          `--env ${envs[0]} --agents … compares its baselines)`,
      );
    }
    if (envs.length === 0) {
      writeLine(`tengym: no model is shipped in ${SHIPPED_MODELS_DIR}`);
      return;
    }
    const started = performance.now();
    const elapsed = () => (performance.now() - started) / 1000;
    const seconds = args.seconds ?? START_SECONDS;
    const progress = new ProgressLines(args.json);
    if (!args.json) {
      const deals =
        args.episodes === undefined
          ? `up to ${START_DEALS[START_DEALS.length - 1]} deals per env (as many of ${START_DEALS.join(', ')} ` +
            `as fit in its share of ${seconds} s)`
          : `${plural(args.episodes, 'deal')} per env`;
      writeLine(
        `${wrapText(
          `tengym: the shipped models against the baselines, ${deals} from seed ${args.seed}, the same deals ` +
            'for every agent',
          SCREEN_WIDTH,
          '  ',
        )}\n`,
      );
    }
    const pool = new EvalPool(availableParallelism());
    const played: PlayedRow[] = [];
    try {
      for (let k = 0; k < envs.length; k++) {
        const env = envs[k];
        const budget = (seconds - elapsed()) / (envs.length - k);
        const row = await playRow(pool, env, args.seed, budget, args.episodes, progress, elapsed);
        played.push(row);
        if (args.json) continue;
        writeLine(
          wrapText(
            `${env}  (model = models/${env}/) · ${plural(row.report.episodes, 'deal')}` +
              (row.stopped ? ` (${row.stopped})` : '') +
              (row.leftOut ? `; ${row.leftOut}` : ''),
            SCREEN_WIDTH,
            '  ',
          ),
        );
        // The notes under the table wrapped as the claim is, within 100 columns.
        const table = evalTable(row.report, { compact: true }).split('\n');
        writeLine(
          table.map((line) => (line.startsWith('note: ') ? wrapText(line, SCREEN_WIDTH, '  ') : line)).join('\n'),
        );
        writeLine(claimLines(row).join('\n'));
        writeLine(`${wrapCommand(`rerun: ${row.rerun}`)}\n`);
      }
    } finally {
      await pool.close();
    }
    if (args.json) {
      writeLine(
        JSON.stringify({
          seed: args.seed,
          budgetSeconds: args.episodes === undefined ? seconds : null,
          seconds: elapsed(),
          envs: played.map((r) => ({
            ...r.report,
            seconds: r.seconds,
            ...(r.stopped ? { stopped: r.stopped } : {}),
            ...(r.leftOut ? { leftOut: r.leftOut } : {}),
            ...(r.strongest ? { strongest: strongestFigure(r.strongest) } : {}),
            rerun: r.rerun,
          })),
        }),
      );
      return;
    }
    writeLine(`${plural(played.length, 'env')} in ${elapsed().toFixed(0)} s`);
  },
};
