import { describe, expect, it } from 'vitest';
import { resolveField } from '../src/field-index';
import { LINK_KINDS, PUSH_CHANNELS, TEMPLATE_FORMAT_LABELS, templateKind } from '../src/models/template';
import { def, expectAccepted, expectRefused } from './helpers';

const NOTIFICATION = 'communication-notification-text-plain';
const SMS = 'communication-sms-text-plain';
const as = (format: string, extra: Record<string, unknown>) => ({ format, ...extra });

describe('template rules (part 2 section 5)', () => {
  it('offers the five formats with their labels', () => {
    expect(TEMPLATE_FORMAT_LABELS).toEqual({
      'communication-mail-html-modern-2021': 'Email - Modern',
      'communication-mail-html-responsive': 'Email - Responsive',
      'communication-mail-text-plain': 'Email - Plain-text',
      'communication-sms-text-plain': 'SMS - Text',
      'communication-notification-text-plain': 'Notification - Text',
    });
    expect(resolveField(def('template'), 'format')?.choiceLabels).toEqual(TEMPLATE_FORMAT_LABELS);
    expect(Object.keys(TEMPLATE_FORMAT_LABELS).map(templateKind)).toEqual(['mail', 'mail', 'mail', 'sms', 'notification']);
    expectRefused('template', 'format', 'communication-fax', 'must be one of');
    expectRefused('template', 'format', undefined, 'is required');
  });

  it('limits e-mail subjects to 90 characters, with the help text', () => {
    expectAccepted('template', 'subject', { en: 'x'.repeat(90), nl: 'y'.repeat(90) });
    expectRefused('template', 'subject', { en: 'x'.repeat(91) }, 'at most 90', 'subject');
    expect(resolveField(def('template'), 'subject')?.help).toBe('Longer e-mail subjects will not be readable on all devices');
  });

  it('has no limit on e-mail content and footer', () => {
    expectAccepted('template', 'content', { en: 'x'.repeat(20000) });
    expectAccepted('template', 'footer', { en: 'x'.repeat(20000) });
  });

  it('limits a notification title to 70 and its body to 250 characters', () => {
    expectAccepted('template', '', as(NOTIFICATION, { subject: { en: 'x'.repeat(70) }, content: { en: 'x'.repeat(250) } }));
    expectRefused('template', '', as(NOTIFICATION, { subject: { nl: 'x'.repeat(71) } }), 'title must be at most 70', 'subject.nl');
    expectRefused('template', '', as(NOTIFICATION, { content: { en: 'x'.repeat(251) } }), 'body must be at most 250', 'content.en');
  });

  it('limits a notification action label to 20 characters', () => {
    expectAccepted('template', '', as(NOTIFICATION, { data: { en: JSON.stringify({ action: 'x'.repeat(20) }) } }));
    expectRefused('template', '', as(NOTIFICATION, { data: { en: JSON.stringify({ action: 'x'.repeat(21) }) } }), 'action label must be at most 20', 'data.en');
    expectRefused('template', '', as(NOTIFICATION, { data: { en: JSON.stringify({ action: { label: 'x'.repeat(21) } }) } }), 'at most 20', 'data.en');
    expectAccepted('template', '', as(NOTIFICATION, { data: { en: 'not json' } }));
  });

  it('links notifications only to the link kinds of the spec', () => {
    expect(LINK_KINDS).toEqual(['tab-open', 'location-open', 'event-open', 'page-open', 'profile-open', 'link-in-app-open', 'link-external-open', 'none']);
    expect(PUSH_CHANNELS).toEqual({ priority: 'Priority', partners: 'Regular', reminders: 'Reminder', news: 'News' });
    for (const kind of LINK_KINDS) expectAccepted('template', '', as(NOTIFICATION, { data: { en: JSON.stringify({ urlParts: { kind, value: 'x' } }) } }));
    expectRefused('template', '', as(NOTIFICATION, { data: { nl: JSON.stringify({ urlParts: { kind: 'shop-open' } }) } }), 'link kind must be one of', 'data.nl');
  });

  it('limits an SMS body to 500 characters', () => {
    expectAccepted('template', '', as(SMS, { content: { en: 'x'.repeat(500) } }));
    expectRefused('template', '', as(SMS, { content: { en: 'x'.repeat(501) } }), 'at most 500', 'content.en');
  });
});
