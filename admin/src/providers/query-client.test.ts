import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from './query-client';

/** What useQuery does in a render: an observer, and its optimistic result, which puts the query in the cache. */
function askInRender(client: ReturnType<typeof makeQueryClient>, queryFn: () => Promise<string>, options: { enabled?: boolean; queryKey?: string[] } = {}) {
  const defaulted = client.defaultQueryOptions({ queryKey: ['list'], queryFn, ...options });
  defaulted._optimisticResults = 'optimistic';
  const observer = new QueryObserver(client, defaulted);
  observer.getOptimisticResult(defaulted);
  return observer;
}

describe('the query client', () => {
  it("fetches a query in the render that asks for it, and the hook that mounts then takes that answer without asking again", async () => {
    const client = makeQueryClient();
    let answer!: (value: string) => void;
    const queryFn = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const observer = askInRender(client, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    answer('rows');
    await vi.waitFor(() => expect(client.getQueryData(['list'])).toBe('rows'));
    const unsubscribe = observer.subscribe(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().data).toBe('rows');
    unsubscribe();
  });

  it('fetches nothing for a disabled query, a cache write or a prefetch beyond what they ask for', async () => {
    const client = makeQueryClient();
    const disabled = vi.fn(async () => 'never');
    askInRender(client, disabled, { enabled: false });
    client.setQueryData(['written'], 'value');
    const prefetched = vi.fn(async () => 'once');
    await client.prefetchQuery({ queryKey: ['prefetched'], queryFn: prefetched });
    expect(disabled).not.toHaveBeenCalled();
    expect(prefetched).toHaveBeenCalledTimes(1);
  });

  it('asks again when a hook mounts on an answer fetched ahead longer than a few seconds ago', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const client = makeQueryClient();
      const queryFn = vi.fn(async () => 'rows');
      const observer = askInRender(client, queryFn);
      await vi.waitFor(() => expect(client.getQueryData(['list'])).toBe('rows'));
      vi.setSystemTime(Date.now() + 60_000);
      const unsubscribe = observer.subscribe(() => undefined);
      expect(queryFn).toHaveBeenCalledTimes(2);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts a query the page answered ahead with that answer: its first render has the rows, nothing is fetched', () => {
    const answers = new Map([['list', 'rows ahead']]);
    const client = makeQueryClient((queryKey) => {
      const answer = answers.get(String(queryKey[0]));
      answers.delete(String(queryKey[0]));
      return answer;
    });
    const queryFn = vi.fn(async () => 'rows');
    const observer = askInRender(client, queryFn);
    expect(observer.getOptimisticResult(client.defaultQueryOptions({ queryKey: ['list'], queryFn })).data).toBe('rows ahead');
    const unsubscribe = observer.subscribe(() => undefined);
    askInRender(client, queryFn, { queryKey: ['other'] });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['list'])).toBe('rows ahead');
    unsubscribe();
  });
});
