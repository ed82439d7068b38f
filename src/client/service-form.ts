// The service request form's script (src/components/ServiceRequestForm.astro), vanilla TypeScript so the page carries
// no framework: the form works without it, and with it the shopper gets the server's checks before sending
// (src/domain/service-request.ts), street and place from the address look-up, a product search in the catalogue,
// the chosen files with their sizes and a remove button (each checked by its first bytes and size before it is
// accepted), and a progress bar while the files upload. It sends the same multipart request as the plain form, asking
// for JSON, and goes to the receipt page when the server accepts it.
import { amsterdamTime } from '../domain/amsterdam-calendar.ts';
import type { FieldError } from '../domain/errors.ts';
import { checkServiceRequest, serviceRequestFrom } from '../domain/service-request.ts';
import { detectFileType, formatFileSize, SNIFF_BYTES, UPLOAD_LIMITS, UPLOAD_TEXTS } from '../domain/uploads.ts';
import { parseSuggestions, SUGGEST_DELAY_MS, SUGGEST_MIN_CHARS, suggestOptions, suggestRequest } from './search-suggest.ts';

const SEND_FAILED = 'Versturen is niet gelukt. Controleer je internetverbinding en probeer het opnieuw.';
const CHECK_FORM = 'Controleer je melding: niet alles is juist ingevuld.';

type Parts = {
  form: HTMLFormElement;
  summary: HTMLElement;
  fileInput: HTMLInputElement;
  fileList: HTMLUListElement;
  submit: HTMLButtonElement;
  progress: HTMLElement;
  bar: HTMLProgressElement;
  status: HTMLElement;
};

const field = <T extends Element>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as T | null;

/** Shows (or clears) the message under one field; 'files.3' and 'files' both land under the file input. */
function showFieldError(form: HTMLFormElement, name: string, message: string | null): void {
  const box = form.querySelector<HTMLElement>(`#sm-${CSS.escape(name)}-error`);
  const input = name === 'files' ? form.querySelector<HTMLElement>('#sm-files') : field<HTMLElement>(form, name);
  if (box) {
    box.replaceChildren(
      ...(message ? message.split('\n').map((line) => Object.assign(document.createElement('p'), { textContent: line })) : []),
    );
    box.hidden = !message;
  }
  if (input instanceof HTMLElement && 'setAttribute' in input) {
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    const ids = new Set((input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
    if (message) ids.add(`sm-${name}-error`);
    else ids.delete(`sm-${name}-error`);
    if (ids.size > 0) input.setAttribute('aria-describedby', [...ids].join(' '));
    else input.removeAttribute('aria-describedby');
  }
}

const FIELD_NAMES = [
  'name',
  'emailAddress',
  'phoneNumber',
  'postalCode',
  'houseNumber',
  'houseNumberAddition',
  'street',
  'city',
  'orderNumber',
  'purchaseDate',
  'productId',
  'brand',
  'model',
  'description',
  'files',
];

/** Puts every message next to its field and lists them in the summary, which takes the focus. */
function showErrors(parts: Parts, message: string, errors: FieldError[]): void {
  const { form, summary } = parts;
  const byField = new Map<string, string[]>();
  for (const error of errors) {
    const name = error.field.split('.')[0] ?? '';
    byField.set(name, [...(byField.get(name) ?? []), error.errorMessage]);
  }
  for (const name of FIELD_NAMES) showFieldError(form, name, byField.get(name)?.join('\n') ?? null);
  const heading = summary.querySelector('h2')!;
  heading.textContent = message;
  const list = summary.querySelector('ul')!;
  list.replaceChildren(
    ...errors.map((error) => {
      const item = document.createElement('li');
      const name = error.field.split('.')[0] ?? '';
      const target = name === 'files' ? '#sm-files' : `#sm-${name}`;
      if (name && form.querySelector(target)) {
        const link = Object.assign(document.createElement('a'), { href: target, textContent: error.errorMessage });
        item.append(link);
      } else item.textContent = error.errorMessage;
      return item;
    }),
  );
  summary.hidden = false;
  heading.focus();
}

function clearErrors(parts: Parts): void {
  for (const name of FIELD_NAMES) showFieldError(parts.form, name, null);
  parts.summary.hidden = true;
}

/** The files the shopper chose, kept by the script (the file input is emptied after each choice). */
function setUpFiles(parts: Parts): { files: () => File[] } {
  const { form, fileInput, fileList } = parts;
  const chosen: File[] = [];
  const keptBoxes = () => [...form.querySelectorAll<HTMLInputElement>('input[name="keep"]')].filter((box) => box.checked);
  const render = () => {
    fileList.replaceChildren(
      ...chosen.map((file, index) => {
        const item = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = `${file.name} (${formatFileSize(file.size)})`;
        const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Verwijderen' });
        remove.setAttribute('aria-label', `${file.name} verwijderen`);
        remove.addEventListener('click', () => {
          chosen.splice(index, 1);
          render();
          parts.status.textContent = `${file.name} is verwijderd.`;
          fileInput.focus();
        });
        item.append(label, remove);
        return item;
      }),
    );
    fileList.hidden = chosen.length === 0;
  };
  fileInput.addEventListener('change', async () => {
    const picked = [...(fileInput.files ?? [])];
    fileInput.value = '';
    const problems: string[] = [];
    for (const file of picked) {
      if (chosen.length + keptBoxes().length >= UPLOAD_LIMITS.files) problems.push(UPLOAD_TEXTS.tooMany(file.name));
      else if (file.size === 0) problems.push(UPLOAD_TEXTS.empty(file.name));
      else if (file.size > UPLOAD_LIMITS.fileBytes) problems.push(UPLOAD_TEXTS.tooLarge(file.name));
      else if (!detectFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer())))
        problems.push(UPLOAD_TEXTS.wrongType(file.name));
      else chosen.push(file);
    }
    render();
    showFieldError(form, 'files', problems.length > 0 ? problems.join('\n') : null);
    const added = picked.length - problems.length;
    parts.status.textContent = added > 0 ? `${added === 1 ? '1 bestand' : `${added} bestanden`} toegevoegd.` : '';
  });
  return { files: () => chosen };
}

