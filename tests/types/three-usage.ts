// Uses every export of mass-properties/three as a three.js app would; must pass tsc --strict.
import {
  BoxGeometry,
  Group,
  InstancedMesh,
  Matrix3,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  Quaternion,
  Scene,
  Vector3,
} from 'three';
import { init, MassPropertiesError, measureParts } from 'mass-properties';
import type { MassProperties, MeshMassProperties } from 'mass-properties';
import {
  bakeMeshes,
  computeMassProperties,
  equivalentEllipsoid,
  MassPropertiesHelper,
  measureGeometry,
  toCenterOfMassVector3,
  toEllipsoidVector3,
  toMatrix3,
  toQuaternion,
  toVector3,
} from 'mass-properties/three';
import type {
  BakedPart,
  ComputeOptions,
  MassPropertiesHelperOptions,
  MeasuredPart,
  MeshMode,
  SceneMassProperties,
} from 'mass-properties/three';

async function main(): Promise<void> {
  const mp = await init();
  const scene = new Scene();
  const group = new Group();
  const box = new Mesh(new BoxGeometry(1, 2, 3), new MeshStandardMaterial());
  box.userData.density = 2700;
  group.add(box);
  const instances = new InstancedMesh(new BoxGeometry(1, 1, 1), new MeshStandardMaterial(), 2);
  instances.setMatrixAt(1, new Matrix4().makeTranslation(3, 0, 0));
  scene.add(group, instances);

  const options: ComputeOptions = {
    density: (mesh: Mesh, instanceId: number | undefined) => (instanceId === undefined ? mesh.userData.density : 1),
    visibleOnly: true,
  };
  // @ts-expect-error a misspelled option is a type error (and an INVALID_OPTIONS error at run time)
  computeMassProperties(mp, scene, { densty: 2 });

  // Mode, thickness and weld per mesh, like density: a value, or a function of the mesh and instance.
  const sheetMetal: ComputeOptions = {
    mode: (mesh: Mesh) => (mesh.userData.sheet ? 'shell' : undefined),
    thickness: (mesh: Mesh, instanceId: number | undefined) =>
      mesh.userData.sheet && instanceId === undefined ? 0.002 : undefined,
    weld: { relative: 1e-6 },
  };
  computeMassProperties(mp, scene, { mode: 'convex', weld: 1e-4, units: 'mm' });
  computeMassProperties(mp, scene, sheetMetal);
  // @ts-expect-error an unknown mode is a type error (and an INVALID_OPTIONS error naming the mesh at run time)
  computeMassProperties(mp, scene, { mode: 'hollow' });

  const baked: BakedPart[] = bakeMeshes(scene, { visibleOnly: true });
  const positions: Float64Array = baked[0].positions;
  const indices: Uint32Array | null = baked[0].indices;
  const mode: MeshMode | undefined = baked[0].mode; // undefined: the core's default
  const thickness: number | undefined = baked[0].thickness;
  // Baked parts measured elsewhere (e.g. in a worker) with the package's measureParts.
  const elsewhere = measureParts(mp, baked);
  const maybeBody: MassProperties | null = elsewhere.body;
  const firstElsewhere = elsewhere.parts[0];
  console.log(
    maybeBody?.mass,
    firstElsewhere.mesh,
    firstElsewhere.instanceId,
    firstElsewhere.result?.mass,
    firstElsewhere.error?.code,
  );

  const { body, parts }: SceneMassProperties = computeMassProperties(mp, scene, options);
  const first: MeasuredPart = parts[0];
  if (first.error) {
    const e: MassPropertiesError = first.error;
    console.log(e.code);
  } else {
    const r: MassProperties = first.result;
    console.log(r.mass);
  }
  const center: Vector3 = toCenterOfMassVector3(body);
  const legacyCenter: Vector3 = toVector3(body); // deprecated alias, still typed

  // What three.js hands out type-checks as it is (BufferAttribute.array is typed as any TypedArray;
  // the run-time check still refuses what the core cannot read).
  const geometry = new BoxGeometry(1, 2, 3);
  const fromArrays: MeshMassProperties = mp.mesh(geometry.attributes.position.array, geometry.index?.array);
  const fromArraysWithOptions = mp.mesh(geometry.attributes.position.array, geometry.index?.array, { density: 2 });
  const diagnosed = mp.inspect(geometry.getAttribute('position').array, geometry.getIndex()?.array);
  const fromGeometry: MeshMassProperties = measureGeometry(mp, geometry, { density: 2700 });
  // @ts-expect-error a plain array is still not a typed array
  mp.mesh([0, 0, 0], null);

  // Which meshes count, and the frame of the results.
  const filtered: SceneMassProperties = computeMassProperties(mp, scene, {
    filter: (mesh: Mesh) => mesh.name !== 'floor',
    frame: 'world',
  });
  computeMassProperties(mp, box, { frame: 'local' });
  // @ts-expect-error frames are 'parent', 'world' or 'local'
  computeMassProperties(mp, box, { frame: 'object' });
  console.log(legacyCenter, fromArrays, fromArraysWithOptions, diagnosed, fromGeometry, filtered);
  const tensor: Matrix3 = toMatrix3(body, new Matrix3());
  const frame: Quaternion = toQuaternion(body);
  const semiAxes: Vector3 = toEllipsoidVector3(body);
  const sameSemiAxes: [number, number, number] = equivalentEllipsoid(body);
  console.log(sameSemiAxes);

  const helperOptions: MassPropertiesHelperOptions = {
    axisColors: [0xff0000, 'green', '#0000ff'],
    ellipsoidOpacity: 0.2,
  };
  const helper = new MassPropertiesHelper(body, helperOptions);
  scene.add(helper);
  helper.update(mp.box(1, 1, 1));
  const drawn: MassProperties | null = helper.result;
  helper.dispose();
  console.log(
    positions.length,
    indices,
    mode,
    thickness,
    center,
    tensor,
    frame,
    semiAxes,
    helper.isMassPropertiesHelper,
    drawn,
  );
}

void main();
