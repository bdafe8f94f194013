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

// What the solid mode changed to get its numbers, in one sentence of only what is non-zero
// ("2 holes closed, 0.4 % of the surface; 312 triangles flipped"), or "nothing repaired". A
// warning when some volume counts twice (crossing shells) or some triangles were left out.
function describeRepairs(r) {
  const done = [];
  if (r.cappedHoles > 0) done.push(`${plural(r.cappedHoles, 'hole')} closed, ${percent(r.capArea)} of the surface`);
  if (r.flippedTriangles > 0) done.push(`${plural(r.flippedTriangles, 'triangle')} flipped`);
  if (r.invertedShells > 0) done.push(`${plural(r.invertedShells, 'shell')} turned outward`);
  if (r.duplicateTriangles > 0) done.push(`${plural(r.duplicateTriangles, 'repeated triangle')} left out`);
  if (r.cavities > 0) done.push(plural(r.cavities, 'cavity', 'cavities'));
  if (r.openShells > 0) done.push(`${plural(r.openShells, 'open piece')} that cannot be closed left out`);
  if (r.intersectingShells > 0) {
    done.push(
      r.intersectingShells === 1
        ? '1 shell crosses another (their overlap counts twice)'
        : `${plural(r.intersectingShells, 'shell')} cross each other (overlaps count twice)`,
    );
  }
  if (done.length === 0) return { level: 'ok', text: 'nothing repaired' };
  const doubtful = r.intersectingShells > 0 || r.openShells > 0;
  return { level: doubtful ? 'warn' : 'info', text: done.join('; ') };
}

// How the numbers were obtained in `mode`: a shell or a hull says so, a solid says what it repaired.
/**
 * @param {import('./index.js').Diagnostics} d
 * @param {{ mode?: string; thickness?: number; lengthUnit?: import('./index.js').LengthUnit }} how
 */
function describeMode(d, { mode, thickness, lengthUnit }) {
  if (mode === 'shell') {
    const thick = thickness === undefined ? '' : ` ${thickness}${lengthUnit ? ` ${lengthUnit}` : ''} thick`;
    return { level: 'info', text: `measured as a shell${thick}: the mass lies on the surface` };
  }
  if (mode === 'convex')
    return { level: 'info', text: `measured as its convex hull (${plural(d.hullFaces, 'triangle')})` };
  return describeRepairs(d.repairs);
}

/**
 * A result's `diagnostics` in words: the mesh as it was given, then what the mode made of it
 * (the repairs in the default solid mode; `how` = { mode, thickness, lengthUnit } of the
 * measurement names the others). An array of `{ level: 'ok' | 'info' | 'warn', text }`, empty
 * for a body without diagnostics (analytic shapes).
 */
export function describeDiagnostics(diagnostics, how = {}) {
  if (!diagnostics) return [];
  return [...describeSurface(diagnostics), describeMode(diagnostics, how)];
}
