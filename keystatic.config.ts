// The browser editor (Keystatic at /keystatic): collections and singletons over the editors' content files, made from
// the registry's schemas by src/editor/. Local mode in `astro dev` edits the files on disk; with
// KEYSTATIC_GITHUB_REPO=owner/name set when the site is built or started, it edits the repository through GitHub
// (docs/content.md, "Edit in the browser"). The selects' choices come from the content files, bundled here for the browser by Vite.
import { config } from '@keystatic/core';
import { choicesFrom } from './src/editor/choices.ts';
import { EDITOR_COLLECTIONS, EDITOR_SINGLETONS, editorSchemas } from './src/editor/collections.ts';
import categoriesYaml from './content/catalog/categories.yaml?raw';

const { collections, singletons } = editorSchemas(
  choicesFrom({
    categoriesYaml,
    brandFiles: Object.keys(import.meta.glob('./content/brands/*.md', { query: '?raw' })),
    blockFiles: Object.keys(import.meta.glob('./content/blocks/*.md', { query: '?raw' })),
  }),
);

// Set by the editor's integration (src/editor/integration.ts) from the environment of the build or dev server.
const repo = import.meta.env.KEYSTATIC_GITHUB_REPO as string | undefined;
const [owner = '', name = ''] = (repo ?? '').split('/');

export default config({
  storage: repo ? { kind: 'github', repo: { owner, name } } : { kind: 'local' },
  locale: 'nl-NL',
  ui: {
    brand: { name: 'Keukenhuys' },
    navigation: {
      Winkels: ['stores'],
      "Pagina's": Object.keys(EDITOR_COLLECTIONS).filter((c) => c !== 'stores'),
      Instellingen: Object.keys(EDITOR_SINGLETONS),
    },
  },
  collections,
  singletons,
});
