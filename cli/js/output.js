// Standard output and error as the command line writes them: a reader that leaves (`| head`)
// or a full disk arrives as an 'error' event, which unhandled is a stack trace. Here it is
// remembered instead, and later writes are skipped: the command line decides what it means.

/**
 * A stream's writer: `write(text)`; `error`, the first error the stream reported (null while
 * it works); `settled()`, a promise that the last write has been taken or has failed.
 */
export function outputOf(stream) {
  let last = Promise.resolve();
  const output = {
    error: null,
    write(text) {
      if (output.error) return;
      last = new Promise((resolve) => {
        try {
          stream.write(text, (error) => {
            if (error) output.error ??= error;
            resolve();
          });
        } catch (error) {
          output.error ??= error;
          resolve();
        }
      });
    },
    settled: () => last,
  };
  stream.on?.('error', (error) => {
    output.error ??= error;
  });
  return output;
}

/** The reader has gone away (a closed pipe): the end of the output, not a failure. */
export const readerGone = (error) => error?.code === 'EPIPE';
