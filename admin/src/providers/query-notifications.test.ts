import { notifyManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { tellQueryNewsTogether } from './query-notifications';

const nextTasks = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('tellQueryNewsTogether', () => {
  afterEach(() => notifyManager.setScheduler((tell) => setTimeout(tell, 0)));

  it('runs all news scheduled before the next task in one task, in order', async () => {
    tellQueryNewsTogether();
    const order: string[] = [];
    notifyManager.schedule(() => order.push('first'));
    setTimeout(() => order.push('a task queued between them'), 0);
    notifyManager.schedule(() => order.push('second'));
    await nextTasks();
    expect(order).toEqual(['first', 'second', 'a task queued between them']);
  });

  it('starts a new task for news that comes after', async () => {
    tellQueryNewsTogether();
    const order: string[] = [];
    notifyManager.schedule(() => order.push('first'));
    await nextTasks();
    notifyManager.schedule(() => order.push('later'));
    await nextTasks();
    expect(order).toEqual(['first', 'later']);
  });
});
