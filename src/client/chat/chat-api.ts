// The shopper side of the chat API (docs/chat.md), on the shop's API client with the guest token of the app state.
import { apiFetch } from '../api.ts';
import { getToken, loadAppState } from '../app-state.ts';

export type ChatMessage = { id: string; seq: number; from: 'shopper' | 'staff'; staffName?: string; text: string; at: string };
export type ChatConversation = {
  conversationId: string;
  status: 'open' | 'done';
  productName: string | null;
  messages: ChatMessage[];
  seq: number;
};
export type ChatStatus = {
  open: boolean;
  closedBecause: 'hours' | 'no-staff' | null;
  hoursText: string;
  hours: string[];
  whatsapp: string;
  whatsappUrl: string;
};

/** The guest token, asked for once when this browser has none yet. */
async function shopperToken(): Promise<string | null> {
  if (!getToken()) await loadAppState().catch(() => null);
  return getToken();
}

export const chatStatus = async () => (await apiFetch<ChatStatus>('chat/status/')).data;

export async function startChat(input: { text: string; name?: string; pagePath: string; productId?: number }): Promise<ChatConversation> {
  return (await apiFetch<ChatConversation>('chat/conversations/', { body: input, token: await shopperToken(), retries: 0 })).data;
}

export async function loadChat(conversationId: string): Promise<ChatConversation> {
  return (await apiFetch<ChatConversation>(`chat/conversations/${conversationId}/`, { token: await shopperToken() })).data;
}

export async function sendChatMessage(conversationId: string, text: string): Promise<ChatMessage> {
  return (
    await apiFetch<ChatMessage>(`chat/conversations/${conversationId}/messages/`, {
      body: { text },
      token: await shopperToken(),
      retries: 0,
    })
  ).data;
}

export async function leaveMessage(input: {
  name: string;
  emailAddress: string;
  message: string;
  pagePath: string;
}): Promise<{ reference: string }> {
  return (await apiFetch<{ reference: string }>('chat/offline-messages/', { body: input, token: await shopperToken(), retries: 0 })).data;
}
