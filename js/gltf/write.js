// Writing KHR_physics_rigid_bodies motion onto a Document, as a glTF-Transform transform.
import { readOptions } from '../options.js';
import { fail } from '../errors.js';
import { metresPer } from '../units.js';
import { completeMotions } from './complete.js';
import { KHRPhysicsRigidBodies, KHR_PHYSICS_RIGID_BODIES, PHYSICS_SLOTS } from './extension.js';
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

// A document whose author already wrote rigid-body physics (a motion, collider, trigger or joint
// on some node): its bodies are completed, and no node becomes a body it was not.
function hasPhysics(document) {
  const slots = [PHYSICS_SLOTS.motion, PHYSICS_SLOTS.collider, PHYSICS_SLOTS.trigger, PHYSICS_SLOTS.joint];
  return document
    .getRoot()
    .listNodes()
    .some((node) => slots.some((slot) => node.getExtension(slot)));
}

function logBodies(document, bodies) {
  const logger = document.getLogger();
  for (const body of bodies) {
    const what = body.filled.length ? `filled ${body.filled.join(', ')}` : 'nothing filled';
    logger.info(`${KHR_PHYSICS_RIGID_BODIES}: ${body.name || 'a node'}: ${what} (from ${body.source})`);
    for (const part of body.parts)
      if (part.note) logger.warn(`${KHR_PHYSICS_RIGID_BODIES}: ${body.name || 'a node'}: ${part.name}: ${part.note}`);
  }
}

/**
 * A glTF-Transform transform (`await document.transform(writeMotion(mp, options))`).
 *
 * On a document that already has KHR_physics_rigid_bodies physics, it completes the motions its
 * author wrote (complete.js): only the mass properties left out, only on nodes with a motion,
 * measured from each body's colliders (its render meshes when it has none); `replace: true`
 * recomputes the mass properties of every non-kinematic motion. Returns `{ bodies }`, a report
 * per body (which geometry it was measured from, what was filled).
 *
 * Otherwise (or with `body: 'scene'`) it measures the document as measureDocument does and writes
 * a motion onto every mesh node (`body: 'nodes'`, the default: each node its own rigid body) or
 * one motion for the whole scene (`body: 'scene'`). Nodes that cannot be measured get no motion;
 * their errors are logged as warnings. Returns measureDocument's `{ body, parts }`.
 */
export function writeMotion(mp, options = {}) {
  const {
    body: mode = 'nodes',
    replace = false,
    ...measureOptions
  } = readOptions(options, ['body', 'replace', ...MEASURE_KEYS]);
  if (mode !== 'nodes' && mode !== 'scene')
    fail('INVALID_OPTIONS', `options.body must be 'nodes' or 'scene', got ${String(mode)}`);
  if (typeof replace !== 'boolean')
    fail('INVALID_OPTIONS', `options.replace must be true or false, got ${String(replace)}`);
  return function massPropertiesMotion(document) {
    if (mode === 'nodes' && hasPhysics(document)) {
      if (measureOptions.mass !== undefined)
        fail('INVALID_OPTIONS', 'options.mass is for documents without rigid bodies: here each body has its own mass');
      const bodies = completeMotions(mp, document, { replace, ...measureOptions });
      logBodies(document, bodies);
      return { bodies };
    }
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
