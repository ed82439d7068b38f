// The browser editor's paths (/keystatic, /api/keystatic/…) as this site routes them: Keystatic's client asks for
// /api/keystatic/tree, the site's routes end in a slash (trailingSlash: 'always'). Used by the dev server
// (integration.ts) and, in GitHub mode, by the production server (src/server/serve.ts). No dependencies.
const EDITOR_PATH = /^\/(api\/)?keystatic(\/|\?|$)/;

/** Whether a request URL is the editor's. */
export function isEditorPath(url: string | undefined): boolean {
  return url !== undefined && EDITOR_PATH.test(url);
}

/** The URL with the trailing slash the site's routes have, for the editor's paths; others unchanged. */
export function withSlash(url: string): string {
  const [path = '', query] = url.split('?');
  if (!isEditorPath(path) || path.endsWith('/')) return url;
  return `${path}/${query === undefined ? '' : `?${query}`}`;
}
