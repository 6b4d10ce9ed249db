/**
 * The rules a player asks for (`rules` in `tengym play`, the page's rules panel): the section
 * of the rules document (docs/rules.md) for an env, as plain text. Browser-safe: the caller
 * reads the document (the CLI from the package, the page from its bundle) and passes it in.
 *
 * A section is a level-2 heading and everything up to the next one. An env's section is the
 * one whose anchor is its id (`ten-twenty-thirty`), else its engine's (`decade-loop` reads
 * `decade`), as the document promises: "each game's section has the anchor of its env id".
 */
import { TengymError, showValue } from '../env/errors.js';
import { envSpec } from '../env/registry.js';

/** Throws unless `value` is a string: what `fn` takes as `what`. */
function checkString(value: unknown, fn: string, what: string): asserts value is string {
  if (typeof value !== 'string')
    throw new TengymError('bad-argument', `${fn} takes ${what} as a string, got ${showValue(value)}`);
}

/** A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  checkString(heading, 'headingAnchor', 'a heading');
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The level-2 sections of a Markdown document by anchor, each with its heading line. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  let anchor: string | null = null;
  let lines: string[] = [];
  let fence = false;
  const close = () => {
    if (anchor !== null) out.set(anchor, lines.join('\n').trim());
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const heading = !fence && /^## (.+)$/.exec(line);
    if (heading) {
      close();
      anchor = headingAnchor(heading[1]);
      lines = [];
    }
    if (anchor !== null) lines.push(line);
  }
  close();
  return out;
}

/**
 * Markdown as a terminal shows it: links become their text, emphasis and code marks go,
 * headings keep their words. Tables and lists are left as they are (they read well as text).
 */
export function plainText(markdown: string): string {
  checkString(markdown, 'plainText', 'Markdown text');
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/^#{2,6} (.+)$/gm, (_, words: string) => words.toUpperCase());
}

/**
 * The rules section (Markdown) of an env, by its id or else its engine's name (default: the
 * registered id's engine), followed by the Rewards section when it links there (its options
 * table says "see Rewards", and a player shown one section would not see it otherwise); null
 * when the document has none.
 */
export function rulesSection(markdown: string, envId: string, engine?: string): string | null {
  const { all, own } = ownSection('rulesSection', markdown, envId, engine);
  const rewards = all.get(REWARDS);
  if (own === null || rewards === undefined || !own.includes(`](#${REWARDS})`)) return own;
  return `${own}\n\n${rewards}`;
}

const REWARDS = 'rewards';

/** The document's sections, and the env's own: its id's, else its engine's; the arguments checked for `fn`. */
function ownSection(
  fn: string,
  markdown: string,
  envId: string,
  engine: string | undefined,
): { all: Map<string, string>; own: string | null } {
  checkString(markdown, fn, 'the rules document (docs/rules.md)');
  checkString(envId, fn, 'an env id');
  if (engine !== undefined) checkString(engine, fn, "the engine's name (envs() lists each id's engine)");
  const all = sections(markdown);
  return {
    all,
    own: all.get(headingAnchor(envId)) ?? all.get(headingAnchor(engine ?? envSpec(envId).game.name)) ?? null,
  };
}

/** The level-3 subsections a player is not shown: how a program names the moves. */
const FOR_PROGRAMS = new Set(['actions']);

/**
 * The sentence in italics that opens a game's section, "*Env id `tens`.*": the id a program
 * makes the env with. Only what follows it in the heading's first paragraph is kept.
 */
const ENV_ID_SENTENCE = /^(## [^\n]*\n+)\*Env id [^*]*\*[ \t]*\n?/;

/**
 * The rules a player is shown (`tengym play`'s `r`, the page's rules panel): the env's section
 * (`rulesSection`) without what is for programs: the env-id sentence it opens with, the action
 * ids' numbering (its "Actions" subsection), the training reward (the Rewards section and the
 * options table's `reward` row). Null when the document has no section for the env.
 */
export function playerRules(markdown: string, envId: string, engine?: string): string | null {
  const { all, own } = ownSection('playerRules', markdown, envId, engine);
  if (own === null) return null;
  const kept: string[] = [];
  let skipping = false;
  let fence = false;
  for (const line of own.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const sub = !fence && /^### (.+)$/.exec(line);
    if (sub) skipping = FOR_PROGRAMS.has(headingAnchor(sub[1]));
    if (!skipping && !/^\| `reward` \|/.test(line)) kept.push(line);
  }
  // A paragraph that was the sentence alone leaves one blank line after the heading, not two.
  const rules = kept
    .join('\n')
    .replace(ENV_ID_SENTENCE, '$1')
    .replace(/^(## [^\n]*\n\n)\n+/, '$1')
    .trim();
  const variant = all.has(headingAnchor(envId)) ? null : variantLine(own, envId);
  return variant === null ? rules : rules.replace(/^(## [^\n]*\n)/, `$1\n${variant}\n`);
}

/**
 * A variant read from its engine's section ("The variants" table's row of its id): what it
 * changes, said first, since the engine's rules are written for its defaults (a straight line,
 * where `decade-loop`'s is a loop). Null for an id the section has no row for.
 */
function variantLine(section: string, envId: string): string | null {
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (cells.length === 3 && cells[0] === `| \`${envId}\``) {
      // Its first sentence: what follows (decade-optional's) is for the reader of the document.
      const [options, game] = [cells[1], cells[2].replace(/ \|$/, '').replace(/\. .*$/, '')];
      return (
        `**This game is \`${envId}\`**: ${game} (options ${options}). Where the rules below say otherwise, this ` +
        `holds.`
      );
    }
  }
  return null;
}
