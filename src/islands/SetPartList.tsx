// The parts of a set on its line (cart page, checkout summary, order confirmation): names, linked to their pages.
import type { SetPart } from '../domain/order-summary.ts';

export default function SetPartList({ parts }: { parts: SetPart[] }) {
  return (
    <ul className="set-parts" aria-label="Deze set bestaat uit">
      {parts.map((part) => (
        <li key={part.name}>{part.url ? <a href={part.url}>{part.name}</a> : part.name}</li>
      ))}
    </ul>
  );
}
