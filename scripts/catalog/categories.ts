// The sample catalogue's categories in order: the model table of each (./data) and its singular product type.
import type { TypeDef } from './types.ts';
import { afzuigkappen, gaskookplaten, inbouwmagnetrons, inbouwovens, inductiekookplaten, kookplatenMetAfzuiging } from './data/inbouw.ts';
import { airfryers, blenders, broodroosters, keukenmachines, koffiemachines, waterkokers } from './data/keuken.ts';
import { stofzuigers, wasdrogers, wasmachines } from './data/huishouden.ts';
import { inbouwkoelkasten, koelkasten, vriezers } from './data/koelen.ts';
import { inbouwvaatwassers, vaatwassers } from './data/vaatwassers.ts';
import { gasbarbecues, houtskoolbarbecues, kamadoBarbecues, pelletbarbecues } from './data/buiten.ts';
import { barkrukken, eetkamerstoelen, eettafels } from './data/meubels.ts';
import { messen, pannen } from './data/kookwaren.ts';
import { keukenaccessoires, keukengerei } from './data/keukengerei.ts';

/**
 * In category order (categoryId 1001 ... 5003), then the household goods (2007 ... 2010, issue 23) last: product ids
 * follow this order, so appending them kept every earlier product's id, and the weights of the first 27 still sum
 * to 360, so those categories keep their counts.
 */
export const typeDefs: readonly TypeDef[] = [
  inbouwovens,
  inductiekookplaten,
  gaskookplaten,
  afzuigkappen,
  inbouwvaatwassers,
  inbouwkoelkasten,
  inbouwmagnetrons,
  kookplatenMetAfzuiging,
  koffiemachines,
  airfryers,
  keukenmachines,
  blenders,
  waterkokers,
  broodroosters,
  wasmachines,
  wasdrogers,
  koelkasten,
  vaatwassers,
  vriezers,
  stofzuigers,
  gasbarbecues,
  houtskoolbarbecues,
  pelletbarbecues,
  kamadoBarbecues,
  eettafels,
  eetkamerstoelen,
  barkrukken,
  pannen,
  messen,
  keukengerei,
  keukenaccessoires,
];

/** Singular product type per category, as in content/catalog/categories.yaml. */
export const productTypes: Readonly<Record<string, string>> = {
  inbouwovens: 'inbouwoven',
  inductiekookplaten: 'inductiekookplaat',
  gaskookplaten: 'gaskookplaat',
  afzuigkappen: 'afzuigkap',
  inbouwvaatwassers: 'vaatwasser',
  inbouwkoelkasten: 'koelkast',
  inbouwmagnetrons: 'magnetron',
  'kookplaten-met-afzuiging': 'kookplaat met afzuiging',
  koffiemachines: 'koffiemachine',
  airfryers: 'airfryer',
  keukenmachines: 'keukenmachine',
  blenders: 'blender',
  waterkokers: 'waterkoker',
  broodroosters: 'broodrooster',
  wasmachines: 'wasmachine',
  wasdrogers: 'wasdroger',
  koelkasten: 'koelkast',
  vaatwassers: 'vaatwasser',
  vriezers: 'vriezer',
  stofzuigers: 'stofzuiger',
  gasbarbecues: 'gasbarbecue',
  houtskoolbarbecues: 'houtskoolbarbecue',
  pelletbarbecues: 'pelletbarbecue',
  'kamado-barbecues': 'kamado',
  eettafels: 'eettafel',
  eetkamerstoelen: 'eetkamerstoel',
  barkrukken: 'barkruk',
  pannen: 'pan',
  messen: 'mes',
  keukengerei: 'keukengerei',
  keukenaccessoires: 'keukenaccessoire',
};
