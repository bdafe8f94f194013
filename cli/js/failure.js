// Any error as the one line and exit code the command line reports.
import { CliError, EXIT } from './exit-codes.js';

export function failureOf(error, file) {
  if (error instanceof CliError) return { file, exit: error.exit, message: error.message };
  const where = file === undefined ? '' : `${file}: `; // before any file is chosen, none is named
  if (error?.name === 'MassPropertiesError')
    return { file, exit: EXIT.NOT_MEASURABLE, message: `${where}${error.message}` };
  const first = String(error?.message ?? error).split('\n')[0];
  return { file, exit: EXIT.INTERNAL, message: `${where}internal error: ${first} (please report it)` };
}
