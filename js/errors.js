// The package's one error type. `code` is one of the core's status codes (cpp Status enum).

/** Thrown for bad input; `code` is one of the core's status codes (e.g. 'INDEX_OUT_OF_RANGE'). */
export class MassPropertiesError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MassPropertiesError';
    this.code = code;
  }
}

export function fail(code, message) {
  throw new MassPropertiesError(code, message);
}

// Errors may come from a second copy of the package (bundlers sometimes duplicate it), so the
// class identity is not enough to recognise them.
export function isMassPropertiesError(error) {
  return error instanceof MassPropertiesError || error?.name === 'MassPropertiesError';
}

export function typeName(value) {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') {
    const name = Object.getPrototypeOf(value) === null ? undefined : value.constructor?.name;
    return typeof name === 'string' ? name : 'object';
  }
  return typeof value;
}
