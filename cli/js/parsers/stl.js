// STL, binary or ASCII, as a triangle soup (every 3 vertices a triangle, as three's STLLoader
// gives it). Binary is decided by its size first (84 + 50 · count bytes), so a binary header
// that starts with "solid" is still binary; ASCII is read keyword by keyword in one pass.
import { corrupt, truncated } from './errors.js';
import { Float64List } from './growable.js';
import { isNonFiniteSpelling, parseDecimal, quote } from './numbers.js';
import { Scanner } from './scanner.js';

const HEADER = 84;
const FACET = 50;

// "solid" after up to 5 bytes of byte-order mark or blanks, as STLLoader looks for it.
function startsWithSolid(bytes) {
  for (let offset = 0; offset < 5; offset++) {
    if (String.fromCharCode(...bytes.subarray(offset, offset + 5)).toLowerCase() === 'solid') return true;
  }
  return false;
}

function parseBinary(bytes) {
  const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
  const want = HEADER + FACET * count;
  if (bytes.length < want) throw truncated(`${bytes.length} bytes, its header says ${want}`, 'binary STL');
  // Fewer than 50 bytes after the last triangle are padding; more mean a wrong count.
  if (bytes.length - want >= FACET) {
    throw corrupt(
      `its header counts ${count} triangles (${want} bytes) but the file has ${bytes.length} bytes`,
      'binary STL',
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const positions = new Float32Array(9 * count);
  for (let t = 0, k = 0; t < count; t++) {
    const at = HEADER + FACET * t + 12; // after the normal
    for (let j = 0; j < 9; j++, k++) {
      const x = view.getFloat32(at + 4 * j, true);
      if (!Number.isFinite(x))
        throw corrupt(`triangle ${t + 1} has a coordinate that is not finite (${x})`, 'binary STL');
      positions[k] = x;
    }
  }
  return { positions };
}

// After 'endsolid': the rest of the line is its name, unless more facets follow on the line (a
// file on one line), where the name ends before the next 'solid'.
function endName(scan) {
  let next = -1;
  while (scan.tokenInLine()) {
    if (next < 0 && scan.is('solid')) next = scan.start;
    else if (next >= 0 && (scan.is('facet') || scan.is('endsolid'))) {
      scan.pos = next;
      return;
    }
  }
}

// ASCII: solid name / { facet normal n n n / outer loop / vertex x y z (3) / endloop / endfacet } /
// endsolid name, one or more solids. Keywords in any case; nothing else is accepted.
function parseAscii(bytes) {
  const scan = new Scanner(bytes);
  const positions = new Float64List(Math.floor(bytes.length / 30));
  const found = () => (scan.end > scan.start ? quote(bytes, scan.start, scan.end) : 'the end of the file');
  const expect = (word) => {
    if (!scan.token() || !scan.is(word)) throw corrupt(`line ${scan.line}: expected '${word}', found ${found()}`);
  };
  const number = (what) => {
    if (!scan.token()) throw corrupt(`line ${scan.line}: expected ${what}, found the end of the file`);
    return parseDecimal(bytes, scan.start, scan.end);
  };

  let solids = 0;
  while (scan.token()) {
    if (!scan.is('solid')) {
      throw corrupt(`line ${scan.line}: expected ${solids ? "'solid' or the end" : "'solid'"}, found ${found()}`);
    }
    solids++;
    const solidLine = scan.line;
    // The name: the rest of the line, unless a facet starts on it (a file on one line).
    let pending = false;
    while (!pending && scan.tokenInLine()) pending = scan.is('facet') || scan.is('endsolid');
    let facets = 0;
    for (;;) {
      if (pending) pending = false;
      else if (!scan.token()) {
        if (facets === 0) throw corrupt(`line ${solidLine}: 'solid' is followed by no facet and no 'endsolid'`);
        throw truncated(`it ends after ${facets} facets of the solid begun on line ${solidLine}, without 'endsolid'`);
      }
      if (scan.is('endsolid')) {
        endName(scan);
        break;
      }
      if (!scan.is('facet')) throw corrupt(`line ${scan.line}: expected 'facet' or 'endsolid', found ${found()}`);
      try {
        expect('normal');
        for (let j = 0; j < 3; j++) {
          // Normals are not used (the vertices decide the winding); some writers put NaN there
          // for a degenerate facet, which is accepted, but they must still be numbers.
          const n = number('a normal component');
          if (Number.isNaN(n) && !isNonFiniteSpelling(bytes, scan.start, scan.end)) {
            throw corrupt(`line ${scan.line}: normal component ${found()} is not a number`);
          }
        }
        expect('outer');
        expect('loop');
        for (let v = 0; v < 3; v++) {
          expect('vertex');
          for (let j = 0; j < 3; j++) {
            const x = number('a vertex coordinate');
            if (!Number.isFinite(x))
              throw corrupt(`line ${scan.line}: vertex coordinate ${found()} is not a finite number`);
            positions.push(x);
          }
        }
        expect('endloop');
        expect('endfacet');
      } catch (error) {
        // Running out of text inside a facet: the file was cut short.
        if (scan.pos >= bytes.length && scan.end === scan.start) {
          throw truncated(
            `it ends inside facet ${facets + 1} of the solid begun on line ${solidLine} (line ${scan.line})`,
          );
        }
        throw error;
      }
      facets++;
    }
  }
  return { positions: positions.finish() };
}

/** An STL file's triangles: `{ positions }`, 9 numbers per triangle (Float32Array if binary). */
export function parseStl(bytes) {
  if (bytes.length >= HEADER) {
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    if (HEADER + FACET * count === bytes.length) return parseBinary(bytes);
  }
  // ASCII STL has no NUL byte; a binary one has them in its count (or header) when its size is off.
  const head = bytes.subarray(0, Math.min(bytes.length, HEADER));
  if (startsWithSolid(bytes) && !head.includes(0)) return parseAscii(bytes);
  if (!head.includes(0)) throw corrupt('neither ASCII facets nor a binary triangle count');
  if (bytes.length < HEADER) throw truncated(`${bytes.length} bytes, its header says at least ${HEADER}`, 'binary STL');
  return parseBinary(bytes);
}
