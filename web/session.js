// The model on screen: shows it, bakes it (the scene graph lives on the main thread), has the
// worker measure it and shows the report and the caps of its holes. Loads and measurements are
// numbered so that a slow one never replaces a newer one.
import { bakeMeshes } from 'mass-properties/three';
import { currentMode } from './mode-controls.js';
import { setBusy, setStatus, ui } from './page.js';
import { buildReport, renderReport } from './panel.js';
import { currentSettings, modelDensity } from './settings.js';

const partName = (mesh) => mesh.name || mesh.parent?.name || mesh.type;

// A part's own density in kg/m³, as three.js loaders leave it: the object's userData.density
// (a glTF node's extras), else its material's (a glTF material's extras); undefined if none.
function ownDensity(mesh) {
  const valid = (d) => (typeof d === 'number' && Number.isFinite(d) && d > 0 ? d : undefined);
  const material = Array.isArray(mesh.material) ? null : mesh.material;
  return valid(mesh.userData?.density) ?? valid(material?.userData?.density);
}

function partLabel({ mesh, instanceId }) {
  const label = { name: partName(mesh) };
  if (instanceId !== undefined) label.instanceId = instanceId;
  const density = ownDensity(mesh);
  if (density !== undefined) label.densityKgPerM3 = density;
  return label;
}

const triangleCount = (baked) =>
  baked.reduce((n, b) => n + (b.indices ? b.indices.length : b.positions.length / 3) / 3, 0);

export class Session {
  name = '';
  parts = []; // { name, instanceId? } per baked part, in the worker's order
  body = null;
  report = null;
  #loads = 0;
  #measures = 0;

  constructor(viewer, measurer, spin, poses) {
    this.viewer = viewer;
    this.measurer = measurer;
    this.spin = spin;
    this.poses = poses;
  }

  /** Shows the Object3D that `loading` resolves to, then measures it. */
  async show(name, loading) {
    const token = ++this.#loads;
    setBusy(true);
    setStatus(`Loading ${name}…`);
    let object;
    try {
      object = await loading;
    } catch (error) {
      if (token === this.#loads) this.#failed(`Could not load ${name}: ${error.message}`);
      return;
    }
    if (token !== this.#loads) return;

    this.spin.stop(); // first: the model is framed unrotated
    this.spin.setBody(null);
    this.poses?.setBody(null); // first too: it puts the model back where it was measured
    this.viewer.showModel(object);
    this.name = name;
    this.body = null;
    let baked;
    try {
      baked = bakeMeshes(this.viewer.model);
    } catch (error) {
      return this.#failed(`Could not read ${name}: ${error.message}`);
    }
    if (baked.length === 0) return this.#failed(`${name} has no triangle meshes to measure`);
    this.parts = baked.map(partLabel);
    setStatus(`Measuring ${triangleCount(baked).toLocaleString('en')} triangles…`);
    const triangles = baked.map(({ positions, indices }, k) => ({
      positions,
      indices,
      densityKgPerM3: this.parts[k].densityKgPerM3,
    }));
    await this.#measure((how) => this.measurer.measure(triangles, how), true);
  }

  /** Measures the current model again with the current settings. */
  remeasure() {
    if (this.parts.length > 0) this.#measure((how) => this.measurer.remeasure(how), false);
  }

  async #measure(send, newModel) {
    const token = ++this.#measures;
    const load = this.#loads;
    const settings = { ...currentSettings(), ...currentMode() };
    const density = modelDensity(settings.densityKgPerM3, settings.unit);
    // The thickness belongs to the shell mode only (the package refuses it for the others);
    // intersections to the solid one, passed only when asked for (the default call otherwise).
    const thickness = settings.mode === 'shell' ? settings.thickness : undefined;
    const intersections = settings.mode === 'solid' && settings.intersections ? { intersections: true } : {};
    setBusy(true);
    let reply;
    try {
      reply = await send({
        density,
        densityKgPerM3: settings.densityKgPerM3,
        mode: settings.mode,
        thickness,
        ...intersections,
      });
    } catch (error) {
      if (token === this.#measures) this.#failed(`Measuring failed: ${error.message}`);
      return;
    }
    // The holes come with the model's first measurement only: drawn even if a newer setting
    // took over the numbers, as long as the model is still the one on screen.
    if (reply.holes && load === this.#loads) this.viewer.showCaps(reply.holes.flat());
    if (token !== this.#measures) return; // a newer model or setting took over
    this.#report(reply, { ...settings, density });
    this.#draw(reply.body, newModel);
  }

  #report(reply, { unit, densityKgPerM3, density, mode, thickness }) {
    this.body = reply.body;
    const parts = this.parts.map((p, i) => ({ ...p, ...reply.parts[i] }));
    this.report = buildReport({
      model: this.name,
      unit,
      densityKgPerM3,
      density,
      mode,
      thickness,
      body: reply.body,
      parts,
    });
    renderReport(ui.results, this.report, { elapsed: reply.elapsed });
    ui.copy.disabled = false;
    ui.copyFor.disabled = !reply.body;
  }

  #draw(body, newModel) {
    this.spin.setBody(body);
    this.poses?.liftUp(); // before the view recenters on the new center of mass
    if (!body) {
      this.viewer.hideBody();
      return this.#failed(`${this.name}: no part could be measured`);
    }
    this.viewer.showBody(body, newModel);
    this.poses?.setBody(body);
    setStatus('');
    setBusy(false);
  }

  #failed(message) {
    setBusy(false);
    setStatus(message, 'error');
  }
}
