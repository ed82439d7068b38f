// Shapes shared by the generator and its per-category model tables.

/** A seeded random stream (lib.ts's mulberry32): the same seed always draws the same numbers. */
export interface Rng {
  /** A float in [0, 1). */
  float(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
}

export interface Spec {
  group: string;
  label: string;
  value: string;
}

export type EnergyLabel = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/**
 * Which services a product gets:
 * builtIn and large: assembly, extra service (install and take the old one away), extra warranty, pickup discount;
 * small: sometimes extra warranty and pickup discount; outdoor: assembly of the barbecue;
 * bulky: outdoor plus a delivery cost; furniture: table assembly and delivery cost for big tables;
 * parcel: household goods (pans, knives, utensils) sent as a parcel: no service, a pickup discount from € 40.
 */
export type ServiceClass = 'builtIn' | 'large' | 'small' | 'outdoor' | 'bulky' | 'furniture' | 'parcel';

/** One line of a curated model table. `euros` is the list price of the base model. */
export interface Model {
  brand: string;
  series: string;
  code: string;
  tier: 1 | 2 | 3;
  euros: number;
  /** Known features of this model; a build function falls back to the rng for anything not set. */
  f?: Record<string, string | number | boolean>;
}

export interface Built {
  specs: Spec[];
  facets: Record<string, string>;
  /** First sentence leads the description; one or two of the others follow. */
  lead: string;
  more: string[];
  energyLabel?: EnergyLabel;
  /** Replaces "series code" as the product name (furniture). */
  name?: string;
  /** Multiplies the base price (bigger, more features). */
  priceFactor?: number;
}

export interface BuildContext {
  model: Model;
  rng: Rng;
  /** 0 for the model as listed, 1, 2, ... for derived siblings. */
  variant: number;
  /** The product name without brand, e.g. "Serie 8 HBG7741B1". */
  name: string;
}

export interface TypeDef {
  category: string;
  /** Illustration key: public/images/products/{image}.svg */
  image: string;
  /** The energy label's scale when it is not A-G: ovens and range hoods still have the A+++-D label of 65/2014. */
  energyScale?: 'A+++-D';
  /** Share of the catalogue. */
  weight: number;
  service: ServiceClass;
  models: Model[];
  build(ctx: BuildContext): Built;
}
