// An option lives in three places a reader looks: the game's zod schema (what an env takes),
// the options table of the doc comment opening the game's file (what a programmer reads, and
// what the package's .d.ts carries), and the game's section of docs/rules.md (what a player and
// `tengym rules` read). Adding, renaming or removing an option in one and not the others fails
// here, with the option and the place named (DEVELOPERS.md, "Adding an option").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSpec, envs } from '../../src/env/registry.js';
import { schemaKeys } from '../../src/env/suggest.js';
import { rulesSection } from '../../src/hints/rules.js';
import { engineFile } from '../helpers/engine-files.js';
import { rulesDocument } from '../helpers/rules-document.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Each shipped engine, with the id that plays it first, its option names and its schema's defaults (no preset). An
 * option left out rather than defaulted (Decade's dealAll) has none, and the tables give its default as "left out".
 */
const ENGINES = [...new Set(envs().map((e) => e.engine))].map((engine) => {
  const id = envs().find((e) => e.engine === engine)!.id;
  const schema = envSpec(id).game.optionsSchema;
  return { engine, id, keys: schemaKeys(schema).sort(), defaults: schema.parse({}) as Record<string, unknown> };
});

/** A default as the schema gives it, "left out" for an option with none. */
const defaultText = (defaults: Record<string, unknown>, name: string): string =>
  name in defaults ? String(defaults[name]) : 'left out';

/** The rows of the first Markdown table after `heading` in `text`: each row's cells, trimmed. */
function tableAfter(text: string, heading: RegExp): string[][] {
  const start = text.search(heading);
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    const row = line.replace(/^\s*\*\s?/, '').trim();
    if (!row.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      row
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows.slice(2); // the header and the |---| line
}

/** The option names a table's first column gives, each in backticks ("`minRun`, `maxRun`" names two). */
function namesIn(cell: string): string[] {
  return [...cell.matchAll(/`([A-Za-z]\w*)`/g)].map((m) => m[1]);
}

/** A default as the tables write it ("'forced'", "`true`", "5000") in the form of the schema's value. */
function tableDefault(cell: string): string {
  return cell
    .replace(/`/g, '')
    .replace(/^'(.*)'$/, '$1')
    .trim();
}

describe("every option of a shipped game is in its file's doc comment and in docs/rules.md", () => {
  it('covers every shipped engine, each with its file', () => {
    expect(ENGINES.length).toBeGreaterThan(0);
    for (const { engine } of ENGINES)
      expect(
        engineFile(engine),
        `no file under src/games/ has name: '${engine}' and a doc comment opening with its tables, "## Options" ` +
          'first: open the engine\'s file with them (DEVELOPERS.md, "Adding a game")',
      ).not.toBeNull();
  });

  for (const { engine, id, keys, defaults } of ENGINES) {
    const file = engineFile(engine) ?? `the file of ${engine}`;
    it(`${engine}: ${file} tables each option once, with its default`, () => {
      const source = readFileSync(`${ROOT}${file}`, 'utf8');
      const comment = source.slice(0, source.indexOf('*/'));
      const rows = tableAfter(comment, /^ \* ## Options$/m);
      expect(rows.flatMap((r) => namesIn(r[0])).sort(), `the options table of ${file}`).toEqual(keys);
      for (const row of rows) {
        const [name] = namesIn(row[0]);
        expect(tableDefault(row[2]), `the default of ${name} in ${file}`).toBe(defaultText(defaults, name));
      }
    });

    it(
      `${engine}: docs/rules.md names each option under the game's Options, with its default where it tables ` + `them`,
      () => {
        const section = rulesSection(rulesDocument(), id, engine);
        expect(section, `docs/rules.md has a section for ${id}`).not.toBeNull();
        const own = section!.slice(section!.indexOf('### Options'));
        const options = own.slice(0, own.indexOf('\n### ', 1) < 0 ? undefined : own.indexOf('\n### ', 1));
        expect(options.startsWith('### Options'), `docs/rules.md's ${engine} section has ### Options`).toBe(true);
        const rows = tableAfter(options, /^### Options$/m);
        // A table where the game has several options; a sentence naming each where it has few (Block Ten).
        const named =
          rows.length > 0
            ? rows.flatMap((r) => namesIn(r[0]))
            : [...new Set(namesIn(options).filter((n) => keys.includes(n)))];
        expect(named.sort(), `the options docs/rules.md gives ${engine}`).toEqual(keys);
        // Each default, as the schema has it: "2, `null` (unlimited)" gives two options' defaults, a note aside.
        for (const row of rows) {
          const names = namesIn(row[0]);
          const given = names.length > 1 ? row[2].split(/,\s*/) : [row[2]];
          names.forEach((name, i) =>
            expect(
              tableDefault(given[i] ?? '').replace(/\s*\(.*\)$/, ''),
              `the default of ${name} in docs/rules.md's ${engine} options`,
            ).toBe(defaultText(defaults, name)),
          );
        }
      },
    );
  }
});
