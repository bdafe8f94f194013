// What --write did to each body, in words: which geometry it was measured from and what it got.
const quoted = (name) => (name ? `"${name}"` : '(unnamed)');

// The kinds of a body's parts, counted: "box, 2 spheres" reads better than "box, sphere, sphere".
function kinds(parts) {
  const counts = new Map();
  for (const part of parts) counts.set(part.kind, (counts.get(part.kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n === 1 ? kind : `${n} × ${kind}`)).join(', ');
}

const SOURCES = { colliders: 'its colliders', meshes: 'its render meshes (it has no collider)', none: 'nothing' };

/** One line per body for writeMotion's result (either of its two forms). */
export function describeWritten(written) {
  if (!written.bodies) {
    // A document without rigid-body physics: every mesh node (or the scene) measured from its render mesh.
    return written.parts.map((part) =>
      part.result
        ? `body ${quoted(part.name)}: measured from its render mesh`
        : `node ${quoted(part.name)}: no motion written (${part.error.message})`,
    );
  }
  if (written.bodies.length === 0) return ['no node has a motion: nothing to complete (no new bodies are made)'];
  return written.bodies.map((body) => {
    const from = body.parts.length ? `${SOURCES[body.source]}: ${kinds(body.parts)}` : SOURCES[body.source];
    const what = [
      body.kept.length ? `kept ${body.kept.join(', ')}` : null,
      body.filled.length ? `filled ${body.filled.join(', ')}` : body.note ? null : 'nothing to fill',
      body.note,
    ].filter(Boolean);
    const notes = body.parts.filter((p) => p.note).map((p) => `; ${p.name}: ${p.note}`);
    return `body ${quoted(body.name)} measured from ${from}; ${what.join('; ')}${notes.join('')}`;
  });
}
