// Models for the demo: built-in shapes that need no file, and files loaded with three's loaders.
import { MODEL_FORMATS } from 'mass-properties';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { DRACOLoader } from 'three/addons/loaders/DRACOLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { OBJLoader } from 'three/addons/loaders/OBJLoader.js';
import { STLLoader } from 'three/addons/loaders/STLLoader.js';
import { PLYLoader } from 'three/addons/loaders/PLYLoader.js';
import { ThreeMFLoader } from 'three/addons/loaders/3MFLoader.js';
import { TeapotGeometry } from 'three/addons/geometries/TeapotGeometry.js';

function material(color) {
  return new THREE.MeshStandardMaterial({ color, roughness: 0.55, metalness: 0.1 });
}

function mesh(geometry, color, name) {
  const m = new THREE.Mesh(geometry, material(color));
  m.name = name;
  return m;
}

// A T-handle (Dzhanibekov's wing nut): a square bar and a round stem that meets the bar's flat
// underside exactly, so the two closed parts neither overlap nor leave a gap. Its principal
// moments are well apart (about 1 : 2 : 3), so the flip about the intermediate axis (the stem)
// comes after a few turns.
function tHandle() {
  const group = new THREE.Group();
  group.add(mesh(new THREE.BoxGeometry(1.6, 0.24, 0.24), 0xd9822b, 'bar'));
  const stem = mesh(new THREE.CylinderGeometry(0.1, 0.1, 0.9, 48), 0x4c9fd6, 'stem');
  stem.position.y = -0.12 - 0.45;
  group.add(stem);
  return group;
}

// A cup without a lid: closed at the bottom, open at the top, to show the diagnostics at work.
function openCup() {
  const profile = [
    [0, -0.5],
    [0.38, -0.5],
    [0.42, -0.46],
    [0.5, 0.5],
  ].map(([r, y]) => new THREE.Vector2(r, y));
  return mesh(new THREE.LatheGeometry(profile, 64), 0x9b8ad6, 'open cup');
}

// The Utah teapot as Newell's patches give it: body, lid, handle and spout are separate open
// surfaces (the spout and handle ends, the rims of the lid and body are holes), and without its
// bottom, so the largest hole is one a user sees at once. The solid mode closes all seven.
function teapot() {
  return mesh(new TeapotGeometry(0.6, 10, false), 0xd6b36a, 'teapot');
}

async function bunny() {
  const response = await fetch('/models/bunny.json');
  if (!response.ok) throw new Error(`could not fetch the bunny (${response.status})`);
  const { positions, cells } = await response.json();
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions.flat(), 3));
  geometry.setIndex(cells.flat());
  geometry.computeVertexNormals();
  const m = new THREE.Mesh(geometry, material(0xc9b79c));
  m.name = 'bunny';
  return m;
}

/** Built-in models: id → { label, create() → Object3D | Promise<Object3D> }. */
export const BUILT_INS = {
  't-handle': { label: 'T-handle (tennis-racket effect)', create: tHandle },
  'torus-knot': {
    label: 'Torus knot',
    create: () => mesh(new THREE.TorusKnotGeometry(0.6, 0.2, 256, 32), 0x3fb58c, 'torus knot'),
  },
  capsule: { label: 'Capsule', create: () => mesh(new THREE.CapsuleGeometry(0.35, 1.2, 12, 48), 0xd65c7a, 'capsule') },
  'open-cup': { label: 'Open cup (not closed)', create: openCup },
  teapot: { label: 'Utah teapot (no bottom)', create: teapot },
  bunny: { label: 'Stanford bunny (npm "bunny")', create: bunny },
};

export const FILE_EXTENSIONS = Object.keys(MODEL_FORMATS);

const extension = (name) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

// A loaded geometry alone (STL, PLY) becomes one mesh with a neutral material.
function geometryMesh(geometry, name) {
  if (!geometry.getAttribute('normal')) geometry.computeVertexNormals();
  const m = new THREE.Mesh(geometry, material(0xb8c4d6));
  if (geometry.getAttribute('color')) m.material.vertexColors = true;
  m.name = name;
  return m;
}

/**
 * Loads a model from a list of files (drag & drop or the file picker). The first file with a
 * model extension is the model; the others are its resources (a .gltf's .bin and textures),
 * found by name. Resolves to { name, object }.
 */
export async function loadFiles(fileList) {
  const files = [...fileList];
  const main = FILE_EXTENSIONS.map((ext) => files.find((f) => extension(f.name) === ext)).find(Boolean);
  if (!main) {
    throw new Error(
      `no model among ${files.map((f) => f.name).join(', ') || 'the files'}; ` +
        `supported: ${FILE_EXTENSIONS.map((e) => '.' + e).join(' ')}`,
    );
  }

  const urls = new Map(files.map((f) => [f.name, URL.createObjectURL(f)]));
  const manager = new THREE.LoadingManager();
  // Resources are asked for relative to the blob URL; map them back to the dropped files by name.
  manager.setURLModifier((url) => {
    if (url.startsWith('data:')) return url;
    const name = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
    return urls.get(name) ?? url;
  });
  const url = urls.get(main.name);
  const name = main.name;

  let draco = null;
  try {
    switch (extension(name)) {
      case 'glb':
      case 'gltf': {
        draco = new DRACOLoader(manager).setDecoderPath('/node_modules/three/examples/jsm/libs/draco/gltf/');
        const loader = new GLTFLoader(manager).setDRACOLoader(draco).setMeshoptDecoder(MeshoptDecoder);
        const gltf = await loader.loadAsync(url);
        return { name, object: gltf.scene };
      }
      case '3mf':
        return { name, object: await new ThreeMFLoader(manager).loadAsync(url) };
      case 'obj':
        return { name, object: await new OBJLoader(manager).loadAsync(url) };
      case 'stl':
        return { name, object: geometryMesh(await new STLLoader(manager).loadAsync(url), name) };
      case 'ply':
        return { name, object: geometryMesh(await new PLYLoader(manager).loadAsync(url), name) };
    }
  } finally {
    draco?.dispose();
    for (const u of urls.values()) URL.revokeObjectURL(u);
  }
  throw new Error(`cannot load ${name}`);
}
