/**
 * The rules document's Markdown as the page shows it: headings, paragraphs, lists and tables
 * as elements, emphasis and code marks as such, links as their words (the document's links go
 * to other documents, not part of the page). Only what docs/rules.md uses; every piece of text
 * goes in as text, never as HTML.
 */

/** A fragment of elements for `markdown`. */
export function markdownNodes(markdown: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const lines = markdown.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = /^(#{2,6}) (.+)$/.exec(line);
    if (heading) {
      const h = document.createElement(`h${Math.min(6, heading[1].length + 1)}` as 'h3');
      h.append(...inline(heading[2]));
      out.append(h);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[] = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      out.append(table(rows));
    } else if (/^\s*- /.test(line)) {
      const list = document.createElement('ul');
      while (i < lines.length && /^\s*- /.test(lines[i])) {
        // An item runs on over its indented lines.
        let text = lines[i++].replace(/^\s*- /, '');
        while (i < lines.length && /^ {2,}\S/.test(lines[i]) && !/^\s*- /.test(lines[i]))
          text += ` ${lines[i++].trim()}`;
        const item = document.createElement('li');
        item.append(...inline(text));
        list.append(item);
      }
      out.append(list);
    } else if (line.trim() === '') {
      i++;
    } else {
      let text = line.trim();
      i++;
      while (i < lines.length && lines[i].trim() !== '' && !/^(#{2,6} |\||\s*- )/.test(lines[i]))
        text += ` ${lines[i++].trim()}`;
      const p = document.createElement('p');
      p.append(...inline(text));
      out.append(p);
    }
  }
  return out;
}

/** A Markdown table's lines (header, rule, rows) as a table. */
function table(rows: string[]): HTMLTableElement {
  const cells = (row: string): string[] =>
    row
      .trim()
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => c.trim());
  const t = document.createElement('table');
  const [head, , ...body] = rows;
  const tr = document.createElement('tr');
  for (const c of cells(head)) {
    const th = document.createElement('th');
    th.append(...inline(c));
    tr.append(th);
  }
  t.createTHead().append(tr);
  const tbody = t.createTBody();
  for (const row of body) {
    const r = document.createElement('tr');
    for (const c of cells(row)) {
      const td = document.createElement('td');
      td.append(...inline(c));
      r.append(td);
    }
    tbody.append(r);
  }
  return t;
}

/** Inline Markdown as nodes: **strong**, *em*, `code`, and a link's words. */
function inline(text: string): Node[] {
  const nodes: Node[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\([^)]*\)|(?<![*\w])\*([^*\n]+)\*/g;
  let at = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (m.index > at) nodes.push(document.createTextNode(text.slice(at, m.index)));
    if (m[1] !== undefined) nodes.push(wrapped('strong', m[1]));
    else if (m[2] !== undefined) nodes.push(wrapped('code', m[2]));
    else if (m[3] !== undefined) nodes.push(...inline(m[3]));
    else nodes.push(wrapped('em', m[4]));
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

function wrapped(tag: 'strong' | 'em' | 'code', text: string): HTMLElement {
  const e = document.createElement(tag);
  e.append(...(tag === 'code' ? [document.createTextNode(text)] : inline(text)));
  return e;
}
