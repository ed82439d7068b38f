// The browser's half of a passkey ceremony on the back office's pages (/beheer/inloggen/, /beheer/passkeys/): ask the
// API for options, let the browser and the authenticator answer (@simplewebauthn/browser), and post the answer with the
// page's own form, so the server sets the cookie or shows the result as for any form. Without WebAuthn the buttons stay
// hidden and the password form works as before.
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';

type Options = { challengeId: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] };

async function optionsFrom(path: string, token: string | null): Promise<{ challengeId: string; options: unknown }> {
  const reply = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  });
  const body = (await reply.json()) as { data?: Options; message?: string };
  if (!reply.ok || !body.data) throw new Error(body.message ?? 'De passkey kon niet worden gestart.');
  return body.data;
}

function say(form: HTMLFormElement, text: string): void {
  const out = form.querySelector<HTMLElement>('[data-passkey-message]');
  if (!out) return;
  out.textContent = text;
  out.hidden = false;
}

function failure(error: unknown): string {
  if (error instanceof WebAuthnError && error.name === 'NotAllowedError') return 'Geannuleerd of niet toegestaan. Probeer het opnieuw.';
  return error instanceof Error && error.message ? error.message : 'Dat lukte niet. Probeer het opnieuw.';
}

/** Wires every `form[data-passkey]` of the page: `sign-in` or `register`. */
export function wirePasskeyForms(): void {
  if (!browserSupportsWebAuthn()) return;
  const handOver = document.getElementById('staff-hand-over')?.textContent;
  const token = handOver ? ((JSON.parse(handOver) as { token?: string }).token ?? null) : null;
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-passkey]')) {
    form.hidden = false;
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
      if (button) button.disabled = true;
      try {
        const register = form.dataset.passkey === 'register';
        const { challengeId, options } = await optionsFrom(
          register ? '/api/staff/passkeys/options/' : '/api/staff/session/passkey/options/',
          token,
        );
        const response = register
          ? await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] })
          : await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
        (form.elements.namedItem('challengeId') as HTMLInputElement).value = challengeId;
        (form.elements.namedItem('response') as HTMLInputElement).value = JSON.stringify(response);
        form.submit();
      } catch (error) {
        say(form, failure(error));
        if (button) button.disabled = false;
      }
    });
  }
}
