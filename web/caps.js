// What the solid mode added to close a mesh: each hole's boundary loop (mp.holes, computed in the
// worker) drawn as an outline, and the cap the core measures with, the fan from the mean of the
// loop's vertices, as translucent triangles. Both are in the measured model's frame.
import * as THREE from 'three';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';
import { LineSegments2 } from 'three/addons/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/addons/lines/LineSegmentsGeometry.js';

export const CAP_COLOR = 0xff4fd8; // apart from the axes, the center marker and the ellipsoid
const OUTLINE_WIDTH = 2.5; // px: WebGL draws plain lines 1 px wide whatever is asked

// The loop's segments (closed: the last vertex joins the first) and its fan from the mean, as
// flat xyz arrays appended to `segments` and `fan`.
function addLoop(loop, segments, fan) {
  const n = loop.length / 3;
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) mean[k] += loop[3 * i + k] / n;
  for (let i = 0; i < n; i++) {
    const a = loop.subarray(3 * i, 3 * i + 3);
    const b = loop.subarray(3 * ((i + 1) % n), 3 * ((i + 1) % n) + 3);
    segments.push(...a, ...b);
    fan.push(...mean, ...a, ...b);
  }
}

/** The caps of one model: set its loops with setLoops; `loopCount` says how many are drawn. */
export class HoleCaps extends THREE.Group {
  constructor() {
    super();
    this.name = 'hole caps';
    this.loopCount = 0;
    this.outline = new LineSegments2(
      new LineSegmentsGeometry(),
      new LineMaterial({ color: CAP_COLOR, linewidth: OUTLINE_WIDTH, toneMapped: false }),
    );
    this.fill = new THREE.Mesh(
      new THREE.BufferGeometry(),
      new THREE.MeshBasicMaterial({
        color: CAP_COLOR,
        transparent: true,
        opacity: 0.3,
        side: THREE.DoubleSide,
        depthWrite: false,
        toneMapped: false,
      }),
    );
    this.add(this.fill, this.outline);
  }

  /** Draws `loops` (Float64Arrays of xyz positions, as mp.holes gives them); none clears. */
  setLoops(loops = []) {
    const segments = [];
    const fan = [];
    for (const loop of loops) addLoop(loop, segments, fan);
    this.loopCount = loops.length;
    this.outline.geometry.dispose();
    this.outline.geometry = new LineSegmentsGeometry();
    if (segments.length > 0) this.outline.geometry.setPositions(segments);
    this.fill.geometry.dispose();
    this.fill.geometry = new THREE.BufferGeometry();
    this.fill.geometry.setAttribute('position', new THREE.Float32BufferAttribute(fan, 3));
    this.outline.visible = this.fill.visible = segments.length > 0;
  }

  dispose() {
    for (const object of [this.outline, this.fill]) {
      object.geometry.dispose();
      object.material.dispose();
    }
  }
}
