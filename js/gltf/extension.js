// KHR_physics_rigid_bodies for glTF-Transform, read and written losslessly: motions, colliders,
// triggers, joints, physics materials, collision filters and joint descriptions (the classes are
// in physics-properties.js). Shapes are KHR_implicit_shapes' (implicit-shapes.js); indices in the
// file become graph edges on read and indices again on write, so they survive re-indexing.
import { Extension } from '@gltf-transform/core';
import { KHRImplicitShapes, KHR_IMPLICIT_SHAPES } from './implicit-shapes.js';
import {
  CollisionFilter,
  KHR_PHYSICS_RIGID_BODIES,
  PHYSICS_SLOTS,
  PhysicsCollider,
  PhysicsDocumentExtras,
  PhysicsGeometry,
  PhysicsJoint,
  PhysicsJointDescription,
  PhysicsMaterial,
  PhysicsMotion,
  PhysicsNodeExtras,
  PhysicsTrigger,
} from './physics-properties.js';

export * from './physics-properties.js';

/** @typedef {import('@gltf-transform/core').Graph} Graph */
/** @typedef {import('@gltf-transform/core').Node} Node */
/** @typedef {import('@gltf-transform/core').ReaderContext} ReaderContext */
/** @typedef {import('@gltf-transform/core').WriterContext} WriterContext */
/** @typedef {import('./json-property.js').JSONObject} JSONObject */
/** @typedef {import('./json-property.js').JSONProperty} JSONProperty */

/** @param {unknown} value @returns {value is JSONObject} */
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/** @param {JSONProperty} property */
const hasContent = (property) =>
  Object.keys(property.getExtras()).length + Object.keys(property.getUnknown()).length > 0;

/**
 * The document-level arrays and the class of their entries.
 * @type {[string, abstract new (graph: Graph) => JSONProperty][]}
 */
const LISTS = [
  ['physicsMaterials', PhysicsMaterial],
  ['collisionFilters', CollisionFilter],
  ['physicsJoints', PhysicsJointDescription],
];

/**
 * The extension: register it on an I/O (prepareIO does) or a document
 * (`document.createExtension(KHRPhysicsRigidBodies)`), then
 * `node.setExtension(KHR_PHYSICS_RIGID_BODIES, ext.createMotion().setMass(2))`, or
 * `node.setExtension(PHYSICS_SLOTS.collider, ext.createCollider().setGeometry(ext.createGeometry().setShape(box)))`.
 */
export class KHRPhysicsRigidBodies extends Extension {
  static EXTENSION_NAME = KHR_PHYSICS_RIGID_BODIES;
  extensionName = KHR_PHYSICS_RIGID_BODIES;

