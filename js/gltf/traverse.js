// Walking a node hierarchy with world matrices, without recursion (a glTF may nest nodes 100,000
// deep, past any call stack) and refusing one that is not a tree (glTF 2.0, 3.5.1), which would
// otherwise be walked forever.
import { fail } from '../errors.js';

export const IDENTITY = Object.freeze([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

/** a·b of column-major 4×4 matrices. */
export function multiply(a, b) {
  const out = new Array(16);
  for (let column = 0; column < 4; column++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[4 * k + row] * b[4 * column + k];
      out[4 * column + row] = sum;
    }
  }
  return out;
}

const label = (node) => (node.getName() ? `node "${node.getName()}"` : 'an unnamed node');

/**
 * Calls `visit(node, worldMatrix)` for every node under `roots` (these included), depth first in
 * document order; `matrix` is the roots' parent frame (default identity). A node reached twice
 * (a cycle, or a child of two parents) is INVALID_FILE.
 */
export function forEachNode(roots, visit, matrix = IDENTITY) {
  const seen = new Set();
  const stack = [];
  const push = (nodes, parent) => {
    for (let k = nodes.length - 1; k >= 0; k--) stack.push({ node: nodes[k], parent });
  };
  push(roots, matrix);
  while (stack.length > 0) {
    const { node, parent } = stack.pop();
    if (seen.has(node))
      fail('INVALID_FILE', `not valid glTF: ${label(node)} is reached twice (the nodes form no tree)`);
    seen.add(node);
    const world = multiply(parent, node.getMatrix());
    visit(node, world);
    push(node.listChildren(), world);
  }
}
