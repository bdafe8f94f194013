// The command line: flags, files, a pool of workers, tables or JSON on stdout, one line per
// failure on stderr and an exit code that says what went wrong.
import { readFileSync, statSync } from 'node:fs';
import process from 'node:process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Document, Logger, NodeIO } from '@gltf-transform/core';
import { MATERIALS, init } from 'mass-properties';
import { bakeMeshes } from 'mass-properties/three';
import { prepareIO, writeMotion } from 'mass-properties/gltf';
import { parseArgs } from './args.js';
import { writeErrorReason, writeFileAtomic } from './atomic-write.js';
import { CliError, EXIT } from './exit-codes.js';
import { failureOf } from './failure.js';
import { expandInputs } from './files.js';
import { formatReport, jsonReport } from './format.js';
import { describeWritten } from './bodies.js';
import { loadModel } from './load.js';
import { meshOptions, metresPerUnit } from './measure.js';
import { outputOf, readerGone } from './output.js';
import { jsonText, printable } from './printable.js';

const PROGRESS_AFTER_MS = 1000;
// A file this large (about 300 000 triangles as binary STL) is measured with the module's threads
// when it is the only file being measured: smaller ones gain less than the threads cost to start,
// and files measured side by side already keep the cores busy.
const THREADS_FROM_BYTES = 16 * 2 ** 20;

// Whether the workers' modules get threads: one worker at a time, and a file worth them.
function threadsPay(files, workers) {
  if (workers !== 1) return false;
  return files.some((file) => {
    try {
      return statSync(file).size >= THREADS_FROM_BYTES;
    } catch {
      return false; // the worker reports the unreadable file
    }
  });
}

// A failure as --json and --jsonl print it.
const errorOf = ({ exit, message }) => ({ exit, message });

export const HELP = `Usage: mass-properties [options] <files, folders or globs...>

Mass, volume, center of mass, inertia and bounding box of 3D models: glTF/GLB, STL (binary or
ASCII), OBJ, PLY and 3MF. Folders are searched recursively for these; globs (*, ?, **, {a,b}) are
expanded here. Several files are measured in parallel.

Options:
  --units <u>        the file's coordinates: mm, cm, m, in, ft (default m; glTF is metres)
  --density <kg/m³>  density (default ${MATERIALS.water}, water), or
  --material <name>  ${Object.keys(MATERIALS).join(', ')}
  --output <si|input>  results in SI (kg, m, kg·m²; default) or the file's units (mm: g, mm³,
                     g·mm²; cm: g; in and ft: lb)
  --mode <m>         solid (default; open meshes are repaired), shell (mass on the surface,
                     needs --thickness in the file's units) or convex (the convex hull)
  --thickness <t>    wall thickness for --mode shell
  --weld <d>         also weld vertices closer than d (file units)
  --intersections    also find where a piece passes through itself and count that overlap
                     once (slower; overlaps between pieces are always counted once)
  --write <out.glb>  write the model with KHR_physics_rigid_bodies motion (one input file)
  --body <nodes|scene>  with --write: a rigid body per mesh node (default) or one for all
                     (a file with KHR_physics_rigid_bodies keeps its bodies: only the mass
                     properties its author left out are filled, from each body's colliders)
  --replace          with --write on such a file: recompute its bodies' mass properties
  --float <kg/m³>    also float the model (its meshes as one solid, +Y up) in water of this
                     density (sea water 1025): draft, heel and trim, GM, upright stable or not
  --poses            also the poses it rests in on a floor, with the chance of each when
                     dropped at random (quasi-static rolling), its tipping angle and edge
  --json             one JSON document on stdout (an array with several files)
  --jsonl            one JSON line per file as each finishes
  --jobs <n>         at most n files at once (default: the number of cores)
  -h, --help         this text
  -v, --version      the version

Exit codes: 0 all measured; 2 unknown flag, missing value or input; 3 malformed value (e.g.
1,240) or unknown unit, material or mode; 4 file (or a glTF's .bin) not found; 5 empty file;
6 truncated file; 7 corrupt or unsupported file, or a glTF resource outside the file's folder;
8 file read but not measurable; 9 --write (or the output) could not be written, the file as it
was; 70 internal error. With several files, the code of the first one that failed; the others
are still measured. A reader that closes the output (| head) ends the run quietly, with the code
of the files measured by then.
`;

function version() {
  return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
}

// Files measured by a pool of workers, each result handed to `done` as it arrives; once
// `stopped()`, no further file is started.
function measureInWorkers(files, options, jobs, done, stopped, say) {
  const count = Math.max(1, Math.min(files.length, jobs));
  let next = 0;
  const running = new Map();
  const progress = setInterval(() => {
    const now = Date.now();
    for (const job of running.values()) {
      if (!job.announced && now - job.start > PROGRESS_AFTER_MS) {
        job.announced = true;
        say(`measuring ${job.file} (over ${PROGRESS_AFTER_MS / 1000} s)...`);
      }
    }
  }, 250);
  return new Promise((resolve) => {
    let workers = 0;
    const finish = () => {
      if (--workers === 0) {
        clearInterval(progress);
        resolve();
      }
    };
    const start = (worker) => {
      if (next >= files.length || stopped()) {
        worker.terminate().then(finish);
        return;
      }
      const id = next++;
      running.set(worker, { id, file: files[id], start: Date.now(), announced: false });
      worker.postMessage({ id, file: files[id] });
    };
    for (let k = 0; k < count; k++) {
      workers++;
      const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { options } });
      worker.on('message', (message) => {
        if (message.ready) return start(worker);
        running.delete(worker);
        done(message.id, message.report ?? null, message.failure ?? null);
        start(worker);
      });
      worker.on('error', (error) => {
        const job = running.get(worker);
        running.delete(worker);
        if (job) done(job.id, null, failureOf(error, job.file));
        finish();
      });
    }
  });
}

