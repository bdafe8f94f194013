// Exact rational arithmetic with BigInt, and exact mass properties of closed triangle meshes.
//
// Every finite double (and every Float32 value, which is a double too) is a dyadic rational
// m·2^e with an integer mantissa m, so the signed-tetrahedron sums over a mesh are exact rational
// numbers of the very coordinates the library reads. Nothing here calls the library: these are
// the independent expected values of the tests.

const ZERO = 0n;
const ONE = 1n;

function abs(n) {
  return n < ZERO ? -n : n;
}

function gcd(a, b) {
  a = abs(a);
  b = abs(b);
  while (b !== ZERO) [a, b] = [b, a % b];
  return a;
}

function bitLength(n) {
  return n === ZERO ? 0 : abs(n).toString(2).length;
}

const scratch = new DataView(new ArrayBuffer(8));

/**
 * The exact value of a finite JS number as [mantissa, exponent] with value = mantissa·2^exponent
 * (mantissa a BigInt, exponent an integer), read from the IEEE-754 bits.
 */
export function decompose(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new TypeError(`not a finite number: ${x}`);
  scratch.setFloat64(0, x);
  const hi = scratch.getUint32(0);
  const lo = scratch.getUint32(4);
  const negative = hi >>> 31 === 1;
  const field = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent;
  if (field === 0) {
    exponent = -1074; // subnormal (or zero)
  } else {
    mantissa |= ONE << 52n;
    exponent = field - 1075;
  }
  return [negative ? -mantissa : mantissa, exponent];
}

// 2^e as an exact double, for integer e in [-1074, 1023].
function pow2(e) {
  if (e > 1023) return Infinity;
  if (e < -1074) return 0;
  if (e >= -1022) return 2 ** e;
  return 2 ** (e + 100) * 2 ** -100; // both factors exact, product exact (a subnormal power of two)
}

/**
 * Correctly rounded (to nearest, ties to even) double of the rational num/den, den > 0.
 * The quotient is formed with at least 66 significant bits plus a sticky bit before rounding.
 */
function ratioToNumber(num, den) {
  if (den <= ZERO) throw new RangeError('denominator must be positive');
  if (num === ZERO) return 0;
  const negative = num < ZERO;
  const n = abs(num);
  const k = 66 - (bitLength(n) - bitLength(den)); // q = floor(n·2^k / den) has 66 or 67 bits
  const [a, b] = k >= 0 ? [n << BigInt(k), den] : [n, den << BigInt(-k)];
  const q = a / b;
  const sticky = a % b !== ZERO;
  const length = bitLength(q);
  const top = length - 1 - k; // binary exponent of the leading bit of the value
  let drop = length - 53; // bits below double precision
  if (top < -1022) drop += -1022 - top; // subnormal: fewer bits are available
  let result;
  if (drop > length) {
    result = 0; // far below the smallest subnormal
  } else {
    let kept = q >> BigInt(drop);
    const rest = q - (kept << BigInt(drop));
    const half = drop > 0 ? ONE << BigInt(drop - 1) : ZERO;
    if (drop > 0 && (rest > half || (rest === half && (sticky || (kept & ONE) === ONE)))) kept += ONE;
    // kept ≤ 2^53 is exact as a Number; the scaling by a power of two is exact unless it overflows.
    const e = drop - k;
    result = e > 1023 ? Number(kept) * pow2(1023) * pow2(e - 1023) : Number(kept) * pow2(e);
  }
  return negative ? -result : result;
}

/** An exact rational number num/den in lowest terms with den > 0. Immutable. */
export class Fraction {
  constructor(num, den = ONE) {
    if (typeof num !== 'bigint' || typeof den !== 'bigint') throw new TypeError('Fraction needs BigInts');
    if (den === ZERO) throw new RangeError('zero denominator');
    if (den < ZERO) {
      num = -num;
      den = -den;
    }
    const g = gcd(num, den);
    this.num = g > ONE ? num / g : num;
    this.den = g > ONE ? den / g : den;
    Object.freeze(this);
  }

  /** Exact value of a Fraction, BigInt, or finite JS number (a double or a Math.fround value). */
  static from(x) {
    if (x instanceof Fraction) return x;
    if (typeof x === 'bigint') return new Fraction(x);
    const [m, e] = decompose(x);
    return e >= 0 ? new Fraction(m << BigInt(e)) : new Fraction(m, ONE << BigInt(-e));
  }

  add(y) {
    y = Fraction.from(y);
    return new Fraction(this.num * y.den + y.num * this.den, this.den * y.den);
  }

  sub(y) {
    y = Fraction.from(y);
    return new Fraction(this.num * y.den - y.num * this.den, this.den * y.den);
  }

  mul(y) {
    y = Fraction.from(y);
    return new Fraction(this.num * y.num, this.den * y.den);
  }

  div(y) {
    y = Fraction.from(y);
    if (y.num === ZERO) throw new RangeError('division by zero');
    return new Fraction(this.num * y.den, this.den * y.num);
  }

  neg() {
    return new Fraction(-this.num, this.den);
  }

  abs() {
    return this.num < ZERO ? this.neg() : this;
  }

  /** -1, 0 or 1 as this <, =, > y. */
  cmp(y) {
    y = Fraction.from(y);
    const d = this.num * y.den - y.num * this.den;
    return d < ZERO ? -1 : d > ZERO ? 1 : 0;
  }

  equals(y) {
    return this.cmp(y) === 0;
  }

  isZero() {
    return this.num === ZERO;
  }

  sign() {
    return this.num < ZERO ? -1 : this.num > ZERO ? 1 : 0;
  }

  /** The nearest double (round to nearest, ties to even). */
  toNumber() {
    return ratioToNumber(this.num, this.den);
  }

