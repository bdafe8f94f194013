// What the parsers throw: a file that is not what its format says (corrupt) or that ends before
// the data its own header or structure promises (truncated). load.js turns these into CliErrors
// naming the file, with exit 7 or 6.
export class ParseError extends Error {
  /** `kind` is 'corrupt' or 'truncated'; `format` overrides the format named (e.g. 'binary STL'). */
  constructor(kind, message, format) {
    super(message);
    this.name = 'ParseError';
    this.kind = kind;
    this.format = format;
  }
}

export const corrupt = (why, format) => new ParseError('corrupt', why, format);
export const truncated = (why, format) => new ParseError('truncated', why, format);
