// A small square WebP of each product's first photo at /images/photos/{productId}.webp (productThumbnailPath), for
// the places that show a product outside the prebuilt pages: search hits and cart lines take their `image` from the
// search documents and product summaries, which the server makes from content/ without the build's astro:assets
// names. Products without photos keep their type's drawing. Written at build:done from the product files that list
// photos (found while Astro builds); served by the dev server on request. A photo used by several products is
// resized once.
import type { AstroIntegration } from 'astro';
import { load as loadYaml } from 'js-yaml';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRODUCT_THUMBNAIL_SIZE, productThumbnailPath } from '../lib/product-thumbnail.ts';
import { mapInBatches } from './in-batches.ts';

type Thumbnail = { productId: number; photo: string };

/** Files read at once while looking for photos: enough to keep the disk busy, few enough to bound memory. */
const READ_AT_ONCE = 64;

/** Every product file under `dir` that lists photos: its product id and the first photo's file. */
async function productsWithPhotos(dir: string): Promise<Thumbnail[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.yaml')).map((e) => join(e.parentPath, e.name));
  const found = await mapInBatches(files, READ_AT_ONCE, async (file): Promise<Thumbnail | null> => {
    const text = await readFile(file, 'utf8');
    if (!/^photos:/m.test(text)) return null;
    // Only the fields needed here; the content layer validates the whole file (and fails on a missing photo).
    const data = loadYaml(text) as { productId?: unknown; photos?: { src?: unknown }[] };
    const src = data.photos?.[0]?.src;
    return typeof data.productId === 'number' && typeof src === 'string'
      ? { productId: data.productId, photo: resolve(dirname(file), src) }
      : null;
  });
  return found.filter((t) => t !== null).sort((a, b) => a.productId - b.productId);
}

/** The thumbnail's bytes: the whole photo in a white square (product photos are shot on white), as WebP. */
function thumbnail(photo: string): Promise<Buffer> {
  return sharp(photo)
    .resize(PRODUCT_THUMBNAIL_SIZE, PRODUCT_THUMBNAIL_SIZE, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .webp({ quality: 80 })
    .toBuffer();
}

export default function photoThumbnails(): AstroIntegration {
  let productsDir = '';
  let scan: Promise<Thumbnail[]> | null = null;
  const products = () => {
    scan ??= productsWithPhotos(productsDir);
    return scan;
  };
  return {
    name: 'keukenhuys-photo-thumbnails',
    hooks: {
      'astro:config:done': ({ config }) => {
        productsDir = join(fileURLToPath(config.root), 'content/catalog/products');
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const match = /^\/images\/photos\/(\d{1,9})\.webp$/.exec(req.url ?? '');
          if (!match) return next();
          // Read again on every request: an editor may have added a photo since.
          scan = null;
          const found = (await products()).find((p) => p.productId === Number(match[1]));
          if (!found) return next();
          res.setHeader('content-type', 'image/webp');
          res.end(await thumbnail(found.photo));
        });
      },
      'astro:build:start': () => {
        // Started now, read while Astro builds; build:done awaits it (and fails the build on an error).
        products().catch(() => {});
      },
      'astro:build:done': async ({ dir, logger }) => {
        const found = await products();
        const made = new Map<string, Promise<Buffer>>();
        for (const { productId, photo } of found) {
          if (!made.has(photo)) made.set(photo, thumbnail(photo));
          const file = fileURLToPath(new URL(`.${productThumbnailPath(productId)}`, dir));
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, await (made.get(photo) as Promise<Buffer>));
        }
        logger.info(`${found.length} product thumbnails (${made.size} photos) written to /images/photos/`);
      },
    },
  };
}
