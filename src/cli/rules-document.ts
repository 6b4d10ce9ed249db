/**
 * The rules document (docs/rules.md) as the installed package carries it, read once for
 * `rules` in `tengym play`. From dist/cli/ the package root is two folders up.
 */
import { readFileSync } from 'node:fs';
import type { Env } from '../env/env.js';
import { plainText, rulesSection } from '../hints/rules.js';

export const RULES_DOCUMENT = new URL('../../docs/rules.md', import.meta.url);

let cached: string | null | undefined;

/** The rules of an env's game as plain text, or a line saying where they are when the document is missing or has no section for it. */
export function rulesText(env: Env): string {
  if (cached === undefined) {
    try {
      cached = readFileSync(RULES_DOCUMENT, 'utf8');
    } catch {
      cached = null;
    }
  }
  const section = cached === null ? null : rulesSection(cached, env.id, env.game.name);
  return section === null ? `No rules document for ${env.id} here (docs/rules.md of the tengym package).` : plainText(section);
}
