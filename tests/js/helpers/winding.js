// An independent reference for the winding-number solid { p : w(p) >= 1/2 } of a triangle mesh,
// written for the tests and sharing no code with the core: brute force along parallel lines.
//
// w(p) is the sum of the triangles' signed solid angles seen from p (van Oosterom & Strackee
// 1983) over 4π (Jacobson, Kavan & Sorkine-Hornung 2013). To keep the solid angles few, the
// surface's boundary (the directed edges that do not cancel) is closed by cones, one per
// connected boundary, from the mean of its vertices: surface + cones has no boundary, so its
// winding number W is an integer that changes by ±1 exactly where a line crosses it, and
// w = W − w(cones). Along each line parallel to z, W is the running sum of signed crossings;
// between two crossings the solid is where W − w(cones) ≥ 1/2, found by sampling and bisection
// (only where the cones can reach that value: |w(cones)| ≤ area / (4π d²)). The integrals of 1,
// z and z² on each solid segment are exact; the lines sit at the midpoints of an n × n grid over
// the bounding box, and the same at 2n gives the error estimate.
//
// Before that, the surface is oriented as the contract of issue 17 says: each edge-connected
// piece wound consistently (its majority winding by area), a mesh wound inside-out as a whole
// turned outward, and a piece wound inside-out that no other piece holds turned outward.

// Jest runs the tests in a vm context where each lookup of a global (Math, Infinity) is slow,
// 30 times here: the hot loops use these module-level copies.
const M = Math;
const INF = Infinity;
const FOUR_PI = 4 * M.PI;

/** Triangles as a Float64Array of 9 numbers each, from { positions, indices } (indices may be null). */
export function soupOf({ positions, indices }) {
  const count = indices ? indices.length / 3 : positions.length / 9;
  const soup = new Float64Array(9 * count);
  for (let t = 0; t < count; t++) {
    for (let j = 0; j < 3; j++) {
      const v = indices ? indices[3 * t + j] : 3 * t + j;
      soup[9 * t + 3 * j] = positions[3 * v];
      soup[9 * t + 3 * j + 1] = positions[3 * v + 1];
      soup[9 * t + 3 * j + 2] = positions[3 * v + 2];
    }
  }
  return soup;
}

// Vertices welded where they are exactly equal; triangles as vertex triples.
function weld(soup) {
  const ids = new Map();
  const points = [];
  const corner = new Uint32Array(soup.length / 3);
  for (let c = 0; c < corner.length; c++) {
    const key = `${soup[3 * c]},${soup[3 * c + 1]},${soup[3 * c + 2]}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = points.length / 3;
      ids.set(key, id);
      points.push(soup[3 * c], soup[3 * c + 1], soup[3 * c + 2]);
    }
    corner[c] = id;
  }
  return { points: new Float64Array(points), corner };
}

// Repeats of a triangle wound the same way left out (the core's rule 2): counted twice they
// would make w jump by 2 there. Copies wound oppositely cancel in w, as the core lets them.
function withoutRepeats({ points, corner }) {
  const seen = new Set();
  const kept = [];
  for (let t = 0; t < corner.length / 3; t++) {
    const [a, b, c] = corner.subarray(3 * t, 3 * t + 3);
    // The same cyclic order from the smallest vertex.
    const key = a < b && a < c ? `${a},${b},${c}` : b < c ? `${b},${c},${a}` : `${c},${a},${b}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(a, b, c);
  }
  return { points, corner: Uint32Array.from(kept) };
}

const edgeKey = (a, b) => (a < b ? a * 4294967296 + b : b * 4294967296 + a);

function area(points, corner, t) {
  const [a, b, c] = [corner[3 * t], corner[3 * t + 1], corner[3 * t + 2]].map((v) => 3 * v);
  const u = [points[b] - points[a], points[b + 1] - points[a + 1], points[b + 2] - points[a + 2]];
  const v = [points[c] - points[a], points[c + 1] - points[a + 1], points[c + 2] - points[a + 2]];
  return M.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
}

