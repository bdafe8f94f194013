// The rigid bodies of a document measured from their colliders. KHR_physics_rigid_bodies derives
// mass properties from the collision geometry, so a body (a node with a motion) is the colliders
// on its node and its descendants, down to — not into — a descendant with a motion of its own.
// Implicit shapes are measured in closed form, mesh colliders as meshes (convexHull: true as
// their convex hull); a body with no collider at all falls back to its render meshes.
import { metresPer } from '../units.js';
import { densityOf, describe, measureNode, readMeasureOptions, sceneOf } from './measure.js';
import { PHYSICS_SLOTS } from './physics-properties.js';
import { shapeMass } from './shape-mass.js';
import { forEachNode } from './traverse.js';

const hasMotion = (node) => Boolean(node.getExtension(PHYSICS_SLOTS.motion));

// The nodes of one body: its node and descendants, stopping at descendants with their own motion
// (a stack, not recursion: a glTF may nest nodes deeper than any call stack).
function membersOf(bodyNode) {
  const members = [];
  const stack = [bodyNode];
  while (stack.length > 0) {
    const node = stack.pop();
    members.push(node);
    const children = node.listChildren();
    for (let k = children.length - 1; k >= 0; k--) if (!hasMotion(children[k])) stack.push(children[k]);
  }
  return members;
}

// The mesh nodes of a geometry `node` and its descendants, placed by the collider's world matrix:
// the geometry is in the collider node's space, so the referenced node's own transform is not
// applied (it is often the collider node itself, or a node outside the scene), its children's are.
function geometryMeshes(geometryNode, colliderMatrix) {
  const out = geometryNode.getMesh() ? [{ node: geometryNode, matrix: colliderMatrix }] : [];
  forEachNode(
    geometryNode.listChildren(),
    (node, matrix) => {
      if (node.getMesh()) out.push({ node, matrix });
    },
    colliderMatrix,
  );
  return out;
}

function colliderParts(mp, o, s, member) {
  const geometry = member.getExtension(PHYSICS_SLOTS.collider).getGeometry();
  const name = describe(member);
  const world = member.getWorldMatrix();
  if (geometry?.getShape()) {
    const { kind, result, note } = shapeMass(mp, geometry.getShape(), world, {
      density: densityOf(o, member, null),
      s,
    });
    return [{ node: member, name, kind, result, note }];
  }
  if (geometry?.getNode()) {
    const convex = geometry.getConvexHull() === true;
    const kind = convex ? 'convex hull of a mesh' : 'mesh';
    const options = convex ? { ...o, mode: 'convex', thickness: undefined } : o;
    const meshes = geometryMeshes(geometry.getNode(), world);
    if (meshes.length === 0) return [{ node: member, name, kind, result: null, note: 'its geometry node has no mesh' }];
    return meshes.map((entry) => {
      const part = measureNode(mp, options, entry, 1);
      return { node: member, name, kind, result: part.result, note: part.error?.message ?? null };
    });
  }
  return [{ node: member, name, kind: 'none', result: null, note: 'its geometry names neither a shape nor a node' }];
}

function measureBody(mp, o, s, node) {
  const members = membersOf(node);
  const colliders = members.filter((member) => member.getExtension(PHYSICS_SLOTS.collider));
  let source = 'colliders';
  let parts = colliders.flatMap((member) => colliderParts(mp, o, s, member));
  if (colliders.length === 0) {
    source = 'meshes';
    parts = members
      .filter((member) => member.getMesh())
      .map((member) => {
        const part = measureNode(mp, o, { node: member, matrix: member.getWorldMatrix() }, 1);
        return {
          node: member,
          name: describe(member),
          kind: 'render mesh',
          result: part.result,
          note: part.error?.message ?? null,
        };
      });
    if (parts.length === 0) source = 'none';
  }
  const results = parts.filter((p) => p.result).map((p) => p.result);
  const result = results.length === 0 ? null : results.length === 1 ? results[0] : mp.combine(results);
  return { node, name: node.getName(), motion: node.getExtension(PHYSICS_SLOTS.motion), source, parts, result };
}

/**
 * Every rigid body (node with a KHR_physics_rigid_bodies motion) of a scene, measured in the
 * scene frame at the given densities: `[{ node, name, motion, source, parts, result }]`, where
 * `source` is 'colliders', 'meshes' (no collider: the render meshes) or 'none', and each part is
 * `{ node, name, kind, result, note }` (a note says why a part adds nothing: a plane, a disabled
 * shape, a mesh that could not be measured). Options are measureDocument's.
 */
export function measureBodies(mp, document, options) {
  const o = readMeasureOptions(options, mp);
  const s = metresPer(o.units);
  const bodyNodes = [];
  forEachNode(sceneOf(document, o.scene).listChildren(), (node) => {
    if (hasMotion(node)) bodyNodes.push(node);
  });
  return bodyNodes.map((node) => measureBody(mp, o, s, node));
}
