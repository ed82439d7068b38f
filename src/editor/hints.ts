// What the schemas do not say about the form: Dutch labels, which fields are selects of existing things (categories,
// brands, blocks) and which texts have several lines. One map per collection, keyed by the field's dotted path;
// the rules themselves stay in the schemas.
type Choice = { label: string; value: string };
export type FieldHint = {
  label?: string;
  description?: string;
  multiline?: boolean;
  choices?: readonly Choice[];
  optionLabels?: Readonly<Record<string, string>>;
};

/** Existing things an editor chooses from, read from the content files (choices.ts). */
export type Choices = {
  /** Top-level category slugs. */
  categories: readonly string[];
  /** Subcategory slugs (the product pages' categories). */
  productTypes: readonly string[];
  brands: readonly string[];
  blocks: readonly string[];
};

const LABELS: Record<string, string> = {
  title: 'Titel',
  description: 'Omschrijving',
  order: 'Volgorde',
  draft: 'Concept (niet gepubliceerd)',
  blocks: 'Blokken onder de tekst',
  categories: 'Categorieën',
  sent: 'Verzonden op',
  name: 'Naam',
  country: 'Land',
  founded: 'Opgericht in',
  website: 'Website',
  brand: 'Merk',
  date: 'Datum',
  location: 'Locatie',
  hours: 'Uren',
  employmentType: 'Dienstverband',
  datePosted: 'Geplaatst op',
  validThrough: 'Geldig tot',
  salary: 'Salaris',
  min: 'Minimum (centen)',
  max: 'Maximum (centen)',
  unit: 'Per',
  style: 'Stijl',
  storeId: 'Winkel-id',
  kind: 'Soort',
  address: 'Adres',
  street: 'Straat en huisnummer',
  postalCode: 'Postcode',
  city: 'Plaats',
  geo: 'Coördinaten',
  latitude: 'Breedtegraad',
  longitude: 'Lengtegraad',
  directionUrl: 'Routelink',
  emails: 'E-mailadressen',
  kitchen: 'Keukenadvies',
  shop: 'Winkel',
  email: 'E-mailadres',
  href: 'Adres op de site',
  image: 'Afbeelding',
  src: 'Bestand',
  alt: 'Alternatieve tekst',
  width: 'Breedte',
  height: 'Hoogte',
  openingHours: 'Openingstijden',
  monday: 'Maandag',
  tuesday: 'Dinsdag',
  wednesday: 'Woensdag',
  thursday: 'Donderdag',
  friday: 'Vrijdag',
  saturday: 'Zaterdag',
  sunday: 'Zondag',
  open: 'Open',
  close: 'Sluit',
  phoneNumber: 'Telefoonnummer',
  phoneNumberKitchen: 'Telefoonnummer keukenadvies',
  shoppingNightDay: 'Koopavond',
  pickupPoint: 'Afhaalpunt van de webshop',
  staffPickup: 'Kiesbaar als afhaalwinkel',
  id: 'Id',
  text: 'Tekst',
  link: 'Link',
  label: 'Tekst',
  from: 'Vanaf',
  until: 'Tot',
  pages: "Pagina's",
  dismissible: 'Weg te klikken',
  tone: 'Kleur',
  placements: 'Plaatsingen',
  banners: 'Banners',
  messages: 'Meldingen',
  entries: 'Vragen per categorie of product',
  category: 'Categorie',
  products: 'Product-ids',
  questions: 'Vragen',
  question: 'Vraag',
  answer: 'Antwoord',
  dates: 'Datums',
  closed: 'Hele dag gesloten',
  appliesTo: 'Geldt voor',
  rules: 'Doorverwijzingen',
  to: 'Naar',
};

/** The label of the field at a dotted path: the hint's, else the Dutch name of its key, else the key. */
export function labelOf(at: string): string {
  const key = at.slice(at.lastIndexOf('.') + 1);
  return LABELS[key] ?? key;
}

const list = (values: readonly string[]): Choice[] => values.map((value) => ({ label: value, value }));

/** The hints per registry source (src/schemas/registry.ts), given the existing things to choose from. */
export function hintsFor(choices: Choices): Record<string, Record<string, FieldHint>> {
  const placements = [
    { label: 'home (de startpagina)', value: 'home' },
    ...choices.categories.map((c) => ({ label: `categorie:${c}`, value: `categorie:${c}` })),
    ...choices.productTypes.map((c) => ({ label: `producttype:${c}`, value: `producttype:${c}` })),
    ...choices.brands.map((b) => ({ label: `merk:${b}`, value: `merk:${b}` })),
  ];
  const page = { blocks: { label: 'Blokken onder de tekst', choices: list(choices.blocks) } };
  return {
    stores: { description: { multiline: true } },
    brands: { description: { multiline: true } },
    brandNews: { brand: { choices: list(choices.brands) } },
    customerService: page,
    pages: page,
    information: { categories: { choices: list([...choices.categories, ...choices.productTypes]) } },
    banners: { 'banners.placements': { choices: placements }, 'banners.text': { multiline: true } },
    messages: { 'messages.text': { multiline: true } },
    productFaq: {
      'entries.category': { choices: list(choices.productTypes) },
      'entries.questions.answer': { multiline: true },
    },
  };
}