// A non-glTF model as a glTF-Transform Document in metres: a root scaled from the file's units,
// one node per measured mesh, so that the motion lands in each node's own coordinates.
function documentOf(object, options) {
  const document = new Document();
  const buffer = document.createBuffer();
  const root = document.createNode('model').setScale([options.scale, options.scale, options.scale]);
  bakeMeshes(object).forEach((part, k) => {
    const position = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array(part.positions))
      .setBuffer(buffer);
    const primitive = document.createPrimitive().setAttribute('POSITION', position);
    // @ts-expect-error glTF-Transform types its arrays as ArrayBuffer-backed (TypeScript ≥ 5.7), as baked ones are; BakedPart cannot say so for older TypeScript.
    if (part.indices) primitive.setIndices(document.createAccessor().setArray(part.indices).setBuffer(buffer));
    const name = part.mesh.name || `mesh ${k + 1}`;
    root.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
  });
  document.createScene().addChild(root);
  return document;
}

async function writeGlb(mp, file, options) {
  const model = await loadModel(file, { images: true }); // written out again, so read under the policy
  const document = model.document ?? documentOf(model.object, { scale: metresPerUnit(options.units) });
  const units = model.document ? options.units : 'm'; // the built document is in metres already
  // Called directly rather than through document.transform, for its report of each body (which
  // main prints: the transform's own log lines would repeat it).
  const logger = document.getLogger();
  document.setLogger(new Logger(Logger.Verbosity.ERROR));
  let written;
  try {
    written = writeMotion(mp, {
      body: options.body,
      replace: options.replace,
      density: options.density,
      ...meshOptions(options),
      units,
    })(document);
  } finally {
    document.setLogger(logger);
  }
  const io = await prepareIO(new NodeIO());
  let bytes;
  try {
    bytes = await io.writeBinary(document);
  } catch (error) {
    throw new CliError(EXIT.WRITE_FAILED, `${options.write}: cannot write (${error.code ?? error.message})`);
  }
  writeFileAtomic(options.write, bytes); // the destination, even the input itself, whole until replaced
  return describeWritten(written);
}

/** Runs the command line; resolves to the exit code. */
export async function main(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
  const out = outputOf(stdout);
  const err = outputOf(stderr);
  // Every stderr line goes through here: names from files are shown, never obeyed.
  const say = (message) => err.write(`mass-properties: ${printable(message)}\n`);
  let options;
  let files;
  try {
    options = parseArgs(argv);
    if (options.help) {
      out.write(HELP);
      return await ended(out, say, EXIT.OK);
    }
    if (options.version) {
      out.write(`${version()}\n`);
      return await ended(out, say, EXIT.OK);
    }
    if (options.inputs.length === 0) throw new CliError(EXIT.USAGE, 'no input files (see --help)');
    files = expandInputs(options.inputs);
    if (options.write && files.length !== 1) throw new CliError(EXIT.USAGE, '--write takes exactly one input file');
  } catch (error) {
    const failure = failureOf(error);
    say(failure.message);
    return failure.exit;
  }

  const reports = new Array(files.length).fill(null);
  const failures = [];
  const done = (id, report, failure) => {
    if (failure) {
      failures.push({ id, ...failure });
      say(failure.message);
      if (options.jsonl) out.write(`${jsonText({ file: files[id], error: errorOf(failure) })}\n`);
      return;
    }
    reports[id] = report;
    if (report.hint) say(`${files[id]}: ${report.hint}`);
    if (report.warning) say(`${files[id]}: ${report.warning}`);
    if (options.jsonl) out.write(`${jsonText(jsonReport(report, options.output))}\n`);
  };
  const jobs = Math.min(options.jobs ?? Infinity, availableParallelism());
  const workerOptions = { ...options, inputs: undefined, threads: threadsPay(files, Math.min(files.length, jobs)) };
  await measureInWorkers(files, workerOptions, jobs, done, () => out.error !== null, say);

  if (options.json) {
    const all = reports.map((r, id) =>
      r ? jsonReport(r, options.output) : { file: files[id], error: errorOf(failures.find((f) => f.id === id)) },
    );
    out.write(`${jsonText(files.length === 1 ? all[0] : all, 2)}\n`);
  } else if (!options.jsonl && reports.some(Boolean)) {
    out.write(
      `${reports
        .filter(Boolean)
        .map((r) => formatReport(r, options.output))
        .join('\n\n')}\n`,
    );
  }
  // A reader that left (| head) took what it wanted: the files measured by then decide the code.
  failures.sort((a, b) => a.id - b.id);
  const code = failures[0]?.exit ?? EXIT.OK;
  await out.settled();
  if (out.error && !readerGone(out.error)) return ended(out, say, code);

  if (options.write && failures.length === 0) {
    try {
      const bodies = await writeGlb(await init({ threads: workerOptions.threads }), files[0], options);
      for (const line of bodies) say(line);
      say(`wrote ${options.write}`);
    } catch (error) {
      const failure = failureOf(error, files[0]);
      say(failure.message);
      return failure.exit;
    }
  }
  if (failures.length > 0 && files.length > 1) {
    err.write(
      `mass-properties: ${failures.length} of ${files.length} files failed:\n${failures.map((f) => `  ${printable(f.message)}`).join('\n')}\n`,
    );
  }
  return code;
}

// The exit code once the output has been written: a closed pipe is the reader's choice and
// changes nothing; any other failure to write it (a full disk) is one line and exit 9.
async function ended(out, say, code) {
  await out.settled();
  if (!out.error || readerGone(out.error)) return code;
  say(`cannot write the output (${writeErrorReason(out.error)})`);
  return EXIT.WRITE_FAILED;
}
