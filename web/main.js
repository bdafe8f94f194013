// The demo page: load a model, measure it in a worker, draw the result and spin the body.
// It uses the package exactly as an application would: 'mass-properties' and
// 'mass-properties/three' through the import map in index.html.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { init } from 'mass-properties';
import { bakeMeshes, MassPropertiesHelper, toVector3 } from 'mass-properties/three';
import { BUILT_INS, FILE_EXTENSIONS, loadFiles } from './models.js';
import { MATERIALS, UNITS, modelDensity } from './units.js';
import { buildReport, renderReport } from './panel.js';
import { Spin } from './spin.js';

const DEFAULT_MODEL = 't-handle';
const MODEL_OPACITY = 0.38;

const $ = (id) => document.getElementById(id);
const ui = {
  viewport: $('viewport'),
  model: $('model'),
  file: $('file'),
  units: $('units'),
  material: $('material'),
  density: $('density'),
  results: $('results'),
  copy: $('copy'),
  status: $('status'),
  drop: $('drop'),
  spinButtons: [...document.querySelectorAll('[data-spin-axis]')],
  stop: $('stop'),
  spinInfo: $('spin-info'),
};

// --- scene -------------------------------------------------------------------------------------

const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setPixelRatio(window.devicePixelRatio);
ui.viewport.prepend(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x16181d);
const camera = new THREE.PerspectiveCamera(35, 1, 0.01, 100);
camera.position.set(1.5, 1.9, 3.1); // from the front right, a little above
scene.add(camera);
scene.add(new THREE.HemisphereLight(0xffffff, 0x3a3f4b, 1.6));
const keyLight = new THREE.DirectionalLight(0xffffff, 2.2);
keyLight.position.set(1, 2, 3);
camera.add(keyLight); // lit from the viewer's side whichever way the model is turned

const controls = new OrbitControls(camera, renderer.domElement);
controls.enableDamping = true;

// scene → spinner (at the center of mass; carries the spin) → offset (−center of mass) →
// the measured model and its helper, which share one frame: the frame of the results.
const spinner = new THREE.Group();
const offset = new THREE.Group();
const model = new THREE.Group();
offset.add(model);
spinner.add(offset);
scene.add(spinner);
let helper = null;

// The angular momentum stays fixed in space while the body tumbles: drawn during a spin.
const momentumArrow = new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), 1, 0xe8e8e8);
momentumArrow.visible = false;
scene.add(momentumArrow);

new ResizeObserver(() => {
  const { clientWidth: w, clientHeight: h } = ui.viewport;
  if (w === 0 || h === 0) return;
  renderer.setSize(w, h, false);
  camera.aspect = w / h;
  camera.updateProjectionMatrix();
}).observe(ui.viewport);

// --- the worker that measures -----------------------------------------------------------------

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const pending = new Map();
let lastRequest = 0;
worker.onmessage = ({ data }) => {
  const request = pending.get(data.id);
  pending.delete(data.id);
  if (!request) return;
  if (data.failure) request.reject(new Error(data.failure));
  else request.resolve(data);
};
worker.onerror = (event) => {
  event.preventDefault();
  for (const request of pending.values()) request.reject(new Error(event.message || 'the measuring worker failed'));
  pending.clear();
};
function ask(message, transfer = []) {
  const id = ++lastRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...message, id }, transfer);
  });
}

// --- state -------------------------------------------------------------------------------------

const current = {
  name: '',
  parts: [], // { name, instanceId? } per baked part, in the worker's order
  box: new THREE.Box3(),
  radius: 1, // of a sphere about the center of mass that holds the model in every pose
  body: null,
  report: null,
  load: 0, // increments per model: a slow load must not replace a newer one
  measure: 0, // likewise per measurement
};

let spin = null; // created once the main thread's module is ready
const mpReady = init().then((mp) => {
  spin = new Spin(mp, spinner);
  return mp;
});

function setStatus(text, kind = 'info') {
  ui.status.textContent = text;
  ui.status.className = text ? kind : '';
}

function setBusy(busy) {
  document.body.toggleAttribute('data-busy', busy);
}

function densityKgPerM3() {
  return Number(ui.density.value);
}

function partName(mesh) {
  return mesh.name || mesh.parent?.name || mesh.type;
}

// See-through, so the center of mass and the axes inside stay visible.
function makeSeeThrough(object) {
  object.traverse((node) => {
    if (!node.isMesh) return;
    for (const material of [node.material].flat()) {
      material.transparent = true;
      material.opacity = Math.min(material.opacity, MODEL_OPACITY);
      material.depthWrite = false;
      material.side = THREE.DoubleSide; // open or inside-out meshes still show their surface
    }
  });
}

function disposeModel() {
  model.traverse((node) => {
    node.geometry?.dispose();
    for (const material of [node.material ?? []].flat()) {
      for (const value of Object.values(material)) if (value?.isTexture) value.dispose();
      material.dispose();
    }
  });
  model.clear();
}

