// The delivery threshold and amount in the build (src/domain/delivery-settings.ts): reads them once, as the server
// does (delivery.yaml with FREE_DELIVERY_THRESHOLD / DELIVERY_COST), and
// (the placeholders {gratis-bezorging-vanaf} and {bezorgkosten} of the texts are filled in on the rendered pages by
// src/lib/delivery-placeholders.ts, from the middleware: Astro 7's Markdown processor takes no remark plugins)
// - stops the build when an editor's text writes the threshold out ("vanaf € 50,00"), naming file and line: it
//   would go on saying that amount after the setting changes (docs/content.md, "Amounts in texts");
// - records the amounts in dist/server/delivery.json, which the server compares with its own at start
//   (src/server/content/build-amounts.ts): pages built with other amounts than the cart uses are logged as an error.
import type { AstroIntegration } from 'astro';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { literalThresholdLines, withDeliveryEnv } from '../domain/delivery-settings.ts';
import { formatEuro } from '../domain/money.ts';
import { BUILD_AMOUNTS_FILE } from '../server/content/build-amounts.ts';
import { contentRoot, readSetting } from '../server/content/read-content.ts';

type Amounts = { freeDeliveryThreshold: number; deliveryCost: number };

/** Folders of content/ whose texts are not the editors' prose about delivery (product data, generated catalogues). */
const NOT_CHECKED = new Set(['products', 'catalog', 'kitchen-orders', 'search']);

/** Every line of content/'s texts (Markdown and YAML, outside NOT_CHECKED) that writes the threshold out. */
function thresholdProblems(contentDir: string, amounts: Amounts): string[] {
  const problems: string[] = [];
  const settingFile = join(contentDir, 'settings/delivery.yaml');
  const walk = (dir: string, top: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(top && NOT_CHECKED.has(entry.name))) walk(path, false);
      } else if (/\.(md|mdoc|ya?ml)$/.test(entry.name) && path !== settingFile) {
        for (const line of literalThresholdLines(readFileSync(path, 'utf8'), amounts))
          problems.push(
            `${relative(process.cwd(), path)}:${line}: schrijf {gratis-bezorging-vanaf} in plaats van ${formatEuro(amounts.freeDeliveryThreshold)} (docs/content.md, "Bedragen in teksten")`,
          );
      }
    }
  };
  walk(contentDir, true);
  return problems;
}

export default function deliveryAmounts(): AstroIntegration {
  let server: URL | null = null;
  let amounts: Amounts;
  return {
    name: 'keukenhuys-delivery-amounts',
    hooks: {
      'astro:config:setup': ({ command }) => {
        const contentDir = contentRoot();
        const { freeDeliveryThreshold, deliveryCost } = withDeliveryEnv(readSetting('delivery', contentDir)!, process.env);
        amounts = { freeDeliveryThreshold, deliveryCost };
        // The build only: `astro dev` (and the browser editor in it) keeps running while an editor types.
        if (command !== 'build') return;
        const [problem, ...more] = thresholdProblems(contentDir, amounts);
        if (problem) throw new Error(`${problem}${more.length > 0 ? ` (en ${more.length} meer)` : ''}`);
      },
      'astro:config:done': ({ config }) => {
        server = config.build.server;
      },
      'astro:build:done': async () => {
        if (server) await writeFile(fileURLToPath(new URL(BUILD_AMOUNTS_FILE, server)), `${JSON.stringify(amounts)}\n`);
      },
    },
  };
}
