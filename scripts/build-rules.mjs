// Writes docs/rules.md's generated parts from the game modules: each game's own sections (the
// `rules.md` of its folder, src/games/<game>/), in the order the list of games registers them, the
// contents beside them and the registry's table of ids. Edit a game's rules in its folder; the rest
// of docs/rules.md, by hand. `npm run build:rules` (after `npm run build`); `--check` writes nothing
// and exits 1 when the document is not what it would write (test/docs.test.ts runs it).
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envs } from '../dist/index.js';
import { headingAnchor } from '../dist/hints/rules.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = `${ROOT}docs/rules.md`;
const GAMES = `${ROOT}src/games`;

/** Each game folder's rules.md with its level-2 sections' headings, ordered by the first registered id they hold. */
function gameRules() {
  const order = envs().flatMap((e) => [e.id, e.engine]);
  const rank = (anchors) => Math.min(...anchors.map((a) => (order.includes(a) ? order.indexOf(a) : Infinity)));
  return readdirSync(GAMES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${GAMES}/${d.name}/rules.md`))
    .map((d) => {
      const text = readFileSync(`${GAMES}/${d.name}/rules.md`, 'utf8').trim();
      const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      return { folder: d.name, text, headings, rank: rank(headings.map(headingAnchor)) };
    })
    .sort((a, b) => a.rank - b.rank || a.folder.localeCompare(b.folder));
}

/** The registry's table: each game's ids with their action and observation sizes, by the section that has its rules. */
function registryTable(rules) {
  const rows = [];
  for (const e of envs()) {
    // The section of its id where it has one of its own (ten-twenty-thirty), else its engine's.
    const headings = rules.flatMap((r) => r.headings);
    const section =
      headings.find((h) => headingAnchor(h) === e.id) ?? headings.find((h) => headingAnchor(h) === e.engine);
    const game = section ? `[${section}](#${headingAnchor(section)})` : e.engine;
    const title = e.title === section ? '' : `: ${e.title}`;
    rows.push(`| \`${e.id}\` | ${game}${title} | ${e.actions} | ${e.observationSize} |`);
  }
  return ['| id | game | actions | observation |', '| --- | --- | ---: | ---: |', ...rows].join('\n');
}

/** `document` with the part between `<!-- name -->` and `<!-- /name -->` replaced by `body`. */
function replacePart(document, name, body) {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const start = document.indexOf(open);
  const end = document.indexOf(close);
  if (start < 0 || end < start) throw new Error(`docs/rules.md has no ${open} … ${close} part`);
  return `${document.slice(0, start + open.length)}\n${body}\n${document.slice(end)}`;
}

const rules = gameRules();
const before = readFileSync(DOCUMENT, 'utf8');
let after = replacePart(
  before,
  'games:contents',
  rules
    .flatMap((r) => r.headings)
    .map((h) => `- [${h}](#${headingAnchor(h)})`)
    .join('\n'),
);
after = replacePart(
  after,
  'games:sections',
  rules.map((r) => `<!-- src/games/${r.folder}/rules.md -->\n\n${r.text}\n`).join('\n'),
);
after = replacePart(after, 'games:registry', registryTable(rules));
if (process.argv.includes('--check')) {
  if (after !== before) {
    process.stderr.write('docs/rules.md is not what the game folders make it: run npm run build:rules\n');
    process.exit(1);
  }
} else {
  writeFileSync(DOCUMENT, after);
  process.stdout.write(`tengym: wrote docs/rules.md from ${rules.length} game folders\n`);
}
