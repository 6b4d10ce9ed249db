/**
 * The rules a player asks for (`rules` in `tengym play`, the page's rules panel): the section
 * of the rules document for an env, as plain text. The document is docs/rules.md (what every
 * game shares) joined with the games' pages, docs/rules/*.md, or one game's page alone.
 * Browser-safe: the caller reads the document (the CLI from the package, the page from its
 * bundle) and passes it in.
 *
 * A section is a level-2 heading and everything up to the next one. An env's section is the
 * one whose anchor is its id (`ten-twenty-thirty`), else its engine's (`decade-loop` reads
 * `decade`), as the document promises: "each game's section has the anchor of its env id".
 */
import { TengymError, showValue } from '../env/errors.js';
import { envSpec } from '../env/registry.js';
import { LETTER_OR_NUMBER } from './letters.js';

/** What an anchor drops: all but letters, numbers, white space and hyphens. */
const NOT_IN_ANCHOR = new RegExp(`[^${LETTER_OR_NUMBER}\\s-]`, 'gu');

/** Throws unless `value` is a string: what `fn` takes as `what`. */
function checkString(value: unknown, fn: string, what: string): asserts value is string {
  if (typeof value !== 'string')
    throw new TengymError('bad-argument', `${fn} takes ${what} as a string, got ${showValue(value)}`);
}

/** A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  checkString(heading, 'headingAnchor', 'a heading');
  return heading.trim().toLowerCase().replace(NOT_IN_ANCHOR, '').replace(/\s/g, '-');
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
    // A page's title (`# …`) ends the section before it: the pages are read as one document, and a game's last
    // section would otherwise run on into the next page's opening lines.
    if (!fence && line.startsWith('# ')) {
      close();
      anchor = null;
      continue;
    }
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
 * Text of the rules meant for programs only (a command, a link to another document, an API call,
 * an option's value written as code): between `<!-- programs -->` and `<!-- /programs -->`, inside
 * a line, or on lines of their own around whole paragraphs. Rendered Markdown hides the marks and
 * shows the text, so the document and `tengym rules --for-programs` keep it; `forPlayers` drops it.
 * No comment inside.
 */
const PROGRAMS_TEXT = /<!-- programs -->(?:(?!<!--)[\s\S])*?<!-- \/programs -->/;

/** An HTML comment: rendered Markdown hides it. */
const COMMENT = /<!--(?:(?!<!--)[\s\S])*?-->/;

/**
 * `markdown` without what `pattern` matches: a line that held nothing else goes with it, and the
 * blank lines around a paragraph that went close up to one.
 */
function without(markdown: string, pattern: RegExp): string {
  return markdown
    .replace(new RegExp(`^[ \\t]*(?:${pattern.source})[ \\t]*(?:\\n|$)`, 'gm'), '')
    .replace(new RegExp(pattern.source, 'g'), '')
    .replace(/\n{3,}/g, '\n\n');
}

/**
 * Markdown as a terminal shows it: links become their text, emphasis and code marks go,
 * headings keep their words in capitals, HTML comments go (rendered Markdown hides them: the
 * marks of the text for programs, `PROGRAMS_TEXT`, go and that text stays), paragraphs and list
 * items are wrapped anew to the terminal's width (text cut from the middle of a line, or a
 * line, leaves it short or long) and tables become plain-text columns (`tableText`). A fenced
 * block is left as it is.
 */
export function plainText(markdown: string): string {
  checkString(markdown, 'plainText', 'Markdown text');
  const lines = without(markdown, COMMENT).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i++];
    const heading = /^#{2,6} (.+)$/.exec(line);
    if (line.startsWith('```')) {
      out.push(line);
      while (i < lines.length && !lines[i].startsWith('```')) out.push(lines[i++]);
      if (i < lines.length) out.push(lines[i++]);
    } else if (line.trim() === '') {
      out.push('');
    } else if (heading) {
      out.push(inlineText(heading[1]).toUpperCase());
    } else if (isTableRow(line)) {
      const rows = [line];
      while (i < lines.length && isTableRow(lines[i])) rows.push(lines[i++]);
      out.push(...tableText(rows.map(inlineText)));
    } else {
      // A paragraph or a list item, with the lines it runs on over.
      const item = LIST_ITEM.exec(line);
      const lead = item?.[0] ?? /^\s*/.exec(line)![0];
      let text = line.slice(lead.length).trim();
      while (i < lines.length && lines[i].trim() !== '' && !opensBlock(lines[i])) text += ` ${lines[i++].trim()}`;
      out.push(...wrapped(lead, inlineText(text), ' '.repeat(lead.length)));
    }
  }
  return out.join('\n');
}

/** Inline Markdown as text: a link's words, no emphasis or code marks. */
function inlineText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*])\*([^*\n]+)\*/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1');
}

/** The start of a list item: its indentation, its bullet or number, the spaces after it. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)]) +/;

/** Whether a line starts a block of its own, not the paragraph or item before it: a heading, table, item or fence. */
const opensBlock = (line: string): boolean =>
  /^#{2,6} /.test(line) || isTableRow(line) || LIST_ITEM.test(line) || line.startsWith('```');

/** The width plain text is laid out for: a terminal's. */
const TEXT_WIDTH = 80;

/** A line of a Markdown table: it opens with a pipe. */
const isTableRow = (line: string): boolean => line.trimStart().startsWith('|');

