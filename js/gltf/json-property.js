// The common ground of this package's KHR_physics_rigid_bodies and KHR_implicit_shapes
// properties: a glTF JSON object kept as its author wrote it. Each modelled field is stored as
// read (null when absent, so a default the author spelled out is written back spelled out);
// references are graph edges, resolved by the extensions; every other key — nested `extensions`,
// an `extras` that is not a non-empty object, keys of later versions — is kept verbatim.
import { ExtensionProperty } from '@gltf-transform/core';

/** @typedef {Record<string, unknown>} JSONObject */
/**
 * A field's value: what glTF-Transform stores as a literal attribute (a JSON value of another
 * shape is held too, read and written unchanged; see PhysicsJointDescription).
 * @typedef {null | boolean | number | string | number[] | string[] | boolean[] | JSONObject} JSONValue
 */
/**
 * The attributes every JSONProperty has; each subclass adds its fields (JSON values) and
 * references (a property, or a RefList of them) in a record of its own.
 * @typedef {import('@gltf-transform/core').IProperty & { unknown: JSONObject }} IJSONProperty
 */

/**
 * A deep copy of JSON data (own keys only; "__proto__" stays a plain key).
 * @template V
 * @param {V} value
 * @returns {V}
 */
export function cloneJSON(value) {
  /** @type {unknown} */
  const copy = Array.isArray(value)
    ? value.map(cloneJSON)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, x]) => [key, cloneJSON(x)]))
      : value;
  return /** @type {V} */ (copy);
}

/** @param {unknown} value @returns {value is JSONObject} */
const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The class of a property, for its statics. (Not a private member: getDefaults and the 'create'
 * event run inside the base constructor, before private members exist.)
 * @param {JSONProperty} property
 */
const classOf = (property) => /** @type {typeof JSONProperty} */ (property.constructor);

/**
 * Base class. Subclasses set the statics EXTENSION_NAME, PROPERTY_TYPE, PARENT_TYPES (where the
 * property may hang as a node's or the root's extension; [] for properties only referenced),
 * FIELDS (plain JSON values), REFS (keys the extension reads and writes as references) and
 * PARTS (keys the extension reads into properties of their own). The fields and references
 * are the attributes of the subclass's record T, with a getter and setter each.
 * @template {IJSONProperty} [T=IJSONProperty]
 * @extends {ExtensionProperty<T>}
 */
export class JSONProperty extends ExtensionProperty {
  /** @type {string} */
  static PROPERTY_TYPE = 'JSONProperty';
  /** @type {string[]} */
  static PARENT_TYPES = [];
  /** @type {readonly string[]} */
  static FIELDS = [];
  /** @type {readonly string[]} */
  static REFS = [];
  /** @type {readonly string[]} */
  static PARTS = [];

  // glTF-Transform's abstract members, read from the statics (getters: init() runs inside the
  // base constructor, before any class field of a subclass would be set).
  get extensionName() {
    return classOf(this).EXTENSION_NAME;
  }
  get propertyType() {
    return classOf(this).PROPERTY_TYPE;
  }
  get parentTypes() {
    return classOf(this).PARENT_TYPES;
  }
  init() {}

  /** @returns {import('@gltf-transform/core').Nullable<T>} */
  getDefaults() {
    const defaults = Object.assign(super.getDefaults(), { unknown: {} });
    const fields = /** @type {Record<string, unknown>} */ (defaults);
    for (const key of classOf(this).FIELDS) fields[key] = null;
    return defaults;
  }

  /**
   * This property with its attributes addressed by name, for the loops over FIELDS (the
   * subclass's record T types each one; tsc cannot relate a name read at run time to T). Used
   * only once the property is constructed (a private member).
   * @returns {JSONProperty<IJSONProperty & Record<string, JSONValue>>}
   */
  get #byName() {
    return /** @type {JSONProperty<IJSONProperty & Record<string, JSONValue>>} */ (/** @type {unknown} */ (this));
  }

  /** Keys of the JSON object this package does not model (nested `extensions` among them), as read. */
  getUnknown() {
    return cloneJSON(this.#byName.get('unknown'));
  }
  /** @param {JSONObject | null} unknown */
  setUnknown(unknown) {
    this.#byName.set('unknown', cloneJSON(unknown ?? {}));
    return this;
  }

  /**
   * Reads the fields, name, extras and unknown keys of a JSON object (references are the extension's).
   * @param {JSONObject | null | undefined} def
   */
  readJSON(def) {
    const { FIELDS, REFS, PARTS } = classOf(this);
    const attributes = this.#byName;
    /** @type {JSONObject} */
    const unknown = {};
    for (const [key, value] of Object.entries(def ?? {})) {
      // A field holds the value as read, whatever its type (validate.js reports a wrong one).
      if (FIELDS.includes(key)) attributes.set(key, cloneJSON(/** @type {JSONValue} */ (value)));
      else if (REFS.includes(key) || PARTS.includes(key)) continue;
      else if (key === 'name' && typeof value === 'string' && value !== '') this.setName(value);
      else if (key === 'extras' && isPlainObject(value) && Object.keys(value).length > 0)
        this.setExtras(cloneJSON(value));
      else unknown[key] = cloneJSON(value);
    }
    for (const key of FIELDS) if (!Object.hasOwn(def ?? {}, key)) attributes.set(key, null);
    attributes.set('unknown', unknown);
    return this;
  }

  /**
   * The JSON object of the fields, name, extras and unknown keys (the extension adds the references).
   * @returns {JSONObject}
   */
  writeJSON() {
    const attributes = this.#byName;
    const def = cloneJSON(attributes.get('unknown'));
    if (this.getName()) def.name = this.getName();
    const extras = this.getExtras();
    if (isPlainObject(extras) && Object.keys(extras).length > 0) def.extras = cloneJSON(extras);
    for (const key of classOf(this).FIELDS) {
      const value = attributes.get(key);
      if (value !== null && value !== undefined) def[key] = cloneJSON(value);
    }
    return def;
  }
}
