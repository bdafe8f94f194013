// The properties of KHR_physics_rigid_bodies for glTF-Transform. On a node: the motion (in the
// node's KHR_physics_rigid_bodies slot, as before), the collider, the trigger and the joint (each
// in a slot of its own, see PHYSICS_SLOTS). In the document: physics materials, collision filters
// and joint descriptions. Every reference (a geometry's shape or node, a collider's material and
// filter, a trigger's nodes, a joint's connected node and description) is a graph edge, so it
// follows its target when other transforms re-index or remove properties.
import { PropertyType, RefList } from '@gltf-transform/core';
import { JSONProperty, cloneJSON } from './json-property.js';

/** @typedef {import('@gltf-transform/core').Node} Node */
/** @typedef {import('./implicit-shapes.js').ImplicitShape} ImplicitShape */
/** @typedef {import('./json-property.js').IJSONProperty} IJSONProperty */
/** @typedef {import('./json-property.js').JSONObject} JSONObject */
/** @typedef {[number, number, number]} Vec3 */
// The attributes of each property: its fields (null when absent) and references (a single one is
// the property itself, as glTF-Transform's RefKeys require; a list is a RefList).
/**
 * @typedef {IJSONProperty & {
 *   isKinematic: boolean | null, mass: number | null, centerOfMass: Vec3 | null,
 *   inertiaDiagonal: Vec3 | null, inertiaOrientation: [number, number, number, number] | null,
 *   linearVelocity: Vec3 | null, angularVelocity: Vec3 | null, gravityFactor: number | null,
 * }} IPhysicsMotion
 * @typedef {IJSONProperty & { convexHull: boolean | null, shape: ImplicitShape, node: Node }} IPhysicsGeometry
 * @typedef {IJSONProperty & {
 *   geometry: PhysicsGeometry, physicsMaterial: PhysicsMaterial, collisionFilter: CollisionFilter,
 * }} IPhysicsCollider
 * @typedef {IJSONProperty & {
 *   geometry: PhysicsGeometry, collisionFilter: CollisionFilter, nodes: RefList<Node>,
 * }} IPhysicsTrigger
 * @typedef {IJSONProperty & {
 *   enableCollision: boolean | null, connectedNode: Node, joint: PhysicsJointDescription,
 * }} IPhysicsJoint
 * @typedef {IJSONProperty & {
 *   staticFriction: number | null, dynamicFriction: number | null, restitution: number | null,
 *   frictionCombine: string | null, restitutionCombine: string | null,
 * }} IPhysicsMaterial
 * @typedef {IJSONProperty & {
 *   collisionSystems: string[] | null, collideWithSystems: string[] | null,
 *   notCollideWithSystems: string[] | null,
 * }} ICollisionFilter
 * @typedef {IJSONProperty & { limits: JSONObject[] | null, drives: JSONObject[] | null }} IPhysicsJointDescription
 */

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

/**
 * @template {IJSONProperty} [T=IJSONProperty]
 * @extends {JSONProperty<T>}
 */
class PhysicsProperty extends JSONProperty {
  static EXTENSION_NAME = KHR_PHYSICS_RIGID_BODIES;
  /**
   * The references among REFS that are lists.
   * @type {readonly string[]}
   */
  static REF_LISTS = [];

  /** @returns {import('@gltf-transform/core').Nullable<T>} */
  getDefaults() {
    const defaults = super.getDefaults();
    const { REFS, REF_LISTS } = /** @type {typeof PhysicsProperty} */ (this.constructor);
    const refs = /** @type {Record<string, unknown>} */ (defaults);
    for (const key of REFS) refs[key] = REF_LISTS.includes(key) ? new RefList() : null;
    return defaults;
  }
}

