// "Float it": the model (all its parts as one uniform solid, at the chosen density) floated by
// mp.float in the worker in water of the chosen density, with its +Y up as modelled; the view
// shows the waterline and the center of buoyancy, the readout whether it floats upright.
import { setStatus, ui } from './page.js';
import { currentSettings, modelDensity } from './settings.js';

const degrees = (radians) => `${Math.round((radians * 180) / Math.PI) || 0}°`; // never "-0°"
const short = (x) => Number(x.toPrecision(3));

function describe(f, unit) {
  const u = f.upright;
  const h = u.hydrostatics;
  const gm = h.metacentricHeights.map(short).join(' / ');
  const head = `draft ${short(h.draft)} ${unit}, GM ${gm} ${unit}: `;
  if (u.stable) return `${head}floats upright.`;
  const best = f.equilibria.find((p) => p.stable);
  const why = u.equilibrium ? 'upright is unstable' : 'upright is no equilibrium';
  return best
    ? `${head}${why}; it settles at heel ${degrees(best.heel)}, trim ${degrees(best.trim)}.`
    : `${head}${why}.`;
}

export function setupFloatControls(measurer, viewer) {
  ui.float.addEventListener('click', async () => {
    const settings = currentSettings();
    const water = Number(ui.waterDensity.value);
    ui.float.disabled = true;
    try {
      // Both densities in the model's units: the ratio, and so the draft, in its coordinates.
      const f = await measurer.float({
        density: modelDensity(settings.densityKgPerM3, settings.unit),
        waterDensity: modelDensity(water, settings.unit),
      });
      viewer.showWater(f.upright);
      ui.floatInfo.textContent = describe(f, settings.unit);
      ui.floatInfo.dataset.uprightStable = String(f.upright.stable);
      ui.floatInfo.dataset.draft = String(f.upright.hydrostatics.draft);
    } catch (error) {
      viewer.hideWater();
      ui.floatInfo.textContent = '';
      setStatus(error.code === 'SINKS' ? `It sinks: ${error.message}` : `Floating failed: ${error.message}`, 'error');
    } finally {
      ui.float.disabled = false;
    }
  });
}

/** Clears the readout (a new model, or new settings). */
export function clearFloat(viewer) {
  viewer.hideWater();
  ui.floatInfo.textContent = '';
  delete ui.floatInfo.dataset.uprightStable;
}
