// --poses: how a measured model rests on a floor. Every vertex of its meshes (in metres, in the
// frame its body was measured in) and its body's center of mass go to mp.restingPoses.
import { bakeMeshes } from 'mass-properties/three';

// The vertices of a glTF-Transform document's default scene, node transforms applied.
function documentPoints(document) {
  const root = document.getRoot();
  const scene = root.getDefaultScene() ?? root.listScenes()[0];
  const points = [];
  const p = [0, 0, 0];
  scene?.traverse((node) => {
    const m = node.getWorldMatrix();
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const position = primitive.getAttribute('POSITION');
      for (let v = 0, n = position?.getCount() ?? 0; v < n; v++) {
        position.getElement(v, p);
        for (let i = 0; i < 3; i++) points.push(m[i] * p[0] + m[4 + i] * p[1] + m[8 + i] * p[2] + m[12 + i]);
      }
    }
  });
  return points;
}

const objectPoints = (object) => bakeMeshes(object).flatMap((part) => Array.from(part.positions));

/**
 * The resting poses of a loaded model whose body (in SI) was measured with its coordinates in
 * `metres` per unit: `{ poses }`, or `{ error: { code, message } }` when it has none (flat, or
 * its center of mass outside its hull).
 */
export function restingPosesOf(mp, model, body, metres) {
  const points = new Float64Array(model.document ? documentPoints(model.document) : objectPoints(model.object));
  for (let i = 0; i < points.length; i++) points[i] *= metres;
  // Only the vertices matter: a fan over them all hands every one to the hull.
  const n = points.length / 3;
  const fan = new Uint32Array(3 * Math.max(0, n - 2));
  for (let k = 0; k + 2 < n; k++) fan.set([0, k + 1, k + 2], 3 * k);
  try {
    return { poses: mp.restingPoses(points, fan, { centerOfMass: body.centerOfMass }) };
  } catch (error) {
    if (typeof error?.code !== 'string') throw error;
    return { error: { code: error.code, message: error.message } };
  }
}
