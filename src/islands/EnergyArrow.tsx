// The energy class arrow of a search hit or a cart line, as src/components/EnergyArrow.astro draws it on the prebuilt
// pages (same markup, same src/styles/energy.css): linked to the label, with the product information sheet beside it.
import { ENERGY_SCALE_NAMES, energyLabelView, isOnScale, PRODUCT_SHEET_TEXT, type EnergyScale } from '../domain/energy-label.ts';
import '../styles/energy.css';

export type EnergyFields = { energyLabel?: string; energyLabelScale?: string; energyLabelUrl?: string; productSheetUrl?: string };

export function EnergyArrow({ doc }: { doc: EnergyFields }) {
  const scale = (ENERGY_SCALE_NAMES as string[]).includes(doc.energyLabelScale ?? '') ? (doc.energyLabelScale as EnergyScale) : 'A-G';
  // A document from another index version may carry a class this scale does not know: then no arrow rather than a wrong one.
  if (!doc.energyLabel || !isOnScale(scale, doc.energyLabel)) return null;
  const view = energyLabelView({ ...doc, energyLabel: doc.energyLabel, energyLabelScale: scale });
  if (!view) return null;
  const parts = (
    <>
      <span className="energy-range" data-best={view.range[0]} data-worst={view.range[1]} />
      <span className="energy-class">{view.energyClass}</span>
    </>
  );
  return (
    <span className="energy-line">
      {view.labelUrl ? (
        <a className="energy" href={view.labelUrl} data-step={view.step} aria-label={view.name}>
          {parts}
        </a>
      ) : (
        <span className="energy" role="img" data-step={view.step} aria-label={view.name}>
          {parts}
        </span>
      )}
      {view.sheetUrl && (
        <>
          {' '}
          <a className="energy-sheet" href={view.sheetUrl}>
            {PRODUCT_SHEET_TEXT}
          </a>
        </>
      )}
    </span>
  );
}