/**
 * The `motion` of a node: a dynamic (or kinematic) rigid body. Units kg, kg·m²; vectors in node space.
 * @extends {PhysicsProperty<IPhysicsMotion>}
 */
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
  /** @param {boolean | null} value */
  setIsKinematic(value) {
    return this.set('isKinematic', value ?? null);
  }
  /** kg; null lets the engine compute it; 0 is infinite (the specification's reading). */
  getMass() {
    return this.get('mass');
  }
  /** @param {number | null} value */
  setMass(value) {
    return this.set('mass', value ?? null);
  }
  /** [x, y, z] in node space. */
  getCenterOfMass() {
    return this.get('centerOfMass');
  }
  /** @param {Vec3 | null} value */
  setCenterOfMass(value) {
    return this.set('centerOfMass', value ?? null);
  }
  /** Principal moments, kg·m² (a 0 is infinite). */
  getInertiaDiagonal() {
    return this.get('inertiaDiagonal');
  }
  /** @param {Vec3 | null} value */
  setInertiaDiagonal(value) {
    return this.set('inertiaDiagonal', value ?? null);
  }
  /** Quaternion [x, y, z, w] from the principal axes to node space. */
  getInertiaOrientation() {
    return this.get('inertiaOrientation');
  }
  /** @param {[number, number, number, number] | null} value */
  setInertiaOrientation(value) {
    return this.set('inertiaOrientation', value ?? null);
  }
  getLinearVelocity() {
    return this.get('linearVelocity');
  }
  /** @param {Vec3 | null} value */
  setLinearVelocity(value) {
    return this.set('linearVelocity', value ?? null);
  }
  getAngularVelocity() {
    return this.get('angularVelocity');
  }
  /** @param {Vec3 | null} value */
  setAngularVelocity(value) {
    return this.set('angularVelocity', value ?? null);
  }
  /** Multiplies gravity for this body; null is the default, 1. */
  getGravityFactor() {
    return this.get('gravityFactor');
  }
  /** @param {number | null} value */
  setGravityFactor(value) {
    return this.set('gravityFactor', value ?? null);
  }

  /** The motion as its glTF JSON object (unset fields left out; extras and unknown keys included). */
  toJSON() {
    return this.writeJSON();
  }
  /**
   * Sets everything from a motion JSON object (missing fields reset; unknown keys kept).
   * @param {JSONObject} motion
   */
  fromJSON(motion) {
    return this.readJSON(motion);
  }
}

// The fields of the other properties are copied both ways (a caller's array stays its own) and
// undefined means absent; references are set as given.

/**
 * `geometry` of a collider or trigger: an implicit shape, or the meshes of a node (and its children).
 * @extends {PhysicsProperty<IPhysicsGeometry>}
 */
export class PhysicsGeometry extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsGeometry';
  static FIELDS = ['convexHull'];
  static REFS = ['shape', 'node'];

  getConvexHull() {
    return cloneJSON(this.get('convexHull'));
  }
  /** @param {boolean | null} value */
  setConvexHull(value) {
    return this.set('convexHull', cloneJSON(value ?? null));
  }
  getShape() {
    return this.getRef('shape');
  }
  /** @param {ImplicitShape | null} shape */
  setShape(shape) {
    return this.setRef('shape', shape ?? null);
  }
  getNode() {
    return this.getRef('node');
  }
  /** @param {Node | null} node */
  setNode(node) {
    return this.setRef('node', node ?? null);
  }
}

/**
 * A node's `collider`: its geometry, physics material and collision filter.
 * @extends {PhysicsProperty<IPhysicsCollider>}
 */
export class PhysicsCollider extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsCollider';
  static PARENT_TYPES = [PropertyType.NODE];
  static REFS = ['geometry', 'physicsMaterial', 'collisionFilter'];

  getGeometry() {
    return this.getRef('geometry');
  }
  /** @param {PhysicsGeometry | null} geometry */
  setGeometry(geometry) {
    return this.setRef('geometry', geometry ?? null);
  }
  getPhysicsMaterial() {
    return this.getRef('physicsMaterial');
  }
  /** @param {PhysicsMaterial | null} material */
  setPhysicsMaterial(material) {
    return this.setRef('physicsMaterial', material ?? null);
  }
  getCollisionFilter() {
    return this.getRef('collisionFilter');
  }
  /** @param {CollisionFilter | null} filter */
  setCollisionFilter(filter) {
    return this.setRef('collisionFilter', filter ?? null);
  }
}

/**
 * A node's `trigger`: a geometry, or the descendant trigger nodes of a compound trigger.
 * @extends {PhysicsProperty<IPhysicsTrigger>}
 */
export class PhysicsTrigger extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsTrigger';
  static PARENT_TYPES = [PropertyType.NODE];
  static REFS = ['geometry', 'collisionFilter', 'nodes'];
  static REF_LISTS = ['nodes'];

  getGeometry() {
    return this.getRef('geometry');
  }
  /** @param {PhysicsGeometry | null} geometry */
  setGeometry(geometry) {
    return this.setRef('geometry', geometry ?? null);
  }
  getCollisionFilter() {
    return this.getRef('collisionFilter');
  }
  /** @param {CollisionFilter | null} filter */
  setCollisionFilter(filter) {
    return this.setRef('collisionFilter', filter ?? null);
  }
  listNodes() {
    return this.listRefs('nodes');
  }
  /** @param {Node} node */
  addNode(node) {
    return this.addRef('nodes', node);
  }
  /** @param {Node} node */
  removeNode(node) {
    return this.removeRef('nodes', node);
  }
}

/**
 * A node's `joint`: the connected node, the joint description, enableCollision.
 * @extends {PhysicsProperty<IPhysicsJoint>}
 */
