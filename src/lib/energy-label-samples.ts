// Sample energy labels and product information sheets for the sample catalogue. A real shop links the supplier's
// label and sheet from EPREL (the EU's product database); the sample products have no EPREL entry, so the build
// draws a plain label (SVG) and a one-page sheet (PDF) from each product's own data, at the paths below
// (src/pages/energielabels/[file].ts). Both say that they are samples. Pure, so the generator can use the paths.
import { ENERGY_COLOURS, ENERGY_SCALES, energyStep, type EnergyClass, type EnergyScale } from '../domain/energy-label.ts';

export const sampleLabelPath = (productId: number) => `/energielabels/${productId}.svg`;
export const sampleSheetPath = (productId: number) => `/energielabels/${productId}.pdf`;

/** The label regulation of each labelled category of the catalogue (printed on the label and the sheet). */
const REGULATIONS: Readonly<Record<string, string>> = {
  inbouwvaatwassers: '2019/2017',
  vaatwassers: '2019/2017',
  wasmachines: '2019/2014',
  wasdrogers: '2023/2534',
  koelkasten: '2019/2016',
  inbouwkoelkasten: '2019/2016',
  vriezers: '2019/2016',
  inbouwovens: '65/2014',
  afzuigkappen: '65/2014',
  'kookplaten-met-afzuiging': '65/2014',
};

export const regulationOf = (category: string): string | undefined => REGULATIONS[category];

export type SampleLabelInput = {
  productId: number;
  brand: string;
  name: string;
  category: string;
  productType: string;
  energyLabel: EnergyClass;
  energyLabelScale: EnergyScale;
  specifications: readonly { group: string; label: string; value: string }[];
};

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A label in the layout of the EU label, simplified: supplier and model, the seven classes as bars in their colours
 * with the product's class on a black arrow beside its bar, the regulation, and "Voorbeeldlabel". Presentation
 * attributes only (no <style>), so it shows under the shop's strict Content-Security-Policy when opened directly.
 */
export function sampleLabelSvg(p: SampleLabelInput): string {
  const classes = ENERGY_SCALES[p.energyLabelScale] as readonly EnergyClass[];
  const step = energyStep(p.energyLabelScale, p.energyLabel);
  const font = 'font-family="Calibri, Carlito, Verdana, Arial, sans-serif" font-weight="700"';
  const bars = classes
    .map((c, i) => {
      const y = 150 + i * 52;
      const w = 130 + i * 22;
      return `<path d="M24 ${y}h${w}l20 22-20 22H24z" fill="${ENERGY_COLOURS[i]}"/><text x="36" y="${y + 33}" ${font} font-size="30" fill="#fff" stroke="#000" stroke-width="1.2" paint-order="stroke">${escapeXml(c)}</text>`;
    })
    .join('');
  const arrowY = 150 + step * 52 - 6;
  const regulation = regulationOf(p.category);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 800" width="400" height="800" role="img" aria-label="Energielabel ${escapeXml(p.brand)} ${escapeXml(p.name)}: energieklasse ${escapeXml(p.energyLabel)}">
<rect width="400" height="800" fill="#fff" stroke="#000" stroke-width="2"/>
<rect x="0" y="0" width="400" height="64" fill="#0d4ea6"/><text x="24" y="44" ${font} font-size="32" fill="#fff">ENERGIE</text>
<text x="376" y="44" ${font} font-size="18" fill="#fff" text-anchor="end">${escapeXml(p.productType)}</text>
<text x="24" y="100" ${font} font-size="22" fill="#000">${escapeXml(p.brand)}</text>
<text x="24" y="128" font-family="Verdana, Arial, sans-serif" font-size="16" fill="#000">${escapeXml(p.name)}</text>
${bars}
<path d="M300 ${arrowY}h76v56h-76l-28-28z" fill="#000"/><text x="340" y="${arrowY + 40}" ${font} font-size="34" fill="#fff" text-anchor="middle">${escapeXml(p.energyLabel)}</text>
<text x="200" y="740" font-family="Verdana, Arial, sans-serif" font-size="14" fill="#000" text-anchor="middle">Voorbeeldlabel, geen officieel EU-energielabel</text>
${regulation ? `<text x="376" y="780" font-family="Verdana, Arial, sans-serif" font-size="14" fill="#000" text-anchor="end">${regulation}</text>` : ''}
</svg>
`;
}

// PDF text in the standard Helvetica fonts with WinAnsiEncoding: Dutch letters like é and ë are in it.
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = { '–': 0x96, '—': 0x97, '’': 0x92, '€': 0x80, '…': 0x85 };

function pdfString(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0) ?? 0x3f;
    const byte = code <= 0xff ? code : 0x3f;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    bytes.push(byte);
  }
  return bytes;
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

/**
 * A one-page product information sheet (A4 PDF): supplier, model, energy class and scale, the product's
 * specifications, and that it is a sample. Written by hand: five objects, two standard fonts, one text stream.
 */
export function sampleSheetPdf(p: SampleLabelInput): Uint8Array<ArrayBuffer> {
  const regulation = regulationOf(p.category);
  const [best, worst] = [ENERGY_SCALES[p.energyLabelScale][0], ENERGY_SCALES[p.energyLabelScale].at(-1)];
  const rows: [string, string][] = [
    ['Naam of handelsmerk van de leverancier', p.brand],
    ['Typeaanduiding', p.name],
    ['Energie-efficiëntieklasse', `${p.energyLabel} (schaal ${best} tot ${worst})`],
    ...p.specifications.map((s): [string, string] => [s.label, s.value]),
  ];
  const lines: { font: 'F1' | 'F2'; size: number; y: number; x: number; text: string }[] = [
    { font: 'F2', size: 20, x: 56, y: 780, text: 'Productinformatieblad' },
    { font: 'F1', size: 11, x: 56, y: 758, text: regulation ? `Volgens Verordening (EU) ${regulation}` : 'Energie-etikettering' },
  ];
  let y = 720;
  for (const [label, value] of rows) {
    lines.push({ font: 'F2', size: 11, x: 56, y, text: label }, { font: 'F1', size: 11, x: 300, y, text: value });
    y -= 20;
  }
  lines.push({
    font: 'F1',
    size: 9,
    x: 56,
    y: 60,
    text: 'Voorbeeld bij de voorbeeldcatalogus: geen officieel productinformatieblad uit EPREL.',
  });

  const stream: number[] = [];
  for (const line of lines) {
    stream.push(...ascii(`BT /${line.font} ${line.size} Tf ${line.x} ${line.y} Td (`), ...pdfString(line.text), ...ascii(') Tj ET\n'));
  }
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  ];
  const out: number[] = ascii('%PDF-1.4\n');
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out.push(...ascii(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(out.length);
  out.push(...ascii(`6 0 obj\n<< /Length ${stream.length} >>\nstream\n`), ...stream, ...ascii('endstream\nendobj\n'));
  const xref = out.length;
  out.push(
    ...ascii(`xref\n0 7\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`),
    ...ascii(`trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`),
  );
  return Uint8Array.from(out);
}