// Points the camera at `center` from the current direction, far enough to see a sphere of
// `radius` whole: the body tumbles about its center of mass, so that sphere bounds every pose.
function frame(center, radius) {
  const direction = camera.position.clone().sub(controls.target);
  if (direction.lengthSq() === 0) direction.set(0.4, 0.5, 0.8);
  direction.normalize();
  const fit = Math.min(camera.fov, camera.fov * camera.aspect) / 2;
  const distance = (1.1 * radius) / Math.sin(THREE.MathUtils.degToRad(fit));
  controls.target.copy(center);
  camera.position.copy(center).addScaledVector(direction, distance);
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  controls.update();
}

function radiusAbout(point, box) {
  let r = 0;
  for (const x of [box.min.x, box.max.x]) {
    for (const y of [box.min.y, box.max.y]) {
      for (const z of [box.min.z, box.max.z]) r = Math.max(r, point.distanceTo(new THREE.Vector3(x, y, z)));
    }
  }
  return r;
}

// --- loading and measuring ---------------------------------------------------------------------

async function show(name, loading) {
  const token = ++current.load;
  setBusy(true);
  setStatus(`Loading ${name}…`);
  let object;
  try {
    object = await loading;
  } catch (error) {
    if (token === current.load) {
      setBusy(false);
      setStatus(`Could not load ${name}: ${error.message}`, 'error');
    }
    return;
  }
  if (token !== current.load) return;

  spin?.stop();
  showSpinInfo();
  ui.stop.disabled = true;
  momentumArrow.visible = false;
  if (helper) helper.visible = false;
  disposeModel();
  model.add(object);
  makeSeeThrough(object);
  spinner.position.set(0, 0, 0);
  offset.position.set(0, 0, 0);
  current.name = name;
  current.body = null;
  current.box.setFromObject(model);
  const center = current.box.getCenter(new THREE.Vector3());
  frame(center, radiusAbout(center, current.box));

  // Baking needs the scene graph (main thread); the transferable buffers go to the worker.
  const baked = bakeMeshes(model);
  if (baked.length === 0) {
    setBusy(false);
    setStatus(`${name} has no triangle meshes to measure`, 'error');
    return;
  }
  current.parts = baked.map((b) => (b.instanceId === undefined ? { name: partName(b.mesh) } : { name: partName(b.mesh), instanceId: b.instanceId }));
  const triangles = baked.reduce((n, b) => n + (b.indices ? b.indices.length : b.positions.length / 3) / 3, 0);
  setStatus(`Measuring ${triangles.toLocaleString('en')} triangles…`);
  const parts = baked.map(({ positions, indices }) => ({ positions, indices }));
  const transfer = parts.flatMap(({ positions, indices }) => (indices ? [positions.buffer, indices.buffer] : [positions.buffer]));
  await measure({ type: 'measure', parts }, transfer, true);
}

async function measure(message, transfer, newModel) {
  const token = ++current.measure;
  const density = modelDensity(densityKgPerM3(), ui.units.value);
  setBusy(true);
  let reply;
  try {
    reply = await ask({ ...message, density }, transfer);
  } catch (error) {
    if (token === current.measure) {
      setBusy(false);
      setStatus(`Measuring failed: ${error.message}`, 'error');
    }
    return;
  }
  if (token !== current.measure) return; // a newer model or setting took over

  const parts = current.parts.map((p, i) => ({ ...p, ...reply.parts[i] }));
  current.body = reply.body;
  current.report = buildReport({
    model: current.name,
    unit: ui.units.value,
    densityKgPerM3: densityKgPerM3(),
    density,
    body: reply.body,
    parts,
  });
  renderReport(ui.results, current.report, { elapsed: reply.elapsed });
  ui.copy.disabled = false;

  const body = reply.body;
  for (const button of ui.spinButtons) button.disabled = !body;
  if (!body) {
    if (helper) helper.visible = false;
    setStatus(`${current.name}: no part could be measured`, 'error');
    setBusy(false);
    return;
  }
  if (!helper) {
    helper = new MassPropertiesHelper(body);
    offset.add(helper);
  } else {
    helper.update(body);
    helper.visible = true;
  }
  const center = toVector3(body);
  if (newModel) {
    spinner.position.copy(center);
    offset.position.copy(center).negate();
    current.radius = radiusAbout(center, current.box);
    frame(center, current.radius);
  }
  setStatus('');
  setBusy(false);
}

function remeasure() {
  if (current.parts.length === 0) return;
  measure({ type: 'remeasure' }, [], false);
}

function loadBuiltIn(id) {
  const entry = BUILT_INS[id];
  show(entry.label, Promise.resolve().then(() => entry.create()));
}

function loadUserFiles(files) {
  if (!files || files.length === 0) return;
  const option = ui.model.querySelector('option[value="file"]');
  const main = [...files].find((f) => FILE_EXTENSIONS.includes(f.name.split('.').pop().toLowerCase())) ?? files[0];
  option.textContent = `File: ${main.name}`;
  option.hidden = false;
  ui.model.value = 'file';
  show(main.name, loadFiles(files).then(({ object }) => object));
}