  toString() {
    return this.den === ONE ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

export const frac = (x, den) => (den === undefined ? Fraction.from(x) : Fraction.from(x).div(den));

/**
 * |got − expected| / scale, with `expected` exact (Fraction) and the difference formed exactly.
 * `scale` defaults to |expected|; give the size the error is judged against otherwise.
 */
export function relativeError(got, expected, scale) {
  const e = Fraction.from(expected);
  const s = scale === undefined ? e.abs() : Fraction.from(scale).abs();
  const diff = Fraction.from(got).sub(e).abs();
  if (s.isZero()) return diff.isZero() ? 0 : Infinity;
  return diff.div(s).toNumber();
}

// --- exact mass properties ---------------------------------------------------------------------

// All coordinates as integers X_i with x_i = X_i·2^shift (one common shift), so the triangle sums
// below are BigInt integer arithmetic.
function integerCoordinates(positions) {
  const parts = Array.from(positions, (x) => decompose(x));
  let shift = Infinity;
  for (const [m, e] of parts) if (m !== ZERO) shift = Math.min(shift, e);
  if (shift === Infinity) shift = 0;
  const ints = parts.map(([m, e]) => m << BigInt(e - shift));
  return { ints, shift };
}

// x·2^p exactly, for an integer (or BigInt) x and integer p.
function scaled(x, p) {
  const f = Fraction.from(typeof x === 'bigint' ? x : BigInt(x));
  return p >= 0 ? f.mul(new Fraction(ONE << BigInt(p))) : f.div(new Fraction(ONE << BigInt(-p)));
}

/**
 * Exact volume, first and second moments, center of mass and central inertia tensor of a closed
 * triangle mesh at unit density (or `density`, a number or Fraction), as Fractions.
 *
 * Each triangle (a, b, c) and the origin span a signed tetrahedron with d = det[a b c]:
 *   volume        Σ d / 6
 *   ∫ x dV        Σ d (a + b + c) / 24
 *   ∫ x xᵀ dV     Σ d (a aᵀ + b bᵀ + c cᵀ + s sᵀ) / 120,  s = a + b + c
 * (the tests check these against textbook integrals over the unit cube and the unit tetrahedron).
 * Central second moments: C = ∫ x xᵀ dV − V c cᵀ with c the center of mass; inertia = ρ (tr(C)·1 − C).
 *
 * Returns { volume, mass, firstMoment (∫x dV), secondMoment (∫x xᵀ dV about the origin),
 *           centerOfMass, centralSecondMoment (∫(x−c)(x−c)ᵀ dV), inertia (ρ-weighted, row-major 9,
 *           about the center of mass) }: only mass and inertia include the density.
 * Indices may be a typed array, a plain array, or null/undefined (three consecutive vertices per triangle).
 */
export function exactMassProperties(positions, indices, { density = 1 } = {}) {
  if (positions.length % 3 !== 0) throw new RangeError('positions length must be a multiple of 3');
  const { ints, shift } = integerCoordinates(positions);
  const corners = indices ? indices.length : positions.length / 3;
  if (corners % 3 !== 0) throw new RangeError('corner count must be a multiple of 3');
  const vertex = (k) => {
    const v = indices ? Number(indices[k]) : k;
    return [ints[3 * v], ints[3 * v + 1], ints[3 * v + 2]];
  };
  let D = ZERO;
  const F = [ZERO, ZERO, ZERO];
  const S = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
  for (let t = 0; t < corners; t += 3) {
    const a = vertex(t),
      b = vertex(t + 1),
      c = vertex(t + 2);
    const d =
      a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    if (d === ZERO) continue;
    const s = [a[0] + b[0] + c[0], a[1] + b[1] + c[1], a[2] + b[2] + c[2]];
    D += d;
    for (let i = 0; i < 3; ++i) {
      F[i] += d * s[i];
      for (let j = i; j < 3; ++j) {
        S[3 * i + j] += d * (a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j]);
      }
    }
  }
  for (let i = 0; i < 3; ++i) for (let j = 0; j < i; ++j) S[3 * i + j] = S[3 * j + i];

  const volume = scaled(D, 3 * shift).div(6n);
  if (volume.isZero()) throw new RangeError('mesh encloses zero volume');
  const firstMoment = F.map((f) => scaled(f, 4 * shift).div(24n));
  const secondMoment = S.map((x) => scaled(x, 5 * shift).div(120n));
  const centerOfMass = firstMoment.map((f) => f.div(volume));
  const central = [];
  for (let i = 0; i < 3; ++i) {
    for (let j = 0; j < 3; ++j) {
      // ∫ (x_i − c_i)(x_j − c_j) dV = ∫ x_i x_j dV − V c_i c_j
      central.push(secondMoment[3 * i + j].sub(volume.mul(centerOfMass[i]).mul(centerOfMass[j])));
    }
  }
  const rho = Fraction.from(density);
  const trace = central[0].add(central[4]).add(central[8]);
  const inertia = central.map((x, k) => {
    const diag = k % 4 === 0 ? trace.sub(x) : x.neg();
    return diag.mul(rho);
  });
  return {
    volume,
    mass: volume.mul(rho),
    firstMoment,
    secondMoment,
    centerOfMass,
    centralSecondMoment: central,
    inertia,
  };
}

/** The same object with every Fraction (also inside arrays) replaced by its nearest double. */
export function toNumbers(value) {
  if (value instanceof Fraction) return value.toNumber();
  if (Array.isArray(value)) return value.map(toNumbers);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toNumbers(v)]));
  }
  return value;
}

/** The largest |entry| of a list of Fractions, as a Fraction. */
export function maxAbs(list) {
  return list.reduce((m, x) => (Fraction.from(x).abs().cmp(m) > 0 ? Fraction.from(x).abs() : m), new Fraction(ZERO));
}
