// @ts-nocheck (not yet checked: the properties keep JSON fields and references by name, read at run time)
// The common ground of this package's KHR_physics_rigid_bodies and KHR_implicit_shapes
// properties: a glTF JSON object kept as its author wrote it. Each modelled field is stored as
// read (null when absent, so a default the author spelled out is written back spelled out);
// references are graph edges, resolved by the extensions; every other key — nested `extensions`,
// an `extras` that is not a non-empty object, keys of later versions — is kept verbatim.
import { ExtensionProperty } from '@gltf-transform/core';

/** A deep copy of JSON data (own keys only; "__proto__" stays a plain key). */
export const cloneJSON = (value) =>
  Array.isArray(value)
    ? value.map(cloneJSON)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, x]) => [key, cloneJSON(x)]))
      : value;

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

const capitalised = (key) => key[0].toUpperCase() + key.slice(1);

/**
 * Base class. Subclasses set the statics EXTENSION_NAME, PROPERTY_TYPE, PARENT_TYPES (where the
 * property may hang as a node's or the root's extension; [] for properties only referenced),
 * FIELDS (plain JSON values), REFS (keys the extension reads and writes as references) and
 * PARTS (keys the extension reads into properties of their own).
 */
export class JSONProperty extends ExtensionProperty {
  static PARENT_TYPES = [];
  static FIELDS = [];
  static REFS = [];
  static PARTS = [];

  init() {
    this.extensionName = this.constructor.EXTENSION_NAME;
    this.propertyType = this.constructor.PROPERTY_TYPE;
    this.parentTypes = this.constructor.PARENT_TYPES;
  }

  getDefaults() {
    const defaults = Object.assign(super.getDefaults(), { unknown: {} });
    for (const key of this.constructor.FIELDS) defaults[key] = null;
    return defaults;
  }

  /** Keys of the JSON object this package does not model (nested `extensions` among them), as read. */
  getUnknown() {
    return cloneJSON(this.get('unknown'));
  }
  setUnknown(unknown) {
    return this.set('unknown', cloneJSON(unknown ?? {}));
  }

  /** Reads the fields, name, extras and unknown keys of a JSON object (references are the extension's). */
  readJSON(def) {
    const { FIELDS, REFS, PARTS } = this.constructor;
    const unknown = {};
    for (const [key, value] of Object.entries(def ?? {})) {
      if (FIELDS.includes(key)) this.set(key, cloneJSON(value));
      else if (REFS.includes(key) || PARTS.includes(key)) continue;
      else if (key === 'name' && typeof value === 'string' && value !== '') this.setName(value);
      else if (key === 'extras' && isPlainObject(value) && Object.keys(value).length > 0)
        this.setExtras(cloneJSON(value));
      else unknown[key] = cloneJSON(value);
    }
    for (const key of FIELDS) if (!Object.hasOwn(def ?? {}, key)) this.set(key, null);
    return this.set('unknown', unknown);
  }

  /** The JSON object of the fields, name, extras and unknown keys (the extension adds the references). */
  writeJSON() {
    const def = cloneJSON(this.get('unknown'));
    if (this.getName()) def.name = this.getName();
    const extras = this.getExtras();
    if (isPlainObject(extras) && Object.keys(extras).length > 0) def.extras = cloneJSON(extras);
    for (const key of this.constructor.FIELDS) {
      const value = this.get(key);
      if (value !== null && value !== undefined) def[key] = cloneJSON(value);
    }
    return def;
  }
}

/** Adds getX()/setX() for each listed field (null means absent; values are copied both ways). */
export function defineFieldAccessors(Class, keys) {
  for (const key of keys) {
    Object.defineProperty(Class.prototype, `get${capitalised(key)}`, {
      value: function () {
        return cloneJSON(this.get(key));
      },
      writable: true,
      configurable: true,
    });
    Object.defineProperty(Class.prototype, `set${capitalised(key)}`, {
      value: function (value) {
        return this.set(key, value === undefined ? null : cloneJSON(value));
      },
      writable: true,
      configurable: true,
    });
  }
}
