import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envConfig, envIds } from '../../src/env/registry.js';
import { headingAnchor, plainText, playerRules, rulesSection } from '../../src/hints/rules.js';

const RULES = readFileSync(fileURLToPath(new URL('../../docs/rules.md', import.meta.url)), 'utf8');
/** The line a variant's rules open with, after the heading (and its blank line). */
const VARIANT_LINE = /(?<=^## [^\n]*\n)\n\*\*This game is `[^`]+`\*\*[^\n]*\n/;

describe('rules sections', () => {
  it('every registered id has a section of the rules document, its own or its engine’s', () => {
    for (const id of envIds()) {
      const section = rulesSection(RULES, id, envConfig(id).game.name);
      expect(section, id).not.toBeNull();
      expect(section!.startsWith('## '), id).toBe(true);
      expect(section!.split('\n').length, id).toBeGreaterThan(5);
    }
  });

  it('every card game’s section, the one a player is shown, says what the cards count: an ace is 1', () => {
    for (const id of envIds().filter((i) => envConfig(i).game.name !== 'four-ten')) {
      expect(rulesSection(RULES, id, envConfig(id).game.name), id).toMatch(/ace = 1/);
    }
  });

  it('a player’s rules are the section without what is for programs: the action ids, the reward', () => {
    for (const id of envIds()) {
      const engine = envConfig(id).game.name;
      const section = rulesSection(RULES, id, engine)!;
      const player = playerRules(RULES, id, engine)!;
      expect(player.split('\n')[0], id).toBe(section.split('\n')[0]);
      expect(player, id).not.toMatch(/^### Actions$|^## Rewards$|^\| `reward` \|/m);
      // Everything else kept, in order (the env-id sentence aside: below; a variant's own line: further below).
      const kept = player.replace(VARIANT_LINE, '').split('\n');
      let at = 0;
      for (const line of section.replace(/\*Env id [^*]*\*[ \t]*\n?/, '').split('\n'))
        if (at < kept.length && line === kept[at]) at++;
      expect(at, id).toBe(kept.length);
    }
    expect(rulesSection(RULES, 'decade', 'decade')).toMatch(/^### Actions$/m);
    expect(playerRules(RULES, 'decade', 'decade')).toMatch(/^### The variants$/m);
    expect(playerRules('# nothing', 'decade', 'decade')).toBeNull();
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
        'ten-twenty-thirty': "Values are the Decade engine's: ace = 1,",
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
      /^rulesSection takes the rules document \(docs\/rules.md\) as a string, got null$/,
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

  it('anchors and plain text', () => {
    expect(headingAnchor('Cards, deals and seeds')).toBe('cards-deals-and-seeds');
    expect(headingAnchor('Ten-Twenty-Thirty')).toBe('ten-twenty-thirty');
    expect(plainText('## Four Ten\nA **move** is `draw` ([more](#x)), *seen* first.')).toBe(
      'FOUR TEN\nA move is draw (more), seen first.',
    );
  });
});