// --- controls ----------------------------------------------------------------------------------

for (const [id, { label }] of Object.entries(BUILT_INS)) ui.model.add(new Option(label, id));
const fileOption = new Option('File', 'file');
fileOption.hidden = true;
ui.model.add(fileOption);
ui.model.value = DEFAULT_MODEL;
ui.model.addEventListener('change', () => {
  if (ui.model.value !== 'file') loadBuiltIn(ui.model.value);
});

for (const [id, { length, mass }] of Object.entries(UNITS)) ui.units.add(new Option(`${length} (masses in ${mass})`, id));
ui.units.value = 'm';
ui.units.addEventListener('change', remeasure);

for (const [id, { label, density }] of Object.entries(MATERIALS)) ui.material.add(new Option(`${label} — ${density} kg/m³`, id));
ui.material.add(new Option('Custom', 'custom'));
ui.material.value = 'water';
ui.density.value = String(MATERIALS.water.density);
ui.material.addEventListener('change', () => {
  const preset = MATERIALS[ui.material.value];
  if (!preset) return;
  ui.density.value = String(preset.density);
  remeasure();
});
ui.density.addEventListener('change', () => {
  const value = densityKgPerM3();
  if (!(value > 0) || !Number.isFinite(value)) {
    ui.density.setCustomValidity('a positive number of kg/m³');
    ui.density.reportValidity();
    return;
  }
  ui.density.setCustomValidity('');
  ui.material.value = Object.entries(MATERIALS).find(([, m]) => m.density === value)?.[0] ?? 'custom';
  remeasure();
});

ui.file.addEventListener('change', () => {
  loadUserFiles(ui.file.files);
  ui.file.value = ''; // picking the same file again still loads it
});

// Drag & drop anywhere on the page.
let dragDepth = 0;
window.addEventListener('dragenter', (event) => {
  if (![...event.dataTransfer.types].includes('Files')) return;
  event.preventDefault();
  dragDepth++;
  ui.drop.hidden = false;
});
window.addEventListener('dragover', (event) => event.preventDefault());
window.addEventListener('dragleave', () => {
  dragDepth = Math.max(0, dragDepth - 1);
  if (dragDepth === 0) ui.drop.hidden = true;
});
window.addEventListener('drop', (event) => {
  event.preventDefault();
  dragDepth = 0;
  ui.drop.hidden = true;
  loadUserFiles(event.dataTransfer.files);
});

ui.copy.addEventListener('click', async () => {
  const text = JSON.stringify(current.report, null, 2);
  try {
    await navigator.clipboard.writeText(text);
    setStatus('Result copied as JSON');
  } catch {
    // No clipboard permission (e.g. not a secure context): offer the text to copy by hand.
    const area = document.createElement('textarea');
    area.value = text;
    area.className = 'copy-fallback';
    ui.results.append(area);
    area.select();
    setStatus('Clipboard unavailable: the JSON is selected below the results, copy it with Ctrl+C');
  }
});

for (const button of ui.spinButtons) {
  button.addEventListener('click', async () => {
    await mpReady;
    if (!current.body) return;
    spin.start(current.body, Number(button.dataset.spinAxis));
    ui.stop.disabled = false;
  });
}
ui.stop.addEventListener('click', () => {
  spin?.stop();
  momentumArrow.visible = false;
  ui.stop.disabled = true;
  showSpinInfo();
});

function showSpinInfo() {
  const s = spin?.state;
  const info = ui.spinInfo;
  if (!s) {
    info.textContent = '';
    delete info.dataset.axis;
    return;
  }
  const angle = spin.axisAngle();
  info.textContent = `axis ${s.axis + 1}: t = ${s.time.toFixed(1)} s, tilted ${angle.toFixed(0)}° from where it started`;
  info.dataset.axis = String(s.axis);
  info.dataset.time = s.time.toFixed(3);
  info.dataset.axisAngle = angle.toFixed(2);
  info.dataset.orientation = JSON.stringify(s.orientation);
}

// --- render loop -------------------------------------------------------------------------------

const _momentum = new THREE.Vector3();
let lastFrame = null;
renderer.setAnimationLoop((time) => {
  const dt = lastFrame === null ? 0 : (time - lastFrame) / 1000;
  lastFrame = time;
  if (spin?.running) {
    try {
      spin.step(dt);
      const L = spin.state.angularMomentum;
      if (L) {
        const radius = current.radius;
        momentumArrow.position.copy(spinner.position);
        momentumArrow.setDirection(_momentum.fromArray(L).normalize());
        momentumArrow.setLength(1.1 * radius, 0.1 * radius, 0.05 * radius);
        momentumArrow.visible = true;
      }
    } catch (error) {
      spin.stop();
      momentumArrow.visible = false;
      setStatus(`Spin stopped: ${error.message}`, 'error');
    }
    showSpinInfo();
  }
  controls.update();
  renderer.render(scene, camera);
});

loadBuiltIn(DEFAULT_MODEL);
