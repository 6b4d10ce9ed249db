/**
 * `tengym deal`: a deal for an app or a player, as `pickDeal` chooses it (a seed, the daily deal of a date, only
 * winnable ones, of a difficulty, ones that leave a move to choose), with whether it can be won and its difficulty;
 * and the flags `tengym play` shares to start on such a deal.
 */
import type { Argv, CommandModule } from 'yargs';
import {
  dailySeed,
  dealDifficulty,
  pickDeal,
  whyNotDay,
  whyWinnabilityUnknown,
  winnableBy,
  type DealChoice,
  type DealDifficulty,
  type PickedDeal,
} from '../../agents/deals.js';
import { kitOf } from '../../agents/modules.js';
import type { Env } from '../../env/env.js';
import { TengymError, isTengymError, plural } from '../../env/errors.js';
import { MAX_SEED } from '../../env/rng.js';
import { make } from '../../env/registry.js';
import { checkSeedOption, parseOptionsJson } from '../io.js';

/** The flags that choose a deal, as `deal` and `play` read them. */
export interface DealFlags {
  seed?: number;
  daily?: string;
  winnable: boolean;
  level?: string;
  playable: boolean;
}

const LEVELS = ['easy', 'medium', 'hard'] as const;

/** Adds the deal-choosing flags (`--daily`, `--winnable`, `--level`, `--playable`) to a command that has `--seed`. */
export function withDealFlags<T>(y: Argv<T>): Argv<T & DealFlags> {
  return y
    .option('daily', {
      type: 'string',
      describe: 'The daily deal of a day, "YYYY-MM-DD" or "today" (UTC): the same deal everywhere',
      conflicts: 'seed',
    })
    .option('winnable', {
      type: 'boolean',
      default: false,
      describe: 'Only a deal the exact solver wins: from the first seed on, the first that can be won',
    })
    .option('level', {
      type: 'string',
      choices: LEVELS,
      describe: "Only a winnable deal of this third of the env's winnable deals by difficulty (docs/apps.md)",
    })
    .option('playable', {
      type: 'boolean',
      default: false,
      describe: 'Only a deal that leaves a move to choose: forced moves alone play some deals to their end',
    }) as unknown as Argv<T & DealFlags>;
}

/** The day `--daily` names: "today" is the UTC day now. */
function dayOf(daily: string): string {
  return daily === 'today' ? new Date().toISOString().slice(0, 10) : daily;
}

/** Refuses a `--daily` that is neither "today" nor a day of the calendar ("2026-02-30" is none). */
export function checkDailyFlag(daily: string | undefined): void {
  if (daily === undefined || daily === 'today') return;
  const why = whyNotDay(daily);
  if (why !== null) throw new TengymError('bad-argument', `--daily takes a day "YYYY-MM-DD" or "today": ${why}`);
}

/** Seeds tried between two looks at the clock while a deal is sought. */
const DEAL_CHUNK = 10;

/**
 * `pickDeal` for the command line: seeds tried a few at a time, and after a second a line on stderr every second
 * saying how many were tried, so that a search with options that let few deals (or none) be won is not silent.
 */
function pickDealSaid(env: Env, choice: DealChoice): PickedDeal {
  const asked = choice.winnable === true || choice.level !== undefined || choice.playable === true;
  if (!asked) return pickDeal(env, choice);
  const first = choice.date !== undefined ? dailySeed(choice.date, env.id) : (choice.seed ?? 0);
  // The first chunk makes pickDeal's own checks (solver, level, options no deal can win) before any wait.
  const winnable = choice.winnable === true || choice.level !== undefined;
  // pickDeal's default.
  const tries = winnable && kitOf(env.game).cannotWin !== undefined ? 1_000_000 : 1000;
  const started = performance.now();
  let said = started;
  for (let done = 0; done < tries && first + done <= MAX_SEED; done += DEAL_CHUNK) {
    const chunk = Math.min(DEAL_CHUNK, tries - done, MAX_SEED - (first + done) + 1);
    try {
      const picked = pickDeal(env, { ...choice, date: undefined, seed: first + done, tries: chunk });
      if (said !== started) process.stderr.write('\n');
      return { ...picked, tries: done + picked.tries };
    } catch (e) {
      if (!(isTengymError(e) && / deal among \d+ seeds from /.test(e.message))) throw e;
    }
    const now = performance.now();
    if (now - said >= 1000) {
      said = now;
      process.stderr.write(
        `\rtengym: ${(done + chunk).toLocaleString('en-US')} of ${tries.toLocaleString('en-US')} seeds tried from ` +
          `${first}, none fits yet (${((now - started) / 1000).toFixed(0)} s; Ctrl-C stops)`,
      );
    }
  }
  if (said !== started) process.stderr.write('\n');
  const what = [choice.playable ? 'playable' : '', winnable ? 'winnable' : '', choice.level ?? '']
    .filter(Boolean)
    .join(' and ');
  throw new TengymError(
    'bad-argument',
    `no ${what} ${env.id} deal among ${tries.toLocaleString('en-US')} seeds from ${first}` +
      (winnable ? ': these options may let no deal be won (a small maxSteps, say)' : ''),
  );
}

