#!/usr/bin/env python3
"""Writes the hand-made seeds of tests/fuzz/corpus/: valid inputs of each target's byte format
(decoded by the Bytes reader in fuzz_common.h), so fuzzing starts from closed meshes and real
bodies instead of having to discover them. Run from the repository root; rewrites the seed-*
files only (crash-* reproducers are kept)."""
import os
import struct

CUBE = [(x, y, z) for z in (0, 1) for y in (0, 1) for x in (0, 1)]
# Outward winding, two triangles per face.
QUADS = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
CUBE_TRIS = [i for a, b, c, d in QUADS for i in (a, b, c, a, c, d)]
TETRA = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
TETRA_TRIS = [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3]


def grid(v):  # mode 1: int8 * 0.25
    return struct.pack('b', int(v * 4))


def mesh(verts, tris, index_type=1, float32=False, mode=1, exponent=0, flip=False, tail=b'', mesh_mode=0):
    """mass options (density 1), mesh options (0 solid, 1 shell, 2 convex), flags, vertex count, lengths, triangle count, exponent,
    coordinates, indices; see decode() in fuzz_mesh.cpp."""
    if flip:
        tris = [t for k in range(0, len(tris), 3) for t in (tris[k], tris[k + 2], tris[k + 1])]
    if index_type == 0:  # non-indexed: every corner its own vertex
        verts, tris = [verts[i] for i in tris], []
    flags = index_type | (4 if float32 else 0) | (mode << 3)
    out = bytes([0, mesh_mode, flags, len(verts), 0, len(tris) // 3, exponent & 0xff])
    for v in verts:
        for x in v:
            if mode == 0:
                out += struct.pack('<f' if float32 else '<d', x)
            elif mode == 5:  # grid point plus a zero jitter
                out += grid(x) + b'\x00'
            else:
                out += grid(x)
    fmt = {1: 'B', 2: '<H', 3: '<I'}.get(index_type)
    for i in tris:
        out += struct.pack(fmt, i)
    return out + tail


def number(x):
    """A Bytes::number() of kind 4: 0.125 + a / 16 + b / 4096."""
    a = round((x - 0.125) * 16)
    return bytes([4, a, 0])


def write(target, name, data):
    d = os.path.join('tests/fuzz/corpus', target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'seed-' + name), 'wb') as f:
        f.write(data)


write('fuzz_mesh', 'cube-u8', mesh(CUBE, CUBE_TRIS, 1))
write('fuzz_mesh', 'cube-u16-f32', mesh(CUBE, CUBE_TRIS, 2, float32=True))
write('fuzz_mesh', 'cube-u32-inverted', mesh(CUBE, CUBE_TRIS, 3, flip=True))
write('fuzz_mesh', 'cube-soup-welded', mesh(CUBE, CUBE_TRIS, 0, tail=b'\x01' + bytes(range(1, 109))))
write('fuzz_mesh', 'cube-raw-f64', mesh(CUBE, CUBE_TRIS, 1, mode=0))
write('fuzz_mesh', 'cube-far', mesh(CUBE, CUBE_TRIS, 1, mode=4, exponent=3))  # offset 2^27
write('fuzz_mesh', 'cube-jitter', mesh(CUBE, CUBE_TRIS, 2, mode=5))
write('fuzz_mesh', 'tetra-f32-raw', mesh(TETRA, TETRA_TRIS, 3, float32=True, mode=0))
write('fuzz_mesh', 'cube-shell', mesh(CUBE, CUBE_TRIS, 1, mesh_mode=1))
write('fuzz_mesh', 'cube-convex', mesh(CUBE, CUBE_TRIS, 1, mesh_mode=2))
write('fuzz_mesh', 'open-cube', mesh(CUBE, CUBE_TRIS[:-6], 1))
write('fuzz_mesh', 'two-cubes', mesh(CUBE + [(x + 2, y, z) for x, y, z in CUBE], CUBE_TRIS + [i + 8 for i in CUBE_TRIS], 1))

# shape, mass options (by mass, value from number()), equal-size flags, three sizes.
for shape, name in enumerate(['box', 'sphere', 'ellipsoid', 'cylinder', 'capsule', 'cone']):
    write('fuzz_shapes', name, bytes([shape, 0, 0]) + number(1.0) + number(2.0) + number(0.5))
write('fuzz_shapes', 'capsule-by-mass', bytes([4, 3, 6]) + number(3.0) + number(1.0) + number(1.0) + number(1.0))

# count; per part a body (kind 3: a shape; mass options, shape, three sizes, moved or not) and
# whether it is a hole; then per part the transform, point and rotation of the checks.
box = bytes([3, 0, 0, 33, 65, 97])
moved = bytes([1, 0, 8, 0, 0, 1, 0, 0, 3, 4, 16, 16, 16])  # by (1, 0, 0), rotated, scale 1
checks = bytes([4, 0, 0, 0, 1, 0, 0, 0, 1, 1]) + bytes([1, 2, 0, 2, 0, 2, 0, 4, 4, 4, 1, 0, 0, 0, 1])
write('fuzz_bodies', 'box-moved', bytes([1]) + box + moved + bytes([0]) + checks)
hole = bytes([3, 0, 0, 9, 9, 9, 0])
write('fuzz_bodies', 'box-with-hole', bytes([2]) + box + moved + bytes([0]) + hole + bytes([1]) + checks + checks)
flat = bytes([2, 33, 33, 2, 0, 2, 0, 2, 0]) + number(1.125) + number(1.125) + bytes([1, 0, 1, 1, 2, 3, 4])
write('fuzz_bodies', 'chosen-moments-flat', bytes([1]) + flat + bytes([0]) + checks)

# moments kind (3: two sizes then a third), orientation, velocity flags, duration, time step.
write('fuzz_spin', 'asymmetric', bytes([3, 16, 32, 24, 1, 0, 0, 0, 0, 8, 4, 12, 64]))
write('fuzz_spin', 'symmetric-long', bytes([1, 16, 32, 1, 0, 0, 0, 0, 2, 4, 8, 1, 1, 1, 100, 0xff, 0xff]))
write('fuzz_spin', 'flat', bytes([2, 16, 32, 5, 1, 0, 0, 0, 0, 3, 2, 7, 12, 255]))

# mass options; the outline (head: point count | 64 for points of the 1/4 grid, then int8 pairs);
# the number of holes and each hole like the outline. See makeRing() in fuzz_polygon.cpp.
def ring(points):
    return bytes([len(points) | 64]) + b''.join(grid(x) + grid(y) for x, y in points)


def polygon(outer, holes=()):
    return bytes([0]) + ring(outer) + bytes([len(holes)]) + b''.join(ring(h) for h in holes)


def square(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


write('fuzz_polygon', 'square-with-hole', polygon(square(-4, -4, 4, 4), [square(-1, -1, 1, 1)[::-1]]))
write('fuzz_polygon', 'l-shape', polygon([(0, 0), (3, 0), (3, 1), (1, 1), (1, 3), (0, 3)]))
write('fuzz_polygon', 'triangle-clockwise', polygon([(0, 0), (0, 2), (3, 1)]))
write('fuzz_polygon', 'bow-tie', polygon([(0, 0), (2, 1), (2, 0), (0, 2)]))
write('fuzz_polygon', 'two-holes', polygon(square(0, 0, 10, 10), [square(1, 1, 2, 2), square(5, 5, 7, 6)]))
write('fuzz_polygon', 'keyhole', polygon([(0, 0), (4, 0), (4, 4), (2, 4), (2, 3), (3, 3), (3, 1), (1, 1), (1, 3), (2, 3), (2, 4), (0, 4)]))