  /**
   * @template {JSONProperty} P
   * @param {new (graph: Graph) => P} Class
   * @returns {P}
   */
  #create(Class) {
    return new Class(this.document.getGraph());
  }
  /**
   * This extension's properties of one class, in creation order.
   * @template {JSONProperty} P
   * @param {abstract new (graph: Graph) => P} Class
   * @returns {P[]}
   */
  #listOf(Class) {
    return this.listProperties().flatMap((p) => (p instanceof Class ? [p] : []));
  }
  createMotion() {
    return this.#create(PhysicsMotion);
  }
  createCollider() {
    return this.#create(PhysicsCollider);
  }
  createTrigger() {
    return this.#create(PhysicsTrigger);
  }
  createJoint() {
    return this.#create(PhysicsJoint);
  }
  createGeometry() {
    return this.#create(PhysicsGeometry);
  }
  /** @param {string} [name] */
  createPhysicsMaterial(name = '') {
    return this.#create(PhysicsMaterial).setName(name);
  }
  /** @param {string} [name] */
  createCollisionFilter(name = '') {
    return this.#create(CollisionFilter).setName(name);
  }
  /** @param {string} [name] */
  createJointDescription(name = '') {
    return this.#create(PhysicsJointDescription).setName(name);
  }
  /** The materials, filters or joint descriptions of the document, in the order they are written. */
  listPhysicsMaterials() {
    return this.#listOf(PhysicsMaterial);
  }
  listCollisionFilters() {
    return this.#listOf(CollisionFilter);
  }
  listJointDescriptions() {
    return this.#listOf(PhysicsJointDescription);
  }

  /** @returns {KHRImplicitShapes | undefined} */
  #shapes() {
    return this.document
      .getRoot()
      .listExtensionsUsed()
      .find((e) => e instanceof KHRImplicitShapes);
  }

  /** @param {ReaderContext} context */
  read(context) {
    const json = context.jsonDoc.json;
    const logger = this.document.getLogger();
    const rootDef = json.extensions?.[KHR_PHYSICS_RIGID_BODIES];
    /**
     * The entries of one document-level array, in the file's order.
     * @template {JSONProperty} P
     * @param {string} key
     * @param {new (graph: Graph) => P} Class
     */
    const entries = (key, Class) => {
      const defs = isObject(rootDef) ? rootDef[key] : undefined;
      return Array.isArray(defs) ? defs.map((def) => this.#create(Class).readJSON(def)) : [];
    };
    const lists = {
      physicsMaterials: entries('physicsMaterials', PhysicsMaterial),
      collisionFilters: entries('collisionFilters', CollisionFilter),
      physicsJoints: entries('physicsJoints', PhysicsJointDescription),
    };
    if (isObject(rootDef)) this.#keepRest(this.document.getRoot(), PhysicsDocumentExtras, rootDef, Array.isArray);
    // KHR_implicit_shapes reads first (extensions are read in name order); shapesOf reads once.
    const shapes = this.#shapes()?.shapesOf(context) ?? [];

    /**
     * An index that points nowhere is dropped with a warning: written back, it would dangle.
     * @template P
     * @param {P[]} list
     * @param {unknown} index
     * @param {string} what
     * @param {string} where
     * @returns {P | null}
     */
    const at = (list, index, what, where) => {
      if (index === undefined) return null;
      const target = typeof index === 'number' && Number.isInteger(index) ? list[index] : undefined;
      if (!target)
        logger.warn(`${KHR_PHYSICS_RIGID_BODIES}: ${where}: ${what} ${JSON.stringify(index)} does not exist; dropped`);
      return target ?? null;
    };
    /** @param {unknown} def @param {string} where */
    const geometryOf = (def, where) => {
      if (!isObject(def)) return null;
      return this.createGeometry()
        .readJSON(def)
        .setShape(at(shapes, def.shape, 'shape', where))
        .setNode(at(context.nodes, def.node, 'node', where));
    };

    (json.nodes ?? []).forEach((nodeDef, index) => {
      const def = nodeDef.extensions?.[KHR_PHYSICS_RIGID_BODIES];
      if (!isObject(def)) return;
      const node = context.nodes[index];
      const where = `node ${index}`;
      if (isObject(def.motion)) node.setExtension(PHYSICS_SLOTS.motion, this.createMotion().readJSON(def.motion));
      if (isObject(def.collider)) {
        const c = def.collider;
        const collider = this.createCollider()
          .readJSON(c)
          .setGeometry(geometryOf(c.geometry, where))
          .setPhysicsMaterial(at(lists.physicsMaterials, c.physicsMaterial, 'physicsMaterial', where))
          .setCollisionFilter(at(lists.collisionFilters, c.collisionFilter, 'collisionFilter', where));
        node.setExtension(PHYSICS_SLOTS.collider, collider);
      }
      if (isObject(def.trigger)) {
        const t = def.trigger;
        const trigger = this.createTrigger()
          .readJSON(t)
          .setGeometry(geometryOf(t.geometry, where))
          .setCollisionFilter(at(lists.collisionFilters, t.collisionFilter, 'collisionFilter', where));
        for (const n of Array.isArray(t.nodes) ? t.nodes : []) {
          const target = at(context.nodes, n, 'trigger node', where);
          if (target) trigger.addNode(target);
        }
        node.setExtension(PHYSICS_SLOTS.trigger, trigger);
      }
      if (isObject(def.joint)) {
        const j = def.joint;
        const joint = this.createJoint()
          .readJSON(j)
          .setConnectedNode(at(context.nodes, j.connectedNode, 'connectedNode', where))
          .setJoint(at(lists.physicsJoints, j.joint, 'joint', where));
        node.setExtension(PHYSICS_SLOTS.joint, joint);
      }
      this.#keepRest(node, PhysicsNodeExtras, def, isObject);
    });
    return this;
  }

  // The extras and unknown keys of an extension object, on a property of their own when there are
  // any; a part of a shape this package cannot model (`motion: 1`) stays among them.
  /**
   * @param {Node | import('@gltf-transform/core').Root} parent
   * @param {typeof PhysicsNodeExtras | typeof PhysicsDocumentExtras} Class
   * @param {JSONObject} def
   * @param {(value: unknown) => boolean} modelled
   */
  #keepRest(parent, Class, def, modelled) {
    const rest = this.#create(Class).readJSON(def);
    const unknown = rest.getUnknown();
    for (const key of Class.PARTS) if (Object.hasOwn(def, key) && !modelled(def[key])) unknown[key] = def[key];
    rest.setUnknown(unknown);
    const slot = Class === PhysicsNodeExtras ? PHYSICS_SLOTS.extras : KHR_PHYSICS_RIGID_BODIES;
    if (hasContent(rest)) parent.setExtension(slot, rest);
    else rest.dispose();
  }

  /** @param {WriterContext} context */
  write(context) {
    const json = context.jsonDoc.json;
    const logger = this.document.getLogger();
    /** @type {Record<string, Map<JSONProperty, number>>} */
    const indices = {};
    /** @type {PhysicsDocumentExtras | null} */
    const rest = this.document.getRoot().getExtension(KHR_PHYSICS_RIGID_BODIES);
    const rootDef = rest?.writeJSON() ?? {};
    for (const [key, Class] of LISTS) {
      /** @type {JSONProperty[]} */
      const entries = this.#listOf(Class);
      indices[key] = new Map(entries.map((p, i) => [p, i]));
      if (entries.length > 0) rootDef[key] = entries.map((p) => p.writeJSON());
    }
    if (Object.keys(rootDef).length > 0) {
      json.extensions = json.extensions ?? {};
      json.extensions[KHR_PHYSICS_RIGID_BODIES] = rootDef;
    }
    const shapeIndices = this.#shapes()?.shapeIndices() ?? new Map();

    /**
     * @template P
     * @param {JSONObject} def
     * @param {string} key
     * @param {P | null} property
     * @param {Map<P, number>} map
     * @param {string} what
     */
    const put = (def, key, property, map, what) => {
      if (!property) return;
      const index = map.get(property);
      if (index === undefined)
        logger.warn(`${KHR_PHYSICS_RIGID_BODIES}: a ${what} is not written; its reference is left out`);
      else def[key] = index;
    };
    /** @param {PhysicsGeometry} geometry */
    const geometryDef = (geometry) => {
      const def = geometry.writeJSON();
      put(def, 'shape', geometry.getShape(), shapeIndices, `${KHR_IMPLICIT_SHAPES} shape`);
      put(def, 'node', geometry.getNode(), context.nodeIndexMap, 'node');
      return def;
    };

    for (const node of this.document.getRoot().listNodes()) {
      /** @type {PhysicsMotion | null} */
      const motion = node.getExtension(PHYSICS_SLOTS.motion);
      /** @type {PhysicsCollider | null} */
      const collider = node.getExtension(PHYSICS_SLOTS.collider);
      /** @type {PhysicsTrigger | null} */
      const trigger = node.getExtension(PHYSICS_SLOTS.trigger);
      /** @type {PhysicsJoint | null} */
      const joint = node.getExtension(PHYSICS_SLOTS.joint);
      /** @type {PhysicsNodeExtras | null} */
      const rest = node.getExtension(PHYSICS_SLOTS.extras);
      if (!motion && !collider && !trigger && !joint && !rest) continue;
      const def = rest ? rest.writeJSON() : {};
      if (motion) def.motion = motion.writeJSON();
      if (collider) {
        const c = collider.writeJSON();
        if (collider.getGeometry()) c.geometry = geometryDef(collider.getGeometry());
        put(c, 'physicsMaterial', collider.getPhysicsMaterial(), indices.physicsMaterials, 'physics material');
        put(c, 'collisionFilter', collider.getCollisionFilter(), indices.collisionFilters, 'collision filter');
        def.collider = c;
      }
      if (trigger) {
        const t = trigger.writeJSON();
        if (trigger.getGeometry()) t.geometry = geometryDef(trigger.getGeometry());
        const nodes = trigger.listNodes().map((n) => context.nodeIndexMap.get(n));
        if (nodes.length > 0) t.nodes = nodes;
        put(t, 'collisionFilter', trigger.getCollisionFilter(), indices.collisionFilters, 'collision filter');
        def.trigger = t;
      }
      if (joint) {
        const j = joint.writeJSON();
        put(j, 'connectedNode', joint.getConnectedNode(), context.nodeIndexMap, 'node');
        put(j, 'joint', joint.getJoint(), indices.physicsJoints, 'joint description');
        def.joint = j;
      }
      const nodeDef = json.nodes[context.nodeIndexMap.get(node)];
      nodeDef.extensions = nodeDef.extensions ?? {};
      nodeDef.extensions[KHR_PHYSICS_RIGID_BODIES] = def;
    }
    return this;
  }
}