/**
 * The deal the flags choose for env (env is left dealt with it), and how it was chosen in words ("the daily deal of
 * 2026-11-27, winnable"), with its difficulty where --level had it worked out (else null); `fresh` is the seed to
 * start from when neither --seed nor --daily is given.
 */
export function chooseDeal(
  env: Env,
  flags: DealFlags,
  fresh: () => number,
): { seed: number; chosen: string; difficulty: DealDifficulty | null } {
  checkDailyFlag(flags.daily);
  const choice: DealChoice = {
    winnable: flags.winnable,
    level: flags.level as DealChoice['level'],
    playable: flags.playable,
    ...(flags.daily !== undefined ? { date: dayOf(flags.daily) } : { seed: flags.seed ?? fresh() }),
  };
  if (choice.level === undefined) delete choice.level;
  const { seed, difficulty } = pickDealSaid(env, choice);
  env.reset({ seed });
  const asked = [
    flags.level,
    flags.winnable || flags.level !== undefined ? 'winnable' : '',
    flags.playable ? 'playable' : '',
  ].filter(Boolean);
  const chosen = [flags.daily !== undefined ? `the daily deal of ${dayOf(flags.daily)}` : `deal ${seed}`, ...asked];
  return { seed, chosen: chosen.join(', '), difficulty };
}

/** A difficulty in words: "easy: 0 traps in 3 decisions". */
export function difficultyText(difficulty: DealDifficulty): string {
  const traps = `${plural(difficulty.traps, 'trap')} in ${plural(difficulty.decisions, 'decision')}`;
  return difficulty.level === null ? traps : `${difficulty.level}: ${traps}`;
}

interface Args extends DealFlags {
  env: string;
  options?: string;
  json: boolean;
}

export const dealCommand: CommandModule<object, Args> = {
  command: 'deal',
  describe:
    'Choose a deal: a seed, the daily deal, only winnable ones, of a difficulty; whether it can be won and how hard',
  builder: (y) =>
    withDealFlags(
      y
        .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
        .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"undoLimit":3}'` })
        .option('seed', { type: 'number', describe: 'The first seed tried (default 0)' })
        .option('json', { type: 'boolean', default: false, describe: 'One JSON object instead of text' }),
    )
      .check((a) => {
        checkSeedOption('seed', a.seed);
        checkDailyFlag(a.daily);
        return true;
      })
      .example('$0 deal --env decade --daily today --winnable', "Today's winnable Decade deal")
      .example('$0 deal --env decade --seed 100 --level hard', 'The first hard winnable Decade deal from seed 100')
      .example(
        '$0 deal --env decade --seed 154 --winnable --playable',
        'The first winnable Decade deal from seed 154 that leaves a move to choose',
      ),
  handler: (args) => {
    const env = make(args.env, parseOptionsJson(args.options));
    const { seed, chosen, difficulty: picked } = chooseDeal(env, args, () => 0);
    const by = winnableBy(env);
    // A deal chosen by its level had its difficulty worked out (seconds on Pyramid): not worked out again.
    const difficulty = picked ?? (by === null ? null : dealDifficulty(env));
    const winnable = by === null ? null : difficulty !== null;
    if (args.json) {
      process.stdout.write(JSON.stringify({ env: env.id, seed, winnable, difficulty }) + '\n');
      return;
    }
    const optionsArg = args.options !== undefined ? ` --options '${args.options}'` : '';
    const can =
      winnable === null
        ? `whether it can be won is not known (${whyWinnabilityUnknown(env)})`
        : winnable
          ? `it can be won (${difficultyText(difficulty as DealDifficulty)})`
          : 'it cannot be won';
    process.stdout.write(
      `${env.id}, ${chosen}: seed ${seed}; ${can}.\nPlay it: tengym play --env ${env.id}${optionsArg} --seed ${seed}\n`,
    );
  },
};
