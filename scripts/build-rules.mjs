// Writes the rules pages from the game modules: each game folder's `rules.md` (src/games/<game>/)
// as a page of its own, docs/rules/<game>.md (its links made to work from there), and in
// docs/rules.md, the page every game shares (cards and deals, rewards, the environment contract),
// the contents and the registry's table of ids, linking to those pages. Edit a game's rules in its
// folder; the rest of docs/rules.md, by hand. `npm run build:rules` (after `npm run build`);
// `--check` writes nothing and exits 1 when a page is not what it would write (test/docs.test.ts
// runs it).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { envs } from '../dist/index.js';
import { headingAnchor } from '../dist/hints/rules.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = `${ROOT}docs/rules.md`;
const PAGES = `${ROOT}docs/rules`;
const GAMES = `${ROOT}src/games`;

/** A Markdown text's heading anchors (levels 2 and 3), numbered as GitHub numbers repeats. */
function anchorsOf(text) {
  const seen = new Map();
  const anchors = [];
  let fence = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && /^#{2,3} (.+)$/.exec(line);
    if (!heading) continue;
    const slug = headingAnchor(heading[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.push(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Each game folder's rules.md with its level-2 sections' headings, ordered by the first registered id they hold. */
function gameRules() {
  const order = envs().flatMap((e) => [e.id, e.engine]);
  const rank = (anchors) => Math.min(...anchors.map((a) => (order.includes(a) ? order.indexOf(a) : Infinity)));
  return readdirSync(GAMES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${GAMES}/${d.name}/rules.md`))
    .map((d) => {
      const text = readFileSync(`${GAMES}/${d.name}/rules.md`, 'utf8').trim();
      const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
      return { folder: d.name, text, headings, anchors: anchorsOf(text), rank: rank(headings.map(headingAnchor)) };
    })
    .sort((a, b) => a.rank - b.rank || a.folder.localeCompare(b.folder));
}

/**
 * A game folder's rules.md as its page in docs/rules/: a link to a section of its own stays, one to
 * another game's section goes to that game's page, one to any other section to docs/rules.md, and
 * a file named from docs/ (where the folder's rules are written for) is named from docs/rules/.
 */
function pageText(game, rules) {
  const body = game.text.replace(/\]\(([^)\s]+)\)/g, (link, target) => {
    if (/^[a-z]+:/.test(target)) return link;
    if (!target.startsWith('#')) return `](../${target})`;
    const anchor = target.slice(1);
    if (game.anchors.includes(anchor)) return link;
    const other = rules.find((r) => r.headings.map(headingAnchor).includes(anchor));
    return other ? `](${other.folder}.md${target})` : `](../rules.md${target})`;
  });
  return [
    `<!-- Written by npm run build:rules from src/games/${game.folder}/rules.md: edit that file. -->`,
    `# The rules: ${listed(game.headings)}`,
    '',
    'Part of [the rules](../rules.md), which say what every game shares: cards, deals and seeds, the',
    'rewards, and what an environment promises a program.',
    '',
    body,
    '',
  ].join('\n');
}

/** "A", "A and B", "A, B and C". */
function listed(names) {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where a game's section is, from docs/rules.md. */
const sectionLink = (game, heading) => `rules/${game.folder}.md#${headingAnchor(heading)}`;

/** The registry's table: each game's ids with their action and observation sizes, by the section that has its rules. */
function registryTable(rules) {
  const rows = [];
  for (const e of envs()) {
    // The section of its id where it has one of its own (ten-twenty-thirty), else its engine's.
    const bySection = (anchor) => {
      for (const game of rules) for (const h of game.headings) if (headingAnchor(h) === anchor) return { game, h };
      return null;
    };
    const found = bySection(e.id) ?? bySection(e.engine);
    const name = found ? `[${found.h}](${sectionLink(found.game, found.h)})` : e.engine;
    const title = found && e.title === found.h ? '' : `: ${e.title}`;
    rows.push(`| \`${e.id}\` | ${name}${title} | ${e.actions} | ${e.observationSize} |`);
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
let document = replacePart(
  before,
  'games:contents',
  rules.flatMap((game) => game.headings.map((h) => `- [${h}](${sectionLink(game, h)})`)).join('\n'),
);
document = replacePart(document, 'games:registry', registryTable(rules));
const wanted = new Map([
  [DOCUMENT, document],
  ...rules.map((game) => [`${PAGES}/${game.folder}.md`, pageText(game, rules)]),
]);
const stale = existsSync(PAGES)
  ? readdirSync(PAGES)
      .map((name) => `${PAGES}/${name}`)
      .filter((path) => !wanted.has(path))
  : [];

if (process.argv.includes('--check')) {
  const wrong = [...wanted]
    .filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text)
    .map(([path]) => path);
  for (const path of [...wrong, ...stale])
    process.stderr.write(`${path.slice(ROOT.length)} is not what the game folders make it: run npm run build:rules\n`);
  if (wrong.length + stale.length > 0) process.exit(1);
} else {
  mkdirSync(PAGES, { recursive: true });
  for (const path of stale) rmSync(path);
  for (const [path, text] of wanted) writeFileSync(path, text);
  process.stdout.write(`tengym: wrote docs/rules.md and ${rules.length} game pages in docs/rules/\n`);
}
