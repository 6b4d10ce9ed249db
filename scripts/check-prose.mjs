#!/usr/bin/env node
// The prose check of the guides: README.md, docs/*.md (not docs/decisions/, docs/rules/ or
// docs/experiments/) and models/README.md. `npm run lint` runs it.
//
// Limits: each guide's mean sentence at most 22 words, no sentence over 60 words, no paragraph
// over 120 words, and the guides' prose at most 25,000 words in all.
//
// What counts as prose: everything but fenced code blocks (``` or ~~~), inline code (`...`),
// table rows (lines starting with |), headings (lines starting with #), HTML comments and tags,
// link URLs ([text](url) counts as text; images, <http://...> and [ref]: url lines count as
// nothing). A blockquote's > is dropped and its text counted.
//
// Paragraphs: lines of prose between blank lines. A list item (-, *, + or 1.) starts a new
// paragraph, and its indented continuation lines belong to it.
//
// Words: whitespace-separated tokens with at least one letter or digit. "3.5", "e.g.", "--help"
// and "x86-64" are one word each; a lone "—" or "|" is none.
//
// Sentences: one ends at a word ending in ".", "!" or "?" (closing brackets, quotes, * and _
// after it allowed), and at the end of a paragraph or list item. A dot inside a word (3.5,
// docs/api.md, v1.2) ends nothing. These abbreviations end nothing either: e.g., i.e., etc., vs.,
// cf., approx., incl., resp., no., fig., Mr., Dr., St., and single capital initials (A.).
// Semicolons and colons do not end a sentence.
//
// Usage: node scripts/check-prose.mjs [--report] [file.md ...]. With files, only they are
// checked (the total limit applies to them); without, the guides are. --report prints each
// guide's numbers as well. Exits 1 on any failure, printing each as file:line and its numbers.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

export const LIMITS = { meanSentence: 22, sentence: 60, paragraph: 120, total: 25000 };

const ABBREVIATIONS = new Set([
  'e.g.',
  'i.e.',
  'etc.',
  'vs.',
  'cf.',
  'approx.',
  'incl.',
  'resp.',
  'no.',
  'fig.',
  'mr.',
  'dr.',
  'st.',
]);

/** The guides, relative to root. */
export function guideFiles(root) {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join('docs', f));
  return ['README.md', ...docs, join('models', 'README.md')].filter((f) => existsSync(join(root, f)));
}

/** Paragraphs of prose: { line, text } with line 1-based. */
export function paragraphs(source) {
  const noComments = source.replace(/<!--[\s\S]*?-->/g, (m) => m.replace(/[^\n]/g, ' '));
  const lines = noComments.split('\n');
  const out = [];
  let current = null;
  let fence = null;
  const close = () => {
    if (current?.text.trim()) out.push(current);
    current = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const fenceMatch = raw.match(/^\s*(`{3,}|~{3,})/);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
      continue;
    }
    if (fenceMatch) {
      close();
      fence = fenceMatch[1];
      continue;
    }
    let line = raw.replace(/^\s*(>\s?)+/, '');
    if (!line.trim()) {
      close();
      continue;
    }
    if (/^\s*#/.test(line) || /^\s*\|/.test(line) || /^\s*\[[^\]]+\]:\s/.test(line)) {
      close();
      continue;
    }
    const item = line.match(/^\s*([-*+]|\d+[.)])\s+/);
    if (item) {
      close();
      line = line.slice(item[0].length);
    }
    if (!current) current = { line: i + 1, text: '' };
    current.text += `${line}\n`;
  }
  close();
  return out;
}

/** Prose text of a paragraph: inline code, URLs, images and HTML tags taken out. */
export function proseText(text) {
  return text
    .replace(/(`+)[\s\S]*?\1/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<https?:[^>]*>/g, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
}

export function words(text) {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

function endsSentence(word) {
  const bare = word.replace(/[)\]"'”’*_]+$/, '');
  if (!/[.!?]$/.test(bare)) return false;
  const lower = bare.replace(/^[("'“‘*_[]+/, '').toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  if (/^[A-Z]\.$/.test(bare.replace(/^[("'“‘*_[]+/, ''))) return false;
  return true;
}

/** Sentence lengths (in words) of a paragraph's prose. */
export function sentences(text) {
  const lengths = [];
  let n = 0;
  for (const w of words(proseText(text))) {
    n++;
    if (endsSentence(w)) {
      lengths.push(n);
      n = 0;
    }
  }
  if (n > 0) lengths.push(n);
  return lengths;
}

/** The numbers of one guide and its failures. */
export function measure(file, source) {
  const failures = [];
  let total = 0;
  let count = 0;
  let longestSentence = 0;
  let longestParagraph = 0;
  for (const p of paragraphs(source)) {
    const lengths = sentences(p.text);
    const pw = lengths.reduce((a, b) => a + b, 0);
    total += pw;
    count += lengths.length;
    longestParagraph = Math.max(longestParagraph, pw);
    if (pw > LIMITS.paragraph) failures.push(`${file}:${p.line}: paragraph of ${pw} words (limit ${LIMITS.paragraph})`);
    for (const n of lengths) {
      longestSentence = Math.max(longestSentence, n);
      if (n > LIMITS.sentence) failures.push(`${file}:${p.line}: sentence of ${n} words (limit ${LIMITS.sentence})`);
    }
  }
  const mean = count ? total / count : 0;
  if (mean > LIMITS.meanSentence) {
    failures.push(`${file}:1: mean sentence ${mean.toFixed(1)} words (limit ${LIMITS.meanSentence})`);
  }
  return { file, words: total, sentences: count, mean, longestSentence, longestParagraph, failures };
}

export function check(root, files) {
  const results = files.map((f) => {
    const path = resolve(root, f);
    return measure(isAbsolute(f) ? f : relative(root, path), readFileSync(path, 'utf8'));
  });
  const total = results.reduce((a, r) => a + r.words, 0);
  const failures = results.flatMap((r) => r.failures);
  if (total > LIMITS.total) failures.push(`guides: ${total} words of prose in all (limit ${LIMITS.total})`);
  return { results, total, failures };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const report = args.includes('--report');
  const given = args.filter((a) => a !== '--report');
  const root = process.cwd();
  const { results, total, failures } = check(root, given.length ? given : guideFiles(root));
  if (report) {
    console.log('file\twords\tmean\tlongest sentence\tlongest paragraph');
    for (const r of results) {
      console.log(`${r.file}\t${r.words}\t${r.mean.toFixed(1)}\t${r.longestSentence}\t${r.longestParagraph}`);
    }
    console.log(`total\t${total}`);
  }
  for (const f of failures) console.error(f);
  if (failures.length) {
    console.error(`check-prose: ${failures.length} failure(s)`);
    process.exit(1);
  }
  console.log(`check-prose: ${results.length} guide(s), ${total} words of prose, within the limits`);
}
