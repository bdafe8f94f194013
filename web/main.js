// The demo page: load a model, measure it in a worker, draw the result and spin the body.
// It uses the package exactly as an application would: 'mass-properties',
// 'mass-properties/three' and 'mass-properties/physics' through the import map in index.html.
// This file wires the modules:
//   page.js           the shared elements, the status line, the busy flag
//   viewer.js         renderer, camera, controls; the model, its helper and the spin pivot
//   measurer.js       measuring in the package's Web Worker (mass-properties/worker)
//   session.js        the model on screen: show, bake, measure, report; the newest one wins
//   model-picker.js   built-in models and files;  drop.js  drag & drop;  settings.js  units and density
//   mode-controls.js  solid, shell or convex hull, and whether the caps of closed holes show
//   copy.js           "Copy result as JSON" and "Copy for Rapier / cannon-es / Babylon / glTF"
//                     (physics-snippets.js);  spin-controls.js  the spin buttons and readout
//   pose-controls.js  "Set down on": the resting poses, the model set down on the one picked
//   physics-download.js  "Download GLB with physics" for a loaded glTF (mass-properties/gltf)
//   float-controls.js "Float it" (mp.float in the worker); water.js  the waterline drawn
//   models.js, panel.js, spin.js, caps.js   loaders, the
//                     results panel (diagnostics in the package's words), the spin, the caps drawn
import { init } from 'mass-properties';
import { setupCopy } from './copy.js';
import { clearFloat, setupFloatControls } from './float-controls.js';
import { acceptDrops } from './drop.js';
import { Measurer } from './measurer.js';
import { setupPhysicsDownload } from './physics-download.js';
import { setupModeControls } from './mode-controls.js';
import { ModelPicker } from './model-picker.js';
import { PoseControls } from './pose-controls.js';
import { ui } from './page.js';
import { Session } from './session.js';
import { setupSettings } from './settings.js';
import { SpinControls } from './spin-controls.js';
import { Viewer } from './viewer.js';

const DEFAULT_MODEL = 't-handle';

const viewer = new Viewer(ui.viewport);
// The spin and the resting poses are in the full module (docs/size.md): loaded with the core.
const spin = new SpinControls(init({ parts: 'full' }), viewer);
const measurer = new Measurer();
const poses = new PoseControls(init({ parts: 'full' }), viewer, spin);
const session = new Session(viewer, measurer, spin, poses);
const picker = new ModelPicker(session);

setupSettings(() => {
  clearFloat(viewer);
  session.remeasure();
});
setupFloatControls(measurer, viewer);
setupModeControls({ remeasure: () => session.remeasure(), showCaps: (shown) => viewer.setCapsShown(shown) });
acceptDrops((files) => picker.loadFiles(files));
setupCopy(() => session.report);
setupPhysicsDownload();
viewer.start((dt) => spin.step(dt));
picker.loadBuiltIn(DEFAULT_MODEL);
