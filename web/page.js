// The page's elements that several modules use, the status line and the busy flag (which the
// browser test waits on).
const $ = (id) => document.getElementById(id);

export const ui = {
  viewport: $('viewport'),
  model: $('model'),
  file: $('file'),
  units: $('units'),
  material: $('material'),
  density: $('density'),
  mode: $('mode'),
  thicknessField: $('thickness-field'),
  thickness: $('thickness'),
  thicknessUnit: $('thickness-unit'),
  showCaps: $('show-caps'),
  intersections: $('intersections'),
  results: $('results'),
  copy: $('copy'),
  copyFor: $('copy-for'),
  downloadGlb: $('download-glb'),
  status: $('status'),
  drop: $('drop'),
  spinButtons: [...document.querySelectorAll('[data-spin-axis]')],
  stop: $('stop'),
  spinInfo: $('spin-info'),
  waterDensity: $('water-density'),
  float: $('float'),
  floatInfo: $('float-info'),
  pose: $('pose'),
  poseInfo: $('pose-info'),
};

export function setStatus(text, kind = 'info') {
  ui.status.textContent = text;
  ui.status.className = text ? kind : '';
}

export function setBusy(busy) {
  document.body.toggleAttribute('data-busy', busy);
}