/** A table row's cells, trimmed (`\|` is a pipe inside a cell). */
function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** How many columns a string takes in a terminal: one a code point (the rules' ♠, ≥ and × included). */
const textWidth = (s: string): number => [...s].length;

/**
 * A Markdown table (its lines) as plain text: aligned columns under a ruled header where it fits
 * the terminal's width; else one item a row, "tableau (values 13, 15; default 13): number of
 * slots", its first cell, the middle ones after their headers, the last after a colon, wrapped
 * (the rules' tables of options have a long last column, which columns would squeeze to a word a
 * line). Lines without a header rule are rows alone.
 */
function tableText(lines: string[]): string[] {
  const ruled = lines.length > 1 && /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(lines[1]);
  const header = ruled ? tableCells(lines[0]) : null;
  const rows = (ruled ? lines.slice(2) : lines).map(tableCells);
  const right = ruled ? tableCells(lines[1]).map((c) => c.endsWith(':')) : [];
  const all = header === null ? rows : [header, ...rows];
  const columns = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: columns }, (_, c) => Math.max(...all.map((r) => textWidth(r[c] ?? ''))));
  if (widths.reduce((sum, w) => sum + w, 2 * (columns - 1)) <= TEXT_WIDTH) {
    const line = (cells: string[]) =>
      widths
        .map((w, c) => {
          const cell = cells[c] ?? '';
          const pad = ' '.repeat(w - textWidth(cell));
          return right[c] ? pad + cell : cell + pad;
        })
        .join('  ')
        .trimEnd();
    const rule = widths.map((w) => '-'.repeat(w)).join('  ');
    return header === null ? rows.map(line) : [line(header), rule, ...rows.map(line)];
  }
  return rows.flatMap((cells) => wrapped('- ', rowText(cells, header), '  '));
}

/** A row as one item: "first (header value; header value): last"; a middle cell in parentheses stands alone. */
function rowText(cells: string[], header: string[] | null): string {
  const [first, ...rest] = cells;
  if (rest.length === 0) return first;
  const last = rest.pop()!;
  const middle = rest
    .map((cell, i) => {
      if (cell === '' || /^\(.*\)$/.test(cell)) return cell.replace(/^\((.*)\)$/, '$1');
      const name = header?.[i + 1] ?? '';
      return name === '' ? cell : `${name} ${cell}`;
    })
    .filter((part) => part !== '');
  return `${first}${middle.length > 0 ? ` (${middle.join('; ')})` : ''}: ${last}`;
}

/**
 * `text` after `lead` (a bullet, an indentation) in lines of at most the terminal's width (a
 * longer word alone on its line), the later ones after `indent`.
 */
function wrapped(lead: string, text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = lead;
  let words = 0;
  for (const word of text.split(/ +/)) {
    if (words > 0 && textWidth(line) + 1 + textWidth(word) > TEXT_WIDTH) {
      lines.push(line);
      line = indent + word;
    } else {
      line = words === 0 ? line + word : `${line} ${word}`;
    }
    words++;
  }
  return [...lines, line];
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
  if (own === null || rewards === undefined || !LINKS_TO_REWARDS.test(own)) return own;
  return `${own}\n\n${rewards}`;
}

const REWARDS = 'rewards';
/** A link to the Rewards section, from docs/rules.md itself or from a game's page beside it. */
const LINKS_TO_REWARDS = /\]\((?:\.\.\/rules\.md)?#rewards\)/;

/** The document's sections, and the env's own: its id's, else its engine's; the arguments checked for `fn`. */
function ownSection(
  fn: string,
  markdown: string,
  envId: string,
  engine: string | undefined,
): { all: Map<string, string>; own: string | null } {
  checkString(markdown, fn, 'the rules document (docs/rules.md and docs/rules/*.md)');
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
 * Rules (Markdown) as a player reads them: without what is for programs, which the rules
 * document keeps for them (`rulesSection`): the text marked for programs (`PROGRAMS_TEXT`), the
 * env-id sentence a section opens with, the action ids' numbering (an "Actions" subsection), the
 * options table's `reward` row (the training reward), and HTML comments. For a game's own rules
 * (`Game.rules`) as for a section of the document.
 */
export function forPlayers(markdown: string): string {
  checkString(markdown, 'forPlayers', 'Markdown text');
  const kept: string[] = [];
  let skipping = false;
  let fence = false;
  for (const line of without(without(markdown, PROGRAMS_TEXT), COMMENT).split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const sub = !fence && /^### (.+)$/.exec(line);
    if (sub) skipping = FOR_PROGRAMS.has(headingAnchor(sub[1]));
    if (!skipping && !/^\| `reward` \|/.test(line)) kept.push(line);
  }
  // A paragraph that was the sentence alone leaves one blank line after the heading, not two.
  return kept
    .join('\n')
    .replace(ENV_ID_SENTENCE, '$1')
    .replace(/^(## [^\n]*\n\n)\n+/, '$1')
    .trim();
}

/**
 * The rules a player is shown (`tengym play`'s `r`, the page's rules panel): the env's section
 * (`rulesSection`) as a player reads it (`forPlayers`), without the Rewards section, and a
 * variant's line first. Null when the document has no section for the env.
 */
export function playerRules(markdown: string, envId: string, engine?: string): string | null {
  const { all, own } = ownSection('playerRules', markdown, envId, engine);
  if (own === null) return null;
  const rules = forPlayers(own);
  const variant = all.has(headingAnchor(envId)) ? null : variantLine(rules, envId);
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
