// The checkout's error summary: every problem of a submit attempt in form order, each a link to its field (problems
// with the items link to the cart instead). An alert, so screen readers announce it.
import type { Ref } from 'react';
import type { FieldError } from '../../domain/errors.ts';
import { focusField } from './focus.ts';
import { fieldId } from './form.ts';

type Props = { problems: FieldError[]; summaryRef: Ref<HTMLDivElement> };

export default function ErrorSummary({ problems, summaryRef }: Props) {
  return (
    <div className="co-error-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby="co-error-title">
      <h2 id="co-error-title">Controleer je gegevens</h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field}|${problem.errorMessage}`}>
            {problem.field && problem.field !== 'items' && !problem.field.startsWith('items.') ? (
              <a
                href={`#${fieldId(problem.field)}`}
                onClick={(e) => {
                  e.preventDefault();
                  focusField(problem.field);
                }}
              >
                {problem.errorMessage}
              </a>
            ) : (
              <>
                {problem.errorMessage} {problem.field.startsWith('items') && <a href="/winkelwagen/">Naar je winkelwagen</a>}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
