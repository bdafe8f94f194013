// Units, material and density: what a measurement is made with. A change remeasures the model
// in the worker without sending its triangles again.
import { ui } from './page.js';
import { MATERIALS, UNITS } from './units.js';

/** The unit of the model's coordinates and the density in kg/m³. */
export function currentSettings() {
  return { unit: ui.units.value, densityKgPerM3: Number(ui.density.value) };
}

function onDensityTyped(onChange) {
  const value = Number(ui.density.value);
  if (!(value > 0) || !Number.isFinite(value)) {
    ui.density.setCustomValidity('a positive number of kg/m³');
    ui.density.reportValidity();
    return;
  }
  ui.density.setCustomValidity('');
  ui.material.value = Object.entries(MATERIALS).find(([, m]) => m.density === value)?.[0] ?? 'custom';
  onChange();
}

/** Fills the selects (metres, water) and calls `onChange` after every valid change. */
export function setupSettings(onChange) {
  for (const [id, { length, mass }] of Object.entries(UNITS))
    ui.units.add(new Option(`${length} (masses in ${mass})`, id));
  ui.units.value = 'm';
  ui.units.addEventListener('change', onChange);

  for (const [id, { label, density }] of Object.entries(MATERIALS))
    ui.material.add(new Option(`${label} — ${density} kg/m³`, id));
  ui.material.add(new Option('Custom', 'custom'));
  ui.material.value = 'water';
  ui.density.value = String(MATERIALS.water.density);
  ui.material.addEventListener('change', () => {
    const preset = MATERIALS[ui.material.value];
    if (!preset) return;
    ui.density.value = String(preset.density);
    onChange();
  });
  ui.density.addEventListener('change', () => onDensityTyped(onChange));
}
