// Whitespace-separated tokens of a text format (ASCII STL, OBJ, the ASCII body of a PLY), read
// from bytes in one forward pass: no regular expressions over the text, no string per line. A
// token is [start, end) of the bytes; `line` counts newlines for error messages.

const NEWLINE = 10;
const BACKSLASH = 92;
// Space, tab, vertical tab, form feed, carriage return: blanks within a line.
const isBlank = (c) => c === 32 || (c >= 9 && c <= 13 && c !== NEWLINE);

export class Scanner {
  /** `continuation`: a backslash ending a line joins it to the next (OBJ). */
  constructor(bytes, { start = 0, line = 1, continuation = false } = {}) {
    this.bytes = bytes;
    this.pos = start;
    this.line = line;
    this.continuation = continuation;
    this.start = start; // the last token
    this.end = start;
  }

  // A backslash before '\n' or '\r\n', when lines may be continued: its length, else 0.
  joinAt(i) {
    if (!this.continuation || this.bytes[i] !== BACKSLASH) return 0;
    if (this.bytes[i + 1] === NEWLINE) return 2;
    return this.bytes[i + 1] === 13 && this.bytes[i + 2] === NEWLINE ? 3 : 0;
  }

  /** Skips blanks (and continued line ends) but not a newline. */
  skipBlanks() {
    const bytes = this.bytes;
    for (;;) {
      const c = bytes[this.pos];
      if (isBlank(c)) this.pos++;
      else if (c === BACKSLASH && this.joinAt(this.pos)) {
        this.pos += this.joinAt(this.pos);
        this.line++;
      } else return;
    }
  }

  /** The next token on this line into start/end; false at the end of the line or of the bytes. */
  tokenInLine() {
    this.skipBlanks();
    const bytes = this.bytes;
    const start = this.pos;
    let i = start;
    for (let c = bytes[i]; i < bytes.length && c !== NEWLINE && !isBlank(c); c = bytes[++i]) {
      if (c === BACKSLASH && this.joinAt(i)) break;
    }
    this.pos = i;
    this.start = start;
    this.end = i;
    return i > start;
  }

  /** The next token on any line into start/end; false at the end of the bytes. */
  token() {
    for (;;) {
      if (this.tokenInLine()) return true;
      if (this.pos >= this.bytes.length) return false;
      this.pos++; // the newline
      this.line++;
    }
  }

  /** Moves past the end of this line (whatever is left on it); false at the end of the bytes. */
  nextLine() {
    const bytes = this.bytes;
    for (;;) {
      const i = bytes.indexOf(NEWLINE, this.pos);
      if (i < 0) {
        this.pos = bytes.length;
        return false;
      }
      this.pos = i + 1;
      this.line++;
      const joined = bytes[i - 1] === BACKSLASH || (bytes[i - 1] === 13 && bytes[i - 2] === BACKSLASH);
      if (!(this.continuation && joined)) return true;
    }
  }

  /** The rest of this line, blanks trimmed, as [start, end); the scanner moves to the line's end. */
  restOfLine() {
    this.skipBlanks();
    const start = this.pos;
    const bytes = this.bytes;
    let end = bytes.indexOf(NEWLINE, start);
    if (end < 0) end = bytes.length;
    let trimmed = end;
    while (trimmed > start && isBlank(bytes[trimmed - 1])) trimmed--;
    this.pos = end;
    return [start, trimmed];
  }

  /** Whether the last token is `word` (lower-case ASCII), ignoring case. */
  is(word) {
    if (this.end - this.start !== word.length) return false;
    for (let k = 0; k < word.length; k++) if ((this.bytes[this.start + k] | 32) !== word.charCodeAt(k)) return false;
    return true;
  }
}
