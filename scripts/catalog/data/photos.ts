// The sample catalogue's photos: which products (by slug, which stays the same for any --count) and which kitchen
// have editor photos, and their alt texts. The generator writes them into the product files; sample-photos.ts draws
// the JPEGs (`drawing`) into content/catalog/photos/products/<slug>/ and content/catalog/photos/kitchens/<slug>/.

export type SamplePhoto = { file: string; alt: string; drawing: string };

export const productPhotos: Readonly<Record<string, readonly SamplePhoto[]>> = {
  'aeg-6000-hob2hood-dve5961hb': [
    { file: 'voorkant.jpg', alt: 'RVS schouwkap met zwarte glazen bedieningsstrook, recht van voren', drawing: 'hood-front' },
    { file: 'schuin.jpg', alt: 'De schouwkap schuin van opzij, met de schoorsteen tot aan het plafond', drawing: 'hood-angle' },
    { file: 'bediening.jpg', alt: 'Close-up van de vijf aanraaktoetsen op de glazen strook', drawing: 'hood-controls' },
  ],
  'aeg-7000-glasscare-fse75768p': [
    {
      file: 'voorkant.jpg',
      alt: 'Volledig integreerbare vaatwasser met een wit front en de bediening in de bovenrand',
      drawing: 'dishwasher-front',
    },
    { file: 'open.jpg', alt: 'De vaatwasser open, met borden in de onderkorf en glazen in de bovenkorf', drawing: 'dishwasher-open' },
  ],
  'bosch-serie-6-hba574br0': [
    { file: 'voorkant.jpg', alt: 'Zwarte inbouwoven met RVS greep, twee draaiknoppen aan elke kant en een display', drawing: 'oven-front' },
    { file: 'open.jpg', alt: 'De oven open, met een bakplaat vol broodjes op de middelste geleider', drawing: 'oven-open' },
  ],
  'bosch-serie-6-wgg244a0nl': [
    { file: 'voorkant.jpg', alt: 'Witte voorlader wasmachine met programmaknop en display boven de ronde deur', drawing: 'washer-front' },
    { file: 'open.jpg', alt: 'De wasmachine met de deur open, zodat je in de RVS trommel kijkt', drawing: 'washer-open' },
  ],
  'lg-instaview-gsxv90mcae': [
    {
      file: 'voorkant.jpg',
      alt: 'Amerikaanse koelkast in RVS met een donker glazen InstaView-paneel in de linkerdeur',
      drawing: 'fridge-front',
    },
    { file: 'open.jpg', alt: 'De koelkast open, met glazen legplaten, groente en fruit', drawing: 'fridge-open' },
  ],
  // Household goods (issue 23): one pan and one knife, so their photos go through the same pipeline.
  'le-creuset-signature-braadpan-24-cm-volcanique': [
    {
      file: 'schuin.jpg',
      alt: 'Gietijzeren braadpan in volcanique oranje met deksel en twee handgrepen, schuin van boven',
      drawing: 'pot-angle',
    },
  ],
  'wusthof-classic-koksmes-20-cm': [
    {
      file: 'zijkant.jpg',
      alt: 'Koksmes met een lemmet van 20 cm en een zwart heft met drie klinknagels, van opzij',
      drawing: 'knife-side',
    },
  ],
};

export const kitchenPhotos: Readonly<Record<string, readonly SamplePhoto[]>> = {
  'keuken-bergen-wit-mat': [
    {
      file: 'overzicht.jpg',
      alt: 'Witte hoekkeuken met eiken werkblad, bovenkasten en een raam boven het werkblad',
      drawing: 'kitchen-overview',
    },
    { file: 'werkblad.jpg', alt: 'Het massief eiken werkblad met de ingebouwde inductiekookplaat', drawing: 'kitchen-worktop' },
    { file: 'hoek.jpg', alt: 'De hoekkast met het draaiende carrousel voor pannen', drawing: 'kitchen-corner' },
  ],
};
