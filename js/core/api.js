// The public functions of the module init() resolves to: each reads its arguments (./read.js),
// writes them to the core's slots and calls it (./boundary.js), and reads the result back.
import { checkParts, copyInto, denseArray, readVector, typedArrayLengthOf } from '../arrays.js';
import { MassPropertiesError, fail, isMassPropertiesError, typeName } from '../errors.js';
import { readOptions } from '../options.js';
import {
  FLOAT_KEYS,
  INSPECT_KEYS,
  MASS_KEYS,
  MESH_KEYS,
  METHODS,
  POLYGON_KEYS,
  POSE_KEYS,
  POSES_KEYS,
  SPIN_KEYS,
  SUBMERGED_KEYS,
  TRANSFORM_2D_KEYS,
  TRANSFORM_KEYS,
} from '../schema.js';
import { checkShellThickness, hydrostaticsInMetres, metresPer } from '../units.js';
import { createBoundary } from './boundary.js';
import {
  checkNumber,
  indexKind,
  massOptions,
  meshOptions,
  polygonRingKind,
  positionKind,
  readBody,
  readBody2d,
  readIntersections,
  readParts,
  readVector2,
  weldOptions,
} from './read.js';
import { scheduleWarmUp } from './warm-up.js';

// The poses from the core's flat reply (see restingPosesRaw in cpp/bindings/embind.cpp).
function posesOf(flat) {
  const poses = [];
  for (let i = 0; i < flat.length;) {
    const take = (n) => Array.from(flat.subarray(i, (i += n)));
    const [probability] = take(1);
    const normal = take(3);
    const rotation = take(4);
    const position = take(3);
    const [centerOfMassHeight, supportMargin, tippingAngle] = take(3);
    const tippingEdge = [take(3), take(3)];
    const [corners] = take(1);
    const supportPolygon = flat.slice(i, (i += 3 * corners));
    poses.push({
      probability,
      normal,
      rotation,
      position,
      centerOfMassHeight,
      supportMargin,
      tippingAngle,
      tippingEdge,
      supportPolygon,
    });
  }
  return poses;
}

/**
 * The module's functions over `wasm` (an instantiated Emscripten module); `onTrap` runs when
 * the module fails, so that the next init() makes a fresh one.
 * @returns {import('../index.js').MassPropertiesModule}
 */
