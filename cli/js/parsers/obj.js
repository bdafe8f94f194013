// Wavefront OBJ: vertices (v) and faces (f) as one triangle soup per object, as three's
// OBJLoader builds them: `o` and `g` start objects (the first one names what came before it),
// polygons are fan-triangulated, negative indices count back from the last vertex, and a
// backslash at the end of a line continues it. Texture and normal references (v/vt/vn) are
// checked for form only; materials, lines, points and free-form statements are skipped.
import { corrupt } from './errors.js';
import { Float64List, Uint32List } from './growable.js';
import { parseDecimal, parseInteger, quote, textOf } from './numbers.js';
import { Scanner } from './scanner.js';

const SLASH = 47;

/** An OBJ file's objects with triangles: `{ objects: [{ name, positions }] }`, 9 numbers per triangle. */
export function parseObj(bytes) {
  const scan = new Scanner(bytes, { continuation: true });
  const vertices = new Float64List(Math.floor(bytes.length / 32));
  let object = { name: '', declared: false, soup: new Float64List() };
  const objects = [object];
  const corners = new Uint32List(64); // of the face being read

  // Vertex reference [start, end) of a face ("7", "-1", "7/2", "7//3", "7/2/3"): a vertex number.
  const vertexOf = (start, end, count) => {
    let slash = start;
    while (slash < end && bytes[slash] !== SLASH) slash++;
    const index = parseInteger(bytes, start, slash);
    const what = () => `line ${scan.line}: face vertex ${quote(bytes, start, end)}`;
    if (!Number.isInteger(index)) throw corrupt(`${what()} does not start with a vertex index`);
    // vt and vn: integers or empty, at most two of them.
    for (let at = slash, parts = 0; at < end; parts++) {
      let next = at + 1;
      while (next < end && bytes[next] !== SLASH) next++;
      if (parts === 2 || (next > at + 1 && !Number.isInteger(parseInteger(bytes, at + 1, next)))) {
        throw corrupt(`${what()} is not of the form v, v/vt, v//vn or v/vt/vn`);
      }
      at = next;
    }
    const vertex = index > 0 ? index - 1 : count + index;
    if (index === 0 || vertex < 0 || vertex >= count) {
      throw corrupt(
        `${what()}: index ${index} is out of range (${count} vertices so far; OBJ counts from 1, negative from the last)`,
      );
    }
    return vertex;
  };

  const readLine = () => {
    if (!scan.tokenInLine()) return;
    const c = bytes[scan.start];
    const length = scan.end - scan.start;
    if (length !== 1) return; // vt, vn, usemtl, mtllib, s, a comment, ...: not geometry
    if (c === 118) {
      // v x y z [w | r g b]: the position; what follows is not used.
      const line = scan.line;
      for (let j = 0; j < 3; j++) {
        if (!scan.tokenInLine()) throw corrupt(`line ${line}: a vertex needs x, y and z`);
        const x = parseDecimal(bytes, scan.start, scan.end);
        if (!Number.isFinite(x)) {
          throw corrupt(
            `line ${scan.line}: vertex coordinate ${quote(bytes, scan.start, scan.end)} is not a finite number`,
          );
        }
        vertices.push(x);
      }
    } else if (c === 102) {
      // f v1 v2 v3 ...: a fan from the first vertex.
      const line = scan.line;
      const count = vertices.length / 3;
      corners.length = 0;
      while (scan.tokenInLine()) corners.push(vertexOf(scan.start, scan.end, count));
      if (corners.length < 3)
        throw corrupt(`line ${line}: a face needs at least 3 vertices, this one has ${corners.length}`);
      const v = vertices.array;
      const soup = object.soup;
      const a = 3 * corners.array[0];
      for (let k = 1; k + 1 < corners.length; k++) {
        const b = 3 * corners.array[k];
        const d = 3 * corners.array[k + 1];
        soup.push3(v[a], v[a + 1], v[a + 2]);
        soup.push3(v[b], v[b + 1], v[b + 2]);
        soup.push3(v[d], v[d + 1], v[d + 2]);
      }
    } else if (c === 111 || c === 103) {
      // o name, g name: a new object, unless the current one is still unnamed or empty (then it
      // is renamed: OBJLoader starts a new one but drops the empty ones, so this is the same).
      const [start, end] = scan.restOfLine();
      const name = textOf(bytes, start, end);
      if (!object.declared || object.soup.length === 0) {
        object.name = name;
        object.declared = true;
      } else {
        object = { name, declared: true, soup: new Float64List(64) };
        objects.push(object);
      }
    }
  };
  do readLine();
  while (scan.nextLine());

  return {
    objects: objects.filter((o) => o.soup.length > 0).map((o) => ({ name: o.name, positions: o.soup.finish() })),
  };
}
