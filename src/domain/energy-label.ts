// The EU energy label as a web shop must show it (Regulation (EU) 2017/1369 and its delegated acts): the product's
// energy efficiency class on a coloured arrow beside the price, with the range of classes of its label, the label
// itself one click away and a link to the product information sheet. Pure, for the schema, the pages and the
// search island alike.
//
// Two scales are in use. The rescaled labels run from A to G: refrigerating appliances (2019/2016), dishwashers
// (2019/2017), washing machines and washer-dryers (2019/2014), electronic displays (2019/2013), amended by 2021/340,
// and tumble dryers (2023/2534, from 1 July 2025). Domestic ovens and range hoods still carry the older label of
// 65/2014, from A+++ to D. Both scales have seven classes in the same seven colours, dark green to red.

/** Every class a label can show, best first. */
export const ENERGY_CLASSES = ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** The classes of each scale, best first. */
export const ENERGY_SCALES = {
  'A-G': ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
  'A+++-D': ['A+++', 'A++', 'A+', 'A', 'B', 'C', 'D'],
} as const satisfies Record<string, readonly EnergyClass[]>;
export type EnergyScale = keyof typeof ENERGY_SCALES;
export const ENERGY_SCALE_NAMES = Object.keys(ENERGY_SCALES) as EnergyScale[];

/**
 * The seven colours of the label, from the best class to the worst, as sRGB. The regulations give them in CMYK:
 * 100,0,100,0 · 70,0,100,0 · 30,0,100,0 · 0,0,100,0 · 0,30,100,0 · 0,70,100,0 · 0,100,100,0.
 */
export const ENERGY_COLOURS = ['#00a651', '#50b848', '#bed630', '#fff200', '#fdb913', '#f37021', '#ed1c24'] as const;

/** Whether a class appears on a scale (an oven's A+ does, a dishwasher's A+ does not). */
export function isOnScale(scale: EnergyScale, energyClass: string): energyClass is EnergyClass {
  return (ENERGY_SCALES[scale] as readonly string[]).includes(energyClass);
}

/** The position of a class on its scale, 0 (best, dark green) to 6 (worst, red); the colour is ENERGY_COLOURS[step]. */
export function energyStep(scale: EnergyScale, energyClass: EnergyClass): number {
  const step = (ENERGY_SCALES[scale] as readonly string[]).indexOf(energyClass);
  if (step < 0) throw new Error(`energy class ${energyClass} is not on the ${scale} scale`);
  return step;
}

/** The best and the worst class of a scale, shown beside the arrow: ['A', 'G'] or ['A+++', 'D']. */
export function scaleRange(scale: EnergyScale): [best: EnergyClass, worst: EnergyClass] {
  const classes = ENERGY_SCALES[scale];
  return [classes[0], classes[classes.length - 1]];
}

/** The arrow's accessible name: "Energieklasse B". */
export const energyClassName = (energyClass: EnergyClass) => `Energieklasse ${energyClass}`;

/** The link text of the product information sheet, in Dutch as the regulations require it in the shopper's language. */
export const PRODUCT_SHEET_TEXT = 'Productinformatieblad';

/** What the shop shows of a product's label: its class and scale, and where the label and the sheet are. */
export type EnergyLabelView = {
  energyClass: EnergyClass;
  scale: EnergyScale;
  step: number;
  range: [EnergyClass, EnergyClass];
  name: string;
  labelUrl?: string;
  sheetUrl?: string;
};

type EnergyFields = {
  energyLabel?: EnergyClass;
  energyLabelScale?: EnergyScale;
  energyLabelUrl?: string;
  productSheetUrl?: string;
};

/** The label view of a product, or undefined when it has no energy class. */
export function energyLabelView(product: EnergyFields): EnergyLabelView | undefined {
  const energyClass = product.energyLabel;
  if (!energyClass) return undefined;
  const scale = product.energyLabelScale ?? 'A-G';
  return {
    energyClass,
    scale,
    step: energyStep(scale, energyClass),
    range: scaleRange(scale),
    name: energyClassName(energyClass),
    ...(product.energyLabelUrl ? { labelUrl: product.energyLabelUrl } : {}),
    ...(product.productSheetUrl ? { sheetUrl: product.productSheetUrl } : {}),
  };
}
