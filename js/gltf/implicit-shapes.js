// KHR_implicit_shapes for glTF-Transform: the document's `shapes` (plane, sphere, box, capsule,
// cylinder, and any type of a later extension), kept losslessly. A shape stores its `type` and the
// parameter object of that type as written; the typed getters read it with the specification's
// defaults. KHR_physics_rigid_bodies colliders and triggers reference shapes as graph edges.
import { Extension, PropertyType } from '@gltf-transform/core';
import { JSONProperty, cloneJSON } from './json-property.js';

/** @typedef {import('./json-property.js').JSONObject} JSONObject */
/** @typedef {import('./json-property.js').JSONValue} JSONValue */
/** @typedef {import('@gltf-transform/core').ReaderContext} ReaderContext */
/** @typedef {import('@gltf-transform/core').WriterContext} WriterContext */
/**
 * A shape's attributes: its type and the parameters object of that type, as read.
 * @typedef {import('./json-property.js').IJSONProperty & { type: string | null, parameters: JSONObject | null }} IImplicitShape
 */

export const KHR_IMPLICIT_SHAPES = 'KHR_implicit_shapes';

/** The shape types KHR_implicit_shapes defines (a shape of another type is kept as it is). */
export const SHAPE_TYPES = Object.freeze(['plane', 'sphere', 'box', 'capsule', 'cylinder']);

/**
 * Schema defaults (glTF.KHR_implicit_shapes.shape.*.schema.json).
 * @type {Record<string, Record<string, JSONValue>>}
 */
const DEFAULTS = {
  box: { size: [1, 1, 1] },
  sphere: { radius: 0.5 },
  capsule: { height: 0.5, radiusBottom: 0.25, radiusTop: 0.25 },
  cylinder: { height: 0.5, radiusBottom: 0.25, radiusTop: 0.25 },
  plane: { sizeX: null, sizeZ: null, doubleSided: false },
};

/**
 * A `shapes` entry: `type` and the parameters object of that type (`shape[type]`).
 * @extends {JSONProperty<IImplicitShape>}
 */
export class ImplicitShape extends JSONProperty {
  static EXTENSION_NAME = KHR_IMPLICIT_SHAPES;
  static PROPERTY_TYPE = 'ImplicitShape';
  static FIELDS = ['type'];

  /** @returns {import('@gltf-transform/core').Nullable<IImplicitShape>} */
  getDefaults() {
    return Object.assign(super.getDefaults(), { parameters: null });
  }

  getType() {
    return this.get('type');
  }
  /**
   * Changing the type keeps the parameters object (set new ones with setParameters).
   * @param {string} type
   */
  setType(type) {
    return this.set('type', type);
  }
  /** The object under the key named by the type (`{ size: [...] }` for a box), or null. */
  getParameters() {
    return cloneJSON(this.get('parameters'));
  }
  /** @param {JSONObject | null} parameters */
  setParameters(parameters) {
    return this.set('parameters', parameters == null ? null : cloneJSON(parameters));
  }

  /** @param {string} key */
  #parameter(key) {
    const value = this.get('parameters')?.[key];
    return value === undefined ? cloneJSON(DEFAULTS[this.getType()]?.[key] ?? null) : cloneJSON(value);
  }
  /**
   * @param {string} key
   * @param {unknown} value
   */
  #setParameter(key, value) {
    const parameters = cloneJSON(this.get('parameters') ?? {});
    if (value === null || value === undefined) delete parameters[key];
    else parameters[key] = cloneJSON(value);
    return this.set('parameters', parameters);
  }

  /** Box: extents along x, y, z (default [1, 1, 1]). */
  getSize() {
    return this.#parameter('size');
  }
  setSize(size) {
    return this.#setParameter('size', size);
  }
  /** Sphere: radius (default 0.5). */
  getRadius() {
    return this.#parameter('radius');
  }
  setRadius(radius) {
    return this.#setParameter('radius', radius);
  }
  /** Capsule: distance between the two spheres' centres; cylinder: its height (default 0.5). */
  getHeight() {
    return this.#parameter('height');
  }
  setHeight(height) {
    return this.#setParameter('height', height);
  }
  /** Capsule and cylinder: radius at −height/2 (default 0.25). */
  getRadiusBottom() {
    return this.#parameter('radiusBottom');
  }
  setRadiusBottom(radius) {
    return this.#setParameter('radiusBottom', radius);
  }
  /** Capsule and cylinder: radius at +height/2 (default 0.25). */
  getRadiusTop() {
    return this.#parameter('radiusTop');
  }
  setRadiusTop(radius) {
    return this.#setParameter('radiusTop', radius);
  }
  /** Plane: extent along x; null is infinite. */
  getSizeX() {
    return this.#parameter('sizeX');
  }
  setSizeX(size) {
    return this.#setParameter('sizeX', size);
  }
  /** Plane: extent along z; null is infinite. */
  getSizeZ() {
    return this.#parameter('sizeZ');
  }
  setSizeZ(size) {
    return this.#setParameter('sizeZ', size);
  }
  getDoubleSided() {
    return this.#parameter('doubleSided');
  }
  setDoubleSided(doubleSided) {
    return this.#setParameter('doubleSided', doubleSided);
  }

  /** The shape as its glTF JSON object. */
  toJSON() {
    const def = this.writeJSON();
    const type = this.getType();
    if (typeof type === 'string' && this.get('parameters') !== null) def[type] = cloneJSON(this.get('parameters'));
    return def;
  }
  /**
   * Sets everything from a shape JSON object (missing fields reset).
   * @param {JSONObject} def
   */
  fromJSON(def) {
    this.readJSON(def);
    const type = def?.type;
    const own = typeof type === 'string' && Object.hasOwn(def, type);
    const unknown = this.get('unknown');
    if (own) delete unknown[type];
    // The parameters are kept as read, whatever their type (validate.js reports a wrong one).
    const parameters = own ? /** @type {JSONObject} */ (cloneJSON(def[type])) : null;
    return this.set('unknown', unknown).set('parameters', parameters);
  }
}

