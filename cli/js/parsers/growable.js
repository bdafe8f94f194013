// Typed arrays that grow by doubling: no per-vertex objects, and a final copy of the exact length.
function grower(Type) {
  return class {
    constructor(capacity = 1024) {
      this.array = new Type(Math.max(16, capacity));
      this.length = 0;
    }

    push(value) {
      if (this.length === this.array.length) this.grow(this.length + 1);
      this.array[this.length++] = value;
    }

    push3(a, b, c) {
      if (this.length + 3 > this.array.length) this.grow(this.length + 3);
      const array = this.array;
      array[this.length] = a;
      array[this.length + 1] = b;
      array[this.length + 2] = c;
      this.length += 3;
    }

    grow(needed) {
      const next = new Type(Math.max(needed, 2 * this.array.length));
      next.set(this.array.subarray(0, this.length));
      this.array = next;
    }

    /** The values, in an array of their own length. */
    finish() {
      return this.array.length === this.length ? this.array : this.array.slice(0, this.length);
    }
  };
}

export const Float64List = grower(Float64Array);
export const Uint32List = grower(Uint32Array);
