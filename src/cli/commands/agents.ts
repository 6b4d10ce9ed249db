import type { CommandModule } from 'yargs';
import type { AgentInfo } from '../../agents/agent.js';
import { agentLadder, agentsFor } from '../../agents/index.js';
import { shippedModel, trainedFor } from '../../node/resolve.js';
import { envConfig, registeredIdOf } from '../../env/registry.js';
import { whyOtherGame } from '../../agents/learned/model-fit.js';
import { SCREEN_WIDTH, formatTable, parseOptionsJson, wrapCommand, wrapText, writeLine } from '../io.js';

interface Args {
  env: string;
  options?: string;
  json: boolean;
}

/** " (afterstate, 500,000 env steps)": how a model directory's model was trained, from its metadata. */
function trainingOf(dir: string): string {
  const trained = trainedFor(dir);
  return trained?.algorithm && trained.steps !== undefined
    ? ` (${trained.algorithm}, ${trained.steps.toLocaleString('en-US')} env steps)`
    : '';
}

export const agentsCommand: CommandModule<object, Args> = {
  command: 'agents',
  describe: 'List the agents that play an env',
  builder: (y) =>
    y
      .option('env', { type: 'string', demandOption: true, describe: 'Env id (tengym envs lists them)' })
      .option('options', {
        type: 'string',
        describe:
          `Env options as JSON, e.g. '{"discard":"optional"}': the agents of that variant (the list depends on ` +
          `them)`,
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe:
          'Print [{ name, description, fair, ceiling?, model?, winRate?, deals? }] (ceiling: an exact optimum, ' +
          'not a baseline; model: where the shipped model is; winRate: measured on deals, where it was)',
      })
      .example('$0 agents --env four-ten', 'The agents of Four Ten, the shipped model among them')
      .example(
        `$0 agents --env decade --options '{"discard":"optional"}'`,
        'The agents of a variant: optional discards add the exact optimum',
      ),
  handler: (args) => {
    const config = envConfig(args.env, parseOptionsJson(args.options));
    const id = config.id;
    // The shipped model of the game these options make (decade with the loop's options is decade-loop's), if it was
    // trained for them, as the hint source judges it.
    const candidate = shippedModel(registeredIdOf(config));
    const trained = candidate && trainedFor(candidate.dir);
    const shipped = trained && whyOtherGame(trained.env, trained.options, config) === null ? candidate : null;
    const list: (AgentInfo & { model?: string })[] = [...agentsFor(config)];
    if (shipped)
      list.push({
        name: 'model',
        description: `the trained model shipped in ${shipped.shown}${trainingOf(shipped.dir)}`,
        fair: true,
        model: shipped.shown,
      });
    const ladder = agentLadder(config);
    const rate = (name: string) => (ladder?.wins[name] === undefined ? undefined : ladder.wins[name] / ladder.deals);
    if (args.json) {
      writeLine(
        JSON.stringify(
          list.map((a) => (rate(a.name) === undefined ? a : { ...a, winRate: rate(a.name), deals: ladder!.deals })),
        ),
      );
      return;
    }
    const shown = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(2)}%`);
    writeLine(
      formatTable(
        ['agent', 'fair', ...(ladder ? ['win rate'] : []), 'idea'],
        list.map((a) => [
          a.name + (a.ceiling ? ' (ceiling)' : ''),
          a.fair ? 'yes' : 'NO (sees the stock)',
          ...(ladder ? [shown(rate(a.name))] : []),
          a.description,
        ]),
        { width: SCREEN_WIDTH },
      ),
    );
    if (ladder)
      writeLine(
        '\n' +
          wrapText(
            `Win rates on the same ${ladder.deals.toLocaleString('en-US')} deals (seeds ${ladder.seed} to ` +
              `${(ladder.seed + ladder.deals - 1).toLocaleString('en-US')}), measured by:`,
          ) +
          '\n' +
          ladder.commands.map((c) => wrapCommand(`  ${c}`, SCREEN_WIDTH, '      ')).join('\n'),
      );
    writeLine(
      `\nA model directory (model.json + weights.bin, e.g. runs/${id}/best) is an agent too:\n` +
        wrapCommand(
          `  tengym eval --env ${id}${args.options ? ` --options '${args.options}'` : ''} ` +
            `--agents runs/${id}/best,${list[0].name}`,
          SCREEN_WIDTH,
          '      ',
        ),
    );
  },
};
