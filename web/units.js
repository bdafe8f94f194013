// Units of the demo. The model's coordinates are read in one length unit; results are shown in
// that length unit and a matching mass unit. Rather than converting every quantity afterwards,
// the density is converted once into those units, so the package's results come out in them:
//
//   ρ [mass unit / length unit³] = ρ [kg/m³] · (m per length unit)³ / (kg per mass unit)
//
// e.g. PLA in millimetres and grams: 1240 kg/m³ · (0.001 m)³ / (0.001 kg) = 0.00124 g/mm³,
// so a 1000 mm³ cube weighs 1.24 g and its inertia is in g·mm².

export const UNITS = {
  m: { length: 'm', meters: 1, mass: 'kg', kilograms: 1 },
  cm: { length: 'cm', meters: 0.01, mass: 'g', kilograms: 0.001 },
  mm: { length: 'mm', meters: 0.001, mass: 'g', kilograms: 0.001 },
  // International inch and avoirdupois pound, both exact by definition.
  in: { length: 'in', meters: 0.0254, mass: 'lb', kilograms: 0.45359237 },
};

/** Densities in kg/m³. */
export const MATERIALS = {
  water: { label: 'Water', density: 1000 },
  pla: { label: 'PLA', density: 1240 },
  abs: { label: 'ABS', density: 1040 },
  aluminium: { label: 'Aluminium', density: 2700 },
  steel: { label: 'Steel', density: 7850 },
};

/** The density in the model's units (mass unit per cubic length unit) for a density in kg/m³. */
export function modelDensity(kgPerCubicMeter, unit) {
  const u = UNITS[unit];
  return (kgPerCubicMeter * u.meters ** 3) / u.kilograms;
}

/** Unit labels of each quantity, for display and for the exported JSON. */
export function unitLabels(unit) {
  const { length: l, mass: m } = UNITS[unit];
  return {
    length: l,
    mass: m,
    volume: `${l}³`,
    area: `${l}²`,
    density: `${m}/${l}³`,
    inertia: `${m}·${l}²`,
  };
}
