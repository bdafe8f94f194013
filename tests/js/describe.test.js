// Diagnostics in words, the one wording of the command line and the demo: counts with their
// plurals right, and each sentence from the field it describes.
import { init, describeDiagnostics } from '../../js/index.js';
import { CLOSED_CUBE_DIAGNOSTICS, box, concat, flip } from './helpers/meshes.js';

let mp;
beforeAll(async () => {
  mp = await init();
});

const CLEAN = CLOSED_CUBE_DIAGNOSTICS;
const NO_REPAIRS = CLEAN.repairs;
const texts = (d, how) => describeDiagnostics(d, how).map((line) => line.text);
const repairs = (r) => texts({ ...CLEAN, repairs: { ...NO_REPAIRS, ...r } }).at(-1);

test('a clean closed mesh reads as such; a body without diagnostics has no words', () => {
  expect(describeDiagnostics(CLEAN)).toEqual([
    { level: 'ok', text: 'closed and consistently wound' },
    { level: 'ok', text: 'nothing repaired' },
  ]);
  expect(describeDiagnostics(null)).toEqual([]);
});

test('one of a thing is singular, two are plural: shells, cavities, holes, triangles, edges', () => {
  expect(repairs({ invertedShells: 1 })).toBe('1 shell turned outward');
  expect(repairs({ invertedShells: 2 })).toBe('2 shells turned outward');
  expect(repairs({ cavities: 1 })).toBe('1 cavity');
  expect(repairs({ cavities: 3 })).toBe('3 cavities');
  expect(repairs({ cappedHoles: 1, capArea: 0.004 })).toBe('1 hole closed, 0.4 % of the surface');
  expect(repairs({ flippedTriangles: 1, duplicateTriangles: 2 })).toBe(
    '1 triangle flipped; 2 repeated triangles left out',
  );
  expect(repairs({ openShells: 1 })).toBe('1 open piece that cannot be closed left out');
  const open = texts({ ...CLEAN, closed: false, boundaryEdges: 1000, holes: 1, shells: 2 });
  expect(open).toContain('open mesh: 1,000 boundary edges around 1 hole');
  expect(open).toContain('2 pieces (edge-connected shells)');
  expect(texts({ ...CLEAN, inconsistentEdges: 1, consistentWinding: false })).toContain(
    'inconsistent winding on 1 edge',
  );
});

test('doubtful repairs warn; the shell and hull modes say how they measured instead of repairs', () => {
  expect(describeDiagnostics({ ...CLEAN, repairs: { ...NO_REPAIRS, intersectingShells: 2 } }).at(-1)).toEqual({
    level: 'warn',
    text: '2 shells cross each other (overlaps count twice)',
  });
  expect(texts(CLEAN, { mode: 'shell', thickness: 2, lengthUnit: 'mm' }).at(-1)).toBe(
    'measured as a shell 2 mm thick: the mass lies on the surface',
  );
  expect(texts({ ...CLEAN, hullFaces: 1 }, { mode: 'convex' }).at(-1)).toBe('measured as its convex hull (1 triangle)');
});

test('a hollow box measured by the core reads "1 cavity", and an inside-out cube "1 shell turned outward"', () => {
  const hollow = concat(box([0, 0, 0], [2, 2, 2]), flip(box([0.5, 0.5, 0.5], [1.5, 1.5, 1.5])));
  expect(texts(mp.mesh(hollow.positions, hollow.indices).diagnostics)).toEqual([
    'closed and consistently wound',
    '2 pieces (edge-connected shells)',
    '1 cavity',
  ]);
  const inside = flip(box([0, 0, 0], [1, 1, 1]));
  expect(texts(mp.mesh(inside.positions, inside.indices).diagnostics).at(-1)).toBe('1 shell turned outward');
});
