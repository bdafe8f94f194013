// A small XML reader for the subset 3MF and OPC use: elements, attributes, text, comments,
// CDATA and processing instructions, in UTF-8. It pulls one tag at a time from the bytes (no
// tree, no recursion), keeps attributes as byte ranges until asked, nests at most
// XML_LIMITS.depth elements deep, and refuses DOCTYPE: with no DTD there are no entities to
// expand beyond the five predefined ones and character references.
import { corrupt } from './errors.js';
import { parseDecimal, parseInteger, quote, textOf } from './numbers.js';

export const XML_LIMITS = Object.freeze({ depth: 256 });

export const START = 1;
export const END = 2;
export const DONE = 0;

const LT = 60;
const GT = 62;
const SLASH = 47;
const isSpace = (c) => c === 32 || c === 10 || c === 9 || c === 13;
const utf8 = new TextDecoder('utf-8', { fatal: false });
const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export class XmlReader {
  /** `part` names the bytes in error messages (a zip entry). */
  constructor(bytes, part, limits = XML_LIMITS) {
    this.bytes = bytes;
    this.part = part;
    this.maxDepth = limits.depth;
    this.pos = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; // a UTF-8 byte-order mark
    if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
      this.fail(0, 'is UTF-16; 3MF parts are UTF-8');
    }
    this.stack = new Int32Array(2 * (this.maxDepth + 1)); // name start, end per open element
    this.depth = 0;
    this.roots = 0;
    this.pendingEnd = false;
    this.tagStart = 0; // where the last tag began (for messages)
    this.nameStart = 0; // the last start or end tag's name
    this.nameEnd = 0;
    this.attributes = new Int32Array(64); // name start, name end, value start, value end
    this.attributeCount = 0;
  }

  /** A ParseError naming the part and the line of byte `at`. */
  fail(at, why) {
    let line = 1;
    for (let i = this.bytes.indexOf(10); i >= 0 && i < at; i = this.bytes.indexOf(10, i + 1)) line++;
    throw corrupt(`${this.part} line ${line}: ${why}`);
  }

  // The end of the construct that `close` ends, searching from `from`; fails if there is none.
  until(close, from, what) {
    const bytes = this.bytes;
    const first = close.charCodeAt(0);
    for (let at = bytes.indexOf(first, from); at >= 0; at = bytes.indexOf(first, at + 1)) {
      let k = 1;
      while (k < close.length && bytes[at + k] === close.charCodeAt(k)) k++;
      if (k === close.length) return at + k;
    }
    return this.fail(from, `${what} is not closed`);
  }

  /** The next START or END tag (a self-closing one gives both), or DONE at the end. */
  next() {
    if (this.pendingEnd) {
      this.pendingEnd = false;
      this.depth--;
      return END;
    }
    const bytes = this.bytes;
    for (;;) {
      const lt = bytes.indexOf(LT, this.pos);
      const textEnd = lt < 0 ? bytes.length : lt;
      if (this.depth === 0) {
        for (let i = this.pos; i < textEnd; i++) if (!isSpace(bytes[i])) this.fail(i, 'text outside the root element');
      }
      if (lt < 0) {
        if (this.depth > 0) this.fail(bytes.length, `the document ends inside <${this.name()}>`);
        if (this.roots === 0) this.fail(bytes.length, 'no root element');
        return DONE;
      }
      this.tagStart = lt;
      const c = bytes[lt + 1];
      if (c === 63) {
        this.pos = this.until('?>', lt + 2, 'a processing instruction'); // <? ... ?>
      } else if (c === 33) {
        // <!-- -->, <![CDATA[ ]]>, or a declaration, which is refused.
        if (bytes[lt + 2] === 45 && bytes[lt + 3] === 45) this.pos = this.until('-->', lt + 4, 'a comment');
        else if (textOf(bytes, lt + 2, lt + 9) === '[CDATA[' && this.depth > 0) {
          this.pos = this.until(']]>', lt + 9, 'a CDATA section');
        } else if (textOf(bytes, lt + 2, lt + 9).toUpperCase() === 'DOCTYPE') {
          this.fail(lt, 'has a DOCTYPE declaration (refused: no DTDs, no entity definitions)');
        } else this.fail(lt, `unexpected ${quote(bytes, lt, Math.min(bytes.length, lt + 12))}`);
      } else if (c === SLASH) {
        return this.endTag(lt);
      } else {
        return this.startTag(lt);
      }
    }
  }

  // A name from `at` up to a space, '/', '>' or '='.
  readName(at) {
    const bytes = this.bytes;
    let i = at;
    for (let c = bytes[i]; i < bytes.length && !isSpace(c) && c !== SLASH && c !== GT && c !== 61 && c !== LT;)
      c = bytes[++i];
    if (i === at) this.fail(at, `expected a name, found ${i < bytes.length ? quote(bytes, at, at + 1) : 'the end'}`);
    return i;
  }

  skipSpaces(at) {
    while (isSpace(this.bytes[at])) at++;
    return at;
  }

  endTag(lt) {
    const bytes = this.bytes;
    const start = lt + 2;
    const end = this.readName(start);
    const gt = this.skipSpaces(end);
    if (bytes[gt] !== GT) this.fail(gt, `the end tag </${textOf(bytes, start, end)}> is not closed by '>'`);
    if (this.depth === 0) this.fail(lt, `an end tag </${textOf(bytes, start, end)}> with no element open`);
    const openStart = this.stack[2 * this.depth - 2];
    const openEnd = this.stack[2 * this.depth - 1];
    let same = openEnd - openStart === end - start;
    for (let k = 0; same && k < end - start; k++) same = bytes[openStart + k] === bytes[start + k];
    if (!same) this.fail(lt, `</${textOf(bytes, start, end)}> closes <${textOf(bytes, openStart, openEnd)}>`);
    this.nameStart = start;
    this.nameEnd = end;
    this.depth--;
    this.pos = gt + 1;
    return END;
  }

  startTag(lt) {
    const bytes = this.bytes;
    const start = lt + 1;
    const end = this.readName(start);
    if (this.depth === 0 && this.roots++ > 0) this.fail(lt, 'a second root element');
    if (this.depth >= this.maxDepth) this.fail(lt, `elements nest deeper than ${this.maxDepth}`);
    this.nameStart = start;
    this.nameEnd = end;
    this.stack[2 * this.depth] = start;
    this.stack[2 * this.depth + 1] = end;
    this.depth++;
    this.attributeCount = 0;
    let at = end;
    for (;;) {
      const before = at;
      at = this.skipSpaces(at);
      const c = bytes[at];
      if (c === GT) {
        this.pos = at + 1;
        return START;
      }
      if (c === SLASH && bytes[at + 1] === GT) {
        this.pos = at + 2;
        this.pendingEnd = true;
        return START;
      }
      if (at >= bytes.length) this.fail(lt, `the tag <${this.name()}> is not closed`);
      if (at === before) this.fail(at, `expected a space, '>' or '/>' in <${this.name()}>`);
      const nameEnd = this.readName(at);
      const eq = this.skipSpaces(nameEnd);
      if (bytes[eq] !== 61) this.fail(eq, `attribute ${textOf(bytes, at, nameEnd)} has no '='`);
      const open = this.skipSpaces(eq + 1);
      const q = bytes[open];
      if (q !== 34 && q !== 39) this.fail(open, `attribute ${textOf(bytes, at, nameEnd)} has no quoted value`);
      const close = bytes.indexOf(q, open + 1);
      if (close < 0) this.fail(open, `attribute ${textOf(bytes, at, nameEnd)}'s value is not closed`);
      this.pushAttribute(at, nameEnd, open + 1, close);
      at = close + 1;
    }
  }

  pushAttribute(a, b, c, d) {
    const k = 4 * this.attributeCount++;
    if (k + 4 > this.attributes.length) {
      const grown = new Int32Array(2 * this.attributes.length);
      grown.set(this.attributes);
      this.attributes = grown;
    }
    const attributes = this.attributes;
    attributes[k] = a;
    attributes[k + 1] = b;
    attributes[k + 2] = c;
    attributes[k + 3] = d;
  }

  /** The last tag's name (with its prefix, if any). */
  name() {
    return textOf(this.bytes, this.nameStart, this.nameEnd);
  }

  /** Whether the last tag's local name (after any prefix) is `local`. */
  is(local) {
    const bytes = this.bytes;
    let start = this.nameStart;
    for (let i = this.nameEnd - 1; i > start; i--) {
      if (bytes[i] === 58) {
        start = i + 1;
        break;
      }
    }
    if (this.nameEnd - start !== local.length) return false;
    for (let k = 0; k < local.length; k++) if (bytes[start + k] !== local.charCodeAt(k)) return false;
    return true;
  }

  /**
   * The index of the attribute named `name` of the last start tag, or -1; with `anyPrefix`, a
   * prefixed name whose local part is `name` (p:path). The same attribute twice is refused.
   */
  find(name, anyPrefix = false) {
    const bytes = this.bytes;
    const a = this.attributes;
    let found = -1;
    for (let k = 0; k < this.attributeCount; k++) {
      let start = a[4 * k];
      const end = a[4 * k + 1];
      if (anyPrefix) {
        const colon = bytes.subarray(start, end).indexOf(58);
        if (colon < 0) continue;
        start += colon + 1;
      }
      if (end - start !== name.length) continue;
      let same = true;
      for (let j = 0; same && j < name.length; j++) same = bytes[start + j] === name.charCodeAt(j);
      if (!same) continue;
      if (found >= 0) this.fail(this.tagStart, `<${this.name()}> has the attribute ${name} twice`);
      found = k;
    }
    return found;
  }

  /** Attribute k's value, entity and character references decoded. */
  value(k) {
    const a = this.attributes;
    const raw = utf8.decode(this.bytes.subarray(a[4 * k + 2], a[4 * k + 3]));
    if (raw.indexOf('&') < 0) return raw.replace(/[\t\n\r]/g, ' ');
    return raw.replace(/&([^;]{0,12});|&|[\t\n\r]/g, (match, ref) => {
      if (match.length === 1) {
        if (match === '&') this.fail(this.tagStart, `a bare '&' in an attribute of <${this.name()}>`);
        return ' ';
      }
      if (ENTITIES[ref]) return ENTITIES[ref];
      const code = /^#x[0-9a-f]+$/i.test(ref)
        ? parseInt(ref.slice(2), 16)
        : /^#\d+$/.test(ref)
          ? Number(ref.slice(1))
          : NaN;
      if (!(code >= 1 && code <= 0x10ffff))
        this.fail(this.tagStart, `unknown entity &${ref}; (only the five predefined and character references)`);
      return String.fromCodePoint(code);
    });
  }

  // Attribute k's value range with surrounding whitespace trimmed (XML Schema collapses it for numbers).
  trimmed(k) {
    const bytes = this.bytes;
    let start = this.attributes[4 * k + 2];
    let end = this.attributes[4 * k + 3];
    while (start < end && isSpace(bytes[start])) start++;
    while (end > start && isSpace(bytes[end - 1])) end--;
    return [start, end];
  }

  /** Attribute k as a number (NaN when it is not one); references are decoded only if present. */
  number(k) {
    const [start, end] = this.trimmed(k);
    const x = parseDecimal(this.bytes, start, end);
    if (!Number.isNaN(x) || this.bytes.subarray(start, end).indexOf(38) < 0) return x;
    const text = new TextEncoder().encode(this.value(k).trim());
    return parseDecimal(text, 0, text.length);
  }

  /** Attribute k as an integer (NaN when it is not one). */
  integer(k) {
    const [start, end] = this.trimmed(k);
    const n = parseInteger(this.bytes, start, end);
    if (!Number.isNaN(n) || this.bytes.subarray(start, end).indexOf(38) < 0) return n;
    const text = new TextEncoder().encode(this.value(k).trim());
    return parseInteger(text, 0, text.length);
  }

  /** Attribute k's raw value for a message. */
  quoted(k) {
    return quote(this.bytes, this.attributes[4 * k + 2], this.attributes[4 * k + 3]);
  }
}
