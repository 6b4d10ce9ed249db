import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envConfig, envIds } from '../../src/env/registry.js';
import { LETTER_OR_NUMBER } from '../../src/hints/letters.js';
import { forPlayers, headingAnchor, plainText, playerRules, rulesSection } from '../../src/hints/rules.js';
import { allChecks } from '../helpers/game-checks.js';
import { rulesDocument } from '../helpers/rules-document.js';

const RULES = rulesDocument();
/** Text a section marks as for programs, its marks included. */
const PROGRAMS_TEXT = /<!-- programs -->[\s\S]*?<!-- \/programs -->/g;
/** Its words as plain text, spaces and line breaks as one space: what a reader of the text finds in it. */
const words = (markdown: string): string => plainText(markdown).replace(/\s+/g, ' ').trim();
/** The `tengym` commands (src/cli/commands/), which a player's rules do not name. */
const COMMANDS = readdirSync(fileURLToPath(new URL('../../src/cli/commands', import.meta.url))).map((f) =>
  f.replace(/\.ts$/, ''),
);

/** The line a variant's rules open with, after the heading (and its blank line). */
const VARIANT_LINE = /(?<=^## [^\n]*\n)\n\*\*This game is `[^`]+`\*\*[^\n]*\n/;

describe('rules sections', () => {
  it('every registered id has a section of the rules document, its own or its engine’s', () => {
    for (const id of envIds()) {
      const section = rulesSection(RULES, id, envConfig(id).game.name);
      expect(
        section,
        `${id}: no section in docs/rules.md or docs/rules/*.md; write src/games/<game>/rules.md, a section opening ` +
          `with "*Env id \`${id}\`.*", then run npm run build:rules`,
      ).not.toBeNull();
      expect(section!.startsWith('## '), id).toBe(true);
      expect(section!.split('\n').length, id).toBeGreaterThan(5);
    }
  });

  it('every card game’s section, the one a player is shown, says what the cards count: an ace is 1', () => {
    // A game dealt from other cards (Four Ten's values 1–4) declares its words in test/games/<game>/checks.ts.
    const declared = new Map(allChecks().flatMap((c) => Object.entries(c.cardValues ?? {})));
    for (const id of envIds()) {
      const values = declared.get(id) ?? /ace = 1/;
      expect(
        rulesSection(RULES, id, envConfig(id).game.name),
        `${id}: the rules say what each card counts, as "ace = 1, 2 to 10 at face value" (a game without aces ` +
          `gives its own words as cardValues in test/games/<game>/checks.ts)`,
      ).toMatch(values);
    }
  });

  it('a player’s rules are the section without what is for programs: the action ids, the reward', () => {
    for (const id of envIds()) {
      const engine = envConfig(id).game.name;
      const section = rulesSection(RULES, id, engine)!;
      const player = playerRules(RULES, id, engine)!;
      expect(player.split('\n')[0], id).toBe(section.split('\n')[0]);
      expect(player, id).not.toMatch(/^### Actions$|^## Rewards$|^\| `reward` \|/m);
      // Everything else kept, in order (the env-id sentence aside: below; a variant's own line: further below;
      // the text marked for programs: the next test).
      const kept = player.replace(VARIANT_LINE, '').split('\n');
      const unmarked = section.replace(PROGRAMS_TEXT, '').replace(/\*Env id [^*]*\*[ \t]*\n?/, '');
      let at = 0;
      for (const line of unmarked.split('\n')) if (at < kept.length && line === kept[at]) at++;
      expect(at, id).toBe(kept.length);
    }
    expect(rulesSection(RULES, 'decade', 'decade')).toMatch(/^### Actions$/m);
    expect(playerRules(RULES, 'decade', 'decade')).toMatch(/^### The variants$/m);
    expect(playerRules('# nothing', 'decade', 'decade')).toBeNull();
  });

  it(
    'a player’s rules speak a player’s words, for every id: no command, flag, link to another document, API ' +
      'call, code mark, table pipe or test; as Markdown (the page) and as plain text (the terminal)',
    () => {
      const forPrograms: [string, RegExp][] = [
        ['a command', new RegExp(`\\bnpx |\\bnode \\S+\\.m?js\\b|\\btengym (?:${COMMANDS.join('|')})\\b`)],
        ['a flag', /(?:^|[\s(`'"])--[a-z]/m],
        ['a link to another document or its file name', /\.md\b/],
        ['an API call', /\benv\.\w/],
        ['an HTML comment', /<!--|-->/],
        ['what the tests check', /\bthe tests?\b/i],
        ['an RL term', /\b(?:episodes?|truncated|policies)\b/],
      ];
      for (const id of envIds()) {
        const markdown = playerRules(RULES, id, envConfig(id).game.name)!;
        const text = plainText(markdown);
        for (const [what, pattern] of forPrograms) {
          expect(
            markdown.split('\n').filter((line) => pattern.test(line)),
            `${id}: ${what} (Markdown)`,
          ).toEqual([]);
          expect(
            text.split('\n').filter((line) => pattern.test(line)),
            `${id}: ${what}`,
          ).toEqual([]);
        }
        expect(
          text.split('\n').filter((line) => /`|^\s*\|/.test(line)),
          `${id}: code marks, table pipes`,
        ).toEqual([]);
      }
    },
  );

  it('what a player’s rules leave out is marked in the document, which keeps it: --for-programs prints it', () => {
    const tens = words(rulesSection(RULES, 'tens', 'tens')!);
    expect(tens).toContain('0.7% on 15 (npx tengym stats --env tens --episodes 100000 --json, its deadDealRate).');
    expect(tens).toContain('undos per game through session.undo(), for game front ends.');
    expect(words(playerRules(RULES, 'tens', 'tens')!)).toContain('0.7% on 15. - No real decisions.');
    expect(words(rulesSection(RULES, 'four-ten', 'four-ten')!)).toContain('By default (drawVisible: true) the card');
    let marked = 0;
    for (const id of envIds()) {
      const engine = envConfig(id).game.name;
      const section = rulesSection(RULES, id, engine)!;
      const [everything, player] = [words(section), words(playerRules(RULES, id, engine)!)];
      const elsewhere = words(section.replace(PROGRAMS_TEXT, ''));
      // The marks pair up, and never open a line with text after them: GitHub would take that line for raw HTML.
      const marks = [...section.matchAll(/<!-- (\/?)programs -->/g)].map((m) => m[1]);
      expect(marks, id).toEqual(marks.map((_, i) => (i % 2 === 0 ? '' : '/')));
      expect(marks.length % 2, id).toBe(0);
      expect(
        section.split('\n').filter((line) => /^\s*<!-- \/?programs -->\S/.test(line)),
        id,
      ).toEqual([]);
      for (const [part] of section.matchAll(PROGRAMS_TEXT)) {
        marked++;
        expect(everything, id).toContain(words(part));
        // Unless the same words stand elsewhere for a player too (", goal: 'pyramid'" in a variant's options).
        if (!elsewhere.includes(words(part))) expect(player, id).not.toContain(words(part));
      }
      // Nothing shows the marks themselves.
      expect(plainText(section), id).not.toMatch(/<!--|-->/);
    }
    expect(marked).toBeGreaterThan(20);
  });

  it('forPlayers cuts the text marked for programs, in a line, over lines and around paragraphs', () => {
    expect(forPlayers('## A\n\nTwo cards<!-- programs --> (`npx x --json`)<!-- /programs -->. Then three.')).toBe(
      '## A\n\nTwo cards. Then three.',
    );
    expect(forPlayers('## A\n\n- Two cards<!-- programs -->\n  (`session.undo()`)<!-- /programs -->.\n- Three')).toBe(
      '## A\n\n- Two cards.\n- Three',
    );
    const paragraphs = '<!-- programs -->\nFor [programs](x.md).\n\nAnd more.\n<!-- /programs -->';
    expect(forPlayers(`## A\n\nOne.\n\n${paragraphs}\n\nTwo.`)).toBe('## A\n\nOne.\n\nTwo.');
    // Two marked parts on a line leave what is between them.
    expect(forPlayers('a<!-- programs --> b<!-- /programs --> c<!-- programs --> d<!-- /programs -->.')).toBe('a c.');
    // Other comments go too (the page draws no comment); rules without marks are left as they are.
    expect(forPlayers('## A\n\nOne.\n\n<!-- a note -->\n\nTwo.')).toBe('## A\n\nOne.\n\nTwo.');
    expect(forPlayers('## Pick Ten\n\nPick *ten* cards.')).toBe('## Pick Ten\n\nPick *ten* cards.');
    // plainText keeps the marked text and drops the marks.
    expect(plainText(`Two cards<!-- programs --> (\`npx x\`)<!-- /programs -->.\n\n${paragraphs}`)).toBe(
      'Two cards (npx x).\n\nFor programs.\n\nAnd more.\n',
    );
  });

  it('plainText draws a table as columns where it fits 80 columns, else one wrapped line a row', () => {
    const columns =
      '| id | game | actions |\n| --- | --- | ---: |\n| `tens` | [Tens](#tens) | 82 |\n| `decade` | Decade | 677 |';
    expect(plainText(columns).split('\n')).toEqual([
      'id      game    actions',
      '------  ------  -------',
      'tens    Tens         82',
      'decade  Decade      677',
    ]);
    const meaning = 'strict: slots refill at once; buffered: they stay empty until the player deals; '.repeat(2);
    const lines = plainText(
      'Options:\n\n| option | values | default | meaning |\n| --- | --- | --- | --- |\n' +
        '| `tableau` | 13, 15 | 13 | number of slots |\n' +
        `| \`refill\` | \`'strict'\`, \`'buffered'\` | (none) | ${meaning.trim()} |\n\nAfter.`,
    ).split('\n');
    expect(lines.slice(0, 3)).toEqual(['Options:', '', '- tableau (values 13, 15; default 13): number of slots']);
    // A middle cell in parentheses stands without its header; a long row wraps under its first word.
    const refill = lines.slice(3, -2);
    expect(refill.length).toBeGreaterThan(1);
    expect(refill.join(' ').replace(/ {3}/g, ' ')).toBe(
      `- refill (values 'strict', 'buffered'; none): ${meaning.trim()}`,
    );
    expect(refill.every((line) => line.length <= 80)).toBe(true);
    expect(refill.slice(1).every((line) => /^ {2}\S/.test(line))).toBe(true);
    expect(lines.slice(-2)).toEqual(['', 'After.']);
    // A row of the document's tables, as a player reads it.
    expect(plainText(playerRules(RULES, 'tens', 'tens')!)).toContain(
      '\n- tableau (values 13, 15; default 13): number of slots; 15 is the easier variant\n',
    );
  });

  it('plainText wraps paragraphs and list items anew: every id’s rules fit 80 columns, both ways', () => {
    expect(plainText('- One two\n  three.\n- Four\n\nFive\nsix.')).toBe('- One two three.\n- Four\n\nFive six.');
    expect(plainText(`- ${'word '.repeat(20)}end`).split('\n')).toEqual([
      `- ${'word '.repeat(14)}word`,
      `  ${'word '.repeat(5)}end`,
    ]);
    for (const id of envIds()) {
      const engine = envConfig(id).game.name;
      for (const text of [plainText(playerRules(RULES, id, engine)!), plainText(rulesSection(RULES, id, engine)!)]) {
        // A longer line is one word (a web address) that no line could hold.
        expect(
          text.split('\n').filter((line) => [...line].length > 80 && line.trim().includes(' ')),
          id,
        ).toEqual([]);
      }
    }
  });

  it(
    'a player’s rules leave out the env-id sentence each game’s section opens with, and keep the rest of its ' +
      'paragraph',
    () => {
      const opening: Record<string, string> = {
        tens: 'A row of face-up slots, 13 by default, dealt from the deck in slot order',
        'block-ten': 'The game published under this name (in The Spruce Crafts, aisleriot',
        decade: 'Also known as Ten-Twenty-Thirty;',
        // Its sentence is its whole first paragraph: the next one opens.
        'ten-twenty-thirty': 'Values are as in Decade: ace = 1,',
        'four-ten': 'A point-accumulation solitaire by Jeremiah Sanders',
      };
      for (const id of envIds()) {
        const engine = envConfig(id).game.name;
        const section = rulesSection(RULES, id, engine)!;
        const player = playerRules(RULES, id, engine)!;
        // The document keeps it, for programs.
        expect(section, id).toMatch(/^## .+\n\n\*Env id `/);
        expect(player, id).not.toMatch(/Env id/);
        const [heading, blank, first] = player.replace(VARIANT_LINE, '').split('\n');
        expect([heading, blank], id).toEqual([section.split('\n')[0], '']);
        // A variant reads its engine's section.
        // A game not listed: the rest of its section's first line after the env-id sentence.
        const rest = section.split('\n')[2].replace(/^\*Env id [^*]*\*\s*/, '');
        expect(first.startsWith(opening[id] ?? opening[engine] ?? rest), `${id}: ${first}`).toBe(true);
      }
      // A section that does not open with one is left as it is.
      expect(playerRules('## Pick Ten\n\nPick *ten* cards.', 'pick-ten', 'pick-ten')).toBe(
        '## Pick Ten\n\nPick *ten* cards.',
      );
    },
  );

  it(
    'a variant read from its engine’s section says first what it changes (a loop, seven stacks), from the ' +
      'document’s row for it',
    () => {
      expect(playerRules(RULES, 'decade-loop', 'decade')!.split('\n').slice(0, 3)).toEqual([
        '## Decade',
        '',
        '**This game is `decade-loop`**: the line is a loop; runs of at most three cards, including the last ' +
          'card placed (options `loop: true, maxRun: 3`). Where the rules below say otherwise, this holds.',
      ]);
      // Only the row's first sentence: decade-optional's goes on for the document's reader.
      expect(playerRules(RULES, 'decade-optional', 'decade')).toMatch(
        new RegExp(
          /^\*\*This game is `decade-optional`\*\*: the player may draw instead of discarding /.source +
            /\(options `discard: 'optional'`\)\. Where/.source,
          'm',
        ),
      );
      for (const id of envIds()) {
        const engine = envConfig(id).game.name;
        const own = RULES.split('\n').some((line) => line.startsWith('## ') && headingAnchor(line.slice(3)) === id);
        // Every registered variant without a section of its own has a row: a new one without one fails here.
        expect(VARIANT_LINE.test(playerRules(RULES, id, engine)!), id).toBe(!own);
      }
      expect(playerRules('## Pick Ten\n\n| `pick-five` | `{}` | five cards |', 'pick-five', 'pick-ten')).toBe(
        '## Pick Ten\n\n**This game is `pick-five`**: five cards (options `{}`). Where the rules below say ' +
          'otherwise, this holds.\n\n| `pick-five` | `{}` | five cards |',
      );
    },
  );

  it('an id with its own section reads it; a variant reads its engine’s', () => {
    expect(rulesSection(RULES, 'ten-twenty-thirty', 'decade')).toMatch(/^## Ten-Twenty-Thirty\n/);
    expect(rulesSection(RULES, 'decade-loop', 'decade')).toMatch(/^## Decade\n/);
    expect(rulesSection(RULES, 'four-ten', 'four-ten')).toMatch(/^## Four Ten\n/);
    // A section ends where the next level-2 heading starts, and keeps its level-3 headings.
    const decade = rulesSection(RULES, 'decade', 'decade')!;
    expect(decade).toContain('### Options');
    expect(decade).not.toContain('## Ten-Twenty-Thirty');
  });

  it('a section that links to Rewards comes with it; one that does not, alone', () => {
    for (const [id, engine] of [
      ['tens', 'tens'],
      ['block-ten', 'block-ten'],
      ['decade-loop', 'decade'],
      ['four-ten', 'four-ten'],
    ]) {
      const section = rulesSection(RULES, id, engine)!;
      expect(section, id).toMatch(/\n## Rewards\n/);
      expect(section.indexOf('## Rewards'), id).toBeGreaterThan(0);
      expect(section, id).not.toMatch(/## The environment contract/);
    }
    const doc = '## A\nsee [Rewards](#rewards)\n## B\nnothing\n## Rewards\nwin: 1';
    expect(rulesSection(doc, 'a', 'a')).toBe('## A\nsee [Rewards](#rewards)\n\n## Rewards\nwin: 1');
    expect(rulesSection(doc, 'b', 'b')).toBe('## B\nnothing');
  });

  it('without an engine, a registered id reads its own engine’s section', () => {
    expect(rulesSection(RULES, 'decade-loop')).toBe(rulesSection(RULES, 'decade-loop', 'decade'));
    expect(rulesSection(RULES, 'ten-twenty-thirty')).toMatch(/^## Ten-Twenty-Thirty\n/);
    expect(() => rulesSection(RULES, 'pick-ten')).toThrow(/unknown env "pick-ten"/);
  });

  it('refuses what is not a string, by name', () => {
    const refused = (f: () => unknown, message: RegExp) =>
      expect(f).toThrow(
        expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
      );
    refused(
      () => rulesSection(null as never, 'decade', 'decade'),
      /^rulesSection takes the rules document \(docs\/rules.md and docs\/rules\/\*.md\) as a string, got null$/,
    );
    refused(() => rulesSection(RULES, 5 as never), /^rulesSection takes an env id as a string, got 5$/);
    refused(() => rulesSection(RULES, 'decade', null as never), /engine's name .* got null$/);
    refused(() => plainText(null as never), /^plainText takes Markdown text as a string, got null$/);
    refused(() => headingAnchor(5 as never), /^headingAnchor takes a heading as a string, got 5$/);
  });

  it('a game the document does not cover has no section', () => {
    expect(rulesSection(RULES, 'pick-ten', 'pick-ten')).toBeNull();
  });

  it('headings inside code fences are not sections', () => {
    const doc = '## A\none\n```md\n## B\n```\n## C\nthree';
    expect(rulesSection(doc, 'a', 'a')).toBe('## A\none\n```md\n## B\n```');
    expect(rulesSection(doc, 'b', 'b')).toBeNull();
  });

  it('anchors keep exactly \\p{L} and \\p{N}, spelled out for Hermes 0.12, at every code point', () => {
    const spelled = new RegExp(`^[${LETTER_OR_NUMBER}]$`, 'u');
    const property = /^[\p{L}\p{N}]$/u;
    const differ: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (spelled.test(ch) !== property.test(ch)) differ.push(c.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('anchors and plain text', () => {
    expect(headingAnchor('Cards, deals and seeds')).toBe('cards-deals-and-seeds');
    expect(headingAnchor('Ten-Twenty-Thirty')).toBe('ten-twenty-thirty');
    expect(headingAnchor('Règles: 四 ½ Ⅻ (𝔸)!')).toBe('règles-四-½-ⅻ-𝔸');
    expect(plainText('## Four Ten\nA **move** is `draw` ([more](#x)), *seen* first.')).toBe(
      'FOUR TEN\nA move is draw (more), seen first.',
    );
  });
});
