// The 3D view: renderer, camera, lights and orbit controls, and the frames the model lives in:
// scene → spinner (at the center of mass; carries the spin) → offset (−center of mass) → the
// measured model, its helper and the caps of its holes, which share one frame: the frame of the
// results (the caps stay out of the model, which is what gets baked and measured).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { MassPropertiesHelper, toCenterOfMassVector3 } from 'mass-properties/three';
import { HoleCaps } from './caps.js';
import { Waterline } from './water.js';

const MODEL_OPACITY = 0.38;

function createCamera(scene) {
  const camera = new THREE.PerspectiveCamera(35, 1, 0.01, 100);
  camera.position.set(1.5, 1.9, 3.1); // from the front right, a little above
  scene.add(camera);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x3a3f4b, 1.6));
  const keyLight = new THREE.DirectionalLight(0xffffff, 2.2);
  keyLight.position.set(1, 2, 3);
  camera.add(keyLight); // lit from the viewer's side whichever way the model is turned
  return camera;
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

function disposeAll(object) {
  object.traverse((node) => {
    node.geometry?.dispose();
    for (const material of [node.material ?? []].flat()) {
      for (const value of Object.values(material)) if (value?.isTexture) value.dispose();
      material.dispose();
    }
  });
  object.clear();
}

// The radius about `point` of a sphere that holds `box`: the body tumbles about its center of
// mass, so that sphere bounds every pose.
function radiusAbout(point, box) {
  let r = 0;
  for (const x of [box.min.x, box.max.x]) {
    for (const y of [box.min.y, box.max.y]) {
      for (const z of [box.min.z, box.max.z]) r = Math.max(r, point.distanceTo(new THREE.Vector3(x, y, z)));
    }
  }
  return r;
}

export class Viewer {
  constructor(container) {
    this.container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true });
    this.renderer.setPixelRatio(window.devicePixelRatio);
    container.prepend(this.renderer.domElement);
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color(0x16181d);
    this.camera = createCamera(this.scene);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;

    this.spinner = new THREE.Group();
    this.offset = new THREE.Group();
    this.model = new THREE.Group();
    this.offset.add(this.model);
    this.spinner.add(this.offset);
    this.scene.add(this.spinner);
    this.helper = null;
    this.caps = new HoleCaps();
    this.offset.add(this.caps);
    this.water = new Waterline();
    this.offset.add(this.water);
    this.box = new THREE.Box3(); // of the model, in its own frame
    this.radius = 1; // about the center of mass

    // The angular momentum stays fixed in space while the body tumbles: drawn during a spin.
    this.momentum = new THREE.ArrowHelper(new THREE.Vector3(0, 1, 0), new THREE.Vector3(), 1, 0xe8e8e8);
    this.momentum.visible = false;
    this.scene.add(this.momentum);
    new ResizeObserver(() => this.#resize(container)).observe(container);
  }

  #resize(container) {
    const { clientWidth: w, clientHeight: h } = container;
    if (w === 0 || h === 0) return;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
  }

  /** Replaces the model with `object` (the old one is disposed) and frames it. */
  showModel(object) {
    this.hideBody();
    this.hideMomentum();
    this.showCaps([]);
    this.hideWater();
    disposeAll(this.model);
    this.model.add(object);
    makeSeeThrough(object);
    this.spinner.position.set(0, 0, 0);
    this.offset.position.set(0, 0, 0);
    this.box.setFromObject(this.model);
    const center = this.box.getCenter(new THREE.Vector3());
    this.#frame(center, radiusAbout(center, this.box));
  }

  /** Draws `body`'s helper; `recenter` moves the spin pivot to its center of mass and frames it. */
  showBody(body, recenter) {
    if (!this.helper) {
      this.helper = new MassPropertiesHelper(body);
      this.offset.add(this.helper);
    } else {
      this.helper.update(body);
      this.helper.visible = true;
    }
    if (!recenter) return;
    const center = toCenterOfMassVector3(body);
    this.spinner.position.copy(center);
    this.offset.position.copy(center).negate();
    this.radius = radiusAbout(center, this.box);
    this.#frame(center, this.radius);
  }

  hideBody() {
    if (this.helper) this.helper.visible = false;
  }

  /**
   * Draws the boundary loops the solid mode closes (mp.holes of every part) and their caps. The
   * count is also written on the view (data-cap-loops), for the browser test.
   */
  showCaps(loops) {
    this.caps.setLoops(loops);
    this.container.dataset.capLoops = String(this.caps.loopCount);
  }

  /** Shows or hides the caps (they only mean something in the solid mode). */
  setCapsShown(shown) {
    this.caps.visible = shown;
    this.container.dataset.capsShown = String(shown);
  }

  /** Draws a FloatingPose of mp.float (model units): the waterline and the center of buoyancy. */
  showWater(pose) {
    this.water.show(pose, 3 * radiusAbout(this.box.getCenter(new THREE.Vector3()), this.box));
    this.container.dataset.water = 'shown';
  }

  hideWater() {
    this.water.hide();
    delete this.container.dataset.water;
  }

  /** Draws the angular momentum `L` (world frame) from the center of mass. */
  showMomentum(L) {
    const r = this.radius;
    this.momentum.position.copy(this.spinner.position);
    this.momentum.setDirection(new THREE.Vector3().fromArray(L).normalize());
    this.momentum.setLength(1.1 * r, 0.1 * r, 0.05 * r);
    this.momentum.visible = true;
  }

  hideMomentum() {
    this.momentum.visible = false;
  }

  // Points the camera at `center` from the current direction, far enough to see a sphere of
  // `radius` whole.
  #frame(center, radius) {
    const { camera, controls } = this;
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

  /** Renders every frame; `onFrame(dt)` runs first with the seconds since the last frame. */
  start(onFrame) {
    let last = null;
    this.renderer.setAnimationLoop((time) => {
      onFrame(last === null ? 0 : (time - last) / 1000);
      last = time;
      this.controls.update();
      this.renderer.render(this.scene, this.camera);
    });
  }
}
