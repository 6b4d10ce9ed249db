// The docs point at things that exist: every relative link in the README, DEVELOPERS.md,
// models/README.md and the pages under docs/ resolves to a file in the repo (and a #section to a heading
// of it), every source path they name in backticks is a file, and nothing in the repo cites
// the rules' source documents by their file names, which a clone does not contain
// (docs/rules.md is the repo's own statement of the rules and credits its sources).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envs } from '../src/env/registry.js';
import { engineFile } from './helpers/engine-files.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The markdown files under a folder of the repo, its subfolders' too. */
const markdownUnder = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((f) =>
    f.isDirectory() ? markdownUnder(`${dir}/${f.name}`) : f.name.endsWith('.md') ? [`${dir}/${f.name}`] : [],
  );

const DOCS = ['README.md', 'DEVELOPERS.md', 'models/README.md', ...markdownUnder('docs')];

/** The text of a markdown file without its fenced code blocks (commands and output are not links). */
function prose(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/**
 * GitHub's anchors for a markdown file's headings: lower case, punctuation dropped, spaces to hyphens, repeats
 * numbered.
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The relative link targets of a markdown file: `[text](target)` and `![alt](target)`, web addresses left out. */
function relativeLinks(file: string): string[] {
  const targets = [...prose(file).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));
}

describe('the docs', () => {
  it('exist where the README and DEVELOPERS.md promise them', () => {
    expect(DOCS).toContain('docs/rules.md');
    expect(DOCS).toContain('docs/decisions.md');
    expect(DOCS).toContain('docs/decisions/training.md');
  });

  it("where they send a package's user to a game's tables, the built types open with them", () => {
    for (const game of [...new Set(envs().map((e) => e.engine))]) {
      const file = engineFile(game);
      expect(file, game).not.toBeNull();
      const types = readFileSync(join(ROOT, file!.replace(/^src\//, 'dist/').replace(/\.ts$/, '.d.ts')), 'utf8');
      expect(types.slice(0, 3), game).toBe('/**');
      for (const heading of ['## Options', '## Actions', '## Observation'])
        expect(types.slice(0, types.indexOf('*/')), `${game}: ${heading}`).toContain(heading);
    }
  });

  it(
    "docs/rules/ holds each game folder's rules.md as a page, and docs/rules.md their contents, as npm run " +
      'build:rules writes them',
    () => {
      const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build-rules.mjs'), '--check'], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
  );

  it('heading anchors follow GitHub', () => {
    const anchors = headingAnchors(
      '# The rules\n## Four Ten solved exactly: `optimal`\n## Tens\n## Tens\n```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual(['the-rules', 'four-ten-solved-exactly-optimal', 'tens', 'tens-1']);
  });

  it.each(DOCS)('%s: every relative link resolves to a file in the repo, and every #section to a heading', (file) => {
    const problems: string[] = [];
    for (const target of relativeLinks(file)) {
      const [pathPart, anchor] = target.split('#', 2);
      const path = pathPart === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURIComponent(pathPart));
      const inRepo = !relative(ROOT, path).startsWith('..');
      if (!inRepo || !existsSync(path)) {
        problems.push(`${target}: no such file in the repo`);
        continue;
      }
      if (anchor && path.endsWith('.md') && !headingAnchors(readFileSync(path, 'utf8')).has(anchor)) {
        problems.push(`${target}: ${relative(ROOT, path).split(sep).join('/')} has no heading #${anchor}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(DOCS)('%s: every source file it names in backticks exists', (file) => {
    const paths = [...prose(file).matchAll(/`((?:src|test|web|configs|stryker|docs)\/[^`\s<>*{}…]+\.[a-z]+)`/g)].map(
      (m) => m[1],
    );
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });
});

describe('the repo', () => {
  // The names are spelled in pieces so that this file does not cite them either.
  const CITATIONS = [
    'SPEC' + '.md',
    'card-merge-10' + '-spec',
    'decade' + '-article',
    'decade-rules' + '.txt',
    'four-ten-rules' + '.md',
    'tens-rules' + '.txt',
  ];
  const SKIP = new Set(['node_modules', 'dist', '.git', 'runs', 'reports', '.stryker-tmp']);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      if (SKIP.has(f)) return [];
      const path = join(dir, f);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });

  it("cites the rules' source documents by no file name (docs/rules.md credits them)", () => {
    const texts = walk(ROOT).filter(
      (f) => /\.(ts|js|mjs|json|md|txt|html|css)$/.test(f) && !f.endsWith('package-lock.json'),
    );
    const citing = texts.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return CITATIONS.filter((name) => text.includes(name)).map((name) => `${relative(ROOT, f)}: ${name}`);
    });
    expect(citing).toEqual([]);
  });
});
