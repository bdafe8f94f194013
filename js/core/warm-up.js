// The warm-up of the mesh path. V8 runs a wasm function in its baseline code until it has run for
// a while (its tiering budget, spent as its code runs), then optimises it on
// a background thread; a call in progress keeps the code it started with. So the first large mesh
// would run wholly in baseline code, about twice as slow. Once init() has resolved, tasks of their
// own measure a 16,000-triangle sphere (its loops run long enough to spend their budgets: a
// 2,200-triangle one left the first call on 1 M triangles 20-30 ms slower; check: false shares
// the integration), so the mesh paths' functions are optimised while the app goes on (loads its
// model, say); skipped when the app measures a mesh first. The first pass, in baseline code, takes
// 15-35 ms and a task of its own; it spends the budgets of the proof's and the integration's loops.
// The passes after it take under 1 ms each once those are optimised, and run in a second task (more
// tasks if the machine is slow) until PASSES in all: the functions that run briefly per call (the
// input scan, the index range, the rest of the proof) spend their budgets only after 5-10 passes,
// and otherwise ran in baseline code through the app's first call on 1 M triangles.
// Node does not wait for these tasks to exit.
const PASSES = 12;
// The longest a task of passes after the first runs before it yields to the app.
const TASK_MS = 8;

// A closed UV sphere, one vertex per pole: 2 slices (stacks - 1) triangles (the warm-up's mesh).
/** @returns {[Float32Array, Uint32Array]} */
function sphereMesh(slices, stacks) {
  const last = 1 + slices * (stacks - 1);
  const positions = new Float32Array(3 * (last + 1));
  const indices = new Uint32Array(6 * slices * (stacks - 1));
  const ring = (i, j) => 1 + (i - 1) * slices + (j % slices);
  positions.set([0, 1, 0], 0);
  positions.set([0, -1, 0], 3 * last);
  for (let i = 1; i < stacks; ++i) {
    for (let j = 0; j < slices; ++j) {
      const [theta, phi] = [(Math.PI * i) / stacks, (2 * Math.PI * j) / slices];
      positions.set(
        [Math.sin(theta) * Math.sin(phi), Math.cos(theta), Math.sin(theta) * Math.cos(phi)],
        3 * ring(i, j),
      );
    }
  }
  let t = 0;
  const add = (...corners) => {
    indices.set(corners, t);
    t += corners.length;
  };
  for (let j = 0; j < slices; ++j) {
    add(0, ring(1, j), ring(1, j + 1));
    for (let i = 1; i < stacks - 1; ++i) {
      add(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
    }
    add(last, ring(stacks - 1, j + 1), ring(stacks - 1, j));
  }
  return [positions, indices];
}

/**
 * Schedules `measure(positions, indices)` of the sphere in tasks of their own, PASSES times; the
 * returned function cancels what is left (the app measures a mesh itself first).
 * @param {(positions: Float32Array, indices: Uint32Array) => unknown} measure
 * @returns {() => void}
 */
export function scheduleWarmUp(measure) {
  /** @type {[Float32Array, Uint32Array] | null} */
  let sphere = null;
  let left = PASSES;
  /** @type {any} */
  let timer = null;
  const schedule = () => {
    timer = typeof setTimeout === 'function' ? setTimeout(warm, 0) : null; // (worklets have none)
    timer?.unref?.();
  };
  const now = () => globalThis.performance?.now() ?? Date.now();
  function warm() {
    timer = null;
    const start = now();
    const first = left === PASSES;
    try {
      sphere ??= sphereMesh(128, 64);
      do measure(...sphere);
      while (--left > 0 && !first && now() - start < TASK_MS);
    } catch {
      return; // nothing to do: the app's own calls report whatever is wrong
    }
    if (left > 0) schedule();
  }
  schedule();
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
