// Small pure helpers for the catalogue generator: a seeded PRNG, retail prices, EAN-13 codes and slugs.
// Everything here is deterministic so that the same seed always gives the same catalogue.

import type { Rng, Spec } from './types.ts';

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  const float = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  return {
    float,
    int,
    pick: (items) => items[Math.floor(float() * items.length)],
    chance: (p) => float() < p,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(float() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}

/** FNV-1a: turns any seed text into a 32-bit integer. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A price in whole euros as shops write them (29, 649, 1299), returned in cents. */
export function retailCents(euros: number): number {
  const step = euros < 200 ? 10 : euros < 2000 ? 50 : 100;
  const rounded = Math.max(step, Math.round(euros / step) * step);
  return (rounded - 1) * 100;
}

/** Rounds cents to a multiple of `step` cents (at least one step). */
export function roundCents(cents: number, step: number): number {
  return Math.max(step, Math.round(cents / step) * step);
}

export function eanCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(ean: string): boolean {
  return /^\d{13}$/.test(ean) && eanCheckDigit(ean.slice(0, 12)) === Number(ean[12]);
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A date string between two ISO dates (inclusive), picked by the rng. */
export function dateBetween(rng: Rng, from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((b - a) / 86400000);
  return new Date(a + rng.int(0, days) * 86400000).toISOString().slice(0, 10);
}

/** Derives a sibling model code: the first run of digits is raised by 7 per step ("HBG7741B1" -> "HBG7748B1"). */
export function deriveCode(code: string, step: number): string {
  if (step === 0) return code;
  const match = /\d{2,}/.exec(code);
  if (!match) return `${code} ${roman(step + 1)}`.trim();
  const next = String(Number(match[0]) + 7 * step).padStart(match[0].length, '0');
  return code.slice(0, match.index) + next + code.slice(match.index + match[0].length);
}

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nee');

/** Dutch decimal notation: 1.5 -> "1,5". */
export const nl = (value: number) => String(value).replace('.', ',');

export const spec = (group: string, label: string, value: string | number): Spec => ({ group, label, value: String(value) });

/** A known feature of the model, or the fallback when the table does not say. */
export function feature<T extends string | number | boolean>(f: Record<string, unknown> | undefined, key: string, fallback: () => T): T {
  const value = f?.[key];
  return value === undefined ? fallback() : (value as T);
}

/** 2 -> "II", 14 -> "XIV": sibling names for models without a number. */
export function roman(n: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [value, numeral] of table)
    while (n >= value) {
      out += numeral;
      n -= value;
    }
  return out;
}
