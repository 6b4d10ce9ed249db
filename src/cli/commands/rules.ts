/**
 * `tengym rules`: a game's rules, as `tengym play` shows them (`r`) and the page's rules panel,
 * or, with --for-programs, its whole section of docs/rules.md (the text marked for programs,
 * action ids, training reward).
 */
import type { CommandModule } from 'yargs';
import { TengymError } from '../../env/errors.js';
import { plainText } from '../../hints/rules.js';
import { make } from '../../env/registry.js';
import { parseOptionsJson, writeLine } from '../io.js';
import { noRules, rulesMarkdown } from '../rules-document.js';

interface Args {
  env: string;
  options?: string;
  markdown: boolean;
  'for-programs': boolean;
}

export const rulesCommand: CommandModule<object, Args> = {
  command: 'rules',
  describe: "Print a game's rules, as tengym play and the play page show them",
  builder: (y) =>
    y
      .option('env', {
        type: 'string',
        demandOption: true,
        describe: "Env id (tengym envs lists them); a variant prints its game's rules, its variants among them",
      })
      .option('options', {
        type: 'string',
        describe: `Env options as JSON, checked as make checks them, e.g. '{"tableau":15}'`,
      })
      .option('markdown', {
        type: 'boolean',
        default: false,
        describe: 'Print Markdown (headings, lists, tables) instead of plain text',
      })
      .option('for-programs', {
        type: 'boolean',
        default: false,
        describe:
          "The whole section of docs/rules.md: a player's rules with what is for programs (commands, API calls), " +
          'the action ids and the training reward',
      })
      .example('$0 rules --env decade', 'How Decade is played, and its variants')
      .example(
        '$0 rules --env four-ten --markdown > four-ten.md',
        "Four Ten's rules as Markdown, for an app's help screen",
      )
      .example('$0 rules --env tens --for-programs', "Tens' rules with its action ids, as an RL program reads them"),
  handler: (args) => {
    const env = make(args.env, parseOptionsJson(args.options));
    const markdown = rulesMarkdown(env, args['for-programs']);
    if (markdown === null) throw new TengymError('bad-argument', noRules(env));
    writeLine(args.markdown ? markdown : plainText(markdown));
  },
};
