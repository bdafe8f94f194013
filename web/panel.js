// The results panel: numbers, units, and the diagnostics and repairs in plain words.
import { LENGTH_UNITS, describeDiagnostics, largestSide, unitsHint } from 'mass-properties';
import { unitLabels } from './settings.js';

const AXIS_COLORS = ['#e5484d', '#46a758', '#3e63dd']; // as the helper's arrows
const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** Seven significant digits; scientific notation outside [0.001, 10⁶). */
export function formatNumber(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e6) return x.toPrecision(7);
  const [mantissa, exponent] = x.toExponential(6).split('e');
  return `${mantissa} × 10${[...String(Number(exponent))].map((c) => SUPERSCRIPT[c]).join('')}`;
}

// A tiny DOM builder: text is always set as text, so file and mesh names cannot inject markup.
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style') el.style.cssText = value;
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

// Round-off (1e-17 where the exact value is 0) shown as 0; the exact value stays in the title
// and in the JSON.
function num(x, scale = 0, id) {
  const shown = scale > 0 && Math.abs(x) < 1e-12 * scale ? 0 : x;
  const props = { class: 'num', dataset: { value: String(x) }, title: String(x) };
  if (id) props.id = id;
  return h('span', props, formatNumber(shown));
}

const vector = (v, scale) => h('span', { class: 'vec' }, ...v.map((x) => num(x, scale)));

function quantity(label, value, unit, id, note) {
  return [
    h('dt', {}, label),
    h(
      'dd',
      {},
      num(value, 0, id),
      ' ',
      h('span', { class: 'unit' }, unit),
      note ? h('span', { class: 'note' }, note) : null,
    ),
  ];
}

// The mesh as given, then what the mode made of it (the repairs, in the solid mode, each with its
// share of `volume`; the warnings, such as caps that carry most of the surface, in their class).
function diagnosticsList(d, how, volume) {
  const lines = describeDiagnostics(d, { ...how, volume });
  return h(
    'ul',
    { class: 'diagnostics' },
    lines.map(({ level, text }) => h('li', { class: level }, text)),
  );
}

function partLabel(part) {
  const name = part.instanceId === undefined ? part.name : `${part.name} [${part.instanceId}]`;
  return part.densityKgPerM3 === undefined ? name : `${name} (own density ${part.densityKgPerM3} kg/m³)`;
}

/**
 * Everything the panel shows, as plain data: what "Copy JSON" copies. `thickness` (in the
 * length unit) is that of the shell mode, null in the others.
 */
export function buildReport({ model, unit, densityKgPerM3, density, mode, thickness, body, parts }) {
  return {
    model,
    units: unitLabels(unit),
    densityKgPerM3,
    density,
    mode,
    thickness: mode === 'shell' ? thickness : null,
    body,
    parts: parts.map((p) => ({
      name: p.name,
      ...(p.instanceId === undefined ? {} : { instanceId: p.instanceId }),
      ...(p.densityKgPerM3 === undefined ? {} : { densityKgPerM3: p.densityKgPerM3 }),
      ...(p.error ? { error: p.error } : { result: p.result }),
    })),
  };
}

const VOLUME_NOTES = { shell: ' (surface area × thickness)', convex: ' (of the convex hull)' };

