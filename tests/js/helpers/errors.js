// The one check that a call throws a MassPropertiesError with a given code (and message).
import { MassPropertiesError } from '../../../js/index.js';

/** Calls `fn`, expects a MassPropertiesError with `code` (and a message matching `pattern`); returns it. */
export function expectMassPropertiesError(fn, code, pattern) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(MassPropertiesError);
  expect(error.code).toBe(code);
  if (pattern) expect(error.message).toMatch(pattern);
  return error;
}
