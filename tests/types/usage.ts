// Uses every export of js/index.d.ts the way a user would; type-checked with tsc --strict
// (tests/js/package.test.js runs it against the repository and against the installed tarball).
// Lines marked @ts-expect-error must NOT compile: they keep the types strict.
import {
  equivalentBox,
  equivalentEllipsoid,
  inertiaPerUnitMass,
  init,
  isSolid,
  MassPropertiesError,
  measureParts,
  radiiOfGyration,
} from 'mass-properties';
import type {
  BodyLike,
  CombinePart,
  Diagnostics,
  ErrorCode,
  Indices,
  Mat3,
  MassOptions,
  MassProperties,
  MeshMassProperties,
  MassPropertiesModule,
  Positions,
  Quat,
  SpinOptions,
  SpinState,
  TransformOptions,
  Body2DLike,
  CombinePart2D,
  Mat2,
  MassProperties2D,
  PerUnitMass,
  PerUnitMass2D,
  PolygonOptions,
  Transform2DOptions,
  TypedArray,
  Vec2,
  Vec3,
} from 'mass-properties';

function describeError(e: unknown): string {
  if (e instanceof MassPropertiesError) {
    const code: ErrorCode = e.code;
    const name: 'MassPropertiesError' = e.name;
    switch (code) {
      case 'INDEX_OUT_OF_RANGE':
      case 'NON_FINITE_POSITION':
        return `${name} bad mesh: ${e.message}`;
      default:
        return `${name} ${code}: ${e.message}`;
    }
  }
  return String(e);
}

