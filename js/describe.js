// Diagnostics in words: the one wording of the command line and the demo. Each sentence comes
// with a level ('ok', 'info' or 'warn') for those that show one; plain text joins the sentences.

const plural = (n, word, words = `${word}s`) => `${n.toLocaleString('en')} ${n === 1 ? word : words}`;

// Two significant digits, so a pin hole and a missing side both read at a glance.
function percent(fraction) {
  const p = 100 * fraction;
  return p < 0.01 ? 'under 0.01 %' : `${Number(p.toPrecision(2))} %`;
}

// The mesh as it was given. Every mode defines its numbers for an open or inconsistently wound
// mesh (the solid mode repairs it, a shell or a hull does not need it closed), so those are
// facts rather than warnings.
function describeSurface(d) {
  const lines = [];
  if (d.closed && d.consistentWinding) lines.push({ level: 'ok', text: 'closed and consistently wound' });
  if (d.boundaryEdges > 0) {
    lines.push({
      level: 'info',
      text: `open mesh: ${plural(d.boundaryEdges, 'boundary edge')} around ${plural(d.holes, 'hole')}`,
    });
  }
  if (d.nonManifoldEdges > 0) {
    lines.push({
      level: 'warn',
      text: `${plural(d.nonManifoldEdges, 'non-manifold edge')} (shared by more than two triangles)`,
    });
  }
  if (d.inconsistentEdges > 0) {
    lines.push({ level: 'info', text: `inconsistent winding on ${plural(d.inconsistentEdges, 'edge')}` });
  }
  if (d.inverted) {
    lines.push({
      level: 'info',
      text: 'inside-out: the triangles faced inward; the numbers are those of the outward surface',
    });
  }
  if (d.shells > 1) lines.push({ level: 'info', text: `${plural(d.shells, 'piece')} (edge-connected shells)` });
  if (d.degenerateTriangles > 0) {
    lines.push({
      level: 'info',
      text: `${plural(d.degenerateTriangles, 'degenerate triangle')} (zero area; they add nothing)`,
    });
  }
  return lines;
}

// A signed volume with its unit ("−0.17 m³"), and its share of the solid's volume where that is known.
function volumeChange(amount, { lengthUnit, volumeUnit = lengthUnit, volume }) {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const text = `${sign}${Number(Math.abs(amount).toPrecision(2))}${volumeUnit ? ` ${volumeUnit}³` : ''}`;
  if (!(volume > 0)) return text;
  const share = (100 * Math.abs(amount)) / volume;
  return `${text} (${sign}${share < 0.001 ? 'under 0.001' : Number(share.toPrecision(2))} %)`;
}

// The caps carry this much of the surface or more: the solid is more the closing's than the mesh's.
const MOSTLY_CAPS = 0.5;

/**
 * The warning a solid deserves when the caps that close its holes carry most of its surface
 * ("the caps carry 88 % of the surface: this is hardly a solid"), or null: what the command line
 * and the demo say beside a number they give anyway.
 */
export function hardlyASolid(diagnostics) {
  const capArea = diagnostics?.repairs?.capArea ?? 0;
  return capArea >= MOSTLY_CAPS ? `the caps carry ${percent(capArea)} of the surface: this is hardly a solid` : null;
}

// What the winding-number rule did where pieces overlap (issue 17): the overlap counted once,
// and how much that took off.
function describeOverlap(r, how) {
  const crossing = r.intersectingShells ?? 0;
  const self = r.selfIntersectingShells ?? 0;
  if (crossing === 0 && self === 0) return null;
  const whose = [];
  if (crossing > 0) whose.push(`of ${plural(crossing, 'piece')}`);
  if (self > 0) whose.push(`of ${plural(self, 'piece')} with ${self === 1 ? 'itself' : 'themselves'}`);
  if (!(r.overlapVolume > 0)) return `${plural(crossing + self, 'piece')} touch or cross without sharing volume`;
  const split = r.intersectingTriangles > 0 ? ` (${plural(r.intersectingTriangles, 'triangle')} split)` : '';
  return `the overlap ${whose.join(' and ')} counted once${split}: ${volumeChange(-r.overlapVolume, how)}`;
}