// Each edge-connected piece wound consistently: a walk across edges that exactly two triangles
// share gives each triangle a sign relative to the piece's first; the piece keeps the winding
// most of its area has. Returns { sign per triangle (±1), piece per triangle, pieces }.
function orientPieces(points, corner) {
  const count = corner.length / 3;
  const byEdge = new Map();
  for (let t = 0; t < count; t++) {
    for (let j = 0; j < 3; j++) {
      const key = edgeKey(corner[3 * t + j], corner[3 * t + ((j + 1) % 3)]);
      const list = byEdge.get(key);
      if (list) list.push(t);
      else byEdge.set(key, [t]);
    }
  }
  const sign = new Int8Array(count);
  const piece = new Int32Array(count).fill(-1);
  let pieces = 0;
  for (let seed = 0; seed < count; seed++) {
    if (piece[seed] >= 0) continue;
    const members = [seed];
    piece[seed] = pieces;
    sign[seed] = 1;
    for (let k = 0; k < members.length; k++) {
      const t = members[k];
      for (let j = 0; j < 3; j++) {
        const a = corner[3 * t + j];
        const b = corner[3 * t + ((j + 1) % 3)];
        const list = byEdge.get(edgeKey(a, b));
        for (const u of list) {
          if (u === t || piece[u] >= 0) continue;
          piece[u] = pieces;
          members.push(u);
          if (list.length !== 2) {
            sign[u] = 1; // a non-manifold edge joins the piece but says nothing about winding
            continue;
          }
          // Consistent neighbours run the shared edge in opposite directions.
          let along = false;
          for (let i = 0; i < 3; i++) along ||= corner[3 * u + i] === a && corner[3 * u + ((i + 1) % 3)] === b;
          sign[u] = along ? -sign[t] : sign[t];
        }
      }
    }
    let balance = 0;
    for (const t of members) balance += sign[t] * area(points, corner, t);
    if (balance < 0) for (const t of members) sign[t] = -sign[t];
    pieces++;
  }
  return { sign, piece, pieces };
}

// The oriented triangles as a soup (9 numbers each).
function orientedSoup(points, corner, sign, keep = () => true) {
  const out = [];
  for (let t = 0; t < corner.length / 3; t++) {
    if (!keep(t)) continue;
    const order = sign[t] > 0 ? [0, 1, 2] : [0, 2, 1];
    for (const j of order) {
      const v = 3 * corner[3 * t + j];
      out.push(points[v], points[v + 1], points[v + 2]);
    }
  }
  return new Float64Array(out);
}

/**
 * The cones that close a triangle soup's boundary: the directed edges that do not cancel
 * (counted with multiplicity), grouped into connected boundaries, each coned from the mean of
 * its vertices. Returns [{ soup, box: [min, max], area }], one per boundary.
 */