export async function main(): Promise<number> {
  const mp: MassPropertiesModule = await init();

  // check: false: a result without diagnostics; the default keeps them.
  {
    const trusted: MassProperties = mp.mesh(new Float32Array(9), new Uint32Array(3), { check: false, density: 2 });
    const unchecked: null | Diagnostics = trusted.diagnostics;
    const checked: Diagnostics = mp.mesh(new Float32Array(9), new Uint32Array(3), { check: true }).diagnostics;
    // @ts-expect-error check: false is solid-mode only
    mp.mesh(new Float32Array(9), null, { check: false, mode: 'shell' });
    void unchecked;
    void checked;
  }
  const codes: readonly ErrorCode[] = mp.errorCodes;

  // Meshes, as three.js BufferGeometry arrays would give them.
  const positions: Positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const indices: Indices = new Uint16Array([0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]);
  const byDensity: MassOptions = { density: 7800 };
  const byMass: MassOptions = { mass: 2 };
  const tetra: MeshMassProperties = mp.mesh(positions, indices, byDensity);
  const general: MassProperties = tetra;
  const maybe: Diagnostics | null = general.diagnostics;
  mp.mesh(positions, new Uint8Array([0, 1, 2]));
  const { box: boxOf, combine: combineOf } = mp; // the functions use no `this`
  combineOf([boxOf(1, 1, 1)]);
  const measured = measureParts(mp, [{ positions, indices, density: 2, name: 'part' }]);
  const partBody: MassProperties | null = measured.body;
  const partName: unknown = measured.parts[0].name;
  mp.mesh(new Float64Array(36), new Uint32Array(12), byMass);
  mp.mesh(new Float64Array(9));
  mp.mesh(new Float64Array(9), null);
  const diagnostics: Diagnostics = mp.inspect(positions, indices);
  const closed: boolean = diagnostics.closed && tetra.diagnostics.consistentWinding;
  const counts: number =
    diagnostics.boundaryEdges +
    diagnostics.nonManifoldEdges +
    diagnostics.inconsistentEdges +
    diagnostics.degenerateTriangles +
    diagnostics.triangles;
  const inverted: boolean = diagnostics.inverted;

  // Analytic shapes.
  const box = mp.box(1, 2, 3, { mass: 6 });
  const sphere = mp.sphere(0.5);
  const ellipsoid = mp.ellipsoid(1, 2, 3, { density: 2 });
  const cylinder = mp.cylinder(0.5, 2);
  const capsule = mp.capsule(0.5, 1);
  const cone = mp.cone(0.5, 2);
  const frustum: MassProperties = mp.frustum(0.5, 0.25, 2);
  const tapered: MassProperties = mp.taperedCapsule(0.5, 0.25, 1, { mass: 2 });

  // Every field of a result, with its type.
  const center: Vec3 = box.centerOfMass;
  const inertia: Mat3 = box.inertia;
  const moments: Vec3 = box.principalMoments;
  const axes: [Vec3, Vec3, Vec3] = box.principalAxes;
  const rotation: Quat = box.principalRotation;
  const area: number | null = sphere.surfaceArea;
  const areaOrZero: number = area ?? 0;
  const surfaceCentroid: Vec3 | null = sphere.surfaceCentroid;
  const scalars: number =
    box.mass + box.volume + box.density + center[0] + inertia[8] + moments[2] + axes[2][2] + rotation[3];

  // Bodies: results, or plain objects shaped like them.
  const placement: TransformOptions = {
    position: [0, 1, 0],
    quaternion: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
    scale: [1, 1, 1],
  };
  const moved = mp.transform(cylinder, placement);
  mp.transform(box, {});
  const custom: BodyLike = {
    mass: 1,
    volume: 1,
    centerOfMass: new Float64Array([0, 0, 0]),
    inertia: [1, 0, 0, 0, 1, 0, 0, 0, 1],
    surfaceArea: null,
  };
  const parts: CombinePart[] = [
    moved,
    capsule,
    custom,
    { body: sphere, subtract: true },
    { body: cone },
    frustum,
    tapered,
  ];
  const assembly = mp.combine(parts);
  const aboutCorner: Mat3 = mp.inertiaAbout(assembly, [1, 1, 1]);
  mp.inertiaAbout(ellipsoid, new Float32Array(3), [0, 0, 0, 1]);

  // Spinning.
  const spin: SpinOptions = {
    principalMoments: assembly.principalMoments,
    angularVelocity: [0.1, 5, 0],
    orientation: assembly.principalRotation,
    duration: 2,
    timeStep: 1 / 480,
  };
  const state: SpinState = mp.simulateRotation(spin);
  const q: Quat = state.orientation;
  const w: Vec3 = state.angularVelocity;
  const l: Vec3 = state.angularMomentum;
  const energy: number = state.kineticEnergy;
  mp.simulateRotation({ principalMoments: [1, 2, 3], angularVelocity: [0, 0, 1], duration: 1 });

  try {
    mp.sphere(-1);
  } catch (e) {
    describeError(e);
  }
  const own = new MassPropertiesError('INVALID_MASS', 'made by hand');
  const asError: Error = own;

  // ---- what must not compile ----
  // @ts-expect-error density and mass together
  mp.box(1, 2, 3, { density: 1, mass: 2 });
  // @ts-expect-error plain arrays are not positions
  mp.mesh([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  // Any typed array type-checks as positions or indices (three.js types every attribute array
  // as TypedArray); an Int32Array or Float32Array of indices is refused at run time (INVALID_TYPE).
  const anyTyped: TypedArray = new Int32Array(3);
  // @ts-expect-error not an error code
  const badCode: ErrorCode = 'NOT_A_CODE';
  // @ts-expect-error not an error code
  new MassPropertiesError('OOPS', 'x');
  // @ts-expect-error surfaceArea may be null
  sphere.surfaceArea.toFixed(2);
  // @ts-expect-error duration is required
  mp.simulateRotation({ principalMoments: [1, 2, 3], angularVelocity: [0, 0, 1] });
  // @ts-expect-error a Vec3 has three entries
  const short: Vec3 = [1, 2];
  // @ts-expect-error dimensions are numbers
  mp.cylinder('1', 2);
  // @ts-expect-error errorCodes is read-only
  mp.errorCodes.push('INVALID_MASS');
  // @ts-expect-error the code of an error is read-only
  own.code = 'INVALID_TYPE';

  // ---- 2-D polygons and derived quantities ----
  const outline = new Float64Array([0, 0, 4, 0, 4, 3, 0, 3]);
  const polygonOptions: PolygonOptions = { density: 2, holes: [new Float32Array([1, 1, 2, 1, 2, 2])] };
  const plate: MassProperties2D = mp.polygon(outline, polygonOptions);
  const plateByMass: MassProperties2D = mp.polygon(outline, { mass: 3 });
  const c2: Vec2 = plate.centroid;
  const t2: Mat2 = plate.inertia;
  const angle: number = plate.principalAngle;
  const polar: number = plate.polarMoment;
  const place: Transform2DOptions = { position: { x: 1, y: 2 }, angle: Math.PI / 2 };
  const placed: MassProperties2D = mp.transform2d(plate, place);
  const asBody: Body2DLike = placed;
  const parts2d: CombinePart2D[] = [asBody, { body: plateByMass, subtract: true }];
  const compound: MassProperties2D = mp.combine2d(parts2d);
  const rectangleSides: Vec2 = equivalentBox(plate);
  const boxSides: Vec3 = equivalentBox(tetra);
  const ellipse: Vec2 = equivalentEllipsoid(compound);
  const radii3: Vec3 = radiiOfGyration(tetra);
  const radii2: Vec2 = radiiOfGyration(plate);
  const perUnit: PerUnitMass = inertiaPerUnitMass(tetra);
  const perUnit2: PerUnitMass2D = inertiaPerUnitMass(plate);
  const solid: boolean = isSolid(tetra) && isSolid(plate);
  // @ts-expect-error density and mass together
  mp.polygon(outline, { density: 1, mass: 2 });
  // @ts-expect-error points are a typed array of x, y pairs
  mp.polygon([{ x: 0, y: 0 }]);
  // @ts-expect-error a 3-D result has three sides
  const wrongSides: Vec2 = equivalentBox(tetra);
  void [
    c2,
    t2,
    angle,
    polar,
    rectangleSides,
    boxSides,
    ellipse,
    radii3,
    radii2,
    perUnit,
    perUnit2,
    solid,
    wrongSides,
    anyTyped,
  ];

  return [
    codes.length,
    Number(closed),
    counts,
    Number(inverted),
    areaOrZero,
    scalars,
    aboutCorner[0],
    q[3],
    w[0],
    l[0],
    energy,
    surfaceCentroid?.[0] ?? 0,
    asError.message.length,
    badCode.length,
    short.length,
  ].length;
}

// Units, the bounding box and convertUnits.
export async function units(positions: Float32Array): Promise<number> {
  const { init: load, convertUnits, LENGTH_UNITS, MASS_UNITS, MATERIALS } = await import('mass-properties');
  const mp = await load();
  const r = mp.mesh(positions, null, { units: 'mm', density: 1240 });
  const size: number = r.bounds.max[0] - r.bounds.min[0]; // a mesh result always has bounds
  const printed = convertUnits(r, { length: 'mm', mass: 'g' });
  const grams: number = printed.mass;
  const plate = convertUnits(mp.polygon(new Float64Array([0, 0, 1, 0, 0, 1]), { density: 7.2 }), { length: 'mm' });
  const shell = convertUnits(mp.mesh(positions, null, { mode: 'shell' }), { length: 'cm', perArea: true });
  const area: number = plate.area + shell.volume;
  const shape = mp.box(1, 2, 3, { units: 0.0254, mass: 2 });
  const none: number = shape.bounds?.min[0] ?? 0;
  // @ts-expect-error furlongs are not a unit
  mp.mesh(positions, null, { units: 'furlong' });
  return size + grams + area + none + LENGTH_UNITS.in + MASS_UNITS.lb + MATERIALS.pla;
}
