/** Deterministic randomness: every random choice of the demo data comes from here. */

/** mulberry32: small, fast, good enough for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    digits: (n: number) => {
      let s = String(1 + Math.floor(next() * 9));
      while (s.length < n) s += String(Math.floor(next() * 10));
      return s;
    },
  };
}
export type Rng = ReturnType<typeof prng>;

/** The PRNG seed of one entity (a customer or meter id): a multiplicative hash. */
export function seedFor(id: number): number {
  return (id * 2_654_435_761) >>> 0;
}
