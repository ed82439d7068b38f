// Moving the focus to a field of the checkout: the input, or the chosen (else the first) option of a radio group.
import { fieldId } from './form.ts';

export function focusField(field: string): boolean {
  const element = document.getElementById(fieldId(field));
  if (!element) return false;
  const target =
    element.tagName === 'FIELDSET'
      ? (element.querySelector<HTMLInputElement>('input:checked:not(:disabled)') ??
        element.querySelector<HTMLInputElement>('input:not(:disabled)'))
      : element;
  target?.focus();
  return Boolean(target);
}
