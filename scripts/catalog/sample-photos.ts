// Draws the sample catalogue's photos: a few products and one kitchen get "studio shots" of simple appliance-like
// shapes, so that the photo pipeline (astro:assets: AVIF, WebP and JPEG in several widths) runs in every build and
// test. They stand in for the editors' real photos. Same drawings, same bytes.
//
//   node scripts/catalog/sample-photos.ts
//
// Writes content/catalog/photos/products/<slug>/<name>.jpg and content/catalog/photos/kitchens/<slug>/<name>.jpg.
// Which products carry them, with which alt texts: ./data/photos.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { kitchenPhotos, productPhotos, type SamplePhoto } from './data/photos.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SIZE = 1080;
const KITCHEN = { width: 1200, height: 780 };

const steel = (id: string, angle = 0) =>
  `<linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="#9aa1a8"/><stop offset=".35" stop-color="#e4e7ea"/><stop offset=".6" stop-color="#b7bdc3"/><stop offset="1" stop-color="#eef0f2"/></linearGradient>`;
const glass = (id: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3f46"/><stop offset=".45" stop-color="#15181c"/><stop offset=".5" stop-color="#2b3036"/><stop offset="1" stop-color="#0d0f12"/></linearGradient>`;
const white = (id: string) =>
  `<linearGradient id="${id}" x1="0" x2="1"><stop offset="0" stop-color="#e9ebee"/><stop offset=".5" stop-color="#fbfbfc"/><stop offset="1" stop-color="#dfe2e6"/></linearGradient>`;

/** A square studio shot: a soft backdrop, a floor shadow and the appliance drawn in `body`. */
function studio(body: string, defs = '', shadow = { cx: 540, cy: 960, rx: 360, ry: 36 }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><radialGradient id="bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dde1e6"/></radialGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>${defs}</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="url(#shadow)"/>
${body}</svg>`;
}

const buttons = (x: number, y: number, n: number, gap: number, r: number, fill = '#d8dde2') =>
  Array.from({ length: n }, (_, i) => `<circle cx="${x + i * gap}" cy="${y}" r="${r}" fill="${fill}"/>`).join('');

const drawings: Record<string, () => string> = {
  // Chimney hood, front.
  'hood-front': () =>
    studio(
      `<rect x="455" y="90" width="170" height="420" fill="url(#st)"/>
<path d="M300 640 420 500h240l120 140z" fill="url(#st2)"/>
<rect x="250" y="636" width="580" height="70" rx="10" fill="url(#gl)"/>
${buttons(470, 671, 5, 36, 9)}
<rect x="330" y="706" width="80" height="10" rx="5" fill="#ffe9a8"/><rect x="670" y="706" width="80" height="10" rx="5" fill="#ffe9a8"/>
<path d="M330 716 290 900h160l-40-184zM670 716l-40 184h160l-40-184z" fill="#fff6d6" opacity=".35"/>`,
      steel('st', 0) + steel('st2', 90) + glass('gl'),
      { cx: 540, cy: 960, rx: 260, ry: 26 },
    ),
  // Chimney hood, at an angle.
  'hood-angle': () =>
    studio(
      `<path d="M470 90h150l40 20v400l-40 -10H470z" fill="url(#st)"/><path d="M620 90l40 20v400l-40-10z" fill="#8d949b"/>
<path d="M270 650 410 500h260l60 30 120 150-60 10z" fill="url(#st2)"/>
<path d="M230 650h600l60 20v60l-60-16H230z" fill="url(#gl)"/>
${buttons(450, 683, 5, 40, 10)}`,
      steel('st', 20) + steel('st2', 70) + glass('gl'),
      { cx: 560, cy: 950, rx: 300, ry: 30 },
    ),
  // Close-up of the hood's touch controls.
  'hood-controls': () =>
    studio(
      `<rect x="60" y="380" width="960" height="320" rx="24" fill="url(#gl)"/>
<rect x="60" y="380" width="960" height="40" rx="20" fill="#ffffff" opacity=".08"/>
${buttons(220, 540, 5, 160, 46, '#2f353c')}${buttons(220, 540, 5, 160, 20, '#f2b705')}
<rect x="60" y="700" width="960" height="60" fill="url(#st)"/>`,
      steel('st', 0) + glass('gl'),
      { cx: 540, cy: 820, rx: 480, ry: 40 },
    ),
  // Fully integrated dishwasher with its front panel.
  'dishwasher-front': () =>
    studio(
      `<rect x="290" y="150" width="500" height="760" rx="14" fill="url(#wh)"/>
<rect x="290" y="150" width="500" height="70" rx="14" fill="url(#gl)"/>
${buttons(560, 185, 5, 40, 8, '#5fd0ff')}
<rect x="500" y="250" width="80" height="14" rx="7" fill="#9aa1a8"/>
<rect x="290" y="880" width="500" height="30" fill="#c9ced4"/>`,
      white('wh') + glass('gl'),
      { cx: 540, cy: 930, rx: 300, ry: 30 },
    ),
  // The dishwasher open: door down, racks with plates.
  'dishwasher-open': () =>
    studio(
      `<rect x="270" y="150" width="540" height="560" rx="10" fill="#c5cbd1"/><rect x="300" y="180" width="480" height="500" fill="#e8ebee"/>
<g stroke="#8d949b" stroke-width="6" fill="none"><path d="M310 300h460M310 420h460M310 560h460M310 660h460"/></g>
${Array.from({ length: 8 }, (_, i) => `<ellipse cx="${350 + i * 56}" cy="600" rx="22" ry="64" fill="#ffffff" stroke="#cfd4da" stroke-width="4"/>`).join('')}
${Array.from({ length: 6 }, (_, i) => `<rect x="${340 + i * 70}" y="330" width="44" height="84" rx="12" fill="#cde9f7" opacity=".85"/>`).join('')}
<path d="M250 710h580l70 200H180z" fill="url(#wh)"/><rect x="250" y="706" width="580" height="12" fill="#9aa1a8"/>`,
      white('wh'),
      { cx: 540, cy: 960, rx: 380, ry: 34 },
    ),
  // Built-in oven, front.
  'oven-front': () =>
    studio(
      `<rect x="230" y="200" width="620" height="640" rx="12" fill="url(#gl)"/>
<rect x="230" y="200" width="620" height="120" rx="12" fill="#1b1f24"/>
<rect x="470" y="236" width="140" height="48" rx="8" fill="#0c0e10"/><rect x="490" y="252" width="100" height="16" rx="4" fill="#ff9f43"/>
${buttons(320, 260, 2, 70, 26, '#9aa1a8')}${buttons(690, 260, 2, 70, 26, '#9aa1a8')}
<rect x="270" y="340" width="540" height="24" rx="12" fill="url(#st)"/>
<rect x="290" y="400" width="500" height="380" rx="18" fill="#050607"/><rect x="320" y="430" width="440" height="320" rx="12" fill="#3b2a1a" opacity=".55"/>
<rect x="360" y="640" width="360" height="16" rx="4" fill="#6b6f74"/>`,
      glass('gl') + steel('st', 0),
      { cx: 540, cy: 880, rx: 360, ry: 30 },
    ),
  // The oven open, with a tray.
  'oven-open': () =>
    studio(
      `<rect x="230" y="160" width="620" height="520" rx="12" fill="url(#gl)"/><rect x="230" y="160" width="620" height="100" rx="12" fill="#1b1f24"/>
${buttons(320, 210, 2, 70, 22, '#9aa1a8')}${buttons(690, 210, 2, 70, 22, '#9aa1a8')}
<rect x="290" y="290" width="500" height="370" fill="#2a2d31"/><rect x="310" y="470" width="460" height="14" fill="#9aa1a8"/>
<rect x="330" y="420" width="420" height="52" rx="8" fill="#6d4c2f"/><circle cx="420" cy="430" r="26" fill="#b5793f"/><circle cx="540" cy="426" r="30" fill="#c98a4b"/><circle cx="660" cy="432" r="24" fill="#b5793f"/>
<rect x="310" y="300" width="460" height="60" fill="#ffb45c" opacity=".18"/>
<path d="M230 680h620l90 220H140z" fill="url(#gl)"/><rect x="250" y="860" width="580" height="22" rx="11" fill="url(#st)"/>`,
      glass('gl') + steel('st', 0),
      { cx: 540, cy: 940, rx: 420, ry: 30 },
    ),
  // Front-loading washing machine.
  'washer-front': () =>
    studio(
      `<rect x="270" y="150" width="540" height="760" rx="26" fill="url(#wh)"/>
<rect x="270" y="150" width="540" height="130" rx="26" fill="#f3f4f6"/><rect x="300" y="190" width="160" height="52" rx="10" fill="#dfe3e8"/>
<rect x="500" y="196" width="150" height="40" rx="8" fill="#1b1f24"/><rect x="520" y="208" width="70" height="16" rx="3" fill="#5fd0ff"/>
<circle cx="730" cy="216" r="38" fill="#c9ced4"/><circle cx="730" cy="216" r="26" fill="#e9ebee"/>
<circle cx="540" cy="580" r="210" fill="#c9ced4"/><circle cx="540" cy="580" r="180" fill="#7f8891"/><circle cx="540" cy="580" r="150" fill="#2f3a45"/>
<circle cx="540" cy="580" r="150" fill="#5fa8d3" opacity=".35"/><path d="M440 520a120 120 0 0 1 150-60" stroke="#fff" stroke-width="14" fill="none" opacity=".5" stroke-linecap="round"/>`,
      white('wh'),
      { cx: 540, cy: 935, rx: 320, ry: 32 },
    ),
  // The washing machine with its door open.
  'washer-open': () =>
    studio(
      `<rect x="300" y="150" width="540" height="760" rx="26" fill="url(#wh)"/><rect x="300" y="150" width="540" height="130" rx="26" fill="#f3f4f6"/>
<circle cx="570" cy="580" r="180" fill="#c9ced4"/><circle cx="570" cy="580" r="150" fill="#9aa1a8"/><circle cx="570" cy="580" r="120" fill="#d8dde2"/>
${Array.from({ length: 24 }, (_, i) => `<circle cx="${570 + 90 * Math.cos(i / 3.8)}" cy="${580 + 90 * Math.sin(i / 3.8)}" r="6" fill="#8d949b"/>`).join('')}
<ellipse cx="250" cy="580" rx="90" ry="200" fill="#c9ced4"/><ellipse cx="250" cy="580" rx="66" ry="160" fill="#5fa8d3" opacity=".5"/>`,
      white('wh'),
      { cx: 540, cy: 935, rx: 360, ry: 32 },
    ),
  // American fridge with a glass panel.
  'fridge-front': () =>
    studio(
      `<rect x="250" y="90" width="580" height="840" rx="18" fill="url(#st)"/><path d="M540 90v840" stroke="#6b7279" stroke-width="6"/>
<rect x="280" y="170" width="230" height="420" rx="14" fill="url(#gl)"/><rect x="300" y="190" width="60" height="380" fill="#ffffff" opacity=".07"/>
<rect x="508" y="260" width="12" height="300" rx="6" fill="#6b7279"/><rect x="560" y="260" width="12" height="300" rx="6" fill="#6b7279"/>
<rect x="610" y="170" width="150" height="120" rx="10" fill="#2b3036"/><rect x="640" y="200" width="90" height="60" rx="6" fill="#1b1f24"/><rect x="655" y="212" width="60" height="14" rx="3" fill="#5fd0ff"/>`,
      steel('st', 0) + glass('gl'),
      { cx: 540, cy: 945, rx: 340, ry: 30 },
    ),
  // The fridge open, with shelves and food.
  'fridge-open': () =>
    studio(
      `<rect x="330" y="90" width="420" height="840" rx="10" fill="#eef1f4"/>
<g fill="#cfe6f2" opacity=".8"><rect x="350" y="300" width="380" height="10"/><rect x="350" y="480" width="380" height="10"/><rect x="350" y="660" width="380" height="10"/></g>
<rect x="370" y="220" width="70" height="80" rx="8" fill="#f2b705"/><rect x="460" y="240" width="90" height="60" rx="8" fill="#ffffff" stroke="#d8dde2" stroke-width="4"/>
<circle cx="610" cy="450" r="30" fill="#e04848"/><circle cx="660" cy="452" r="28" fill="#7cc04a"/><rect x="380" y="410" width="60" height="70" rx="10" fill="#9ad0ec"/>
<rect x="370" y="700" width="340" height="160" rx="12" fill="#dfe9ef"/><circle cx="440" cy="780" r="26" fill="#ff9f43"/><circle cx="520" cy="790" r="22" fill="#7cc04a"/>
<path d="M330 90 170 150v740l160 40z" fill="url(#st)"/><path d="M750 90l160 60v740l-160 40z" fill="url(#st)"/>`,
      steel('st', 0),
      { cx: 540, cy: 950, rx: 420, ry: 30 },
    ),
  // A cast-iron casserole with its lid, at an angle (household goods).
  'pot-angle': () =>
    studio(
      `<ellipse cx="540" cy="760" rx="330" ry="90" fill="#b8410f"/><path d="M210 520h660v240c0 50-148 92-330 92s-330-42-330-92z" fill="url(#en)"/>
<ellipse cx="540" cy="520" rx="330" ry="92" fill="#d9561a"/><ellipse cx="540" cy="510" rx="300" ry="78" fill="#ef7a2c"/>
<rect x="470" y="400" width="140" height="56" rx="26" fill="#2f353c"/><path d="M120 560h100v60H120zM860 560h100v60H860z" fill="#c44d14"/>
<path d="M260 600c40 120 120 170 240 190" stroke="#fff" stroke-width="16" fill="none" opacity=".25" stroke-linecap="round"/>`,
      `<linearGradient id="en" x1="0" x2="1"><stop offset="0" stop-color="#b8410f"/><stop offset=".45" stop-color="#f08a3c"/><stop offset="1" stop-color="#a93a0c"/></linearGradient>`,
      { cx: 540, cy: 880, rx: 400, ry: 40 },
    ),
  // A chef's knife from the side (household goods).
  'knife-side': () =>
    studio(
      `<path d="M120 560 690 470v130H170c-40 0-60-20-50-40z" fill="url(#st)"/><path d="M120 560 690 470v20L140 570z" fill="#ffffff" opacity=".6"/>
<rect x="680" y="460" width="40" height="150" rx="10" fill="url(#st2)"/><rect x="716" y="480" width="250" height="110" rx="40" fill="#15181c"/>
${buttons(770, 535, 3, 70, 12, '#c9ced4')}`,
      steel('st', 0) + steel('st2', 90),
      { cx: 540, cy: 700, rx: 440, ry: 30 },
    ),
};

const kitchenDrawings: Record<string, () => string> = {
  // A white corner kitchen with an oak worktop.
  'kitchen-overview':
    () => `<svg xmlns="http://www.w3.org/2000/svg" width="${KITCHEN.width}" height="${KITCHEN.height}" viewBox="0 0 1200 780">
<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6f3ee"/><stop offset="1" stop-color="#e9e3da"/></linearGradient>
<linearGradient id="oak" x1="0" x2="1"><stop offset="0" stop-color="#c89b6a"/><stop offset=".5" stop-color="#d9b083"/><stop offset="1" stop-color="#bf8f5c"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9c3ba"/><stop offset="1" stop-color="#a9a298"/></linearGradient></defs>
<rect width="1200" height="600" fill="url(#wall)"/><rect y="600" width="1200" height="180" fill="url(#floor)"/>
<rect x="780" y="90" width="260" height="200" fill="#cfe3ef"/><path d="M910 90v200M780 190h260" stroke="#ffffff" stroke-width="10"/>
${Array.from({ length: 4 }, (_, i) => `<rect x="${80 + i * 150}" y="80" width="140" height="230" fill="#fbfbfa" stroke="#e0ddd7" stroke-width="4"/><rect x="${140 + i * 150}" y="280" width="20" height="6" fill="#a77b4f"/>`).join('')}
<rect x="60" y="420" width="1080" height="34" fill="url(#oak)"/>
${Array.from({ length: 7 }, (_, i) => `<rect x="${60 + i * 154}" y="454" width="150" height="196" fill="#fbfbfa" stroke="#e0ddd7" stroke-width="4"/><rect x="${115 + i * 154}" y="470" width="40" height="6" fill="#a77b4f"/>`).join('')}
<rect x="380" y="454" width="150" height="196" fill="#1b1f24"/><rect x="398" y="500" width="114" height="120" rx="6" fill="#3b2a1a" opacity=".6"/>
<rect x="360" y="414" width="190" height="8" fill="#15181c"/><rect x="400" y="150" width="110" height="140" fill="#c4c9cf"/><path d="M380 290h150l-20 40H400z" fill="#9aa1a8"/>
<rect x="820" y="380" width="60" height="40" rx="6" fill="#7cc04a"/><rect x="900" y="370" width="40" height="50" rx="8" fill="#ffffff" stroke="#e0ddd7" stroke-width="3"/>
</svg>`,
  // The oak worktop with the induction hob.
  'kitchen-worktop':
    () => `<svg xmlns="http://www.w3.org/2000/svg" width="${KITCHEN.width}" height="${KITCHEN.height}" viewBox="0 0 1200 780">
<defs><linearGradient id="oak" x1="0" x2="1"><stop offset="0" stop-color="#c89b6a"/><stop offset=".5" stop-color="#dcb387"/><stop offset="1" stop-color="#bf8f5c"/></linearGradient></defs>
<rect width="1200" height="780" fill="#f3efe8"/><path d="M0 330h1200v300H0z" fill="url(#oak)"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M0 ${350 + i * 30}q600 ${i % 2 ? 18 : -18} 1200 0" stroke="#b3855a" stroke-width="3" fill="none" opacity=".5"/>`).join('')}
<rect x="330" y="360" width="540" height="230" rx="14" fill="#111417"/>
<circle cx="470" cy="440" r="60" fill="none" stroke="#3a4047" stroke-width="6"/><circle cx="730" cy="440" r="70" fill="none" stroke="#3a4047" stroke-width="6"/>
<circle cx="470" cy="530" r="44" fill="none" stroke="#3a4047" stroke-width="6"/><circle cx="730" cy="530" r="44" fill="none" stroke="#3a4047" stroke-width="6"/>
<rect y="630" width="1200" height="150" fill="#fbfbfa"/><rect x="560" y="660" width="80" height="8" fill="#a77b4f"/>
</svg>`,
  // The corner with its carousel cupboard.
  'kitchen-corner':
    () => `<svg xmlns="http://www.w3.org/2000/svg" width="${KITCHEN.width}" height="${KITCHEN.height}" viewBox="0 0 1200 780">
<rect width="1200" height="780" fill="#efeae2"/><path d="M600 0v520" stroke="#ded7cc" stroke-width="6"/>
<path d="M120 420h480v40H120zM600 420h480v40H600z" fill="#d2a676"/>
<rect x="120" y="460" width="480" height="260" fill="#fbfbfa"/><rect x="600" y="460" width="480" height="260" fill="#f3f3f1"/>
<ellipse cx="600" cy="600" rx="180" ry="60" fill="#d8dde2"/><ellipse cx="600" cy="560" rx="180" ry="60" fill="#eef1f4" stroke="#c9ced4" stroke-width="6"/>
<rect x="500" y="500" width="60" height="50" rx="8" fill="#6b7279"/><rect x="620" y="490" width="80" height="56" rx="10" fill="#3b4047"/>
<rect x="200" y="120" width="300" height="200" fill="#fbfbfa" stroke="#e0ddd7" stroke-width="4"/><rect x="700" y="120" width="300" height="200" fill="#fbfbfa" stroke="#e0ddd7" stroke-width="4"/>
</svg>`,
};

async function write(file: string, svg: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  writeFileSync(file, jpeg);
  console.log(`${file.slice(root.length)} (${(jpeg.length / 1024).toFixed(1)} KB)`);
}

async function writeAll(dir: string, table: Record<string, readonly SamplePhoto[]>, draw: Record<string, () => string>): Promise<void> {
  for (const [slug, photos] of Object.entries(table))
    for (const photo of photos) {
      const drawing = draw[photo.drawing];
      if (!drawing) throw new Error(`${slug}: no drawing "${photo.drawing}"`);
      await write(join(dir, slug, photo.file), drawing());
    }
}

await writeAll(join(root, 'content/catalog/photos/products'), productPhotos, drawings);
await writeAll(join(root, 'content/catalog/photos/kitchens'), kitchenPhotos, kitchenDrawings);
