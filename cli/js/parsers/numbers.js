// Numbers read straight from bytes, in one pass and strictly: a token is a whole decimal number
// or it is refused (parseFloat would take '1.5abc' as 1.5 and 'NaN' as NaN). The common case
// (at most 15 significant digits, a power of ten within 1e±22) is exact in double arithmetic and
// so correctly rounded (Clinger's fast path); the rest go through Number(), which rounds correctly.

const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const latin1 = new TextDecoder('latin1');

/** The bytes [start, end) as a string (one byte, one character). */
export const textOf = (bytes, start, end) => latin1.decode(bytes.subarray(start, end));

/** A token for an error message: quoted, cut to 40 characters, control bytes escaped. */
export function quote(bytes, start, end) {
  const cut = end - start > 40;
  let text = '';
  for (const c of bytes.subarray(start, cut ? start + 40 : end)) {
    text += c >= 32 && c < 127 ? String.fromCharCode(c) : `\\x${c.toString(16).padStart(2, '0')}`;
  }
  return `'${text}${cut ? '…' : ''}'`;
}

const isDigit = (c) => c >= 48 && c <= 57;

/**
 * The decimal number [+-]digits[.digits][(e|E)[+-]digits] (digits on at least one side of the
 * point) that is exactly bytes [start, end), or NaN when those bytes are anything else. Too large
 * a magnitude gives ±Infinity, as Number() does: callers that need a finite number check for it.
 */
export function parseDecimal(bytes, start, end) {
  let i = start;
  let c = bytes[i];
  const negative = c === 45; // '-'
  if (negative || c === 43) i++; // '+'
  let mantissa = 0;
  let significant = 0; // digits from the first non-zero one on
  let exponent = 0;
  let digits = 0;
  for (; i < end && isDigit((c = bytes[i])); i++, digits++) {
    if (significant > 0 || c !== 48) {
      significant++;
      if (significant <= 15) mantissa = mantissa * 10 + (c - 48);
      else exponent++;
    }
  }
  if (i < end && bytes[i] === 46) {
    // '.'
    for (i++; i < end && isDigit((c = bytes[i])); i++, digits++) {
      if (significant > 0 || c !== 48) {
        significant++;
        if (significant <= 15) {
          mantissa = mantissa * 10 + (c - 48);
          exponent--;
        }
      } else exponent--;
    }
  }
  if (digits === 0) return NaN;
  if (i < end && (bytes[i] | 32) === 101) {
    // 'e' or 'E'
    i++;
    const minus = bytes[i] === 45;
    if (minus || bytes[i] === 43) i++;
    let e = 0;
    const first = i;
    for (; i < end && isDigit((c = bytes[i])); i++) if (e < 1e6) e = e * 10 + (c - 48);
    if (i === first) return NaN;
    exponent += minus ? -e : e;
  }
  if (i !== end) return NaN;
  if (significant <= 15 && exponent >= -22 && exponent <= 22) {
    const magnitude = exponent >= 0 ? mantissa * POW10[exponent] : mantissa / POW10[-exponent];
    return negative ? -magnitude : magnitude;
  }
  return Number(textOf(bytes, start, end)); // the grammar above is a subset of Number()'s
}

/** The integer [+-]digits that is exactly bytes [start, end), or NaN (also past 15 digits). */
export function parseInteger(bytes, start, end) {
  let i = start;
  const negative = bytes[i] === 45;
  if (negative || bytes[i] === 43) i++;
  if (i === end || end - i > 15) return NaN;
  let n = 0;
  for (; i < end; i++) {
    const c = bytes[i];
    if (!isDigit(c)) return NaN;
    n = n * 10 + (c - 48);
  }
  return negative ? -n : n;
}

/** Whether bytes [start, end) spell NaN or an infinity ('nan', '-inf', 'Infinity', '1.#QNAN', ...). */
export function isNonFiniteSpelling(bytes, start, end) {
  return end - start <= 16 && /^[+-]?(nan|inf(inity)?|1\.#(q?nan|ind|inf)\w*)$/i.test(textOf(bytes, start, end));
}