export class PhysicsJoint extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsJoint';
  static PARENT_TYPES = [PropertyType.NODE];
  static FIELDS = ['enableCollision'];
  static REFS = ['connectedNode', 'joint'];

  getEnableCollision() {
    return cloneJSON(this.get('enableCollision'));
  }
  /** @param {boolean | null} value */
  setEnableCollision(value) {
    return this.set('enableCollision', cloneJSON(value ?? null));
  }
  getConnectedNode() {
    return this.getRef('connectedNode');
  }
  /** @param {Node | null} node */
  setConnectedNode(node) {
    return this.setRef('connectedNode', node ?? null);
  }
  getJoint() {
    return this.getRef('joint');
  }
  /** @param {PhysicsJointDescription | null} joint */
  setJoint(joint) {
    return this.setRef('joint', joint ?? null);
  }
}

/**
 * A `physicsMaterials` entry.
 * @extends {PhysicsProperty<IPhysicsMaterial>}
 */
export class PhysicsMaterial extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsMaterial';
  static FIELDS = ['staticFriction', 'dynamicFriction', 'restitution', 'frictionCombine', 'restitutionCombine'];

  getStaticFriction() {
    return cloneJSON(this.get('staticFriction'));
  }
  /** @param {number | null} value */
  setStaticFriction(value) {
    return this.set('staticFriction', cloneJSON(value ?? null));
  }
  getDynamicFriction() {
    return cloneJSON(this.get('dynamicFriction'));
  }
  /** @param {number | null} value */
  setDynamicFriction(value) {
    return this.set('dynamicFriction', cloneJSON(value ?? null));
  }
  getRestitution() {
    return cloneJSON(this.get('restitution'));
  }
  /** @param {number | null} value */
  setRestitution(value) {
    return this.set('restitution', cloneJSON(value ?? null));
  }
  getFrictionCombine() {
    return cloneJSON(this.get('frictionCombine'));
  }
  /** @param {string | null} value */
  setFrictionCombine(value) {
    return this.set('frictionCombine', cloneJSON(value ?? null));
  }
  getRestitutionCombine() {
    return cloneJSON(this.get('restitutionCombine'));
  }
  /** @param {string | null} value */
  setRestitutionCombine(value) {
    return this.set('restitutionCombine', cloneJSON(value ?? null));
  }
  toJSON() {
    return this.writeJSON();
  }
  /** @param {JSONObject} def */
  fromJSON(def) {
    return this.readJSON(def);
  }
}

/**
 * A `collisionFilters` entry.
 * @extends {PhysicsProperty<ICollisionFilter>}
 */
export class CollisionFilter extends PhysicsProperty {
  static PROPERTY_TYPE = 'CollisionFilter';
  static FIELDS = ['collisionSystems', 'collideWithSystems', 'notCollideWithSystems'];

  getCollisionSystems() {
    return cloneJSON(this.get('collisionSystems'));
  }
  /** @param {string[] | null} value */
  setCollisionSystems(value) {
    return this.set('collisionSystems', cloneJSON(value ?? null));
  }
  getCollideWithSystems() {
    return cloneJSON(this.get('collideWithSystems'));
  }
  /** @param {string[] | null} value */
  setCollideWithSystems(value) {
    return this.set('collideWithSystems', cloneJSON(value ?? null));
  }
  getNotCollideWithSystems() {
    return cloneJSON(this.get('notCollideWithSystems'));
  }
  /** @param {string[] | null} value */
  setNotCollideWithSystems(value) {
    return this.set('notCollideWithSystems', cloneJSON(value ?? null));
  }
  toJSON() {
    return this.writeJSON();
  }
  /** @param {JSONObject} def */
  fromJSON(def) {
    return this.readJSON(def);
  }
}

/**
 * A `physicsJoints` entry: its limits and drives, as their JSON objects.
 * @extends {PhysicsProperty<IPhysicsJointDescription>}
 */
export class PhysicsJointDescription extends PhysicsProperty {
  static PROPERTY_TYPE = 'PhysicsJointDescription';
  static FIELDS = ['limits', 'drives'];

  getLimits() {
    // @ts-expect-error glTF-Transform's Literal has no array of objects, though get() returns any value stored
    return cloneJSON(this.get('limits'));
  }
  /** @param {JSONObject[] | null} limits */
  setLimits(limits) {
    // @ts-expect-error glTF-Transform's Literal has no array of objects, though set() stores any value
    return this.set('limits', cloneJSON(limits ?? null));
  }
  getDrives() {
    // @ts-expect-error glTF-Transform's Literal has no array of objects, though get() returns any value stored
    return cloneJSON(this.get('drives'));
  }
  /** @param {JSONObject[] | null} drives */
  setDrives(drives) {
    // @ts-expect-error glTF-Transform's Literal has no array of objects, though set() stores any value
    return this.set('drives', cloneJSON(drives ?? null));
  }
  toJSON() {
    return this.writeJSON();
  }
  /** @param {JSONObject} def */
  fromJSON(def) {
    return this.readJSON(def);
  }
}

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
