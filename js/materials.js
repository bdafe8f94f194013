// Named densities in kg/m³, exported by the package (the command line and the demo use them):
// typical values (a real part varies with grade, infill and porosity — use the supplier's
// datasheet when it matters).
// Sources: slicer filament defaults (PrusaSlicer's PLA 1.24, PETG 1.27, ABS 1.04 g/cm³, which
// match NatureWorks Ingeo 4043D and Eastman Eastar 6763 datasheets for PLA and PETG), EN
// 1991-1-1 (steel 7850, concrete 2400), handbook values for the metals (CRC Handbook of
// Chemistry and Physics: aluminium 2700, copper 8960; Ti-6Al-4V 4430 per ASTM B348 grade 5
// datasheets), water at 4 °C.
export const MATERIALS = Object.freeze({
  pla: 1240,
  abs: 1040,
  petg: 1270,
  nylon: 1140, // PA6/PA12 filaments 1.01–1.15 g/cm³
  tpu: 1210,
  resin: 1180, // cured standard photopolymer (SLA/DLP), 1.1–1.2 g/cm³
  steel: 7850,
  stainless: 8000, // 304/316
  aluminium: 2700,
  aluminum: 2700,
  titanium: 4430, // Ti-6Al-4V
  brass: 8500, // 8.4–8.7 g/cm³ by zinc content
  copper: 8960,
  wood: 500, // softwood (pine, spruce) at 12 % moisture; hardwoods 600–900
  concrete: 2400,
  glass: 2500,
  water: 1000,
});
