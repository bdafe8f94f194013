// KHR_physics_rigid_bodies for glTF-Transform: the node-level `motion` object (mass, centre of
// mass, principal moments and their orientation, velocities, isKinematic), read and written.
// Colliders, triggers, joints and the document-level physics materials and filters are not
// modelled: they point into KHR_implicit_shapes, which glTF-Transform does not keep either, so
// they are dropped on read with a warning rather than written back with dangling indices.
import { Extension, ExtensionProperty, PropertyType } from '@gltf-transform/core';

export const KHR_PHYSICS_RIGID_BODIES = 'KHR_physics_rigid_bodies';

const MOTION_KEYS = [
  'isKinematic',
  'mass',
  'centerOfMass',
  'inertiaDiagonal',
  'inertiaOrientation',
  'linearVelocity',
  'angularVelocity',
];

/** The `motion` of a node: a dynamic rigid body. Units kg, kg·m²; vectors in node space. */
export class PhysicsMotion extends ExtensionProperty {
  static EXTENSION_NAME = KHR_PHYSICS_RIGID_BODIES;

  init() {
    this.extensionName = KHR_PHYSICS_RIGID_BODIES;
    this.propertyType = 'PhysicsMotion';
    this.parentTypes = [PropertyType.NODE];
  }

  getDefaults() {
    return Object.assign(super.getDefaults(), {
      isKinematic: false,
      mass: null,
      centerOfMass: null,
      inertiaDiagonal: null,
      inertiaOrientation: null,
      linearVelocity: null,
      angularVelocity: null,
    });
  }

  getIsKinematic() {
    return this.get('isKinematic');
  }
  setIsKinematic(value) {
    return this.set('isKinematic', value);
  }
  /** kg; null lets the engine compute it. */
  getMass() {
    return this.get('mass');
  }
  setMass(value) {
    return this.set('mass', value);
  }
  /** [x, y, z] in node space. */
  getCenterOfMass() {
    return this.get('centerOfMass');
  }
  setCenterOfMass(value) {
    return this.set('centerOfMass', value);
  }
  /** Principal moments, kg·m². */
  getInertiaDiagonal() {
    return this.get('inertiaDiagonal');
  }
  setInertiaDiagonal(value) {
    return this.set('inertiaDiagonal', value);
  }
  /** Quaternion [x, y, z, w] from the principal axes to node space. */
  getInertiaOrientation() {
    return this.get('inertiaOrientation');
  }
  setInertiaOrientation(value) {
    return this.set('inertiaOrientation', value);
  }
  getLinearVelocity() {
    return this.get('linearVelocity');
  }
  setLinearVelocity(value) {
    return this.set('linearVelocity', value);
  }
  getAngularVelocity() {
    return this.get('angularVelocity');
  }
  setAngularVelocity(value) {
    return this.set('angularVelocity', value);
  }

  /** The motion as its glTF JSON object (fields that are unset are left out). */
  toJSON() {
    const out = {};
    for (const key of MOTION_KEYS) {
      const value = this.get(key);
      if (value !== null && !(key === 'isKinematic' && value === false))
        out[key] = Array.isArray(value) ? [...value] : value;
    }
    return out;
  }

  /** Sets every field of a motion JSON object (unknown keys are ignored, missing ones reset). */
  fromJSON(motion) {
    for (const key of MOTION_KEYS) {
      const value = motion?.[key];
      this.set(key, value === undefined ? this.getDefaults()[key] : Array.isArray(value) ? [...value] : value);
    }
    return this;
  }
}

/**
 * The extension: register it on an I/O (`io.registerExtensions([KHRPhysicsRigidBodies])`) or a
 * document (`document.createExtension(KHRPhysicsRigidBodies)`), then
 * `node.setExtension(KHR_PHYSICS_RIGID_BODIES, ext.createMotion().setMass(2))`.
 */
export class KHRPhysicsRigidBodies extends Extension {
  static EXTENSION_NAME = KHR_PHYSICS_RIGID_BODIES;
  extensionName = KHR_PHYSICS_RIGID_BODIES;

  createMotion() {
    return new PhysicsMotion(this.document.getGraph());
  }

  read(context) {
    const json = context.jsonDoc.json;
    const dropped = new Set(Object.keys(json.extensions?.[KHR_PHYSICS_RIGID_BODIES] ?? {}));
    (json.nodes ?? []).forEach((nodeDef, index) => {
      const def = nodeDef.extensions?.[KHR_PHYSICS_RIGID_BODIES];
      if (!def) return;
      for (const key of Object.keys(def)) if (key !== 'motion') dropped.add(key);
      if (def.motion)
        context.nodes[index].setExtension(KHR_PHYSICS_RIGID_BODIES, this.createMotion().fromJSON(def.motion));
    });
    if (dropped.size > 0) {
      this.document
        .getLogger()
        .warn(`${KHR_PHYSICS_RIGID_BODIES}: only motion is kept; dropped ${[...dropped].sort().join(', ')}`);
    }
    return this;
  }

  write(context) {
    const json = context.jsonDoc.json;
    for (const node of this.document.getRoot().listNodes()) {
      const motion = node.getExtension(KHR_PHYSICS_RIGID_BODIES);
      if (!motion) continue;
      const nodeDef = json.nodes[context.nodeIndexMap.get(node)];
      nodeDef.extensions = nodeDef.extensions ?? {};
      nodeDef.extensions[KHR_PHYSICS_RIGID_BODIES] = { motion: motion.toJSON() };
    }
    return this;
  }
}
