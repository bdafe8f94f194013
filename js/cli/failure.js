// Any error as the one line and exit code the command line reports.
import { CliError, EXIT } from './exit-codes.js';

export function failureOf(error, file) {
  if (error instanceof CliError) return { file, exit: error.exit, message: error.message };
  if (error?.name === 'MassPropertiesError')
    return { file, exit: EXIT.NOT_MEASURABLE, message: `${file}: ${error.message}` };
  const first = String(error?.message ?? error).split('\n')[0];
  return { file, exit: EXIT.INTERNAL, message: `${file}: internal error: ${first} (please report it)` };
}
