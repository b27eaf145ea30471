import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../src/communication/channels/channel';
import { ExpoPushClient } from '../../src/communication/channels/expo-push-client';
import { type FakeExpoRequest, startExpoPushFake } from '../../src/communication/channels/expo-push-fake';
import { pushMessageOf } from '../../src/communication/delivery/communication-sender';

/** The Expo client against the local fake, which speaks Expo's HTTP API: the behaviour expo-server-sdk has. */
let fake: Awaited<ReturnType<typeof startExpoPushFake>>;
let client: ExpoPushClient;
beforeAll(async () => {
  fake = await startExpoPushFake();
  client = new ExpoPushClient(() => ({ url: fake.url, accessToken: null, receiptDelayMs: 0 }));
});
afterAll(() => fake.close());
beforeEach(async () => {
  await fetch(`${fake.url}/_fake/reset`, { method: 'POST' });
});

const control = (path: string, body?: unknown) => fetch(`${fake.url}/_fake/${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
const requests = async () => (await (await control('requests')).json()) as FakeExpoRequest[];
const taken = async () => (await (await control('messages')).json()) as Record<string, unknown>[];
const push = (n: number, token = `ExponentPushToken[device-${n}]`): PushMessage => ({ key: `key-${n}`, to: token, title: `Title ${n}`, body: 'Doors open at eight' });

describe('the Expo push client', () => {
  it('sends in chunks of 100, gzips bodies over 1 KiB, and answers a ticket per message in order', async () => {
    const deliveries = await client.send(Array.from({ length: 250 }, (_, n) => push(n)));
    expect(deliveries.map((delivery) => delivery.key)).toEqual(Array.from({ length: 250 }, (_, n) => `key-${n}`));
    expect(deliveries.every((delivery) => delivery.ok && delivery.providerId)).toBe(true);
    expect(await requests()).toEqual([{ path: '/send', messages: 100, gzip: true }, { path: '/send', messages: 100, gzip: true }, { path: '/send', messages: 50, gzip: true }]);
    await control('reset', {});
    await client.send([push(1)]);
    expect(await requests()).toEqual([{ path: '/send', messages: 1, gzip: false }]);
  });

  it("waits Expo's Retry-After on a 429 and tries again", async () => {
    await control('fail-next', { status: 429, retryAfter: 1 });
    const started = Date.now();
    const [delivery] = await client.send([push(1)]);
    expect(delivery.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await requests()).length).toBe(2);
  });

  it('gives a 429 with a long Retry-After back to the caller at once, with the wait', async () => {
    await control('fail-next', { status: 429, retryAfter: 120 });
    const [delivery] = await client.send([push(1)]);
    expect(delivery.ok).toBe(false);
    expect(delivery.failure).toMatchObject({ status: 429, retryAfterMs: 120_000 });
    expect(await taken()).toEqual([]);
  });

  it('sends tokens of several Expo projects in one request per project, as Expo asks with PUSH_TOO_MANY_EXPERIENCE_IDS', async () => {
    const mixed = [push(1), push(2, 'ExponentPushToken[OtherApp-2]'), push(3), push(4, 'ExponentPushToken[OtherApp-4]')];
    const deliveries = await client.send(mixed);
    expect(deliveries.map((delivery) => [delivery.key, delivery.ok])).toEqual([['key-1', true], ['key-2', true], ['key-3', true], ['key-4', true]]);
    expect((await requests()).map((request) => request.messages)).toEqual([4, 2, 2]);
    expect((await taken()).map((message) => message.to)).toEqual(['ExponentPushToken[device-1]', 'ExponentPushToken[device-3]', 'ExponentPushToken[OtherApp-2]', 'ExponentPushToken[OtherApp-4]']);
  });

  it('keeps error tickets per message and reads receipts', async () => {
    const [ok, dead, late] = await client.send([push(1), push(2, 'ExponentPushToken[Unregistered-2]'), push(3, 'ExponentPushToken[LateDead-3]')]);
    expect(ok.ok).toBe(true);
    expect(dead).toMatchObject({ ok: false, errorCode: 'DeviceNotRegistered' });
    const receipts = await client.receipts([ok.providerId!, late.providerId!]);
    expect(receipts.get(ok.providerId!)).toMatchObject({ ok: true });
    expect(receipts.get(late.providerId!)).toMatchObject({ ok: false, errorCode: 'DeviceNotRegistered' });
  });

  it("names the template's Android channel and Expo's categoryId; without a channel it names none (the app's default)", async () => {
    await client.send([
      { ...pushMessageOf({ subject: 'With', text: 'channel', androidChannelId: 'reminders' }, 'ExponentPushToken[a]'), key: 'a', categoryId: 'reply' },
      { ...pushMessageOf({ subject: 'Without', text: 'channel' }, 'ExponentPushToken[b]'), key: 'b' },
    ]);
    const [withChannel, without] = await taken();
    expect(withChannel).toMatchObject({ channelId: 'reminders', categoryId: 'reply' });
    expect(withChannel).not.toHaveProperty('_category');
    expect(without).not.toHaveProperty('channelId');
  });

  it('tells a call that got no answer (Expo may have taken it) from a refused one and from one that never connected', async () => {
    process.env.OUTSIDE_TIMEOUT_MS = '200';
    try {
      await fetch(`${fake.url}/_fake/latency?ms=600`, { method: 'POST' });
      const [unanswered] = await client.send([push(1)]);
      expect(unanswered.failure).toMatchObject({ status: null, maybeTaken: true });
      expect(await taken()).toHaveLength(1);
    } finally {
      delete process.env.OUTSIDE_TIMEOUT_MS;
    }
    await control('fail-next', { status: 503 });
    const [refused] = await client.send([push(2)]);
    expect(refused.failure).toMatchObject({ status: 503, maybeTaken: false });
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const closed = new ExpoPushClient(() => ({ url: `http://127.0.0.1:${closedPort}`, accessToken: null, receiptDelayMs: 0 }));
    const [unreachable] = await closed.send([push(3)]);
    expect(unreachable.failure).toMatchObject({ status: null, maybeTaken: false });
  });
});
