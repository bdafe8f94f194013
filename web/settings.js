// Units, material and density: what a measurement is made with. A change remeasures the model
// in the worker without sending its triangles again.
import { LENGTH_UNITS, MASS_UNITS, MASS_UNIT_OF_LENGTH, MATERIALS } from 'mass-properties';
import { ui } from './page.js';

// The model's coordinates are read in one length unit; results are shown in that unit and the
// mass unit that goes with it (MASS_UNIT_OF_LENGTH). Rather than converting every quantity
// afterwards, the density is converted once into those units, so the package's results come
// out in them: ρ [mass / length³] = ρ [kg/m³] · (m per length unit)³ / (kg per mass unit);
// e.g. PLA in mm: 1240 · 0.001³ / 0.001 = 0.00124 g/mm³, so inertia comes out in g·mm².

/** The density in the model's units (mass unit per cubic length unit) for a density in kg/m³. */
export function modelDensity(kgPerCubicMeter, unit) {
  return (kgPerCubicMeter * LENGTH_UNITS[unit] ** 3) / MASS_UNITS[MASS_UNIT_OF_LENGTH[unit]];
}

/** Unit labels of each quantity, for display and for the exported JSON. */
export function unitLabels(unit) {
  const [l, m] = [unit, MASS_UNIT_OF_LENGTH[unit]];
  return { length: l, mass: m, volume: `${l}³`, area: `${l}²`, density: `${m}/${l}³`, inertia: `${m}·${l}²` };
}

// The package's materials, each density once (an alias such as 'aluminum' is left out).
const MATERIAL_CHOICES = Object.entries(MATERIALS).filter(
  ([, density], k, all) => all.findIndex(([, d]) => d === density) === k,
);

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
  ui.material.value = MATERIAL_CHOICES.find(([, density]) => density === value)?.[0] ?? 'custom';
  onChange();
}

/** Fills the selects (metres, water) and calls `onChange` after every valid change. */
export function setupSettings(onChange) {
  for (const [id, mass] of Object.entries(MASS_UNIT_OF_LENGTH))
    ui.units.add(new Option(`${id} (masses in ${mass})`, id));
  ui.units.value = 'm';
  ui.units.addEventListener('change', onChange);

  for (const [id, density] of MATERIAL_CHOICES) ui.material.add(new Option(`${id} — ${density} kg/m³`, id));
  ui.material.add(new Option('Custom', 'custom'));
  ui.material.value = 'water';
  ui.density.value = String(MATERIALS.water);
  ui.material.addEventListener('change', () => {
    const preset = MATERIALS[ui.material.value];
    if (!preset) return;
    ui.density.value = String(preset);
    onChange();
  });
  ui.density.addEventListener('change', () => onDensityTyped(onChange));
}