/** Street and place from the postal code and house number (POST /api/carts/address/), when the shopper left them empty or we filled them. */
function setUpAddressLookUp(form: HTMLFormElement): void {
  const value = (name: string) => field<HTMLInputElement>(form, name)?.value.trim() ?? '';
  const street = field<HTMLInputElement>(form, 'street')!;
  const city = field<HTMLInputElement>(form, 'city')!;
  const status = form.querySelector<HTMLElement>('#sm-address-status')!;
  let asked = '';
  const lookUp = async () => {
    const query = {
      country: value('country') || 'NL',
      postalCode: value('postalCode'),
      houseNumber: value('houseNumber'),
      houseNumberAddition: value('houseNumberAddition'),
    };
    const key = JSON.stringify(query);
    if (!query.postalCode || !query.houseNumber || key === asked) return;
    asked = key;
    try {
      const response = await fetch('/api/carts/address/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: key,
      });
      if (!response.ok) return;
      const { data } = (await response.json()) as { data: { street?: string; city?: string; manualEntry: boolean; message?: string } };
      if (data.manualEntry) {
        status.textContent = data.message ?? '';
        return;
      }
      // Only what the shopper has not typed themselves is filled in.
      if (!street.value.trim() || street.dataset.filled) street.value = data.street ?? '';
      if (!city.value.trim() || city.dataset.filled) city.value = data.city ?? '';
      street.dataset.filled = city.dataset.filled = '1';
      status.textContent = `Adres gevonden: ${data.street} ${query.houseNumber}, ${data.city}.`;
    } catch {
      // Without the look-up the shopper types street and place.
    }
  };
  for (const name of ['country', 'postalCode', 'houseNumber', 'houseNumberAddition'])
    field<HTMLInputElement>(form, name)?.addEventListener('change', () => void lookUp());
  for (const input of [street, city]) input.addEventListener('input', () => delete input.dataset.filled);
}

