/**
 * The rules document as the installed package carries it, read once for `tengym rules` and
 * `rules` in `tengym play`: docs/rules.md (what every game shares) joined with each game's page,
 * docs/rules/*.md. From dist/cli/ the package root is two folders up.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Env } from '../env/env.js';
import { forPlayers, plainText, playerRules, rulesSection } from '../hints/rules.js';

export const RULES_DOCUMENT = new URL('../../docs/rules.md', import.meta.url);
const GAME_PAGES = new URL('../../docs/rules/', import.meta.url);

let cached: string | null | undefined;

/** The document, read once; null when the package has none. */
function rulesDocument(): string | null {
  if (cached === undefined) {
    try {
      const pages = readdirSync(GAME_PAGES)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => readFileSync(new URL(name, GAME_PAGES), 'utf8'));
      cached = [readFileSync(RULES_DOCUMENT, 'utf8'), ...pages].join('\n');
    } catch {
      cached = null;
    }
  }
  return cached;
}

/**
 * The rules of an env's game in Markdown: a player's (`playerRules`), or with `forPrograms` its
 * whole section as docs/rules.md has it (the env-id sentence, the action ids, the training
 * reward, the text marked for programs); else the game's own (`Game.rules`, a game registered at
 * run time, a player's read as its section is: `forPlayers`); null when neither.
 */
export function rulesMarkdown(env: Env, forPrograms = false): string | null {
  const document = rulesDocument();
  const section =
    document === null
      ? null
      : forPrograms
        ? rulesSection(document, env.id, env.game.name)
        : playerRules(document, env.id, env.game.name);
  const own = env.game.rules;
  return section ?? (own === undefined ? null : forPrograms ? own : forPlayers(own));
}

/** Why `rulesMarkdown` has nothing for an env: no document here, or no section and no `Game.rules`. */
export function noRules(env: Env): string {
  return rulesDocument() === null
    ? `No rules document for ${env.id} here (docs/rules.md of the tengym package).`
    : `No rules for ${env.id}: docs/rules.md of the tengym package has no section for it, and its game gives ` +
        `none (Game.rules, Markdown).`;
}

/**
 * The rules of an env's game as plain text: its section of the document, else the game's own
 * (`Game.rules`, a game registered at run time), else a line saying that there are none here.
 */
export function rulesText(env: Env): string {
  const markdown = rulesMarkdown(env);
  return markdown === null ? noRules(env) : plainText(markdown);
}