// The holes closed: flat caps, or (for non-planar holes) where the winding number is 1/2, with
// what that changed and how it was obtained.
function describeHoles(r, how) {
  if (!(r.cappedHoles > 0)) return null;
  const holes = plural(r.cappedHoles, 'hole');
  const share = `${percent(r.capArea)} of the surface`;
  const correction = r.windingCorrection ?? 0;
  if (correction === 0 && r.exact !== false) return `${holes} closed, ${share}`;
  const exactness =
    r.exact === false ? `numerical, error below ${Number((r.relativeError ?? 0).toPrecision(1))}` : 'exact';
  return `${holes} closed where the winding number is 1/2, ${share}: ${volumeChange(correction, how)}, ${exactness}`;
}

// What the left-out pieces were, when the result says: ' (a flat sheet, 2 Möbius bands)'.
function leftOutKinds(r) {
  const kinds = [
    [r.flatPieces, 'flat sheet'],
    [r.fins, 'fin'],
    [r.twistedPieces, 'Möbius band'],
  ].filter(([n]) => n > 0);
  if (kinds.length === 0) return '';
  return ` (${kinds.map(([n, word]) => (n === 1 ? `a ${word}` : plural(n, word))).join(', ')})`;
}

// What the solid mode changed to get its numbers, in one sentence of only what is non-zero
// ("2 holes closed, 0.4 % of the surface; 312 triangles flipped"), or "nothing repaired". A
// warning when pieces were left out, or when the caps carry most of the surface (then it is
// hardly a solid, and a sentence of its own says so).
function describeRepairs(r, how) {
  const done = [];
  const holes = describeHoles(r, how);
  if (holes) done.push(holes);
  if (r.flippedTriangles > 0) done.push(`${plural(r.flippedTriangles, 'triangle')} flipped`);
  if (r.invertedShells > 0) done.push(`${plural(r.invertedShells, 'shell')} turned outward`);
  if (r.duplicateTriangles > 0) done.push(`${plural(r.duplicateTriangles, 'repeated triangle')} left out`);
  if (r.cavities > 0) done.push(plural(r.cavities, 'cavity', 'cavities'));
  if (r.openShells > 0) {
    done.push(
      `${plural(r.openShells, 'piece')} ${r.openShells === 1 ? 'bounds nothing and was' : 'bound nothing and were'} left out${leftOutKinds(r)}`,
    );
  }
  const overlap = describeOverlap(r, how);
  if (overlap) done.push(overlap);
  if (done.length === 0) return [{ level: 'ok', text: 'nothing repaired' }];
  const caps = hardlyASolid({ repairs: r });
  const lines = [{ level: r.openShells > 0 || caps ? 'warn' : 'info', text: done.join('; ') }];
  if (caps) lines.push({ level: 'warn', text: caps });
  return lines;
}

// How the numbers were obtained in `mode`: a shell or a hull says so, a solid says what it repaired.
/**
 * @param {import('./index.js').Diagnostics} d
 * @param {{ mode?: string; thickness?: number; lengthUnit?: import('./index.js').LengthUnit; volumeUnit?: string; volume?: number }} how
 */
function describeMode(d, how) {
  const { mode, thickness, lengthUnit } = how;
  if (mode === 'shell') {
    const thick = thickness === undefined ? '' : ` ${thickness}${lengthUnit ? ` ${lengthUnit}` : ''} thick`;
    return [{ level: 'info', text: `measured as a shell${thick}: the mass lies on the surface` }];
  }
  if (mode === 'convex')
    return [{ level: 'info', text: `measured as its convex hull (${plural(d.hullFaces, 'triangle')})` }];
  return describeRepairs(d.repairs, how);
}

/**
 * A result's `diagnostics` in words: the mesh as it was given, then what the mode made of it
 * (the repairs in the default solid mode; `how` = { mode, thickness, lengthUnit } of the
 * measurement names the others). The repairs' volumes (the overlap counted once, what closing
 * the holes changed) are in `how.volumeUnit`³ (default lengthUnit), as the diagnostics are given
 * (a result of mp.mesh with `units`: m³); `how.volume`, the result's volume in the same unit, adds
 * each one's share. An array of `{ level: 'ok' | 'info' | 'warn', text }`, empty for a body
 * without diagnostics (analytic shapes).
 */
export function describeDiagnostics(diagnostics, how = {}) {
  if (!diagnostics) return [];
  return [...describeSurface(diagnostics), ...describeMode(diagnostics, how)];
}
