// Text from a file (node, object and material names, file names, messages quoting them) shown on
// a terminal: control characters would act instead of showing (ESC clears the screen or recolours
// it, a newline forges a report line, a bidi override reverses what follows), so they are written
// as visible escapes. Backslashes stay as they are: Windows paths remain readable.

// C0 controls, DEL, C1 controls; the line and paragraph separators; the bidi marks, embeddings,
// overrides and isolates (U+061C, U+200E-F, U+202A-E, U+2066-9). Matching controls is the point:
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What JSON.stringify leaves raw of those: it escapes C0 in strings (outside them, newlines indent).
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (code, digits) => code.toString(16).padStart(digits, '0');
const escapeOne = (c) => {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
};

/** Any untrusted text as one line that shows every character and moves nothing on a terminal. */
export function printable(text) {
  return String(text).replace(UNSAFE, escapeOne);
}

/**
 * JSON.stringify, with the characters JSON may leave raw (DEL, C1, the separators and the bidi
 * controls) written as \u escapes too: the same JSON value, safe to print.
 */
export function jsonText(value, indent) {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c.charCodeAt(0), 4)}`);
}
