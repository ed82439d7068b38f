// Appliance sets of the sample catalogue: an oven or a hob sold with a hob, hood or microwave at a set price.
import type { Product } from '../../src/schemas/catalog.ts';
import { hashSeed, mulberry32, retailCents } from './lib.ts';

/** Adds oven + hob (+ hood) and hob + hood sets; a combination's price is the price of the whole set. */
export function addCombinations(products: Product[], seed: string): void {
  const c = mulberry32(hashSeed(`${seed}|combinations`));
  const byCategory = (slug: string) => products.filter((p) => p.category === slug && !p.expired && p.stock.state !== 'outOfStock');
  const hobs = byCategory('inductiekookplaten');
  const hoods = byCategory('afzuigkappen');
  const micros = byCategory('inbouwmagnetrons');
  const partner = (pool: Product[], brand: string) => {
    const same = pool.filter((p) => p.brand === brand);
    return same.length > 0 ? c.pick(same) : pool.length > 0 ? c.pick(pool) : undefined;
  };
  const setPrice = (items: Product[]) => retailCents((items.reduce((sum, p) => sum + p.price, 0) / 100) * c.pick([0.88, 0.9, 0.92]));
  let combinationId = 1;
  for (const main of [...byCategory('inbouwovens'), ...hobs]) {
    if (!c.chance(0.4)) continue;
    const isOven = main.category === 'inbouwovens';
    const options: [string, Product[]][] = [];
    const hob = isOven ? partner(hobs, main.brand) : undefined;
    const hood = partner(hoods, main.brand);
    const micro = isOven ? partner(micros, main.brand) : undefined;
    if (hob) options.push([`Voordeelset met inductiekookplaat ${hob.brand} ${hob.name}`, [hob]]);
    if (hob && hood) {
      const name =
        hob.brand === hood.brand
          ? `Voordeelset met ${hob.brand} inductiekookplaat en afzuigkap`
          : `Voordeelset met inductiekookplaat van ${hob.brand} en afzuigkap van ${hood.brand}`;
      options.push([name, [hob, hood]]);
    }
    if (micro) options.push([`Voordeelset met ${micro.productType} ${micro.brand} ${micro.name}`, [micro]]);
    if (!isOven && hood) options.push([`Voordeelset met afzuigkap ${hood.brand} ${hood.name}`, [hood]]);
    for (const [name, others] of c.shuffle(options).slice(0, c.int(1, 2))) {
      main.combinations.push({
        combinationId: combinationId++,
        name,
        products: others.map((p) => p.productId),
        price: setPrice([main, ...others]),
      });
    }
  }
}
