// Live updates for /beheer/chat/: the page works as plain forms; this script keeps the staff event stream open
// (which also makes the chat "open" for shoppers), updates the list of open conversations, shows new messages of the
// conversation on screen, and sends answers and "Afgerond" over the API without reloading. The staff token comes
// from the page's hand-over block (BackOffice.astro).
import { apiFetch, ApiError } from '../api.ts';
import { clock, h } from './dom.ts';
import { openEventStream } from './event-stream.ts';

type Message = { id: string; from: 'shopper' | 'staff'; staffName?: string; text: string; at: string };
type Summary = {
  conversationId: string;
  status: 'open' | 'done';
  shopperName: string | null;
  pagePath: string | null;
  productName: string | null;
  lastMessage: Message | null;
  waiting: boolean;
};
type Conversation = Summary & { messages: Message[] };

const PAGE = '/beheer/chat/';
const handOver = document.getElementById('staff-hand-over');
const token = handOver ? ((JSON.parse(handOver.textContent || '{}') as { token?: string }).token ?? null) : null;
const list = document.getElementById('chat-list');
const empty = document.getElementById('chat-empty');
const live = document.getElementById('chat-live');
const section = document.getElementById('chat-conversation');
const selectedId = section?.dataset.id ?? null;
const who = (name: string | null) => name || 'Bezoeker';

function listItem(summary: Summary): HTMLLIElement {
  return h(
    'li',
    { 'data-id': summary.conversationId },
    h(
      'a',
      { href: `${PAGE}?gesprek=${summary.conversationId}`, 'aria-current': summary.conversationId === selectedId ? 'page' : undefined },
      h('strong', {}, who(summary.shopperName)),
      summary.waiting ? h('span', { class: 'bo-chat-waiting' }, ' (wacht op antwoord)') : null,
      h('span', { class: 'bo-chat-where' }, summary.productName ?? summary.pagePath ?? 'Onbekende pagina'),
      h('span', { class: 'bo-chat-last' }, summary.lastMessage?.text.slice(0, 80) ?? ''),
    ),
  );
}

function updateList(summary: Summary): void {
  if (!list) return;
  const existing = list.querySelector<HTMLLIElement>(`li[data-id="${summary.conversationId}"]`);
  if (summary.status === 'done') existing?.remove();
  else {
    const item = listItem(summary);
    if (existing) existing.replaceWith(item);
    else {
      list.prepend(item);
      if (live) live.textContent = `Nieuw gesprek met ${who(summary.shopperName)}.`;
    }
  }
  if (empty) empty.hidden = list.children.length > 0;
}

function renderMessages(conversation: Conversation): void {
  const log = document.getElementById('chat-messages');
  if (!log) return;
  const known = new Set([...log.children].map((li) => (li as HTMLElement).dataset.id));
  for (const m of conversation.messages) {
    if (known.has(m.id)) continue;
    log.append(
      h(
        'li',
        { class: `from-${m.from}`, 'data-id': m.id },
        h(
          'span',
          { class: 'bo-chat-who' },
          `${m.from === 'shopper' ? who(conversation.shopperName) : (m.staffName ?? 'Medewerker')}, ${clock(m.at)}`,
        ),
        h('p', {}, m.text),
      ),
    );
  }
}

async function refreshSelected(): Promise<void> {
  if (!selectedId) return;
  const { data } = await apiFetch<Conversation>(`chat/conversations/${selectedId}/`, { token });
  renderMessages(data);
}

function alertText(text: string): void {
  let alert = document.getElementById('chat-error');
  if (!alert) {
    alert = h('p', { class: 'bo-alert', role: 'alert', id: 'chat-error' });
    section?.prepend(alert);
  }
  alert.textContent = text;
}

function enhanceForms(): void {
  const answer = document.getElementById('chat-answer') as HTMLFormElement | null;
  const text = document.getElementById('chat-answer-text') as HTMLTextAreaElement | null;
  answer?.addEventListener('submit', async (event) => {
    if (!selectedId || !text) return;
    event.preventDefault();
    const button = answer.querySelector('button');
    if (button) button.disabled = true;
    try {
      await apiFetch(`chat/conversations/${selectedId}/messages/`, { body: { text: text.value }, token, retries: 0 });
      text.value = '';
      document.getElementById('chat-error')?.remove();
      await refreshSelected();
    } catch (error) {
      alertText(error instanceof ApiError ? error.summary : 'Versturen lukte niet. Probeer het opnieuw.');
    } finally {
      if (button) button.disabled = false;
      text.focus();
    }
  });
}

if (token && list) {
  enhanceForms();
  let connected = false;
  openEventStream({
    url: '/api/chat/events/',
    token: () => token,
    onEvent: (event) => {
      if (event.event !== 'conversation') return undefined;
      const summary = JSON.parse(event.data) as Summary;
      updateList(summary);
      if (summary.conversationId === selectedId) void refreshSelected().catch(() => {});
      return undefined;
    },
    onState: (state, status) => {
      if (!live) return;
      if (state === 'open') {
        // After a reconnection, what happened meanwhile is read again.
        if (connected) void refreshSelected().catch(() => {});
        connected = true;
        live.textContent = 'Je bent online: klanten kunnen nu met je chatten.';
      } else if (state === 'waiting') live.textContent = 'De verbinding is even weg. We proberen het opnieuw…';
      else if (state === 'stopped' && status === 401) live.textContent = 'Je bent niet meer ingelogd. Vernieuw de pagina.';
    },
  });
}
