import type { CommandModule } from 'yargs';
import { envs } from '../../env/registry.js';
import { SCREEN_WIDTH, formatTable, wrapText, writeLine } from '../io.js';

interface Args {
  json: boolean;
}

export const envsCommand: CommandModule<object, Args> = {
  command: 'envs',
  describe: 'List the registered env ids with their options and defaults',
  builder: (y) =>
    y
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print JSON: [{ id, engine, description, defaults, optionsSchema, actions, observationSize }]',
      })
      .example('$0 envs', 'Every id with its options, defaults and allowed values')
      .example(`$0 envs --json | jq '.[] | select(.id == "tens") | .optionsSchema'`, "One id's options as JSON Schema"),
  handler: (args) => {
    const list = envs();
    if (args.json) {
      writeLine(JSON.stringify(list, null, 2));
      return;
    }
    for (const e of list) {
      writeLine(`${e.id}  (${e.actions} actions, observation ${e.observationSize})`);
      writeLine(`  ${wrapText(e.description, SCREEN_WIDTH - 2, '  ')}`);
      const schema = e.optionsSchema as {
        properties?: Record<
          string,
          {
            enum?: unknown[];
            anyOf?: { const?: unknown; type?: string; minimum?: number; maximum?: number }[];
            type?: string;
            minimum?: number;
            maximum?: number;
          }
        >;
      };
      // The columns as wide as this id's longest name and default, so that they stay in line.
      const table = formatTable(
        ['option', 'default', 'allowed'],
        Object.entries(e.defaults).map(([name, value]) => [
          name,
          JSON.stringify(value),
          describeAllowed(schema.properties?.[name]),
        ]),
        { width: SCREEN_WIDTH - 4 },
      );
      writeLine(
        table
          .split('\n')
          .map((line) => `    ${line}`)
          .join('\n'),
      );
    }
  },
};

type Prop = { enum?: unknown[]; anyOf?: Prop[]; const?: unknown; type?: string; minimum?: number; maximum?: number };

function describeAllowed(prop: Prop | undefined): string {
  if (!prop) return '';
  if (prop.enum) return prop.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (prop.const !== undefined) return JSON.stringify(prop.const);
  if (prop.anyOf) return prop.anyOf.map(describeAllowed).join(' | ');
  if (prop.type === 'integer' || prop.type === 'number') {
    const lo = prop.minimum !== undefined ? prop.minimum : '';
    const hi = prop.maximum !== undefined && prop.maximum < Number.MAX_SAFE_INTEGER ? prop.maximum : '';
    return `${prop.type}${lo !== '' || hi !== '' ? ` ${lo}..${hi}` : ''}`;
  }
  return prop.type ?? '';
}
