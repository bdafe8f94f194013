// @ts-nocheck (not yet checked: the properties keep JSON fields and references by name, read at run time)
// The properties of KHR_physics_rigid_bodies for glTF-Transform. On a node: the motion (in the
// node's KHR_physics_rigid_bodies slot, as before), the collider, the trigger and the joint (each
// in a slot of its own, see PHYSICS_SLOTS). In the document: physics materials, collision filters
// and joint descriptions. Every reference (a geometry's shape or node, a collider's material and
// filter, a trigger's nodes, a joint's connected node and description) is a graph edge, so it
// follows its target when other transforms re-index or remove properties.
import { PropertyType, RefList } from '@gltf-transform/core';
import { JSONProperty, defineFieldAccessors } from './json-property.js';

export const KHR_PHYSICS_RIGID_BODIES = 'KHR_physics_rigid_bodies';

/**
 * Where each part of a node's KHR_physics_rigid_bodies object hangs: `node.getExtension(slot)`.
 * The motion keeps the extension's own name, so `node.getExtension(KHR_PHYSICS_RIGID_BODIES)` is
 * a node's motion or null, as it always was; a static collider has no motion.
 */
export const PHYSICS_SLOTS = Object.freeze({
  motion: KHR_PHYSICS_RIGID_BODIES,
  collider: `${KHR_PHYSICS_RIGID_BODIES}/collider`,
  trigger: `${KHR_PHYSICS_RIGID_BODIES}/trigger`,
  joint: `${KHR_PHYSICS_RIGID_BODIES}/joint`,
  /** The node-level object's own extras and unknown keys, when it has any. */
  extras: `${KHR_PHYSICS_RIGID_BODIES}/extras`,
});

class PhysicsProperty extends JSONProperty {
  static EXTENSION_NAME = KHR_PHYSICS_RIGID_BODIES;
  /** The references among REFS that are lists. */
  static REF_LISTS = [];

  getDefaults() {
    const defaults = super.getDefaults();
    for (const key of this.constructor.REFS)
      defaults[key] = this.constructor.REF_LISTS.includes(key) ? new RefList() : null;
    return defaults;
  }
}

// getX()/setX() for single references.
function defineRefAccessors(Class, keys) {
  for (const key of keys) {
    const name = key[0].toUpperCase() + key.slice(1);
    Object.defineProperty(Class.prototype, `get${name}`, {
      value: function () {
        return this.getRef(key);
      },
      writable: true,
      configurable: true,
    });
    Object.defineProperty(Class.prototype, `set${name}`, {
      value: function (value) {
        return this.setRef(key, value ?? null);
      },
      writable: true,
      configurable: true,
    });
  }
}

/** The `motion` of a node: a dynamic (or kinematic) rigid body. Units kg, kg·m²; vectors in node space. */
export class PhysicsMotion extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsMotion';
  static PARENT_TYPES = [PropertyType.NODE];
  static FIELDS = [
    'isKinematic',
    'mass',
    'centerOfMass',
    'inertiaDiagonal',
    'inertiaOrientation',
    'linearVelocity',
    'angularVelocity',
    'gravityFactor',
  ];

  /** false when absent (the specification's default). */
  getIsKinematic() {
    return this.get('isKinematic') ?? false;
  }
  setIsKinematic(value) {
    return this.set('isKinematic', value ?? null);
  }
  /** kg; null lets the engine compute it; 0 is infinite (the specification's reading). */
  getMass() {
    return this.get('mass');
  }
  setMass(value) {
    return this.set('mass', value ?? null);
  }
  /** [x, y, z] in node space. */
  getCenterOfMass() {
    return this.get('centerOfMass');
  }
  setCenterOfMass(value) {
    return this.set('centerOfMass', value ?? null);
  }
  /** Principal moments, kg·m² (a 0 is infinite). */
  getInertiaDiagonal() {
    return this.get('inertiaDiagonal');
  }
  setInertiaDiagonal(value) {
    return this.set('inertiaDiagonal', value ?? null);
  }
  /** Quaternion [x, y, z, w] from the principal axes to node space. */
  getInertiaOrientation() {
    return this.get('inertiaOrientation');
  }
  setInertiaOrientation(value) {
    return this.set('inertiaOrientation', value ?? null);
  }
  getLinearVelocity() {
    return this.get('linearVelocity');
  }
  setLinearVelocity(value) {
    return this.set('linearVelocity', value ?? null);
  }
  getAngularVelocity() {
    return this.get('angularVelocity');
  }
  setAngularVelocity(value) {
    return this.set('angularVelocity', value ?? null);
  }
  /** Multiplies gravity for this body; null is the default, 1. */
  getGravityFactor() {
    return this.get('gravityFactor');
  }
  setGravityFactor(value) {
    return this.set('gravityFactor', value ?? null);
  }

  /** The motion as its glTF JSON object (unset fields left out; extras and unknown keys included). */
  toJSON() {
    return this.writeJSON();
  }
  /** Sets everything from a motion JSON object (missing fields reset; unknown keys kept). */
  fromJSON(motion) {
    return this.readJSON(motion);
  }
}

