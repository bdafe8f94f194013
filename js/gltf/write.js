// Writing KHR_physics_rigid_bodies motion onto a Document, as a glTF-Transform transform.
import { readOptions } from '../options.js';
import { fail } from '../errors.js';
import { metresPer } from '../units.js';
import { KHRPhysicsRigidBodies, KHR_PHYSICS_RIGID_BODIES } from './extension.js';
import { MEASURE_KEYS, measureDocument, sceneOf } from './measure.js';
import { motionFromResult } from './motion.js';
import { forEachNode } from './traverse.js';

const BODY_NAME = 'mass-properties body';

function extensionOf(document) {
  return (
    document
      .getRoot()
      .listExtensionsUsed()
      .find((e) => e.extensionName === KHR_PHYSICS_RIGID_BODIES) ?? document.createExtension(KHRPhysicsRigidBodies)
  );
}

// The node that carries one body for the whole scene: its only root node, or a new root that
// takes the old roots as children (an identity transform, so their placement is unchanged).
function sceneBodyNode(document, scene) {
  const roots = scene.listChildren();
  if (roots.length === 1) return roots[0];
  const node = document.createNode(BODY_NAME);
  for (const root of roots) {
    scene.removeChild(root);
    node.addChild(root);
  }
  scene.addChild(node);
  return node;
}

/**
 * A glTF-Transform transform (`await document.transform(writeMotion(mp, options))`) that measures
 * the document as measureDocument does and writes a KHR_physics_rigid_bodies motion onto every
 * mesh node (`body: 'nodes'`, the default: each node its own rigid body) or one motion for the
 * whole scene (`body: 'scene'`). Other options are measureDocument's. Nodes that cannot be
 * measured get no motion; their errors are logged as warnings.
 */
export function writeMotion(mp, options = {}) {
  const { body: mode = 'nodes', ...measureOptions } = readOptions(options, ['body', ...MEASURE_KEYS]);
  if (mode !== 'nodes' && mode !== 'scene')
    fail('INVALID_OPTIONS', `options.body must be 'nodes' or 'scene', got ${String(mode)}`);
  return function massPropertiesMotion(document) {
    const measured = measureDocument(mp, document, measureOptions);
    const extension = extensionOf(document);
    const logger = document.getLogger();
    // Results are in metres; with `units` the node's frame is scaled to metres as well, so the
    // centre of mass lands in the node's own coordinates.
    const s = metresPer(measureOptions.units);
    const put = (node, result, matrix) =>
      node.setExtension(
        KHR_PHYSICS_RIGID_BODIES,
        extension
          .createMotion()
          .fromJSON(motionFromResult(result, s === 1 ? matrix : matrix.map((x, i) => (i % 4 === 3 ? x : x * s)))),
      );
    if (mode === 'scene') {
      const target = sceneBodyNode(document, sceneOf(document, measureOptions.scene));
      // One body: a motion left on a descendant would make it an independent body again.
      forEachNode(target.listChildren(), (node) => node.setExtension(KHR_PHYSICS_RIGID_BODIES, null));
      put(target, measured.body, target.getWorldMatrix());
    } else {
      for (const part of measured.parts) {
        if (part.result) put(part.node, part.result, part.matrix);
        else logger.warn(`${KHR_PHYSICS_RIGID_BODIES}: ${part.name || 'a node'} not measured: ${part.error.message}`);
      }
    }
    return measured;
  };
}
