import { gzipSync } from 'node:zlib';
import { retryAfterMs } from '../../outside/retry-after';
import { type Delivery, type PushChannel, type PushMessage, ChannelError, failedAll, unansweredCall } from './channel';
import { channelTimeoutMs, expoConfig } from './communication-config';

/** As expo-server-sdk: at most 100 messages per send call, 300 ticket ids per receipts call. */
export const EXPO_SEND_SIZE = 100;
export const EXPO_RECEIPTS_SIZE = 300;
/** As expo-server-sdk: bodies over 1 KiB go gzipped; a 429 is tried twice more, 1 s then 2 s apart unless Expo says when. */
const GZIP_ABOVE_BYTES = 1024;
const RATE_LIMIT_RETRIES = 2;
const RETRY_MIN_MS = 1000;
/** A longer Retry-After is not waited for inline: the 429 goes to the caller (a batch waits that long). */
const MAX_INLINE_WAIT_MS = 10_000;

type Ticket = { status: 'ok'; id: string } | { status: 'error'; message?: string; details?: { error?: string } };
interface ExpoError {
  code?: string;
  message?: string;
  details?: unknown;
}

/** A call Expo refused as a whole, with its error code (PUSH_TOO_MANY_EXPERIENCE_IDS, ...) and details. */
class ExpoRefusal extends ChannelError {
  constructor(status: number, readonly expoError: ExpoError | undefined, retryAfter: number | null) {
    super(`Expo refused the push call (${status}): ${expoError?.message ?? 'no reason given'}`, status, retryAfter);
  }
}

/**
 * The chunk's messages per Expo project, when Expo refused it for mixing projects: its details name each project's
 * tokens. Messages to tokens it did not name go in a group of their own.
 */
function byProject(chunk: readonly PushMessage[], details: unknown): PushMessage[][] | null {
  if (typeof details !== 'object' || details === null) return null;
  const projectOf = new Map<string, string>();
  for (const [project, tokens] of Object.entries(details)) if (Array.isArray(tokens)) for (const token of tokens) projectOf.set(String(token), project);
  const groups = new Map<string, PushMessage[]>();
  for (const message of chunk) {
    const project = projectOf.get(message.to) ?? '';
    groups.set(project, [...(groups.get(project) ?? []), message]);
  }
  return groups.size > 1 ? [...groups.values()] : null;
}

/**
 * Expo's push API, spoken as expo-server-sdk speaks it (see the README beside the batch sender for why not the package
 * itself): chunks of 100, gzip above 1 KiB, a 429 tried again after Expo's Retry-After, a ticket per message (ok with
 * an id, or an error such as DeviceNotRegistered); about 15 minutes later the receipts of the ticket ids tell whether
 * Apple or Google took them. Tokens of several Expo projects go in one request per project: Expo refuses a mix with
 * PUSH_TOO_MANY_EXPERIENCE_IDS, naming each project's tokens. Other refusals and 5xx are not tried again (Expo may
 * have taken part of a call that failed).
 */
export class ExpoPushClient implements PushChannel {
  readonly kind = 'notification' as const;

  constructor(private readonly config: () => ReturnType<typeof expoConfig> = expoConfig) {}

  async send(messages: readonly PushMessage[]): Promise<Delivery[]> {
    const deliveries: Delivery[] = [];
    for (let start = 0; start < messages.length; start += EXPO_SEND_SIZE) deliveries.push(...(await this.sendChunk(messages.slice(start, start + EXPO_SEND_SIZE))));
    return deliveries;
  }

  private async sendChunk(chunk: readonly PushMessage[]): Promise<Delivery[]> {
    let tickets: Ticket[];
    try {
      tickets = (await this.post('/send', chunk.map(({ key: _key, ...message }) => message))) as Ticket[];
    } catch (error) {
      const groups = error instanceof ExpoRefusal && error.expoError?.code === 'PUSH_TOO_MANY_EXPERIENCE_IDS' ? byProject(chunk, error.expoError.details) : null;
      if (!groups) return failedAll(chunk, error);
      const byKey = new Map<string, Delivery>();
      for (const group of groups) for (const delivery of await this.sendChunk(group)) byKey.set(delivery.key, delivery);
      return chunk.map((message) => byKey.get(message.key)!);
    }
    // tickets that do not match the messages: Expo may have taken any of them
    if (!Array.isArray(tickets) || tickets.length !== chunk.length) return failedAll(chunk, new ChannelError(`Expo answered ${Array.isArray(tickets) ? tickets.length : 'no'} tickets for ${chunk.length} messages`, 200, null, true));
    return chunk.map((message, index) => {
      const ticket = tickets[index];
      if (ticket?.status === 'ok') return { key: message.key, ok: true, providerId: ticket.id, error: null };
      return { key: message.key, ok: false, providerId: null, error: ticket?.message ?? 'Expo sent no ticket', errorCode: ticket?.details?.error ?? null };
    });
  }

  async receipts(ticketIds: readonly string[]) {
    const receipts = new Map<string, { ok: boolean; error: string | null; errorCode: string | null }>();
    for (let start = 0; start < ticketIds.length; start += EXPO_RECEIPTS_SIZE) {
      const data = (await this.post('/getReceipts', { ids: ticketIds.slice(start, start + EXPO_RECEIPTS_SIZE) })) as Record<string, { status: string; message?: string; details?: { error?: string } }>;
      for (const [id, receipt] of Object.entries(data ?? {})) {
        receipts.set(id, { ok: receipt.status === 'ok', error: receipt.status === 'ok' ? null : (receipt.message ?? 'error'), errorCode: receipt.details?.error ?? null });
      }
    }
    return receipts;
  }

  /** One call, answering its `data`; a 429 is tried again, every other refusal throws (ExpoRefusal; ChannelError with status null when no answer came). */
  private async post(path: string, payload: unknown): Promise<unknown> {
    const config = this.config();
    const json = JSON.stringify(payload);
    const gzip = Buffer.byteLength(json) > GZIP_ABOVE_BYTES;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${config.url}${path}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'Accept-Encoding': 'gzip, deflate',
            ...(gzip && { 'Content-Encoding': 'gzip' }),
            ...(config.accessToken && { Authorization: `Bearer ${config.accessToken}` }),
          },
          body: gzip ? gzipSync(json) : json,
          signal: AbortSignal.timeout(channelTimeoutMs()),
        });
      } catch (error) {
        throw unansweredCall('Expo', error);
      }
      const body = (await response.json().catch(() => ({}))) as { data?: unknown; errors?: ExpoError[] };
      if (response.ok && !body.errors) return body.data;
      const wait = retryAfterMs(response.headers.get('Retry-After'));
      if (response.status === 429 && attempt < RATE_LIMIT_RETRIES && (wait ?? 0) <= MAX_INLINE_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, wait ?? RETRY_MIN_MS * 2 ** attempt));
        continue;
      }
      throw new ExpoRefusal(response.status, body.errors?.[0], wait);
    }
  }
}
