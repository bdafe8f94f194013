// The readable table of a report: SI by default, or the input's own units (--output input).
import { MASS_UNIT_OF_LENGTH, convertUnits, describeDiagnostics } from 'mass-properties';
import { metresPerUnit } from './measure.js';
import { printable } from './printable.js';

const sig = (x) => {
  if (x === 0) return '0';
  const text = Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6 ? String(Number(x.toPrecision(4))) : x.toExponential(3);
  return text === '-0' ? '0' : text;
};
const vector = (v) => `(${v.map(sig).join(', ')})`;

/** The unit names and the converted result for a report's output choice. */
export function outputUnits(report, output) {
  // "The input's units": a 3D-printed part in mm reads in grams (MASS_UNIT_OF_LENGTH).
  if (output === 'input') return { length: report.units, mass: MASS_UNIT_OF_LENGTH[report.units] };
  return { length: 'm', mass: 'kg' };
}

// The package's diagnostics in words (the demo's wording), as one line.
const surface = (d, how) =>
  d
    ? describeDiagnostics(d, how)
        .map((line) => line.text)
        .join('; ')
    : 'n/a';

function lines(result, units, indent, how) {
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
    // The repairs' volumes in the output unit, like the volume above (r's diagnostics are converted).
    ['surface', surface(r.diagnostics, { ...how, volumeUnit: L, volume: r.volume })],
  ];
  return out.map(([name, value]) => `${indent}${name.padEnd(18)} ${value}`);
}

const SHOWN_POSES = 10;

// The poses with their lengths in the output's unit (`perMetre` of it in a metre).
const posesIn = (poses, perMetre) =>
  poses.map((p) => ({
    ...p,
    position: p.position.map((x) => x * perMetre),
    centerOfMassHeight: p.centerOfMassHeight * perMetre,
    supportMargin: p.supportMargin * perMetre,
    tippingEdge: p.tippingEdge.map((end) => end.map((x) => x * perMetre)),
    supportPolygon: Array.from(p.supportPolygon, (x) => x * perMetre),
  }));

const perMetreOf = (report, output) => (output === 'input' ? 1 / metresPerUnit(report.units) : 1);

// --poses: the most probable first, one line each.
function poseLines(report, output, L) {
  const { poses, error } = report.restingPoses;
  if (error) return [`  resting poses      none: ${printable(error.message)}`];
  const shown = posesIn(poses.slice(0, SHOWN_POSES), perMetreOf(report, output));
  const out = [`  resting poses      ${poses.length}, dropped at random onto a floor (quasi-static rolling)`];
  for (const p of shown) {
    const percent = `${sig(100 * p.probability)} %`.padStart(8);
    const degrees = sig((p.tippingAngle * 180) / Math.PI);
    const [a, b] = p.tippingEdge.map(vector);
    out.push(
      `    ${percent}  face down ${vector(p.normal)}, center of mass ${sig(p.centerOfMassHeight)} ${L} high, tips at ${degrees}° over ${a}–${b} ${L}`,
    );
  }
  if (poses.length > SHOWN_POSES) {
    const rest = poses.slice(SHOWN_POSES).reduce((s, p) => s + p.probability, 0);
    out.push(`    and ${poses.length - SHOWN_POSES} more (${sig(100 * rest)} % together)`);
  }
  return out;
}

// How a rigid body's mass was set (KHR_physics_rigid_bodies documents).
const AT = { authored: ', at its authored mass', density: ', at the density given', infinite: '' };

/** The table of one file's report; names from the file are shown escaped (printable). */
export function formatReport(report, output) {
  const units = outputUnits(report, output);
  const material = report.material ? ` (${report.material})` : '';
  const head = `${printable(report.file)}  ${report.format}, coordinates in ${typeof report.units === 'number' ? `units of ${report.units} m` : report.units}, density ${report.density} kg/m³${material}, ${report.mode}`;
  const how = { mode: report.mode, thickness: report.thickness, lengthUnit: report.units };
  const out = [head, ...lines(report.body, units, '  ', how)];
  if (report.restingPoses) out.push(...poseLines(report, output, units.length));
  if (report.parts.length > 1) {
    for (const part of report.parts) {
      const from = part.measuredFrom ? ` (measured from ${part.measuredFrom}${AT[part.massFrom] ?? ''})` : '';
      out.push(`  part "${printable(part.name)}"${printable(from)}`);
      if (part.error) out.push(`    not measured: ${printable(part.error.message)}`);
      else {
        if (part.note) out.push(`    ${printable(part.note)}`);
        out.push(...lines(part.result, units, '    ', how));
      }
    }
  } else if (report.parts[0]?.error) {
    out.push(`  not measured: ${printable(report.parts[0].error.message)}`);
  }
  if (report.float) out.push(...floatLines(report, units));
  return out.join('\n');
}

const degrees = (radians) => `${sig((radians * 180) / Math.PI)}°`;

// How the model floats (--float), in the report's units.
function floatLines(report, units) {
  const f = convertUnits(report.float, units);
  const L = units.length;
  const u = f.upright;
  const h = u.hydrostatics;
  const stable = f.equilibria.filter((p) => p.stable);
  const out = [
    `  floating in water of ${report.float.waterDensity} kg/m³ (upright: the file's +Y up)`,
    `    draft              ${sig(h.draft)} ${L}, displacing ${sig(f.displacedVolume)} ${L}³`,
    `    GM                 ${vector(h.metacentricHeights)} ${L} (about the waterplane's axes ${h.waterplaneAxes.map(vector).join(', ')})`,
    `    upright            ${u.stable ? 'stable' : u.equilibrium ? 'an equilibrium, but unstable' : 'not an equilibrium (it heels)'}`,
  ];
  stable.forEach((p, k) => {
    out.push(
      `    stable pose ${k + 1}      heel ${degrees(p.heel)}, trim ${degrees(p.trim)}, draft ${sig(p.hydrostatics.draft)} ${L}, GM ${vector(p.hydrostatics.metacentricHeights)} ${L}`,
    );
  });
  return out;
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
    ...(report.hint ? { hint: report.hint } : {}),
    ...(report.warning ? { warning: report.warning } : {}),
    body: convert(report.body),
    ...(report.restingPoses
      ? {
          restingPoses: report.restingPoses.error
            ? { error: report.restingPoses.error }
            : posesIn(report.restingPoses.poses, perMetreOf(report, output)),
        }
      : {}),
    parts: report.parts.map((p) => ({
      name: p.name,
      ...(p.measuredFrom ? { measuredFrom: p.measuredFrom, massFrom: p.massFrom } : {}),
      ...(p.note ? { note: p.note } : {}),
      result: convert(p.result),
      error: p.error,
    })),
    ...(report.float ? { float: { waterDensity: report.float.waterDensity, ...convert(report.float) } } : {}),
  };
}