export function closingCones(soup) {
  const { points, corner } = weld(soup);
  const net = new Map(); // "a,b" with a < b → multiplicity of a→b
  for (let t = 0; t < corner.length / 3; t++) {
    for (let j = 0; j < 3; j++) {
      const a = corner[3 * t + j];
      const b = corner[3 * t + ((j + 1) % 3)];
      const key = edgeKey(a, b);
      net.set(key, (net.get(key) ?? 0) + (a < b ? 1 : -1));
    }
  }
  const edges = [];
  for (const [key, m] of net) {
    if (m === 0) continue;
    const lo = M.floor(key / 4294967296);
    const hi = key - lo * 4294967296;
    for (let k = 0; k < M.abs(m); k++) edges.push(m > 0 ? [lo, hi] : [hi, lo]);
  }
  // Connected boundaries by union-find over the edges' vertices.
  const parent = new Map();
  const find = (v) => {
    while (parent.get(v) !== v) {
      parent.set(v, parent.get(parent.get(v)));
      v = parent.get(v);
    }
    return v;
  };
  for (const [a, b] of edges) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(find(a), find(b));
  }
  const groups = new Map();
  for (const e of edges) {
    const root = find(e[0]);
    if (!groups.has(root)) groups.set(root, []);
    groups.get(root).push(e);
  }
  const cones = [];
  for (const group of groups.values()) {
    const vertices = new Set(group.flat());
    const apex = [0, 0, 0];
    for (const v of vertices) for (let i = 0; i < 3; i++) apex[i] += points[3 * v + i] / vertices.size;
    const cone = new Float64Array(9 * group.length);
    const min = [...apex];
    const max = [...apex];
    let total = 0;
    group.forEach(([a, b], k) => {
      // Triangle (apex, b, a): its edge b→a cancels the surface's a→b.
      for (let i = 0; i < 3; i++) {
        cone[9 * k + i] = apex[i];
        cone[9 * k + 3 + i] = points[3 * b + i];
        cone[9 * k + 6 + i] = points[3 * a + i];
        min[i] = M.min(min[i], points[3 * a + i]);
        max[i] = M.max(max[i], points[3 * a + i]);
      }
      total += triangleArea(cone, k);
    });
    cones.push({ soup: cone, box: [min, max], area: total });
  }
  return cones;
}

function triangleArea(soup, t) {
  const o = 9 * t;
  const u = [soup[o + 3] - soup[o], soup[o + 4] - soup[o + 1], soup[o + 5] - soup[o + 2]];
  const v = [soup[o + 6] - soup[o], soup[o + 7] - soup[o + 1], soup[o + 8] - soup[o + 2]];
  return M.hypot(u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) / 2;
}

