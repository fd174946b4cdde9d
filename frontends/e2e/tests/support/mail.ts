/** The development mail server (maildev) that receives every email the product sends in tests. */
export interface InboxMessage {
  subject: string;
  text?: string;
  to: { address: string; name?: string }[];
  replyTo?: { address: string; name?: string }[];
}

export function mailInboxUrl(): string {
  const url = process.env.MAIL_INBOX_URL;
  if (!url) throw new Error('MAIL_INBOX_URL is not set: ./popote test sets it to the development mail server');
  return url.replace(/\/+$/, '');
}

/** Polls maildev's REST API (`GET /email`) until the `nth` (0: first) message that matches arrives; fails after `timeoutMs`. */
export async function waitForEmail(matches: (message: InboxMessage) => boolean, timeoutMs = 30_000, nth = 0): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (Date.now() < deadline) {
    const response = await fetch(`${mailInboxUrl()}/email`);
    if (response.ok) {
      const messages = (await response.json()) as InboxMessage[];
      seen = messages.length;
      const found = messages.filter(matches)[nth];
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no matching email after ${timeoutMs} ms (${seen} messages in the inbox)`);
}