/** A small search in the catalogue that fills brand and type and remembers the product (the header's suggestions). */
function setUpProductSearch(form: HTMLFormElement): void {
  const box = form.querySelector<HTMLElement>('.sm-product-search');
  const query = form.querySelector<HTMLInputElement>('#sm-product-query');
  const results = form.querySelector<HTMLUListElement>('.sm-product-results');
  const chosen = form.querySelector<HTMLElement>('#sm-productId');
  const clear = form.querySelector<HTMLButtonElement>('.sm-clear-product');
  const productId = field<HTMLInputElement>(form, 'productId');
  if (!box || !query || !results || !chosen || !clear || !productId) return;
  box.hidden = false;
  clear.hidden = false;
  const options = suggestOptions(box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  const search = async (text: string) => {
    const request = ++latest;
    const { url, init } = suggestRequest(text, options);
    try {
      const response = await fetch(url, init);
      const found = parseSuggestions(await response.json()).slice(0, 5);
      if (request !== latest) return;
      results.replaceChildren(
        ...found.map((product) => {
          const item = document.createElement('li');
          const pick = Object.assign(document.createElement('button'), { type: 'button', textContent: `${product.brand} ${product.name}` });
          pick.addEventListener('click', () => {
            productId.value = product.id;
            field<HTMLInputElement>(form, 'brand')!.value = product.brand;
            field<HTMLInputElement>(form, 'model')!.value = product.name;
            chosen.querySelector('strong')!.textContent = `${product.brand} ${product.name}`;
            chosen.hidden = false;
            results.hidden = true;
            query.value = '';
            chosen.focus();
          });
          item.append(pick);
          return item;
        }),
      );
      results.hidden = found.length === 0;
    } catch {
      results.hidden = true;
    }
  };
  query.addEventListener('input', () => {
    clearTimeout(timer);
    const text = query.value.trim();
    if (text.length < SUGGEST_MIN_CHARS) {
      results.hidden = true;
      return;
    }
    timer = setTimeout(() => void search(text), SUGGEST_DELAY_MS);
  });
  clear.addEventListener('click', () => {
    productId.value = '';
    chosen.hidden = true;
    query.focus();
  });
}

/** Sends the form with the chosen files (XMLHttpRequest: fetch cannot report upload progress). */
function send(parts: Parts, body: FormData): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', parts.form.action);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable) return;
      parts.bar.value = Math.round((event.loaded / event.total) * 100);
    });
    request.addEventListener('load', () => {
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        // Not JSON: treated as a failure below.
      }
      resolve({ status: request.status, json });
    });
    request.addEventListener('error', () => reject(new Error('network')));
    request.addEventListener('abort', () => reject(new Error('aborted')));
    request.send(body);
  });
}

export function enhanceServiceForm(form: HTMLFormElement): void {
  const parts: Parts = {
    form,
    summary: form.querySelector<HTMLElement>('#sm-summary')!,
    fileInput: form.querySelector<HTMLInputElement>('#sm-files')!,
    fileList: form.querySelector<HTMLUListElement>('.sm-file-list')!,
    submit: form.querySelector<HTMLButtonElement>('button[type="submit"]')!,
    progress: form.querySelector<HTMLElement>('.sm-progress')!,
    bar: form.querySelector<HTMLProgressElement>('#sm-progress-bar')!,
    status: form.querySelector<HTMLElement>('.sm-send .sm-status')!,
  };
  const files = setUpFiles(parts);
  setUpAddressLookUp(form);
  setUpProductSearch(form);
  // A page shown again by the server with its messages: the summary is read first.
  if (!parts.summary.hidden) parts.summary.querySelector<HTMLElement>('h2')?.focus();

  let sending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const body = new FormData(form);
    const values = serviceRequestFrom(
      Object.fromEntries([...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    );
    const errors = checkServiceRequest(values, amsterdamTime(new Date()).date);
    if (errors.length > 0) {
      showErrors(parts, CHECK_FORM, errors);
      return;
    }
    clearErrors(parts);
    body.delete('files');
    for (const file of files.files()) body.append('files', file, file.name);
    sending = true;
    parts.submit.disabled = true;
    parts.progress.hidden = false;
    parts.bar.value = 0;
    parts.status.textContent = 'Je melding wordt verstuurd…';
    try {
      const { status, json } = await send(parts, body);
      const answer = json as { data?: { receiptUrl?: string }; message?: string; errors?: FieldError[] } | null;
      if (status === 201 && answer?.data?.receiptUrl) {
        parts.status.textContent = 'Je melding is verstuurd.';
        window.location.assign(answer.data.receiptUrl);
        return;
      }
      showErrors(
        parts,
        answer?.message ?? SEND_FAILED,
        answer?.errors?.length ? answer.errors : [{ field: '', errorMessage: answer?.message ?? SEND_FAILED }],
      );
      parts.status.textContent = '';
    } catch {
      showErrors(parts, SEND_FAILED, [{ field: '', errorMessage: SEND_FAILED }]);
      parts.status.textContent = '';
    } finally {
      sending = false;
      parts.submit.disabled = false;
      parts.progress.hidden = true;
    }
  });
}
