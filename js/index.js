// mass-properties: the JavaScript face of the WebAssembly core.
// Reads arguments the way users write them, hands the core plain numbers and memory it owns,
// and turns its status codes into MassPropertiesError. The rules (what is physical, how holes
// subtract, what a mesh needs in memory, every default) live in the core. Here only the entry:
// js/core/load.js loads the module, js/core/api.js makes its functions (reading arguments with
// js/core/read.js, calling the core through js/core/boundary.js), js/schema.js lists the options.

export { init } from './core/load.js';
export { MassPropertiesError } from './errors.js';
export { measureParts } from './parts.js';
export { equivalentBox, equivalentEllipsoid, inertiaPerUnitMass, isSolid, radiiOfGyration } from './derived.js';
export {
  LENGTH_UNITS,
  MASS_UNITS,
  MASS_UNIT_OF_LENGTH,
  convertUnits,
  lengthUnitName,
  shellThicknessProblem,
} from './units.js';
export { largestSide, unitsHint } from './units-hint.js';
export { MATERIALS } from './materials.js';
export { closestName } from './options.js';
export { describeDiagnostics, hardlyASolid } from './describe.js';
export { MODEL_FORMATS, modelFormatOf } from './formats.js';
