// The readable table of a report: SI by default, or the input's own units (--output input).
import { convertUnits } from 'mass-properties';
import { printable } from './printable.js';

// What "the input's units" means for each length unit: a 3D-printing part in mm reads in grams.
const INPUT_MASS = { mm: 'g', cm: 'g', m: 'kg', in: 'lb', ft: 'lb' };

const sig = (x) => {
  if (x === 0) return '0';
  const text = Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6 ? String(Number(x.toPrecision(4))) : x.toExponential(3);
  return text === '-0' ? '0' : text;
};
const vector = (v) => `(${v.map(sig).join(', ')})`;

/** The unit names and the converted result for a report's output choice. */
export function outputUnits(report, output) {
  if (output === 'input') return { length: report.units, mass: INPUT_MASS[report.units] };
  return { length: 'm', mass: 'kg' };
}

// Diagnostics in words: what the user should know before trusting the numbers.
export function describeDiagnostics(d) {
  if (!d) return 'analytic';
  const words = [];
  words.push(d.closed ? 'closed' : `open (${d.holes} hole${d.holes === 1 ? '' : 's'})`);
  if (!d.consistentWinding) words.push(`${d.inconsistentEdges} inconsistently wound edges`);
  if (d.inverted) words.push('inside-out as given');
  if (d.nonManifoldEdges) words.push(`${d.nonManifoldEdges} non-manifold edges`);
  if (d.shells > 1) words.push(`${d.shells} pieces`);
  const r = d.repairs;
  const repairs = [];
  if (r.cappedHoles) repairs.push(`${r.cappedHoles} holes capped (${(100 * r.capArea).toFixed(1)} % of the surface)`);
  if (r.flippedTriangles) repairs.push(`${r.flippedTriangles} triangles flipped`);
  if (r.invertedShells) repairs.push(`${r.invertedShells} shells turned outward`);
  if (r.duplicateTriangles) repairs.push(`${r.duplicateTriangles} repeated triangles left out`);
  if (r.openShells) repairs.push(`${r.openShells} open pieces left out`);
  if (r.cavities) repairs.push(`${r.cavities} cavities`);
  if (r.intersectingShells) repairs.push(`${r.intersectingShells} pieces crossing others (overlap counted twice)`);
  return `${words.join(', ')}; ${repairs.length ? `repaired: ${repairs.join(', ')}` : 'nothing repaired'}`;
}

function lines(result, units, indent) {
  const r = convertUnits(result, units);
  const { length: L, mass: M } = units;
  const out = [
    ['mass', `${sig(r.mass)} ${M}${M === 'kg' && r.mass < 1 ? ` (${sig(1000 * r.mass)} g)` : ''}`],
    ['volume', `${sig(r.volume)} ${L}³`],
    ['density', `${sig(r.density)} ${M}/${L}³`],
    ['center of mass', `${vector(r.centerOfMass)} ${L}`],
    ['principal moments', `${vector(r.principalMoments)} ${M}·${L}² (about the center of mass)`],
    ...r.principalAxes.map((axis, k) => [`  axis ${k + 1}`, vector(axis)]),
    ['bounding box size', r.bounds ? `${vector(r.bounds.max.map((x, k) => x - r.bounds.min[k]))} ${L}` : 'unknown'],
    ['surface', result.diagnostics ? describeDiagnostics(result.diagnostics) : 'n/a'],
  ];
  return out.map(([name, value]) => `${indent}${name.padEnd(18)} ${value}`);
}

// How a rigid body's mass was set (KHR_physics_rigid_bodies documents).
const AT = { authored: ', at its authored mass', density: ', at the density given', infinite: '' };

/** The table of one file's report; names from the file are shown escaped (printable). */
export function formatReport(report, output) {
  const units = outputUnits(report, output);
  const material = report.material ? ` (${report.material})` : '';
  const head = `${printable(report.file)}  ${report.format}, coordinates in ${typeof report.units === 'number' ? `units of ${report.units} m` : report.units}, density ${report.density} kg/m³${material}, ${report.mode}`;
  const out = [head, ...lines(report.body, units, '  ')];
  if (report.parts.length > 1) {
    for (const part of report.parts) {
      const from = part.measuredFrom ? ` (measured from ${part.measuredFrom}${AT[part.massFrom] ?? ''})` : '';
      out.push(`  part "${printable(part.name)}"${printable(from)}`);
      if (part.error) out.push(`    not measured: ${printable(part.error.message)}`);
      else {
        if (part.note) out.push(`    ${printable(part.note)}`);
        out.push(...lines(part.result, units, '    '));
      }
    }
  } else if (report.parts[0]?.error) {
    out.push(`  not measured: ${printable(report.parts[0].error.message)}`);
  }
  return out.join('\n');
}

/** A report as JSON data in the chosen units (SI by default), with the units named. */
export function jsonReport(report, output) {
  const units = outputUnits(report, output);
  const convert = (r) => (r ? convertUnits(r, units) : null);
  return {
    file: report.file,
    format: report.format,
    inputUnits: report.units,
    units: { length: units.length, mass: units.mass },
    density: report.density,
    material: report.material,
    mode: report.mode,
    body: convert(report.body),
    parts: report.parts.map((p) => ({
      name: p.name,
      ...(p.measuredFrom ? { measuredFrom: p.measuredFrom, massFrom: p.massFrom } : {}),
      ...(p.note ? { note: p.note } : {}),
      result: convert(p.result),
      error: p.error,
    })),
  };
}