export function createModule(wasm, onTrap) {
  const boundary = createBoundary(wasm, onTrap);
  const { codec, core, defaults, enums, read, write, slot, run, withMemory } = boundary;
  const bodyOf = (body, name) => readBody(body, name, codec);
  // The mesh call's slots, the result's and the mesh export, looked up once: a small mesh's call
  // is about 2 µs in all (the Emscripten module is a dictionary-mode object, slow to read from).
  const meshView = slot('MeshView');
  const massSlot = slot('MassOptions');
  const meshSlot = slot('MeshOptions');
  const measured = slot('MassProperties').read;
  const measureMesh = wasm._measureMesh;
  const measureInSlots = () => {
    run(measureMesh);
    return measured();
  };
  // What no options mean in the MassOptions and MeshOptions slots (the core's defaults), read once
  // for the most common small call.
  const noMassOptions = massOptions({}, enums.given, defaults.density);
  const noMeshOptions = meshOptions({}, core.mesh, enums.mode);
  const measured2d = () => read('MassProperties2D');
  // The core's WaterPlane{} (the slot holds it until the first pose is converted): water at y = 0.
  const defaultPlane = read('WaterPlane');

  // The MassOptions slot for a body measured in coordinates `s` metres per unit and scaled to
  // metres afterwards: a density (kg/m³) is kept by the core's uniform scale, a mass must come out as given.
  function writeMass(o, s = 1) {
    const mass = massOptions(o, enums.given, defaults.density);
    const valid = Number.isFinite(mass.value) && mass.value > 0; // else the core names the value as given
    if (mass.given === enums.given.mass && valid) mass.value /= s * s * s;
    massSlot.write(mass);
  }

  // Metres per unit of `options.units`; a shell's areal density has no volumetric SI form.
  function unitsOf(o) {
    const s = metresPer(o.units);
    checkShellThickness(o);
    return s;
  }

  // A result measured in the caller's coordinates, in metres: the core's transform by `s`. A
  // given mass comes back as given, not rounded through / s³ · s³.
  function inMetres(result, s, o) {
    if (s === 1) return result;
    write('Body', bodyOf(result, 'result'));
    write('Transform', { ...core.transform, scale: [s, s, s] });
    run(wasm._transform);
    const out = measured();
    if (o.mass !== undefined) {
      out.mass = o.mass;
      out.density = o.mass / out.volume;
    }
    return out;
  }

  // Copies the mesh into module memory, writes the MeshView slot and returns `use()`.
  function withMesh(positions, indices, use, call = 'mesh') {
    skipWarmUp();
    const scalar = positionKind(positions);
    const index = indexKind(indices, call);
    const indexed = index !== 'None';
    const positionCount = typedArrayLengthOf(positions);
    const indexCount = indexed ? typedArrayLengthOf(indices) : 0;
    const positionBytes = positionCount * (scalar === 'Float32' ? 4 : 8);
    // Indices cross as Uint32 whatever their type: the core is compiled for that one type (it
    // widens Uint8 and Uint16 at its entry points; the copy is the cheaper place to do it).
    const indexBytes = indexed ? 4 * indexCount : 0;
    const vertices = Math.floor(positionCount / 3);
    const corners = indexed ? indexCount : vertices;
    const indexStart = Math.ceil(positionBytes / 8) * 8;
    // Named only in an error (a message made for every small call cost more than its copy).
    const what = () => `a mesh of ${vertices} vertices and ${Math.floor(corners / 3)} triangles`;
    // One block: the positions, then the indices; the core's scratch is counted, not allocated here.
    const needed = () => indexStart + indexBytes + wasm._meshWorkingBytes(vertices, corners);
    return withMemory(
      indexStart + indexBytes + 8,
      what,
      (address) => {
        // Through the codec's views of the memory (8-aligned blocks): no view made per call.
        const views = codec.views(address + indexStart + indexBytes);
        if (scalar === 'Float32') copyInto(views.f32, positions, address >> 2);
        else copyInto(views.f64, positions, address >> 3);
        if (indexed) copyInto(views.u32, indices, (address + indexStart) >> 2);
        meshView.write({
          positions: address,
          positionCount,
          positionType: enums.scalar[scalar],
          indices: address + indexStart,
          indexCount,
          indexType: enums.index[indexed ? 'Uint32' : 'None'],
        });
        return use();
      },
      needed,
    );
  }

  // The MeshOptions slot for inspect and holes: the core's, with the caller's weld and intersections.
  function writeWeld(options) {
    const o = readOptions(options, INSPECT_KEYS, 'options');
    const weld = weldOptions(o.weld, core.mesh);
    write('MeshOptions', { ...core.mesh, ...weld, intersections: readIntersections(o, core.mesh) });
  }

  function shape(raw, dimensions, options) {
    const o = readOptions(options, MASS_KEYS, 'options');
    const s = unitsOf(o);
    writeMass(o, s);
    const sizes = dimensions.map(([value, name]) => checkNumber(value, name, 'INVALID_DIMENSION'));
    run(raw, ...sizes);
    return inMetres(measured(), s, o);
  }

  // The MeshOptions slot for the hydrostatic calls: the solid mode with the caller's weld and check.
  function writeSolid(o) {
    write('MeshOptions', meshOptions({ weld: o.weld, check: o.check }, core.mesh, enums.mode));
  }

  // G as the core's numbers: [hasG, x, y, z].
  function centerOfMassArgs(o) {
    if (o.centerOfMass === undefined) return [false, 0, 0, 0];
    return [true, ...readVector(o.centerOfMass, 3, 'options.centerOfMass', 'INVALID_ARGUMENT')];
  }

  // The water plane of mp.submerged's options: { normal, height }, or the body's { pose } in a
  // world whose water is y = 0; neither: the core's default.
  function waterPlane(o) {
    if (o.pose !== undefined) {
      if (o.normal !== undefined || o.height !== undefined)
        fail('INVALID_OPTIONS', 'give either the plane (normal, height) or the pose, not both');
      // A pose as mp.transform takes one: a unit quaternion (the core checks it) and a position.
      const pose = readOptions(o.pose, POSE_KEYS, 'options.pose');
      const q = readVector(
        pose.quaternion ?? core.transform.quaternion,
        4,
        'options.pose.quaternion',
        'INVALID_TRANSFORM',
      );
      const p = readVector(pose.position ?? core.transform.position, 3, 'options.pose.position', 'INVALID_TRANSFORM');
      run(wasm._waterPlaneOfPose, ...q, ...p);
      return read('WaterPlane');
    }
    return {
      normal:
        o.normal === undefined ? defaultPlane.normal : readVector(o.normal, 3, 'options.normal', 'INVALID_ARGUMENT'),
      height:
        o.height === undefined ? defaultPlane.height : checkNumber(o.height, 'options.height', 'INVALID_ARGUMENT'),
    };
  }

  /** @satisfies {Omit<import('../index.js').MassPropertiesModule, 'errorCodes' | 'defaults' | 'loadFull'>} */
  const api = {
    /**
     * Mass properties of a triangle mesh (xyz positions, optional triangle indices): by default
     * the solid it bounds, repaired; `mode: 'shell'` or `'convex'` spread the mass otherwise.
     */
    mesh(positions, indices, options) {
      if (options === undefined) {
        massSlot.write(noMassOptions);
        meshSlot.write(noMeshOptions);
        return withMesh(positions, indices, measureInSlots);
      }
      const o = readOptions(options, MESH_KEYS, 'options');
      const s = unitsOf(o);
      writeMass(o, s);
      meshSlot.write(meshOptions(o, core.mesh, enums.mode));
      // check: false trusts the mesh to be closed: no welding, analysis, repair or diagnostics.
      return inMetres(withMesh(positions, indices, measureInSlots), s, o);
    },

    /** Only the surface diagnostics of a mesh (closed, winding, shells, what a repair would do), without integrating. */
    inspect(positions, indices, options) {
      writeWeld(options);
      return withMesh(
        positions,
        indices,
        () => {
          run(wasm._inspectMesh);
          return read('Diagnostics');
        },
        'inspect',
      );
    },

    /**
     * The holes the solid mode closes, each as a Float64Array of the xyz positions of its boundary
     * loop in order (the cap is the fan from their mean): what a viewer draws to show the repair.
     */
    holes(positions, indices, options) {
      writeWeld(options);
      return withMesh(
        positions,
        indices,
        () => {
          try {
            run(wasm._holeLoops);
            const flat = new Float64Array(wasm.HEAPU8.buffer, wasm._loopBufferAddress(), wasm._loopBufferLength());
            const loops = [];
            for (let i = 0; i < flat.length; i += 1 + 3 * flat[i]) loops.push(flat.slice(i + 1, i + 1 + 3 * flat[i]));
            return loops;
          } finally {
            wasm._releaseLoopBuffer();
          }
        },
        'holes',
      );
    },

    /**
     * The poses in which the body rests on a floor (y = 0, +Y up), most probable first: each stable
     * face of its convex hull, with the chance of landing on it when dropped in a random orientation.
     */
    restingPoses(positions, indices, options) {
      const o = readOptions(options, POSES_KEYS, 'options');
      const given =
        o.centerOfMass === undefined ? null : readVector(o.centerOfMass, 3, 'options.centerOfMass', 'INVALID_ARGUMENT');
      if (given === null) {
        writeMass({});
        write('MeshOptions', meshOptions(o, core.mesh, enums.mode));
      }
      return withMesh(
        positions,
        indices,
        () => {
          // The center of mass of the body the mesh bounds, unless the caller knows it (a result's).
          let com = given;
          if (com === null) {
            run(measureMesh);
            com = measured().centerOfMass;
          }
          try {
            run(wasm._restingPoses, ...com);
            return posesOf(new Float64Array(wasm.HEAPU8.buffer, wasm._poseBufferAddress(), wasm._poseBufferLength()));
          } finally {
            wasm._releasePoseBuffer();
          }
        },
        'restingPoses',
      );
    },

    box: (width, height, depth, options) =>
      shape(
        wasm._box,
        [
          [width, 'width'],
          [height, 'height'],
          [depth, 'depth'],
        ],
        options,
      ),
    sphere: (radius, options) => shape(wasm._sphere, [[radius, 'radius']], options),
    ellipsoid: (rx, ry, rz, options) =>
      shape(
        wasm._ellipsoid,
        [
          [rx, 'rx'],
          [ry, 'ry'],
          [rz, 'rz'],
        ],
        options,
      ),
    cylinder: (radius, height, options) =>
      shape(
        wasm._cylinder,
        [
          [radius, 'radius'],
          [height, 'height'],
        ],
        options,
      ),
    capsule: (radius, length, options) =>
      shape(
        wasm._capsule,
        [
          [radius, 'radius'],
          [length, 'length'],
        ],
        options,
      ),
    cone: (radius, height, options) =>
      shape(
        wasm._cone,
        [
          [radius, 'radius'],
          [height, 'height'],
        ],
        options,
      ),
    frustum: (radiusBottom, radiusTop, height, options) =>
      shape(
        wasm._frustum,
        [
          [radiusBottom, 'radiusBottom'],
          [radiusTop, 'radiusTop'],
          [height, 'height'],
        ],
        options,
      ),
    taperedCapsule: (radiusBottom, radiusTop, height, options) =>
      shape(
        wasm._taperedCapsule,
        [
          [radiusBottom, 'radiusBottom'],
          [radiusTop, 'radiusTop'],
          [height, 'height'],
        ],
        options,
      ),

    /** The same body placed in a parent frame: x' = R·S·x + p. */
    transform(body, transform) {
      const t = readOptions(transform, TRANSFORM_KEYS, 'transform', 'INVALID_TRANSFORM');
      const scale = typeof t.scale === 'number' ? [t.scale, t.scale, t.scale] : (t.scale ?? core.transform.scale);
      const placed = {
        position: readVector(t.position ?? core.transform.position, 3, 'transform.position', 'INVALID_TRANSFORM'),
        quaternion: readVector(
          t.quaternion ?? core.transform.quaternion,
          4,
          'transform.quaternion',
          'INVALID_TRANSFORM',
        ),
        scale: readVector(scale, 3, 'transform.scale', 'INVALID_TRANSFORM'),
      };
      write('Body', bodyOf(body, 'body'));
      write('Transform', placed);
      run(wasm._transform);
      return measured();
    },

    /**
     * The aggregate body of several parts. A hole is `{ body, subtract: true }`, or a part with
     * negative mass (its volume and tensor count negatively whichever sign they are given with).
     */
    combine(parts) {
      const encoded = readParts(parts, 'combine', bodyOf);
      const size = codec.size('Part');
      return withMemory(size * encoded.length, `combining ${encoded.length} parts`, (address) => {
        encoded.forEach((part, k) => codec.write('Part', address + k * size, part));
        run(wasm._combine, address, encoded.length);
        return measured();
      });
    },

    /**
     * Area, mass, centroid and second moments of a polygon (x, y pairs, either winding) with
     * optional holes (rings subtracted whatever their winding); density is mass per unit area.
     */
    polygon(points, options) {
      const o = readOptions(options, POLYGON_KEYS, 'options');
      writeMass(o);
      if (o.holes !== undefined && !Array.isArray(o.holes)) {
        fail('INVALID_TYPE', `options.holes must be an array of rings (Float64Array), got ${typeName(o.holes)}`);
      }
      const rings = [points, ...denseArray(checkParts(o.holes ?? [], 'options.holes', 'INVALID_TYPE'))];
      rings.forEach((ring, r) => polygonRingKind(ring, r === 0 ? 'points' : `options.holes[${r - 1}]`));
      const lengths = rings.map((ring) => typedArrayLengthOf(ring));
      const doubles = lengths.reduce((n, k) => n + k, 0);
      const what = `a polygon of ${doubles / 2} points`;
      return withMemory(8 * doubles + 4 * rings.length + 8, what, (address) => {
        const buffer = wasm.HEAPU8.buffer;
        let offset = address;
        rings.forEach((ring, r) => {
          copyInto(new Float64Array(buffer, offset, lengths[r]), ring);
          offset += 8 * lengths[r];
        });
        new Uint32Array(buffer, offset, rings.length).set(lengths);
        run(wasm._measurePolygon, address, offset, rings.length);
        return measured2d();
      });
    },

    /** A 2-D body placed in a parent frame: x′ = R(angle)·x + position (angle in radians, counter-clockwise). */
    transform2d(body, transform) {
      const t = readOptions(transform, TRANSFORM_2D_KEYS, 'transform', 'INVALID_TRANSFORM');
      const placed = {
        position: readVector2(t.position ?? core.transform2d.position, 'transform.position', 'INVALID_TRANSFORM'),
        angle: checkNumber(t.angle ?? core.transform2d.angle, 'transform.angle', 'INVALID_TRANSFORM'),
      };
      write('Body2D', readBody2d(body, 'body'));
      write('Transform2D', placed);
      run(wasm._transform2D);
      return measured2d();
    },

    /** The aggregate of several 2-D bodies; `{ body, subtract: true }` (or a negative mass) is a hole. */
    combine2d(parts) {
      const encoded = readParts(parts, 'combine2d', readBody2d);
      const size = codec.size('Part2D');
      return withMemory(size * encoded.length, `combining ${encoded.length} parts`, (address) => {
        encoded.forEach((part, k) => codec.write('Part2D', address + k * size, part));
        run(wasm._combine2D, address, encoded.length);
        return measured2d();
      });
    },

    /** The inertia tensor about `point`, in axes rotated by `rotation` (a quaternion [x, y, z, w]). */
    inertiaAbout(body, point, rotation = core.transform.quaternion) {
      const p = readVector(point, 3, 'point', 'INVALID_TRANSFORM');
      const q = readVector(rotation, 4, 'rotation', 'INVALID_TRANSFORM');
      write('Body', bodyOf(body, 'body'));
      run(wasm._inertiaAbout, ...p, ...q);
      return read('Mat3').value;
    },

    /**
     * What lies below a water plane (in the body's frame: dot(normal, x) = height, normal up out
     * of the water; or the body's pose in a world with water at y = 0): the submerged volume, its
     * centroid (the center of buoyancy), the waterplane and the metacentric radii and heights.
     */
    submerged(positions, indices, options) {
      const o = readOptions(options, SUBMERGED_KEYS, 'options');
      const s = metresPer(o.units);
      writeSolid(o);
      const plane = waterPlane(o);
      const g = centerOfMassArgs(o);
      const result = withMesh(
        positions,
        indices,
        () => {
          run(wasm._submerged, ...plane.normal, plane.height, ...g);
          return read('Hydrostatics');
        },
        'submerged',
      );
      return hydrostaticsInMetres(result, s);
    },

    /**
     * How a body floats in water of `waterDensity` (default sea water): upright (`up` vertical)
     * at the draft where it displaces its mass, and the equilibria over all orientations.
     */
    float(positions, indices, options) {
      const o = readOptions(options, FLOAT_KEYS, 'options');
      const s = metresPer(o.units);
      writeMass(o, s);
      writeSolid(o);
      const water =
        o.waterDensity === undefined
          ? wasm._seaWaterDensity()
          : checkNumber(o.waterDensity, 'options.waterDensity', 'INVALID_DENSITY');
      const up = readVector(o.up ?? [0, 1, 0], 3, 'options.up', 'INVALID_ARGUMENT');
      if (o.search !== undefined && typeof o.search !== 'boolean')
        fail('INVALID_OPTIONS', `options.search must be a boolean, got ${typeName(o.search)}`);
      const g = centerOfMassArgs(o);
      const result = withMesh(
        positions,
        indices,
        () => {
          run(wasm._floatMesh, water, ...up, o.search ?? true, ...g);
          const flotation = read('Flotation');
          // The equilibria: an array of FloatingPose in module memory, copied out by its layout.
          const size = codec.size('FloatingPose');
          const address = wasm._equilibriaAddress();
          flotation.equilibria = Array.from({ length: wasm._equilibriaCount() }, (_, k) =>
            codec.read('FloatingPose', address + k * size),
          );
          return flotation;
        },
        'float',
      );
      const out = hydrostaticsInMetres(result, s);
      if (o.mass !== undefined)
        out.mass = o.mass; // as given, not rounded through / s³ · s³
      else if (s !== 1) out.mass = result.mass * s * s * s;
      return out;
    },

    /**
     * Torque-free rotation (Euler's equations) of a body with the given principal moments, advanced
     * by `duration` seconds from an orientation (principal frame → world) and a body-frame angular velocity.
     */
    simulateRotation(options) {
      if (options === null || typeof options !== 'object') {
        fail('INVALID_ARGUMENT', `simulateRotation needs an options object, got ${typeName(options)}`);
      }
      /** @type {Record<string, any>} */
      const o = {
        orientation: core.spin.orientation,
        timeStep: core.spinOptions.timeStep,
        ...readOptions(options, SPIN_KEYS, 'simulateRotation options', 'INVALID_ARGUMENT'),
      };
      const moments = readVector(o.principalMoments, 3, 'principalMoments', 'INVALID_ARGUMENT');
      write('SpinState', {
        orientation: readVector(o.orientation, 4, 'orientation', 'INVALID_ARGUMENT'),
        angularVelocity: readVector(o.angularVelocity, 3, 'angularVelocity', 'INVALID_ARGUMENT'),
      });
      write('SpinOptions', {
        duration: checkNumber(o.duration, 'duration', 'INVALID_ARGUMENT'),
        timeStep: checkNumber(o.timeStep, 'timeStep', 'INVALID_ARGUMENT'),
      });
      run(wasm._simulateRotation, ...moments);
      return read('Spin');
    },
  };
  const skipWarmUp = scheduleWarmUp(api.mesh);

  // Whatever a caller's getter or Proxy throws while its arguments are read becomes a typed error.
  /** @type {Record<string, unknown>} */
  const guarded = {};
  for (const name of METHODS) {
    const fn = api[name];
    guarded[name] = function (...args) {
      try {
        return fn(...args);
      } catch (error) {
        if (isMassPropertiesError(error)) throw error;
        throw new MassPropertiesError(
          'INVALID_ARGUMENT',
          `${name}: reading an argument failed: ${error?.message ?? error}`,
        );
      }
    };
  }
  /** Every error code the library uses, in the core's order. */
  guarded.errorCodes = Object.freeze(boundary.codes.filter((c) => c !== 'OK'));
  /** What each mesh option left out means: the core's MassOptions{} and MeshOptions{}. */
  guarded.defaults = defaults;
  // For tests: bytes the module's allocator holds, to prove failing calls leak nothing.
  Object.defineProperty(guarded, Symbol.for('mass-properties.heapInUse'), { value: () => wasm._heapInUse() });
  // For the benchmark: the module's memory (it grows, never shrinks) and which build is loaded.
  Object.defineProperty(guarded, Symbol.for('mass-properties.memoryBytes'), { value: () => wasm.HEAPU8.byteLength });
  Object.defineProperty(guarded, Symbol.for('mass-properties.moduleKind'), { value: wasm.kind });
  // For tests: each result field's powers of length and mass in the core's list (convertUnits's table).
  Object.defineProperty(guarded, Symbol.for('mass-properties.resultDimensions'), { value: boundary.dimensions });
  // Checked by tsc against MassPropertiesModule (index.d.ts) through `api`'s methods above.
  return /** @type {import('../index.js').MassPropertiesModule} */ (/** @type {unknown} */ (Object.freeze(guarded)));
}
