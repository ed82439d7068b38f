// The sample catalogue's energy labels (/energielabels/{productId}.svg) and product information sheets
// (/energielabels/{productId}.pdf), drawn at build time for each product whose energyLabelUrl or productSheetUrl
// points here (src/lib/energy-label-samples.ts). Products that link their supplier's files in EPREL get none.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getProducts } from '../../lib/content';
import { sampleLabelPath, sampleLabelSvg, sampleSheetPath, sampleSheetPdf, type SampleLabelInput } from '../../lib/energy-label-samples';

export const getStaticPaths = (async () => {
  const paths: { params: { file: string }; props: { kind: 'label' | 'sheet'; product: SampleLabelInput } }[] = [];
  for (const { data: p } of await getProducts()) {
    if (!p.energyLabel) continue;
    const product: SampleLabelInput = { ...p, energyLabel: p.energyLabel, energyLabelScale: p.energyLabelScale ?? 'A-G' };
    if (p.energyLabelUrl === sampleLabelPath(p.productId))
      paths.push({ params: { file: `${p.productId}.svg` }, props: { kind: 'label', product } });
    if (p.productSheetUrl === sampleSheetPath(p.productId))
      paths.push({ params: { file: `${p.productId}.pdf` }, props: { kind: 'sheet', product } });
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { kind, product } = props as { kind: 'label' | 'sheet'; product: SampleLabelInput };
  return kind === 'label'
    ? new Response(sampleLabelSvg(product), { headers: { 'content-type': 'image/svg+xml; charset=utf-8' } })
    : new Response(sampleSheetPdf(product), { headers: { 'content-type': 'application/pdf' } });
};
