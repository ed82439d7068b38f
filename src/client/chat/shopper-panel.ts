// The shopper's chat, mounted into a container by the desktop overlay (src/client/overlays/live-chat.ts) and by the
// /chat/ page (src/client/chat/page.ts). Four states: a conversation (messages as a live log, an answer box, new
// messages by the event stream), a form to start one when the chat is open, a "leave a message" form with the
// support hours and WhatsApp when it is not, and a finished conversation. The conversation's id is kept in local
// storage, so a reload (or another page) shows the same conversation.
import { ApiError } from '../api.ts';
import { getToken } from '../app-state.ts';
import { safeStorage } from '../local-events.ts';
import {
  type ChatConversation,
  type ChatMessage,
  type ChatStatus,
  chatStatus,
  leaveMessage,
  loadChat,
  sendChatMessage,
  startChat,
} from './chat-api.ts';
import { clock, field, h } from './dom.ts';
import { openEventStream } from './event-stream.ts';

const CONVERSATION_KEY = 'app-local-chat';
const MAX_CHARS = 1000;

export type PanelOptions = {
  /** The product of the page the chat was opened from. */
  productId?: number;
  productName?: string;
  /** The WhatsApp link to show before the status has loaded. */
  whatsappUrl?: string;
};

export type Panel = { focus(): void; destroy(): void };

const messageText = (error: unknown) =>
  error instanceof ApiError ? error.summary : 'Er ging iets mis. Controleer je verbinding en probeer het opnieuw.';

function storedConversation(): string | null {
  try {
    return safeStorage()?.getItem(CONVERSATION_KEY) || null;
  } catch {
    return null;
  }
}
function storeConversation(id: string | null): void {
  try {
    const storage = safeStorage();
    if (id) storage?.setItem(CONVERSATION_KEY, id);
    else storage?.removeItem(CONVERSATION_KEY);
  } catch {
    // Blocked storage: the conversation lasts for this page.
  }
}

