// How the whole model is measured: as a solid (holes closed; with `intersections`, also where a
// piece passes through itself), as a shell of a given thickness or as its convex hull; and whether
// the caps that close its holes are drawn. A change of mode, thickness or intersections
// remeasures in the worker without sending the triangles again.
import { ui } from './page.js';

/** The mode, the shell's thickness in the model's length unit, and whether a solid's self-intersections are looked for. */
export function currentMode() {
  return { mode: ui.mode.value, thickness: Number(ui.thickness.value), intersections: ui.intersections.checked };
}

// Caps are what the solid mode adds: in the other modes there is nothing to show.
const capsWanted = () => ui.showCaps.checked && ui.mode.value === 'solid';

/** Wires the controls: `remeasure()` after every valid change, `showCaps(shown)` when the caps should appear or go. */
export function setupModeControls({ remeasure, showCaps }) {
  const showUnit = () => (ui.thicknessUnit.textContent = ui.units.value);
  showUnit();
  ui.units.addEventListener('change', showUnit);

  // The thickness belongs to the shell mode, the caps to the solid one.
  const showFields = () => {
    ui.thicknessField.hidden = ui.mode.value !== 'shell';
    ui.showCaps.disabled = ui.mode.value !== 'solid';
    ui.intersections.disabled = ui.mode.value !== 'solid';
  };
  ui.mode.addEventListener('change', () => {
    showFields();
    showCaps(capsWanted());
    remeasure();
  });
  ui.thickness.addEventListener('change', () => {
    const value = Number(ui.thickness.value);
    if (!(value > 0) || !Number.isFinite(value)) {
      ui.thickness.setCustomValidity('a positive wall thickness');
      ui.thickness.reportValidity();
      return;
    }
    ui.thickness.setCustomValidity('');
    remeasure();
  });
  ui.showCaps.addEventListener('change', () => showCaps(capsWanted()));
  ui.intersections.addEventListener('change', remeasure);
  showFields();
  showCaps(capsWanted());
}
