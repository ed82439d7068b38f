// Fixed-size bit sets over document positions (0..n-1), for filters.

export type Bits = Uint32Array;

export const emptyBits = (n: number): Bits => new Uint32Array((n + 31) >>> 5);

export function fullBits(n: number): Bits {
  const bits = emptyBits(n);
  bits.fill(0xffffffff);
  const rest = n & 31;
  if (rest) bits[bits.length - 1] = ((1 << rest) - 1) >>> 0;
  return bits;
}

export const setBit = (bits: Bits, i: number) => {
  bits[i >>> 5]! |= 1 << (i & 31);
};
export const hasBit = (bits: Bits, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;

export function and(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! & b[i]!;
  return out;
}

export function or(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! | b[i]!;
  return out;
}

export function not(a: Bits, n: number): Bits {
  const full = fullBits(n);
  for (let i = 0; i < a.length; i++) full[i] = full[i]! & ~a[i]!;
  return full;
}

export function fromList(n: number, docs: Iterable<number>): Bits {
  const bits = emptyBits(n);
  for (const d of docs) setBit(bits, d);
  return bits;
}
