#!/usr/bin/env node
// Prints a regular-expression class body of explicit ranges for Unicode property escapes, as TypeScript string
// lines: Hermes 0.12 has no `\p{…}`, so src/ spells the classes out. Node's Unicode tables decide the ranges.
// Usage: node scripts/unicode-ranges.mjs '\p{L}\p{N}'
const [properties] = process.argv.slice(2);
const re = new RegExp(`^[${properties}]$`, 'u');
const hex = (c) =>
  c > 0xffff ? `\\u{${c.toString(16).toUpperCase()}}` : `\\u${c.toString(16).toUpperCase().padStart(4, '0')}`;
const parts = [];
let start = -1;
for (let c = 0; c <= 0x110000; c++) {
  const inClass = c <= 0x10ffff && re.test(String.fromCodePoint(c));
  if (inClass && start < 0) start = c;
  if (!inClass && start >= 0) {
    const end = c - 1;
    parts.push(start === end ? hex(start) : `${hex(start)}-${hex(end)}`);
    start = -1;
  }
}
const lines = [];
let line = '';
for (const part of parts) {
  if (line.length + part.length > 96) {
    lines.push(line);
    line = '';
  }
  line += part;
}
lines.push(line);
console.log(`// Unicode ${process.versions.unicode}: ${properties}`);
console.log(lines.map((l) => `  '${l.replaceAll('\\', '\\\\')}'`).join(' +\n'));
