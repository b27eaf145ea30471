import { describe, expect, it } from 'vitest';
import { pauseReasonText } from './pause-reason';

describe('a batch pause reason (issue 39)', () => {
  const same = (key: string) => key;
  it('names the provider code in words and keeps the detail', () => {
    expect(pauseReasonText('provider-unavailable: Mailgun answered 503', same)).toEqual({ title: 'The provider could not be reached; the batch is paused', detail: 'Mailgun answered 503' });
    expect(pauseReasonText('service-off: Mail is switched off', same).title).toBe('The channel is switched off; the batch is paused');
  });
  it('shows no code it does not know', () => {
    expect(pauseReasonText('something-new: detail', same)).toEqual({ title: 'The batch is paused', detail: 'detail' });
    expect(pauseReasonText('plain words', same)).toEqual({ title: 'The batch is paused', detail: 'plain words' });
  });
});
