/**
 * The rules document (docs/rules.md) as the installed package carries it, read once for
 * `rules` in `tengym play`. From dist/cli/ the package root is two folders up.
 */
import { readFileSync } from 'node:fs';
import type { Env } from '../env/env.js';
import { plainText, playerRules } from '../hints/rules.js';

export const RULES_DOCUMENT = new URL('../../docs/rules.md', import.meta.url);

let cached: string | null | undefined;

/**
 * The rules of an env's game as plain text: its section of the document, else the game's own
 * (`Game.rules`, a game registered at run time), else a line saying that there are none here.
 */
export function rulesText(env: Env): string {
  if (cached === undefined) {
    try {
      cached = readFileSync(RULES_DOCUMENT, 'utf8');
    } catch {
      cached = null;
    }
  }
  const section = cached === null ? null : playerRules(cached, env.id, env.game.name);
  if (section !== null) return plainText(section);
  if (env.game.rules !== undefined) return plainText(env.game.rules);
  return cached === null
    ? `No rules document for ${env.id} here (docs/rules.md of the tengym package).`
    : `No rules for ${env.id}: docs/rules.md of the tengym package has no section for it, and its game gives none (Game.rules, Markdown).`;
}