/** The generalized winding number of a triangle soup at (x, y, z): Σ signed solid angles / 4π. */
export function windingNumber(soup, x, y, z) {
  let total = 0;
  for (let o = 0; o < soup.length; o += 9) {
    const ax = soup[o] - x;
    const ay = soup[o + 1] - y;
    const az = soup[o + 2] - z;
    const bx = soup[o + 3] - x;
    const by = soup[o + 4] - y;
    const bz = soup[o + 5] - z;
    const cx = soup[o + 6] - x;
    const cy = soup[o + 7] - y;
    const cz = soup[o + 8] - z;
    const la = M.sqrt(ax * ax + ay * ay + az * az);
    const lb = M.sqrt(bx * bx + by * by + bz * bz);
    const lc = M.sqrt(cx * cx + cy * cy + cz * cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (ax * cx + ay * cy + az * cz) * lb;
    total += 2 * M.atan2(det, den + (bx * cx + by * cy + bz * cz) * la);
  }
  return total / FOUR_PI;
}

/**
 * The soup oriented by the contract's rule (see the top of this file), with the orientation
 * repairs it made: { soup, flipped (triangles), inverted (whole mesh), turned (pieces) }.
 */
export function orientAsContract(mesh) {
  const { points, corner } = withoutRepeats(weld(soupOf(mesh)));
  const { sign, piece, pieces } = orientPieces(points, corner);
  const soup = orientedSoup(points, corner, sign);
  const volume = signedVolumes(soup, piece, pieces);
  const inverted = volume.reduce((s, v) => s + v, 0) < 0;
  if (inverted) for (let t = 0; t < sign.length; t++) sign[t] = -sign[t];
  if (inverted) for (let k = 0; k < pieces; k++) volume[k] = -volume[k];
  // A piece wound inside-out that no other piece holds (w of the others < 1/2 at its first
  // vertex) is turned outward; one held by another is a cavity and keeps its winding.
  const turned = new Set();
  for (let k = 0; k < pieces; k++) {
    if (volume[k] >= 0 || pieces === 1) continue;
    const others = orientedSoup(points, corner, sign, (t) => piece[t] !== k);
    const t = piece.indexOf(k);
    const v = 3 * corner[3 * t];
    if (windingNumber(others, points[v], points[v + 1], points[v + 2]) < 0.5) turned.add(k);
  }
  for (let t = 0; t < sign.length; t++) if (turned.has(piece[t])) sign[t] = -sign[t];
  return { soup: orientedSoup(points, corner, sign), inverted, turned: turned.size };
}

// Each piece's signed volume, its boundary closed by cones (so it does not depend on the origin).
function signedVolumes(soup, piece, pieces) {
  const bySoup = Array.from({ length: pieces }, () => []);
  for (let t = 0; t < piece.length; t++) bySoup[piece[t]].push(...soup.subarray(9 * t, 9 * t + 9));
  return bySoup.map((list) => {
    const s = new Float64Array(list);
    let v = tetraSum(s);
    for (const cone of closingCones(s)) v += tetraSum(cone.soup);
    return v;
  });
}

/**
 * The divergence sum of a soup closed by its cones (each boundary fanned from the mean of its
 * vertices): the volume every piece counts once, overlaps as often as they are covered.
 */
export const fannedVolume = (soup) => closingCones(soup).reduce((v, cone) => v + tetraSum(cone.soup), tetraSum(soup));

function tetraSum(soup) {
  let v = 0;
  for (let o = 0; o < soup.length; o += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = soup.subarray(o, o + 9);
    v += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  return v;
}

// ---- integration along lines ----

// Distance from the segment x, y, [z0, z1] to a box.
function distanceToBox(x, y, z0, z1, [min, max]) {
  const dx = M.max(min[0] - x, 0, x - max[0]);
  const dy = M.max(min[1] - y, 0, y - max[1]);
  const dz = M.max(min[2] - z1, 0, z0 - max[2]);
  return M.hypot(dx, dy, dz);
}

// The solid parts of [z0, z1] on the line (x, y) where W is constant: where W − w(cones) ≥ 1/2.
function solidParts(x, y, z0, z1, W, cones, samples, out) {
  // |w(cone)| <= area / (4π d²) at distance d from its box: where the cones together cannot
  // reach W − 1/2 (W is an integer) the segment is solid or not as W says; otherwise those that
  // can change w by more than 1e-9 are evaluated.
  let total = 0;
  const near = [];
  for (const cone of cones) {
    const d = distanceToBox(x, y, z0, z1, cone.box);
    const bound = d > 0 ? cone.area / (FOUR_PI * d * d) : INF;
    total += bound;
    if (bound > 1e-9) near.push(cone.soup);
  }
  if (total < 0.5) {
    if (W >= 1) out.push(z0, z1);
    return;
  }
  const f = (z) => {
    let w = W;
    for (const s of near) w -= windingNumber(s, x, y, z);
    return w - 0.5;
  };
  // Sample strictly inside (w of a cone jumps at its crossings, the segment's ends); where two
  // neighbouring samples are near 1/2 or far apart, f may cross and come back between them, so
  // the interval is halved again (up to 2⁴ times). Then each sign change is a root.
  const zs = [];
  const fs = [];
  const refine = (a, fa, b, fb, depth) => {
    if (depth > 0 && (M.min(M.abs(fa), M.abs(fb)) < 0.1 || M.abs(fa - fb) > 0.25)) {
      const mid = 0.5 * (a + b);
      const fm = f(mid);
      refine(a, fa, mid, fm, depth - 1);
      zs.push(mid);
      fs.push(fm);
      refine(mid, fm, b, fb, depth - 1);
    }
  };
  const at = (k) => z0 + (z1 - z0) * M.min(M.max(k / samples, 1e-9), 1 - 1e-9);
  zs.push(at(0));
  fs.push(f(at(0)));
  for (let k = 1; k <= samples; k++) {
    const z = at(k);
    const fz = f(z);
    refine(zs.at(-1), fs.at(-1), z, fz, 4);
    zs.push(z);
    fs.push(fz);
  }
  const m = zs.length - 1;
  let start = fs[0] >= 0 ? z0 : null;
  for (let k = 0; k < m; k++) {
    if (fs[k] >= 0 === fs[k + 1] >= 0) continue;
    // Regula falsi, Illinois variant (f is smooth between crossings): a few evaluations to 1e-13.
    let [a, fa, b, fb] = [zs[k], fs[k], zs[k + 1], fs[k + 1]];
    let side = 0;
    let root = 0.5 * (a + b);
    for (let it = 0; it < 100 && b - a > 1e-13 * (1 + M.abs(a) + M.abs(b)); it++) {
      root = (a * fb - b * fa) / (fb - fa);
      if (!(root > a && root < b)) root = 0.5 * (a + b);
      const fr = f(root);
      if (fr >= 0 === fb >= 0) {
        [b, fb] = [root, fr];
        if (side === -1) fa /= 2;
        side = -1;
      } else {
        [a, fa] = [root, fr];
        if (side === 1) fb /= 2;
        side = 1;
      }
      if (fr === 0) break;
    }
    const rising = fs[k + 1] >= 0;
    if (rising) start = root;
    else {
      out.push(start, root);
      start = null;
    }
  }
  if (start !== null) out.push(start, z1);
}

// Gauss–Legendre nodes on [0, 1] with their weights: 3 or 4 points across the slices (exact to
// degree 5 or 7: a polyhedron's moments are of degree 4 in x between its vertices, so the two
// rules differ only where a cell holds a kink, such as a curve where pieces cross); 2 or 3 along
// each slice (exact to degree 3 or 5: between two events a polyhedron's chord length is linear in
// y, so ∫ y² L dy and ∫ z² dz dy are cubic there, again but for kinks).
const GAUSS3 = [
  [0.5 - M.sqrt(0.15), 5 / 18],
  [0.5, 8 / 18],
  [0.5 + M.sqrt(0.15), 5 / 18],
];
const GAUSS4 = [
  [0.5 - 0.4305681557970263, 0.1739274225687269],
  [0.5 - 0.1699905217924281, 0.3260725774312731],
  [0.5 + 0.1699905217924281, 0.3260725774312731],
  [0.5 + 0.4305681557970263, 0.1739274225687269],
];
const GAUSS2 = [
  [0.5 - M.sqrt(3) / 6, 0.5],
  [0.5 + M.sqrt(3) / 6, 0.5],
];

// The chord of each triangle in the plane x = X: [y0, z0, y1, z1, jump] with y0 < y1, where
// jump is the change of W going up (+z) through it: a face that looks up is left, one that looks
// down entered. Triangles seen edge-on from above are skipped (no line of positive measure
// crosses them).
function chordsAt(X, list) {
  const chords = [];
  for (const [soup, t] of list) {
    const o = 9 * t;
    const nz =
      (soup[o + 3] - soup[o]) * (soup[o + 7] - soup[o + 1]) - (soup[o + 4] - soup[o + 1]) * (soup[o + 6] - soup[o]);
    if (nz === 0) continue;
    const ends = [];
    for (let j = 0; j < 3; j++) {
      const a = o + 3 * j;
      const b = o + 3 * ((j + 1) % 3);
      const xa = soup[a];
      const xb = soup[b];
      if (xa <= X === xb <= X) continue; // the edge does not span X (half-open, so a vertex counts once)
      const s = (X - xa) / (xb - xa);
      ends.push(soup[a + 1] + s * (soup[b + 1] - soup[a + 1]), soup[a + 2] + s * (soup[b + 2] - soup[a + 2]));
    }
    if (ends.length !== 4 || ends[0] === ends[2]) continue;
    const jump = nz > 0 ? -1 : 1;
    if (ends[0] < ends[2]) chords.push([ends[0], ends[1], ends[2], ends[3], jump]);
    else chords.push([ends[2], ends[3], ends[0], ends[1], jump]);
  }
  return chords;
}

// The segments of [zmin, zmax] on the line (x, y), given its crossings [z, jump]: where W ≥ 1 if
// `cones` is null (the surface closed by the cones, an integer winding number), else where
// W − w(cones) ≥ 1/2 (the surface as given).
function segmentsOf(x, y, crossings, zmin, zmax, cones, samples) {
  const parts = [];
  let W = 0;
  let from = zmin;
  const part = (to) => {
    if (to <= from) return;
    if (cones) solidParts(x, y, from, to, W, cones, samples, parts);
    else if (W >= 1) parts.push(from, to);
  };
  for (const [z, jump] of crossings) {
    const at = M.min(M.max(z, zmin), zmax);
    part(at);
    W += jump;
    from = M.max(from, at);
  }
  part(zmax);
  return parts;
}

// Adds weight × the moments of the segments (sign ±1) into s: ∫ 1, x, y, z, x², y², z², xy, xz,
// yz relative to c.
function addSegments(x, y, parts, c, weight, s) {
  let L = 0;
  let Z1 = 0;
  let Z2 = 0;
  for (let k = 0; k < parts.length; k += 2) {
    const a = parts[k] - c[2];
    const b = parts[k + 1] - c[2];
    L += b - a;
    Z1 += (b * b - a * a) / 2;
    Z2 += (b * b * b - a * a * a) / 3;
  }
  const dx = x - c[0];
  const dy = y - c[1];
  s[0] += weight * L;
  s[1] += weight * dx * L;
  s[2] += weight * dy * L;
  s[3] += weight * Z1;
  s[4] += weight * dx * dx * L;
  s[5] += weight * dy * dy * L;
  s[6] += weight * Z2;
  s[7] += weight * dx * dy * L;
  s[8] += weight * dx * Z1;
  s[9] += weight * dy * Z1;
}

// The crossings [z, jump] of the line (x = chords' X, y) with the chords, sorted by z.
function crossingsAt(Y, chords, which) {
  const out = [];
  for (const k of which) {
    const [y0, z0, y1, z1, jump] = chords[k];
    out.push([z0 + ((Y - y0) / (y1 - y0)) * (z1 - z0), jump]);
  }
  return out.sort((p, q) => p[0] - q[0]);
}

// The lines of one slice x = X, each with its weight and crossings. Along the chords' events (the
// y where a chord starts or ends: between two, the same chords are crossed) unless `ys` gives
// fixed cells.
function* linesOfSlice(X, list, ys, grid, yRule, near) {
  const chords = chordsAt(X, list);
  if (chords.length === 0) return;
  if (ys) {
    for (let j = 0; j + 1 < ys.length; j++) {
      for (const [u, wu] of GAUSS2) {
        const Y = ys[j] + u * (ys[j + 1] - ys[j]);
        if (!near(X, Y)) continue;
        const which = [];
        chords.forEach((ch, k) => ch[0] <= Y && Y < ch[2] && which.push(k));
        yield [Y, wu * (ys[j + 1] - ys[j]), crossingsAt(Y, chords, which)];
      }
    }
    return;
  }
  const events = [];
  chords.forEach((ch, k) => events.push([ch[0], k, 1], [ch[2], k, -1]));
  events.sort((p, q) => p[0] - q[0]);
  const active = new Set();
  let g = 0;
  for (let e = 0; e < events.length; e++) {
    const [y, k, kind] = events[e];
    if (kind > 0) active.add(k);
    else active.delete(k);
    const next = e + 1 < events.length ? events[e + 1][0] : y;
    if (next <= y || active.size === 0) continue;
    // Between two events the same chords are crossed, but where they cross each other (pieces
    // that overlap) their order changes: the grid's lines split the interval too.
    while (g < grid.length && grid[g] <= y) g++;
    let from = y;
    for (let h = g; from < next; h++) {
      const to = h < grid.length && grid[h] < next ? grid[h] : next;
      for (const [u, wu] of yRule) {
        const Y = from + u * (to - from);
        yield [Y, wu * (to - from), crossingsAt(Y, chords, active)];
      }
      from = to;
    }
  }
}

// Cut points: n equal cells over [lo, hi], and `extra` points inside.
function cutsOf(lo, hi, n, extra = []) {
  const cuts = new Set(extra);
  for (let i = 0; i <= n; i++) cuts.add(lo + ((hi - lo) * i) / n);
  return [...cuts].filter((x) => x >= lo && x <= hi).sort((a, b) => a - b);
}

// The moments ∫ 1, x, y, z, x², y², z², xy, xz, yz over a solid, relative to c: 3 Gauss slices in
// each cell across x. `part` = 'closed': { W ≥ 1 } of the surface closed by the cones, with lines
// along the chords' events and cells split where the cross-section's area jumps or has kinks (see
// below), so a polyhedron's integrals are nearly exact. `part` =
// 'correction': the winding-number solid minus the closed one (non-zero only near the cones), on
// an n × n grid of cells.
function moments(soup, cones, n, box, { samples, cuts, rule }, part) {
  const [min, max] = box;
  const c = [0.5 * (min[0] + max[0]), 0.5 * (min[1] + max[1]), 0.5 * (min[2] + max[2])];
  const soups = [soup, ...cones.map((cone) => cone.soup)];
  // Where the cross-section's area jumps (a face in a plane x = const) or, for at most `cuts`
  // distinct x, wherever it has a kink (every vertex): the cells end there.
  const vertexXs = new Set();
  const jumps = [];
  for (const s of soups) {
    for (let k = 0; k < s.length; k += 9) {
      vertexXs
        .add(s[k])
        .add(s[k + 3])
        .add(s[k + 6]);
      if (s[k] === s[k + 3] && s[k] === s[k + 6]) jumps.push(s[k]);
    }
  }
  const xs = cutsOf(min[0], max[0], n, part === 'closed' ? (vertexXs.size <= cuts ? vertexXs : jumps) : []);
  const ys = part === 'closed' ? null : cutsOf(min[1], max[1], n);
  const yGrid = cutsOf(min[1], max[1], n);
  // A column farther than R from every cone's box sees them all together reach less than 1/2
  // (each subtends at most area / d²): there the solid is the closed one and the correction 0.
  const R = M.sqrt(cones.reduce((a, cone) => a + cone.area, 0) / (2 * M.PI));
  const near = (x, y) =>
    cones.some(({ box: [lo, hi] }) => M.hypot(M.max(lo[0] - x, 0, x - hi[0]), M.max(lo[1] - y, 0, y - hi[1])) <= R);
  // The triangles each cell holds, by their x-range.
  const cells = xs.slice(1).map(() => []);
  const cellOf = (x) => {
    let lo = 0;
    let hi = xs.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] <= x) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  for (const s of soups) {
    for (let t = 0; t < s.length / 9; t++) {
      const lo = M.min(s[9 * t], s[9 * t + 3], s[9 * t + 6]);
      const hi = M.max(s[9 * t], s[9 * t + 3], s[9 * t + 6]);
      if (lo === hi) continue;
      for (let i = cellOf(lo); i < cells.length && xs[i] < hi; i++) cells[i].push([s, t]);
    }
  }
  const sums = new Float64Array(10);
  for (let i = 0; i < cells.length; i++) {
    const width = xs[i + 1] - xs[i];
    for (const [u, wu] of rule) {
      const X = xs[i] + u * width;
      for (const [Y, weight, crossings] of linesOfSlice(
        X,
        cells[i],
        ys,
        yGrid,
        rule === GAUSS3 ? GAUSS2 : GAUSS3,
        near,
      )) {
        const closed = segmentsOf(X, Y, crossings, min[2], max[2], null, samples);
        if (part === 'closed') {
          addSegments(X, Y, closed, c, wu * width * weight, sums);
        } else {
          addSegments(X, Y, segmentsOf(X, Y, crossings, min[2], max[2], cones, samples), c, wu * width * weight, sums);
          addSegments(X, Y, closed, c, -wu * width * weight, sums);
        }
      }
    }
  }
  return sums;
}

// Volume, centre of mass and inertia about it (density 1) from the moments about `c`.
function massPropertiesOf([V, Sx, Sy, Sz, Sxx, Syy, Szz, Sxy, Sxz, Syz], c) {
  const m = [Sx / V, Sy / V, Sz / V];
  const xx = Sxx - V * m[0] * m[0];
  const yy = Syy - V * m[1] * m[1];
  const zz = Szz - V * m[2] * m[2];
  const xy = Sxy - V * m[0] * m[1];
  const xz = Sxz - V * m[0] * m[2];
  const yz = Syz - V * m[1] * m[2];
  return {
    volume: V,
    centerOfMass: [c[0] + m[0], c[1] + m[1], c[2] + m[2]],
    inertia: [
      [yy + zz, -xy, -xz],
      [-xy, xx + zz, -yz],
      [-xz, -yz, xx + yy],
    ],
  };
}

function boundingBox(soup) {
  const min = [INF, INF, INF];
  const max = [-INF, -INF, -INF];
  for (let k = 0; k < soup.length; k++) {
    min[k % 3] = M.min(min[k % 3], soup[k]);
    max[k % 3] = M.max(max[k % 3], soup[k]);
  }
  return [min, max];
}

/**
 * The winding-number solid of a mesh ({ positions, indices }), oriented as the contract says, at
 * `resolution` cells a side (`holes` for the part near the holes) and at twice that:
 * { volume, centerOfMass, inertia } of the finer,
 * and `error` = { volume, centerOfMass, inertia }: the differences between the two (absolute;
 * centre of mass the largest coordinate's, inertia the largest entry's). `oriented: true` takes
 * the mesh's winding as given. `samples`: points per segment where the holes' cones matter.
 * `cuts`: up to how many distinct vertex x the cells end at every vertex (a polyhedron's closed
 * part is then exact up to its self-crossings; beyond, the error is O(h²) but irregular).
 */
export function windingSolid(mesh, { resolution = 48, holes = 16, samples = 8, cuts = 2000, oriented = false } = {}) {
  const soup = oriented ? soupOf(mesh) : orientAsContract(mesh).soup;
  const cones = closingCones(soup);
  const box = boundingBox(soup);
  const c = [0, 1, 2].map((i) => 0.5 * (box[0][i] + box[1][i]));
  // The closed part at n and 2n lines a side; the correction near the holes (if any) likewise
  // at `holes` and twice that.
  // The grid near the holes fine enough that the smallest hole's reach (where its cone alone can
  // reach w = 1/2) spans 8 cells: a coarse grid misses a small hole at both resolutions alike.
  const extent = M.max(box[1][0] - box[0][0], box[1][1] - box[0][1]);
  const reach = (cone) =>
    M.max(cone.box[1][0] - cone.box[0][0], cone.box[1][1] - cone.box[0][1]) + 2 * M.sqrt(cone.area / (2 * M.PI));
  const smallest = M.min(...cones.map(reach));
  const holeCells = M.min(256, M.max(holes, M.ceil((8 * extent) / smallest)));
  const at = (k, rule) => {
    const sums = moments(soup, cones, k * resolution, box, { samples, cuts, rule }, 'closed');
    if (cones.length > 0) {
      const correction = moments(soup, cones, k * holeCells, box, { samples, cuts, rule }, 'correction');
      for (let k = 0; k < 10; k++) sums[k] += correction[k];
    }
    return massPropertiesOf(sums, c);
  };
  const coarse = at(1, GAUSS3);
  const fine = at(2, GAUSS4);
  const largest = (a, b) => M.max(...a.map((x, i) => M.abs(x - b[i])));
  return {
    ...fine,
    open: cones.length > 0,
    error: {
      volume: M.abs(fine.volume - coarse.volume),
      centerOfMass: largest(fine.centerOfMass, coarse.centerOfMass),
      inertia: largest(fine.inertia.flat(), coarse.inertia.flat()),
    },
  };
}
