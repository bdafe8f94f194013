// The water a floating model sits in (mp.float's upright pose), drawn in the measured model's
// frame: the waterline plane, translucent, and the center of buoyancy as a dot.
import * as THREE from 'three';

export const WATER_COLOR = 0x3f8fd8;
export const BUOYANCY_COLOR = 0x4fe0ff;
const _z = new THREE.Vector3(0, 0, 1);
const _normal = new THREE.Vector3();

export class Waterline extends THREE.Group {
  constructor() {
    super();
    this.name = 'waterline';
    this.plane = new THREE.Mesh(
      new THREE.PlaneGeometry(1, 1),
      new THREE.MeshBasicMaterial({
        color: WATER_COLOR,
        transparent: true,
        opacity: 0.35,
        side: THREE.DoubleSide,
        depthWrite: false,
      }),
    );
    this.buoyancy = new THREE.Mesh(
      new THREE.SphereGeometry(1, 16, 12),
      new THREE.MeshBasicMaterial({ color: BUOYANCY_COLOR, depthTest: false }),
    );
    this.buoyancy.renderOrder = 2;
    this.add(this.plane, this.buoyancy);
    this.visible = false;
  }

  /** Shows a FloatingPose of mp.float (in the model's units), the plane `size` wide. */
  show(pose, size) {
    const { normal, height } = pose.plane;
    _normal.fromArray(normal);
    this.plane.quaternion.setFromUnitVectors(_z, _normal);
    // Centered where the center of mass's vertical meets the water.
    const g = new THREE.Vector3().fromArray(pose.hydrostatics.centerOfMass);
    this.plane.position.copy(g).addScaledVector(_normal, height - g.dot(_normal));
    this.plane.scale.setScalar(size);
    const b = pose.hydrostatics.centerOfBuoyancy;
    this.buoyancy.visible = b !== null;
    if (b) this.buoyancy.position.fromArray(b);
    this.buoyancy.scale.setScalar(size / 80);
    this.visible = true;
  }

  hide() {
    this.visible = false;
  }

  dispose() {
    for (const mesh of [this.plane, this.buoyancy]) {
      mesh.geometry.dispose();
      mesh.material.dispose();
    }
  }
}
