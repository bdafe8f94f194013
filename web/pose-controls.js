// "Set down on": the resting poses of the measured body (mp.restingPoses), most probable first;
// picking one sets the model down on a floor in that pose, with its support polygon drawn.
import * as THREE from 'three';
import { bakeMeshes } from 'mass-properties/three';
import { setStatus, ui } from './page.js';
import { currentSettings } from './settings.js';

const FLOOR_COLOR = 0x2b3038;
const SUPPORT_COLOR = 0xffb224;

// Every baked part as one mesh: the hull of all their vertices is what the body rests on.
function mergedTriangles(object) {
  const parts = bakeMeshes(object);
  const vertices = parts.reduce((n, p) => n + p.positions.length / 3, 0);
  const corners = parts.reduce((n, p) => n + (p.indices ? p.indices.length : p.positions.length / 3), 0);
  const positions = new Float64Array(3 * vertices);
  const indices = new Uint32Array(corners);
  let v = 0;
  let c = 0;
  for (const { positions: p, indices: index } of parts) {
    positions.set(p, 3 * v);
    const count = index ? index.length : p.length / 3;
    for (let k = 0; k < count; k++) indices[c + k] = v + (index ? index[k] : k);
    v += p.length / 3;
    c += count;
  }
  return { positions, indices };
}

const percent = (p) => `${(100 * p).toPrecision(p >= 0.1 ? 3 : 2)} %`;
const degrees = (rad) => `${((rad * 180) / Math.PI).toFixed(1)}°`;

export class PoseControls {
  #ready;
  #token = 0;
  #poses = [];
  #floor = new THREE.Group();

  constructor(mpReady, viewer, spin) {
    this.viewer = viewer;
    this.spin = spin;
    this.#ready = mpReady;
    this.#floor.visible = false;
    viewer.scene.add(this.#floor);
    ui.pose.addEventListener('change', () => this.#setDown(Number(ui.pose.value)));
    // A spin tumbles the body about its center of mass where it was measured.
    for (const button of ui.spinButtons) button.addEventListener('click', () => this.liftUp());
  }

  /** Lists the poses of `body` (the measured model on screen); null empties the list. */
  async setBody(body) {
    this.liftUp();
    this.#poses = [];
    ui.pose.replaceChildren(new Option('as measured', '-1'));
    ui.pose.disabled = true;
    delete ui.poseInfo.dataset.poses;
    ui.poseInfo.textContent = '';
    const token = ++this.#token;
    if (!body) return;
    const mp = await this.#ready;
    if (token !== this.#token) return; // another model or measurement took over
    try {
      const { positions, indices } = mergedTriangles(this.viewer.model);
      this.#poses = mp.restingPoses(positions, indices, { centerOfMass: body.centerOfMass });
    } catch (error) {
      ui.poseInfo.textContent = `no resting pose: ${error.message}`;
      return;
    }
    this.#poses.forEach((p, k) => {
      ui.pose.append(new Option(`${k + 1}: ${percent(p.probability)}, tips at ${degrees(p.tippingAngle)}`, String(k)));
    });
    ui.pose.disabled = this.#poses.length === 0;
    ui.poseInfo.textContent = `${this.#poses.length} resting poses`;
    ui.poseInfo.dataset.poses = String(this.#poses.length);
  }

  /** Back to the model as measured (no floor). */
  liftUp() {
    const { offset } = this.viewer;
    this.#floor.visible = false;
    if (ui.pose.value !== '-1') this.#place(new THREE.Quaternion(), offset.position.clone().negate());
    ui.pose.value = '-1';
    delete ui.poseInfo.dataset.pose;
  }

  // Moves the spinner (the center of mass's frame) and the view with it.
  #place(quaternion, position) {
    const { spinner, controls, camera } = this.viewer;
    const moved = position.clone().sub(spinner.position);
    spinner.quaternion.copy(quaternion);
    spinner.position.copy(position);
    controls.target.add(moved);
    camera.position.add(moved);
  }

  // The body turned by the pose's rotation about its center of mass, which goes to (0, h, 0):
  // the spinner carries exactly x' = R·x + position.
  #setDown(k) {
    const pose = this.#poses[k];
    if (!pose) return this.liftUp();
    this.spin.stop();
    this.#place(new THREE.Quaternion().fromArray(pose.rotation), new THREE.Vector3(0, pose.centerOfMassHeight, 0));
    this.#drawFloor(pose);
    const unit = currentSettings().unit;
    ui.poseInfo.textContent =
      `${percent(pose.probability)} of drops; center of mass ${pose.centerOfMassHeight.toPrecision(3)} ${unit} ` +
      `high; tips at ${degrees(pose.tippingAngle)}`;
    ui.poseInfo.dataset.pose = String(k);
    ui.poseInfo.dataset.probability = String(pose.probability);
    setStatus('');
  }

  // A floor under the body and the face it stands on, outlined.
  #drawFloor(pose) {
    for (const child of [...this.#floor.children]) {
      child.geometry?.dispose();
      child.material?.dispose();
    }
    this.#floor.clear();
    const size = 3 * this.viewer.radius;
    const floor = new THREE.Mesh(
      new THREE.PlaneGeometry(size, size).rotateX(-Math.PI / 2),
      new THREE.MeshBasicMaterial({ color: FLOOR_COLOR, transparent: true, opacity: 0.6, depthWrite: false }),
    );
    const outline = new THREE.LineLoop(
      new THREE.BufferGeometry().setAttribute(
        'position',
        new THREE.BufferAttribute(new Float32Array(pose.supportPolygon), 3),
      ),
      new THREE.LineBasicMaterial({ color: SUPPORT_COLOR }),
    );
    outline.position.y = 1e-4 * size; // just above the floor
    this.#floor.add(floor, outline);
    this.#floor.visible = true;
  }
}
