import { findResource } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { activeTab, stateTabs } from './mail-tabs';
import { historyNewestFirst } from './state-history';

describe('mail state tabs', () => {
  const tabs = stateTabs(findResource('communicationMail')!);

  it('are All, Create, Sent, Delivered, Opened, Rejected, Failed with the spec mapping', () => {
    expect(tabs.map((tab) => tab.label)).toEqual(['All', 'Create', 'Sent', 'Delivered', 'Opened', 'Rejected', 'Failed']);
    const states = Object.fromEntries(tabs.map((tab) => [tab.label, tab.states]));
    expect(states).toEqual({
      All: [],
      Create: ['created'],
      Sent: ['mg-accepted'],
      Delivered: ['mg-delivered'],
      Opened: ['mg-opened', 'mg-clicked'],
      Rejected: ['mg-rejected'],
      Failed: ['mg-failed', 'mg-complained', 'mg-unsubscribed'],
    });
  });

  it('finds the active tab from the filter, whatever its order or form', () => {
    expect(activeTab(tabs, undefined)).toBe('all');
    expect(activeTab(tabs, ['mg-clicked', 'mg-opened'])).toBe('opened');
    expect(activeTab(tabs, 'mg-failed,mg-unsubscribed,mg-complained')).toBe('failed');
  });
});

describe('state history', () => {
  const at = (unix: number) => ({ at: { unix } });

  it('lists the history newest first in its order of arrival, and falls back to the current state', () => {
    expect(historyNewestFirst([{ id: 'a', put: at(1) }, { id: 'b', put: at(2) }, { id: 'c', put: at(3) }], { id: 'c', put: at(3) }).map((entry) => entry.id)).toEqual(['c', 'b', 'a']);
    expect(historyNewestFirst([], { id: 'created', put: at(5) }).map((entry) => entry.id)).toEqual(['created']);
    expect(historyNewestFirst(undefined, undefined)).toEqual([]);
  });

  it('shows state.id first when two entries carry the same second (issue 11 item 1)', () => {
    const history = [{ id: 'created', put: at(10) }, { id: 'mg-accepted', put: at(11) }, { id: 'mg-delivered', put: at(12) }, { id: 'mg-opened', put: at(20) }, { id: 'mg-unsubscribed', put: at(20) }];
    expect(historyNewestFirst(history, { id: 'mg-unsubscribed', put: at(20) }).map((entry) => entry.id)).toEqual(['mg-unsubscribed', 'mg-opened', 'mg-delivered', 'mg-accepted', 'created']);
  });

  it('puts the current state on top when the history does not end with it', () => {
    expect(historyNewestFirst([{ id: 'created', put: at(1) }], { id: 'mg-failed', put: at(1) }).map((entry) => entry.id)).toEqual(['mg-failed', 'created']);
  });
});
