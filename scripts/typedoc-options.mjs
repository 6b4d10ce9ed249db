// TypeDoc's options for the API reference: typedoc.json, with each game's options schema added to
// the names left unexported. A game's entry point (src/games/<game>/index.ts) types its options as
// `z.input<typeof myOptionsSchema>` and exports the type, not the schema. TypeDoc would warn that the
// schema is reached but not documented, so these names come from the games' folders, not a list.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The values each game's entry point names by `typeof` without exporting them (its options schemas). */
export function gameSchemaNames(root) {
  const games = join(root, 'src', 'games');
  const names = new Set();
  // A game's entry point, and a module of a game that registers a second one in a subfolder (decade/seven-up/).
  const entries = readdirSync(games, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && (e.name === 'index.ts' || e.name === 'module.ts'))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .filter((path) => !path.includes(`${join('agents', '')}`) && !path.includes(`${join('learned', '')}`));
  for (const index of entries) {
    if (!existsSync(index)) continue;
    // Code only: a `typeof` in a comment names nothing TypeDoc meets.
    const source = readFileSync(index, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const [, name] of source.matchAll(/\btypeof\s+([A-Za-z_$][\w$]*)/g))
      if (!new RegExp(`^export\\s.*\\b${name}\\b`, 'm').test(source)) names.add(name);
  }
  return [...names].sort();
}

/** TypeDoc's arguments: typedoc.json, and its names left unexported with the games' schemas added. */
export function typedocArgs(root) {
  const config = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8'));
  const unexported = [...new Set([...(config.intentionallyNotExported ?? []), ...gameSchemaNames(root)])];
  // Given on the command line, the first value replaces typedoc.json's list and the others add to it.
  return ['--options', 'typedoc.json', ...unexported.flatMap((name) => ['--intentionallyNotExported', name])];
}