/** The extras and unknown keys of the document-level KHR_implicit_shapes object (on the Root). */
export class ImplicitShapesExtras extends JSONProperty {
  static EXTENSION_NAME = KHR_IMPLICIT_SHAPES;
  static PROPERTY_TYPE = 'ImplicitShapesExtras';
  static PARENT_TYPES = [PropertyType.ROOT];
  static PARTS = ['shapes'];
}

// Shapes of a document read once per file, whichever extension asks first.
/** @type {WeakMap<ReaderContext, ImplicitShape[]>} */
const readShapes = new WeakMap();
// The KHR_implicit_shapes object as it is read: any object (arrays too, as before), its keys unknown.
/** @param {unknown} value @returns {value is JSONObject} */
const isObject = (value) => value !== null && typeof value === 'object';

/**
 * The extension: `document.createExtension(KHRImplicitShapes).createShape('box').setSize([1, 2, 3])`.
 * Every shape created is written, in creation order (reading keeps the file's order).
 */
export class KHRImplicitShapes extends Extension {
  static EXTENSION_NAME = KHR_IMPLICIT_SHAPES;
  extensionName = KHR_IMPLICIT_SHAPES;

  /** @param {string} [type] */
  createShape(type = 'sphere') {
    return new ImplicitShape(this.document.getGraph()).setType(type);
  }

  /**
   * The shapes in the order they are written.
   * @returns {ImplicitShape[]}
   */
  listShapes() {
    return this.listProperties().filter((p) => p instanceof ImplicitShape);
  }

  /**
   * @hidden The file's shapes by index, read on first use (KHR_physics_rigid_bodies needs them).
   * @param {ReaderContext} context
   * @returns {ImplicitShape[]}
   */
  shapesOf(context) {
    if (!readShapes.has(context)) {
      const def = context.jsonDoc.json.extensions?.[KHR_IMPLICIT_SHAPES];
      const list = isObject(def) ? def.shapes : undefined;
      const shapes = Array.isArray(list)
        ? list.map((shapeDef) => new ImplicitShape(this.document.getGraph()).fromJSON(shapeDef))
        : [];
      readShapes.set(context, shapes);
      if (isObject(def)) {
        const rest = new ImplicitShapesExtras(this.document.getGraph()).readJSON(def);
        if (Object.keys(rest.getExtras()).length + Object.keys(rest.getUnknown()).length > 0)
          this.document.getRoot().setExtension(KHR_IMPLICIT_SHAPES, rest);
        else rest.dispose();
      }
    }
    return readShapes.get(context);
  }

  /** @param {ReaderContext} context */
  read(context) {
    this.shapesOf(context);
    return this;
  }

  /** @hidden Index of each shape in the written `shapes` array. */
  shapeIndices() {
    return new Map(this.listShapes().map((shape, index) => [shape, index]));
  }

  /** @param {WriterContext} context */
  write(context) {
    const shapes = this.listShapes().map((shape) => shape.toJSON());
    /** @type {ImplicitShapesExtras | null} */
    const rest = this.document.getRoot().getExtension(KHR_IMPLICIT_SHAPES);
    if (shapes.length === 0 && !rest) return this;
    const def = rest ? rest.writeJSON() : {};
    if (shapes.length > 0) def.shapes = shapes;
    const json = context.jsonDoc.json;
    json.extensions = json.extensions ?? {};
    json.extensions[KHR_IMPLICIT_SHAPES] = def;
    return this;
  }
}
