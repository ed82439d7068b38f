// Dutch words for kitchen styles, as adjective ("een landelijke keuken") and as label ("Landelijk").
import type { Kitchen } from '../schemas/catalog';

const adjectives: Record<Kitchen['style'], string> = {
  modern: 'moderne',
  landelijk: 'landelijke',
  industrieel: 'industriële',
  klassiek: 'klassieke',
  scandinavisch: 'Scandinavische',
  greeploos: 'greeploze',
};

export function styleAdjective(style: string): string {
  return adjectives[style as Kitchen['style']] ?? style;
}

export function kitchenImageAlt(kitchen: Pick<Kitchen, 'style' | 'layout' | 'colour'>): string {
  return `Illustratie van een ${styleAdjective(kitchen.style)} ${kitchen.layout} in ${kitchen.colour.toLowerCase()}`;
}
