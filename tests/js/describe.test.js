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
  expect(repairs({ openShells: 1 })).toBe('1 piece bounds nothing and was left out');
  expect(repairs({ openShells: 2 })).toBe('2 pieces bound nothing and were left out');
  expect(repairs({ openShells: 1, fins: 1 })).toBe('1 piece bounds nothing and was left out (a fin)');
  expect(repairs({ openShells: 4, flatPieces: 1, twistedPieces: 3 })).toBe(
    '4 pieces bound nothing and were left out (a flat sheet, 3 Möbius bands)',
  );
  const open = texts({ ...CLEAN, closed: false, boundaryEdges: 1000, holes: 1, shells: 2 });
  expect(open).toContain('open mesh: 1,000 boundary edges around 1 hole');
  expect(open).toContain('2 pieces (edge-connected shells)');
  expect(texts({ ...CLEAN, inconsistentEdges: 1, consistentWinding: false })).toContain(
    'inconsistent winding on 1 edge',
  );
});

test('repairs say what they did; the shell and hull modes say how they measured instead of repairs', () => {
  expect(describeDiagnostics({ ...CLEAN, repairs: { ...NO_REPAIRS, intersectingShells: 2 } }).at(-1)).toEqual({
    level: 'info',
    text: '2 pieces touch or cross without sharing volume',
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

// Issue 17's repairs, each with what it did to the numbers. Absent fields (an older core) read
// as before: an exact result, overlaps counted twice.
describe('what each repair did to the numbers', () => {
  const lines = (r, how) => describeDiagnostics({ ...CLEAN, repairs: { ...NO_REPAIRS, ...r } }, how).slice(1);

  test('an overlap counted once says how much it took off, in the unit and as a share of the volume', () => {
    expect(
      lines({ intersectingShells: 2, intersectingTriangles: 312, overlapVolume: 0.17 }, { lengthUnit: 'm' }),
    ).toEqual([{ level: 'info', text: 'the overlap of 2 pieces counted once (312 triangles split): −0.17 m³' }]);
    expect(lines({ selfIntersectingShells: 1, overlapVolume: 0.5 }, { lengthUnit: 'mm', volume: 20 }).at(-1).text).toBe(
      'the overlap of 1 piece with itself counted once: −0.5 mm³ (−2.5 %)',
    );
    expect(lines({ intersectingShells: 1, selfIntersectingShells: 2, overlapVolume: 1e-3 }).at(-1).text).toBe(
      'the overlap of 1 piece and of 2 pieces with themselves counted once: −0.001',
    );
  });

  test('pieces that cross without sharing volume say so', () => {
    expect(lines({ intersectingShells: 2, overlapVolume: 0 })).toEqual([
      { level: 'info', text: '2 pieces touch or cross without sharing volume' },
    ]);
  });

  test('a non-planar hole says it was closed where w = 1/2, the change, and how exact', () => {
    const hole = { cappedHoles: 3, capArea: 0.004, windingCorrection: 0.002, exact: false, relativeError: 8e-8 };
    expect(lines(hole, { lengthUnit: 'm', volume: 1 })).toEqual([
      {
        level: 'info',
        text: '3 holes closed where the winding number is 1/2, 0.4 % of the surface: +0.002 m³ (+0.2 %), numerical, error below 8e-8',
      },
    ]);
    // Planar holes (or an older core): the flat caps, as before.
    expect(lines({ cappedHoles: 1, capArea: 0.004, windingCorrection: 0, exact: true })[0].text).toBe(
      '1 hole closed, 0.4 % of the surface',
    );
  });

  test('caps that carry most of the surface warn in a sentence of their own; pieces left out warn', () => {
    expect(lines({ cappedHoles: 11, capArea: 0.88 })).toEqual([
      { level: 'warn', text: '11 holes closed, 88 % of the surface' },
      { level: 'warn', text: 'the caps carry 88 % of the surface: this is hardly a solid' },
    ]);
    expect(lines({ openShells: 2 })[0].level).toBe('warn');
  });
});
