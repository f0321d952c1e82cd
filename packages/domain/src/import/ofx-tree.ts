import { ImportParseError } from './types';

/** One OFX element: an aggregate with children, or a leaf with text. `line` is where its tag opens. */
export type OfxElement = { name: string; line: number; text?: string; children: OfxElement[] };

// Elements that always carry a value, even when an SGML file leaves one empty and unclosed.
const LEAVES = new Set(
  (
    'TRNTYPE DTPOSTED DTUSER DTAVAIL TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM REFNUM SIC ' +
    'PAYEEID NAME EXTDNAME MEMO INV401KSOURCE CURDEF CURSYM CURRATE BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY ' +
    'BALAMT DTASOF DTSTART DTEND CODE SEVERITY MESSAGE ORG FID DTSERVER LANGUAGE TRNUID MKTGINFO ' +
    'ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE INTU.BID INTU.USERID'
  ).split(' '),
);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

// Leaves never get children (only elements on the stack do), so they share one empty list.
const LEAF: OfxElement[] = [];

const isNameCode = (code: number) =>
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  (code >= 48 && code <= 57) ||
  code === 46 ||
  code === 95;

/** The tag opening at `open` ('<NAME>', '</NAME>', '<NAME/>', attributes ignored), or undefined. */
function readTag(
  text: string,
  open: number,
): { name: string; closing: boolean; selfClosing: boolean; end: number } | undefined {
  let cursor = open + 1;
  const closing = text.charCodeAt(cursor) === 47;
  if (closing) cursor += 1;
  const first = text.charCodeAt(cursor);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return undefined;
  const nameStart = cursor;
  while (isNameCode(text.charCodeAt(cursor))) cursor += 1;
  const close = text.indexOf('>', cursor);
  if (close < 0 || text.lastIndexOf('<', close) !== open) return undefined;
  const selfClosing = !closing && text.charCodeAt(close - 1) === 47;
  return { name: text.slice(nameStart, cursor).toUpperCase(), closing, selfClosing, end: close + 1 };
}

/**
 * Reads the `<OFX>` body of an OFX 1.x (SGML: leaf elements unclosed) or 2.x (XML) file into a tree.
 * Element names are upper-cased; comments, processing instructions and the header are skipped.
 * Throws ImportParseError when there is no `<OFX>` element or a tag is malformed.
 */
export function parseOfxTree(text: string): OfxElement {
  const start = text.search(/<OFX(?:\s[^>]*)?>/i);
  if (start < 0) throw new ImportParseError(1, 'this is not an OFX file (there is no <OFX> element)');
  const closed = new Set(
    [...text.slice(start).matchAll(/<\/([A-Za-z][\w.]*)\s*>/g)].map((m) => (m[1] ?? '').toUpperCase()),
  );
  const root: OfxElement = { name: '#root', line: 1, children: [] };
  const stack: OfxElement[] = [root];
  let line = 1;
  let counted = 0;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted += 1) {
      const code = text.charCodeAt(counted);
      if (code === 10 || (code === 13 && text.charCodeAt(counted + 1) !== 10)) line += 1;
    }
    return line;
  };

  let position = start;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    if (open < 0) break;
    if (text.startsWith('<!--', open) || text.startsWith('<?', open) || text.startsWith('<!', open)) {
      const end = text.startsWith('<!--', open) ? text.indexOf('-->', open) + 3 : text.indexOf('>', open) + 1;
      position = end > open ? end : text.length;
      continue;
    }
    const tag = readTag(text, open);
    if (!tag) {
      throw new ImportParseError(
        lineAt(open),
        `"${text.slice(open, open + 20).split(/\r?\n/)[0]}" is not a valid OFX tag`,
      );
    }
    const name = tag.name;
    const tagLine = lineAt(open);
    position = tag.end;
    const parent = stack.at(-1) ?? root;
    if (tag.closing) {
      let at = stack.length - 1;
      while (at > 0 && stack[at]?.name !== name) at -= 1;
      // A closing tag of a leaf (or a stray one) has nothing to pop.
      if (at > 0) stack.length = at;
      continue;
    }
    if (tag.selfClosing) {
      parent.children.push({ name, line: tagLine, text: '', children: LEAF });
      continue;
    }
    const next = text.indexOf('<', position);
    const raw = text.slice(position, next < 0 ? text.length : next);
    let value = raw.trim();
    let end = next < 0 ? text.length : next;
    if (text.startsWith('<![CDATA[', end)) {
      const close = text.indexOf(']]>', end);
      value = text.slice(end + 9, close < 0 ? text.length : close).trim();
      end = close < 0 ? text.length : close + 3;
    }
    if (value !== '' || LEAVES.has(name) || !closed.has(name)) {
      const decoded = value.includes('&') ? decodeEntities(value) : value;
      parent.children.push({ name, line: tagLine, text: decoded, children: LEAF });
      position = end;
      // XML (and tidy SGML) closes the leaf right after its text.
      if (text.startsWith('</', end) && text.slice(end + 2, end + 2 + name.length).toUpperCase() === name) {
        const close = text.indexOf('>', end);
        if (close >= 0 && text.slice(end + 2 + name.length, close).trim() === '') position = close + 1;
      }
      continue;
    }
    const element: OfxElement = { name, line: tagLine, children: [] };
    parent.children.push(element);
    stack.push(element);
  }
  return root;
}

/** The first direct child named `name`. */
export function childOf(element: OfxElement | undefined, name: string): OfxElement | undefined {
  return element?.children.find((child) => child.name === name);
}

/** The text of the leaf reached through `path` (direct children), or undefined when absent or empty. */
export function textAt(element: OfxElement | undefined, ...path: string[]): string | undefined {
  let current = element;
  for (const name of path) current = childOf(current, name);
  const text = current?.text?.trim();
  return text ? text : undefined;
}

/** Every element named one of `names` anywhere below `element`, in document order. */
export function findAll(element: OfxElement, names: ReadonlySet<string>): OfxElement[] {
  const found: OfxElement[] = [];
  const visit = (node: OfxElement) => {
    for (const child of node.children) {
      if (names.has(child.name)) found.push(child);
      else visit(child);
    }
  };
  visit(element);
  return found;
}
