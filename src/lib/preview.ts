// Preview builds (issue 12): `PREVIEW=1 npm run build` (or `npm run preview:content`) builds with the content marked
// `draft: true`, every page noindex and a "Voorbeeld" bar, so an editor can check a draft before publishing. A normal
// build leaves drafts out.
export const PREVIEW = process.env.PREVIEW === '1';

/** Whether an entry belongs in this build: published, or any entry in a preview build. */
export const inThisBuild = (entry: { data: { draft?: boolean } }): boolean => PREVIEW || !entry.data.draft;
