// Uses every export of mass-properties/three as a three.js app would; must pass tsc --strict.
import { BoxGeometry, Group, Matrix3, Mesh, MeshStandardMaterial, Quaternion, Scene, Vector3 } from 'three';
import { init, MassPropertiesError } from 'mass-properties';
import type { MassProperties } from 'mass-properties';
import {
  bakeMeshes,
  computeMassProperties,
  equivalentEllipsoid,
  MassPropertiesHelper,
  toMatrix3,
  toQuaternion,
  toVector3,
} from 'mass-properties/three';
import type { BakedPart, MeasuredPart, SceneMassProperties } from 'mass-properties/three';

async function main(): Promise<void> {
  const mp = await init();
  const scene = new Scene();
  const group = new Group();
  const box = new Mesh(new BoxGeometry(1, 2, 3), new MeshStandardMaterial());
  box.userData.density = 2700;
  group.add(box);
  scene.add(group);

  const baked: BakedPart[] = bakeMeshes(scene, { visibleOnly: true });
  const positions: Float64Array = baked[0].positions;
  const { body, parts }: SceneMassProperties = computeMassProperties(mp, scene, {
    density: (mesh: Mesh, instanceId: number | undefined) => (instanceId === undefined ? mesh.userData.density : 1),
  });
  const first: MeasuredPart = parts[0];
  if (first.error) {
    const e: MassPropertiesError = first.error;
    console.log(e.code);
  } else {
    const r: MassProperties = first.result;
    console.log(r.mass);
  }
  const center: Vector3 = toVector3(body);
  const tensor: Matrix3 = toMatrix3(body, new Matrix3());
  const frame: Quaternion = toQuaternion(body);
  const semiAxes: Vector3 = equivalentEllipsoid(body);

  const helper = new MassPropertiesHelper(body);
  scene.add(helper);
  helper.update(mp.box(1, 1, 1));
  helper.dispose();
  console.log(positions.length, center, tensor, frame, semiAxes, helper.isMassPropertiesHelper);
}

void main();