export function mountShopperChat(container: HTMLElement, options: PanelOptions = {}): Panel {
  const state = h('p', { class: 'chat-state', role: 'status' }, 'De chat wordt geladen…');
  const error = h('p', { class: 'chat-error', role: 'alert' });
  const body = h('div', { class: 'chat-body' });
  const whatsapp = h('a', { href: options.whatsappUrl ?? 'https://wa.me/31648201976', rel: 'noopener' }, 'WhatsApp');
  const footer = h('p', { class: 'chat-alt' }, 'Liever appen? ', whatsapp);
  container.replaceChildren(state, error, body, footer);
  container.classList.add('chat-box');

  let stream: { stop(): void } | null = null;
  let destroyed = false;
  let focusTarget: HTMLElement | null = null;

  const showError = (text: string) => {
    error.textContent = text;
  };
  const setBody = (...nodes: (Node | null)[]) => {
    showError('');
    body.replaceChildren(...nodes.filter((n): n is Node => n !== null));
  };

  function renderMessage(message: ChatMessage): HTMLLIElement {
    const who = message.from === 'shopper' ? 'Jij' : (message.staffName ?? 'Klantenservice');
    return h(
      'li',
      { class: `chat-msg from-${message.from}`, 'data-id': message.id },
      h('span', { class: 'chat-who' }, `${who}, ${clock(message.at)}`),
      h('p', {}, message.text),
    );
  }

  function showConversation(conversation: ChatConversation): void {
    storeConversation(conversation.conversationId);
    // The log role goes on a wrapper: on the list itself it would take the list's role from its items.
    const items = h('ol', { class: 'chat-list' });
    const log = h('div', { class: 'chat-log', role: 'log', 'aria-label': 'Berichten', tabindex: '0' }, items);
    const seen = new Set<string>();
    const add = (message: ChatMessage) => {
      if (seen.has(message.id)) return;
      seen.add(message.id);
      items.append(renderMessage(message));
      log.scrollTop = log.scrollHeight;
    };
    for (const message of conversation.messages) add(message);
    const about = conversation.productName ? h('p', { class: 'chat-about' }, `Over: ${conversation.productName}`) : null;
    if (conversation.status === 'done') {
      showDone(about, log);
      return;
    }
    const input = h('textarea', { name: 'text', rows: '2', maxlength: String(MAX_CHARS), required: true });
    const form = h(
      'form',
      { class: 'chat-form' },
      field('Je bericht', input, 'Enter verstuurt, Shift+Enter begint een nieuwe regel.'),
      h('button', { type: 'submit', class: 'btn' }, 'Versturen'),
    );
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const button = form.querySelector('button')!;
      button.disabled = true;
      try {
        add(await sendChatMessage(conversation.conversationId, text));
        input.value = '';
        showError('');
      } catch (thrown) {
        showError(messageText(thrown));
      } finally {
        button.disabled = false;
        input.focus();
      }
    });
    setBody(about, log, form);
    state.textContent = 'Je chat met de klantenservice. Antwoorden verschijnen hier vanzelf.';
    focusTarget = input;
    stream?.stop();
    stream = openEventStream({
      url: `/api/chat/conversations/${conversation.conversationId}/events/`,
      token: getToken,
      lastEventId: String(conversation.seq),
      onEvent: (event) => {
        const data = JSON.parse(event.data) as { message?: ChatMessage; status?: string };
        if (event.event === 'message' && data.message) add(data.message);
        if (event.event === 'status' && data.status === 'done') {
          showDone(about, log);
          return 'stop';
        }
        return undefined;
      },
      onState: (s) => {
        if (s === 'waiting') state.textContent = 'De verbinding is even weg. We proberen het opnieuw…';
        if (s === 'open') state.textContent = 'Je chat met de klantenservice. Antwoorden verschijnen hier vanzelf.';
      },
    });
  }

  function showDone(about: HTMLElement | null, log: HTMLElement): void {
    stream?.stop();
    stream = null;
    const again = h('button', { type: 'button', class: 'btn secondary' }, 'Nieuwe chat');
    again.addEventListener('click', () => {
      storeConversation(null);
      void showStart(true);
    });
    setBody(about, log, h('p', { class: 'chat-done' }, 'Dit gesprek is afgerond. Bedankt voor je vraag!'), again);
    state.textContent = 'Dit gesprek is afgerond.';
    focusTarget = again;
  }

  function startForm(): HTMLElement {
    const name = h('input', { name: 'name', autocomplete: 'given-name', maxlength: '100' });
    const question = h('textarea', { name: 'text', rows: '3', maxlength: String(MAX_CHARS), required: true });
    const form = h(
      'form',
      { class: 'chat-form' },
      options.productName ? h('p', { class: 'chat-about' }, `Je vraag gaat over: ${options.productName}`) : null,
      field('Je naam (niet verplicht)', name),
      field('Je vraag', question),
      h('button', { type: 'submit', class: 'btn' }, 'Start de chat'),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button')!;
      button.disabled = true;
      try {
        const conversation = await startChat({
          text: question.value,
          ...(name.value.trim() ? { name: name.value.trim() } : {}),
          pagePath: location.pathname,
          ...(options.productId ? { productId: options.productId } : {}),
        });
        showConversation(conversation);
        focusTarget?.focus();
      } catch (thrown) {
        if (thrown instanceof ApiError && thrown.code === 409) {
          await showStart(true);
        }
        showError(messageText(thrown));
        button.disabled = false;
      }
    });
    focusTarget = question;
    return form;
  }

  function leaveForm(status: ChatStatus): HTMLElement[] {
    const name = h('input', { name: 'name', autocomplete: 'name', maxlength: '100', required: true });
    const email = h('input', { name: 'emailAddress', type: 'email', autocomplete: 'email', maxlength: '254', required: true });
    const message = h('textarea', { name: 'message', rows: '3', maxlength: '3000', required: true });
    const form = h(
      'form',
      { class: 'chat-form', 'aria-label': 'Laat een bericht achter' },
      h('h3', {}, 'Laat een bericht achter'),
      h('p', {}, 'We mailen je zo snel mogelijk terug.'),
      field('Je naam', name),
      field('Je e-mailadres', email),
      field('Je bericht', message),
      h('button', { type: 'submit', class: 'btn' }, 'Bericht versturen'),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button')!;
      button.disabled = true;
      try {
        const { reference } = await leaveMessage({
          name: name.value,
          emailAddress: email.value,
          message: message.value,
          pagePath: location.pathname,
        });
        const thanks = h(
          'p',
          { class: 'chat-thanks', tabindex: '-1' },
          `Bedankt! We hebben je bericht ontvangen en mailen je terug. Je referentie is ${reference}.`,
        );
        form.replaceWith(thanks);
        thanks.focus();
      } catch (thrown) {
        showError(messageText(thrown));
        button.disabled = false;
      }
    });
    const hours = h(
      'ul',
      { class: 'chat-hours', 'aria-label': 'Openingstijden van de chat' },
      ...status.hours.map((line) => h('li', {}, line)),
    );
    focusTarget = name;
    return [hours, form];
  }

  async function showStart(fresh = false): Promise<void> {
    let status: ChatStatus;
    try {
      status = await chatStatus();
    } catch (thrown) {
      state.textContent = 'De chat kan nu niet worden geladen.';
      showError(messageText(thrown));
      return;
    }
    if (destroyed) return;
    whatsapp.href = status.whatsappUrl;
    whatsapp.textContent = `WhatsApp ${status.whatsapp}`;
    if (status.open) {
      state.textContent = `Een medewerker is online. ${status.hoursText}.`;
      setBody(startForm());
    } else {
      state.textContent =
        status.closedBecause === 'hours'
          ? `De chat is nu gesloten. ${status.hoursText}.`
          : 'Er is nu niemand van de klantenservice online.';
      setBody(...leaveForm(status));
    }
    if (fresh) focusTarget?.focus();
  }

  async function begin(): Promise<void> {
    const id = storedConversation();
    if (id) {
      try {
        showConversation(await loadChat(id));
        return;
      } catch (thrown) {
        // Gone, or another browser's token: start afresh.
        if (thrown instanceof ApiError && [401, 403, 404].includes(thrown.code)) storeConversation(null);
        else {
          showError(messageText(thrown));
          return;
        }
      }
    }
    await showStart();
  }

  const ready = begin();
  return {
    focus: () => {
      void ready.then(() => (focusTarget ?? container).focus());
    },
    destroy: () => {
      destroyed = true;
      stream?.stop();
    },
  };
}
