// The rules document as the CLI and the page read it: docs/rules.md (what every game shares)
// joined with each game's page, docs/rules/*.md.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCS = fileURLToPath(new URL('../../docs/', import.meta.url));

export function rulesDocument(): string {
  const pages = readdirSync(`${DOCS}rules`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readFileSync(`${DOCS}rules/${name}`, 'utf8'));
  return [readFileSync(`${DOCS}rules.md`, 'utf8'), ...pages].join('\n');
}