/** `geometry` of a collider or trigger: an implicit shape, or the meshes of a node (and its children). */
export class PhysicsGeometry extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsGeometry';
  static FIELDS = ['convexHull'];
  static REFS = ['shape', 'node'];
}
defineFieldAccessors(PhysicsGeometry, PhysicsGeometry.FIELDS);
defineRefAccessors(PhysicsGeometry, PhysicsGeometry.REFS);

/** A node's `collider`: its geometry, physics material and collision filter. */
export class PhysicsCollider extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsCollider';
  static PARENT_TYPES = [PropertyType.NODE];
  static REFS = ['geometry', 'physicsMaterial', 'collisionFilter'];
}
defineRefAccessors(PhysicsCollider, PhysicsCollider.REFS);

/** A node's `trigger`: a geometry, or the descendant trigger nodes of a compound trigger. */
export class PhysicsTrigger extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsTrigger';
  static PARENT_TYPES = [PropertyType.NODE];
  static REFS = ['geometry', 'collisionFilter', 'nodes'];
  static REF_LISTS = ['nodes'];

  listNodes() {
    return this.listRefs('nodes');
  }
  addNode(node) {
    return this.addRef('nodes', node);
  }
  removeNode(node) {
    return this.removeRef('nodes', node);
  }
}
defineRefAccessors(PhysicsTrigger, ['geometry', 'collisionFilter']);

/** A node's `joint`: the connected node, the joint description, enableCollision. */
export class PhysicsJoint extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsJoint';
  static PARENT_TYPES = [PropertyType.NODE];
  static FIELDS = ['enableCollision'];
  static REFS = ['connectedNode', 'joint'];
}
defineFieldAccessors(PhysicsJoint, PhysicsJoint.FIELDS);
defineRefAccessors(PhysicsJoint, PhysicsJoint.REFS);

/** A `physicsMaterials` entry. */
export class PhysicsMaterial extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsMaterial';
  static FIELDS = ['staticFriction', 'dynamicFriction', 'restitution', 'frictionCombine', 'restitutionCombine'];
  toJSON() {
    return this.writeJSON();
  }
  fromJSON(def) {
    return this.readJSON(def);
  }
}
defineFieldAccessors(PhysicsMaterial, PhysicsMaterial.FIELDS);

/** A `collisionFilters` entry. */
export class CollisionFilter extends PhysicsProperty {
  static PROPERTY_TYPE = 'CollisionFilter';
  static FIELDS = ['collisionSystems', 'collideWithSystems', 'notCollideWithSystems'];
  toJSON() {
    return this.writeJSON();
  }
  fromJSON(def) {
    return this.readJSON(def);
  }
}
defineFieldAccessors(CollisionFilter, CollisionFilter.FIELDS);

/** A `physicsJoints` entry: its limits and drives, as their JSON objects. */
export class PhysicsJointDescription extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsJointDescription';
  static FIELDS = ['limits', 'drives'];
  toJSON() {
    return this.writeJSON();
  }
  fromJSON(def) {
    return this.readJSON(def);
  }
}
defineFieldAccessors(PhysicsJointDescription, PhysicsJointDescription.FIELDS);

/** The extras and unknown keys of a node's KHR_physics_rigid_bodies object (slot PHYSICS_SLOTS.extras). */
export class PhysicsNodeExtras extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsNodeExtras';
  static PARENT_TYPES = [PropertyType.NODE];
  static PARTS = ['motion', 'collider', 'trigger', 'joint'];
}

/** The extras and unknown keys of the document-level KHR_physics_rigid_bodies object (on the Root). */
export class PhysicsDocumentExtras extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsDocumentExtras';
  static PARENT_TYPES = [PropertyType.ROOT];
  static PARTS = ['physicsMaterials', 'collisionFilters', 'physicsJoints'];
}