// Laid out to fit 1280×720 without scrolling: the mesh and its repairs first (what to know before
// trusting the numbers), the scalars two by two, the vectors one line each, then the two tables.
function bodySection(body, labels, densityKgPerM3, how) {
  // Scales for hiding round-off: lengths by the body's size, moments by the largest one.
  const size = Math.sqrt(body.principalMoments[2] / body.mass) + Math.max(...body.centerOfMass.map(Math.abs));
  const moment = Math.max(...body.principalMoments.map(Math.abs));
  const si = labels.mass === 'kg' && labels.length === 'm';
  const vectorRow = (label, v, id) => [
    h('dt', {}, label),
    h('dd', {}, h('span', { id }, vector(v, size)), ' ', h('span', { class: 'unit' }, labels.length)),
  ];
  return [
    h('div', { id: 'mesh-notes' }, diagnosticsList(body.diagnostics, how, body.volume)),
    h(
      'dl',
      { class: 'quantities pairs' },
      quantity('Mass', body.mass, labels.mass, 'mass'),
      quantity('Volume', body.volume, labels.volume, 'volume', VOLUME_NOTES[how.mode]),
      quantity(
        'Density',
        body.density,
        labels.density,
        'density',
        si ? null : ` = ${formatNumber(densityKgPerM3)} kg/m³`,
      ),
      quantity('Surface area', body.surfaceArea, labels.area, 'surface-area'),
    ),
    h(
      'dl',
      { class: 'quantities' },
      vectorRow('Center of mass', body.centerOfMass, 'center-of-mass'),
      // The extent shows a unit mistake at once (a 1000 m cup); unknown for the analytic shapes.
      body.bounds
        ? vectorRow(
            'Bounding box',
            body.bounds.max.map((x, k) => x - body.bounds.min[k]),
            'bounding-box',
          )
        : [],
    ),
    h('h3', {}, 'Inertia tensor about the center of mass ', h('span', { class: 'unit' }, labels.inertia)),
    h(
      'table',
      { class: 'matrix', id: 'inertia' },
      [0, 1, 2].map((r) =>
        h(
          'tr',
          {},
          [0, 1, 2].map((c) => h('td', {}, num(body.inertia[3 * r + c], moment))),
        ),
      ),
    ),
    h('h3', {}, 'Principal moments and axes ', h('span', { class: 'unit' }, labels.inertia)),
    // One column per principal axis, as the columns of the principal rotation matrix.
    h(
      'table',
      { class: 'matrix principal', id: 'principal' },
      h(
        'tr',
        {},
        h('th', {}, ''),
        [0, 1, 2].map((i) =>
          h('th', {}, h('span', { class: 'swatch', style: `background:${AXIS_COLORS[i]}` }), ` axis ${i + 1}`),
        ),
      ),
      h(
        'tr',
        {},
        h('th', {}, 'moment'),
        [0, 1, 2].map((i) => h('td', {}, num(body.principalMoments[i]))),
      ),
      [0, 1, 2].map((c) =>
        h(
          'tr',
          {},
          h('th', {}, 'xyz'[c]),
          [0, 1, 2].map((i) => h('td', {}, num(body.principalAxes[i][c], 1))),
        ),
      ),
    ),
  ];
}

function partsSection(parts, labels, how) {
  return [
    h('h3', {}, `Parts (${parts.length})`),
    h(
      'table',
      { class: 'parts', id: 'parts' },
      h(
        'tr',
        {},
        h('th', {}, 'part'),
        h('th', {}, 'triangles'),
        h('th', {}, `volume ${labels.volume}`),
        h('th', {}, `mass ${labels.mass}`),
        h('th', {}, 'mesh'),
      ),
      parts.map((p) =>
        h(
          'tr',
          { class: p.error ? 'failed' : '' },
          h('td', {}, partLabel(p)),
          h('td', {}, p.result ? String(p.result.diagnostics.triangles) : ''),
          h('td', {}, p.result ? num(p.result.volume) : ''),
          h('td', {}, p.result ? num(p.result.mass) : ''),
          h(
            'td',
            {},
            p.error
              ? h('span', { class: 'warn' }, `not measured: ${p.error.code} — ${p.error.message}`)
              : diagnosticsList(p.result.diagnostics, how, p.result.volume),
          ),
        ),
      ),
    ),
  ];
}

// A size that suggests the file is in other units (a 494 m bust read in metres), said where the
// numbers start; the unit menu's keys are the length labels.
function unitsHintLine(body, unit) {
  const hint = body ? unitsHint(largestSide(body) * LENGTH_UNITS[unit], unit) : null;
  return hint
    ? h(
        'p',
        { class: 'warn', id: 'units-hint' },
        `${hint.text[0].toUpperCase()}${hint.text.slice(1)}, choose ${hint.suggested} under Units.`,
      )
    : [];
}

/**
 * Fills `container` with a report from buildReport (plus `elapsed`, ms in the worker). The full
 * report is also put in container.dataset.json, the same text that "Copy JSON" copies.
 */
export function renderReport(container, report, { elapsed } = {}) {
  const labels = report.units;
  const triangles = report.body?.diagnostics?.triangles;
  const how = { mode: report.mode, thickness: report.thickness, lengthUnit: labels.length };
  const nodes = [
    h('h2', {}, report.model),
    h(
      'p',
      { class: 'meta' },
      triangles === undefined ? '' : `${triangles.toLocaleString('en')} triangles · `,
      `lengths in ${labels.length}, masses in ${labels.mass}`,
      elapsed === undefined
        ? ''
        : ` · measured in ${elapsed < 10 ? elapsed.toFixed(1) : Math.round(elapsed)} ms (worker)`,
    ),
    unitsHintLine(report.body, labels.length),
    report.body
      ? bodySection(report.body, labels, report.densityKgPerM3, how)
      : h('p', { class: 'warn' }, 'Nothing could be measured.'),
    report.parts.length > 1 || report.parts.some((p) => p.error) ? partsSection(report.parts, labels, how) : [],
  ];
  container.replaceChildren(...nodes.flat());
  container.dataset.json = JSON.stringify(report);
}
