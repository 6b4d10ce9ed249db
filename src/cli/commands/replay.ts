/**
 * `tengym replay`: plays a deal with given actions, a simple policy or any agent, and prints
 * the game as JSON Lines (see src/env/playthrough.ts for the line format).
 */
import type { CommandModule } from 'yargs';
import type { Agent } from '../../agents/agent.js';
import { makeBasicPolicy, BASIC_POLICIES, type BasicPolicyName } from '../../agents/basic.js';
import type { Env } from '../../env/env.js';
import { AgentThrewError, TengymError } from '../../env/errors.js';
import { playthrough } from '../../env/playthrough.js';
import { envConfig, make } from '../../env/registry.js';
import { MAX_SEED, deriveSeed } from '../../env/rng.js';
import { resolveAgent } from '../../node/resolve.js';
import { checkSeedOption, parseActionList, parseOptionsJson, writeLine } from '../io.js';

export interface ReplayArgs {
  env: string;
  options?: string;
  seed?: number;
  deck?: string;
  actions?: string;
  policy?: BasicPolicyName;
  'policy-seed'?: number;
  agent?: string;
  deal?: number;
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay',
  describe: 'Play a deal with given actions or a policy, printing JSON Lines of every step',
  builder: (y) =>
    y
      .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
      .option('options', { type: 'string', describe: `Env options as JSON, e.g. '{"tableau":15}'` })
      .option('seed', {
        type: 'number',
        describe: 'Deal seed (with four-ten and --deck: the seed of the rounds after the given decks)',
      })
      .option('deck', {
        type: 'string',
        describe: 'Explicit deck, first card dealt first: "AS 2C …" (four-ten: "1 4 2 …", one or more 32-card decks)',
      })
      .option('actions', { type: 'string', describe: 'Comma-separated action ids to play, e.g. 3,0,17' })
      .option('policy', { choices: BASIC_POLICIES, describe: 'Play to the end with this policy instead of --actions' })
      .option('policy-seed', {
        type: 'number',
        describe: 'Seed of the random policy (default 0; with --policy random only)',
      })
      .option('agent', {
        type: 'string',
        describe:
          'Play to the end with this agent of the env, model directory or agent module of your own ' +
          '(./mine.mjs), as eval --agents takes them, reset as tengym eval --seed S resets it for its deal ' +
          '--deal (default 0)',
      })
      .option('deal', {
        type: 'number',
        describe:
          'With --seed S: deal I of tengym eval --seed S, that is seed S + I, the agent reset as eval resets it there',
      })
      .check((a) => {
        if (a.seed === undefined && a.deck === undefined)
          throw new TengymError('bad-argument', 'give --seed N or --deck "…"');
        if ([a.actions, a.policy, a.agent].filter((x) => x !== undefined).length !== 1)
          throw new TengymError('bad-argument', 'give exactly one of --actions, --policy or --agent');
        if (a.deal !== undefined && a.seed === undefined)
          throw new TengymError(
            'bad-argument',
            '--deal I is deal I of an evaluation from --seed S: give --seed with it',
          );
        checkSeedOption('deal', a.deal);
        checkSeedOption('seed', a.seed);
        // Compared without adding: a sum past 2^53 is rounded, and would name a seed no one gave.
        if (a.deal !== undefined && a.seed !== undefined && a.deal > MAX_SEED - a.seed) {
          throw new TengymError(
            'bad-seed',
            `--seed ${a.seed} with --deal ${a.deal}: deal I is seed S + I, and seeds go up to ${MAX_SEED}, so ` +
              `--deal is at most ${MAX_SEED - a.seed} here`,
          );
        }
        checkSeedOption('policy-seed', a['policy-seed']);
        // Only the random policy draws: anywhere else the seed would be ignored.
        if (a['policy-seed'] !== undefined && a.policy !== 'random')
          throw new TengymError('bad-argument', '--policy-seed goes with --policy random, the only policy that draws');
        return true;
      })
      .example(
        '$0 replay --env tens --seed 7 --policy first',
        'Play deal 7 of tens with the first legal action each step',
      )
      .example(
        '$0 replay --env decade --seed 123 --deal 41 --agent pimc',
        'Deal 41 of an evaluation from seed 123, as pimc played it',
      )
      .example(
        '$0 replay --env decade --deck "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH ' +
          'JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC" --actions ' +
          '0,3,0',
        "Given actions on an explicit deck (a new deck's order): draw, discard A♠ 2♠ 3♠ 4♠, draw",
      ),
  handler: async (args) =>
    replay(
      args,
      writeLine,
      args.agent === undefined
        ? undefined
        : await resolveAgent(args.agent, envConfig(args.env, parseOptionsJson(args.options))),
    ),
};

/**
 * `tengym replay`'s work: the JSON Lines of the game, each passed to `write` (stdout by default); `agent`, what --agent
 * names, made.
 */
export function replay(args: ReplayArgs, write: (line: string) => void = writeLine, agent?: Agent): void {
  const env = make(args.env, parseOptionsJson(args.options));
  const reset: { seed?: number; deck?: string } = {};
  const deal = args.deal ?? 0;
  if (args.seed !== undefined) reset.seed = args.seed + deal;
  if (args.deck !== undefined) reset.deck = args.deck;
  let next: (env: Env, step: number) => number | undefined;
  let list: number[] | null = null;
  if (args.actions !== undefined) {
    const actions = parseActionList(args.actions);
    if (actions.length === 0)
      throw new TengymError(
        'bad-action',
        '--actions is empty: give the action ids to play, e.g. 3,0,17 (or --policy first to play to the end)',
      );
    list = actions;
    next = (_env, step) => actions[step - 1];
  } else if (agent !== undefined) {
    // As tengym eval resets it before deal `deal` of its --seed (src/eval/episodes.ts).
    agent.reset(deriveSeed(args.seed ?? 0, deal));
    next = (e) => {
      try {
        return agent.act(e);
      } catch (thrown) {
        if (thrown instanceof TengymError) throw thrown;
        throw new AgentThrewError(`replay stopped at step ${e.episodeSteps + 1}: agent "${agent.name}"`, thrown);
      }
    };
  } else {
    const policy = makeBasicPolicy(args.policy as BasicPolicyName, args['policy-seed'] ?? 0);
    next = (e) => policy.act(e);
  }
  try {
    playthrough(env, reset, next, (line) => write(JSON.stringify(line)));
  } catch (e) {
    if (
      e instanceof TengymError &&
      (e.code === 'illegal-action' || e.code === 'bad-action' || e.code === 'episode-over')
    ) {
      throw new TengymError(e.code, `replay stopped at step ${env.episodeSteps + 1}: ${e.message}`);
    }
    throw e;
  }
  if (list !== null && list.length > env.episodeSteps) {
    const extra = list.slice(env.episodeSteps);
    throw new TengymError(
      'episode-over',
      `replay: the game ended after step ${env.episodeSteps} (${JSON.stringify(env.outcome())}); ${extra.length} ` +
        `more action${extra.length === 1 ? ' was' : 's were'} given: ${extra.join(',')}`,
    );
  }
}
