// "Download GLB with physics": the loaded glTF/GLB with a KHR_physics_rigid_bodies motion on
// each mesh node, measured with the page's settings through mass-properties/gltf (glTF-Transform's
// WebIO, mapped in index.html: it runs without a bundler). Node and material extras.density win
// over the chosen density, as on the page.
import { WebIO } from '@gltf-transform/core';
import { init } from 'mass-properties';
import { prepareIO, readDocument, writeMotion } from 'mass-properties/gltf';
import { currentMode } from './mode-controls.js';
import { setStatus, ui } from './page.js';
import { currentSettings } from './settings.js';

const extension = (name) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();
const bytesOf = async (file) => new Uint8Array(await file.arrayBuffer());

// The glTF files of the model on screen (the .glb, or the .gltf and its resources), else null.
let source = null;

/** Called with the files of every model loaded from disk (null for built-in models). */
export function setPhysicsSource(files) {
  const list = files ? [...files] : [];
  const main = list.find((f) => ['glb', 'gltf'].includes(extension(f.name)));
  source = main ? { main, files: list } : null;
  ui.downloadGlb.hidden = !source;
  ui.downloadGlb.disabled = !source;
}

// The dropped files under the package's resource policy: a URI names one of them (dropped files
// keep no folders, so 'textures/a.png' is the dropped a.png), nothing else is fetched.
function readDropped(io, { main, files }) {
  const byName = new Map(files.filter((f) => f !== main).map((f) => [f.name, f]));
  const resources = (path) => {
    const file = byName.get(path) ?? byName.get(path.slice(path.lastIndexOf('/') + 1));
    return file ? bytesOf(file) : null;
  };
  return bytesOf(main).then((bytes) => readDocument(io, bytes, { images: true, resources }));
}

async function download() {
  if (!source) return;
  const { main } = source;
  ui.downloadGlb.disabled = true;
  try {
    const io = await prepareIO(new WebIO());
    const document = await readDropped(io, source);
    const { unit, densityKgPerM3 } = currentSettings();
    const { mode, thickness } = currentMode();
    await document.transform(
      writeMotion(await init(), {
        density: densityKgPerM3,
        units: unit,
        mode,
        thickness: mode === 'shell' ? thickness : undefined,
      }),
    );
    const glb = await io.writeBinary(document);
    const link = window.document.createElement('a');
    link.href = URL.createObjectURL(new Blob([glb], { type: 'model/gltf-binary' }));
    link.download = `${main.name.replace(/\.(glb|gltf)$/i, '')}-physics.glb`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    setStatus(`${link.download}: KHR_physics_rigid_bodies written`);
  } catch (error) {
    setStatus(`Could not write the GLB: ${error.message}`, 'error');
  } finally {
    ui.downloadGlb.disabled = false;
  }
}

export function setupPhysicsDownload() {
  ui.downloadGlb.addEventListener('click', download);
}
