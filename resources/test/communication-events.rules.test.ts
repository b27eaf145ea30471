import { describe, expect, it } from 'vitest';
import { resolveField } from '../src/field-index';
import { MAIL_STATE_LABELS } from '../src/models/communication-mail';
import { PLANNED_COMMUNICATION_TYPES } from '../src/models/worker-task';
import { def, expectAccepted, expectRefused } from './helpers';
import { id } from './fixtures';

describe('communication log', () => {
  it('knows the mail states and the tab each falls under', () => {
    expect(MAIL_STATE_LABELS).toEqual({
      created: 'Create', 'mg-accepted': 'Sent', 'mg-delivered': 'Delivered', 'mg-opened': 'Opened', 'mg-clicked': 'Opened',
      'mg-rejected': 'Rejected', 'mg-failed': 'Failed', 'mg-complained': 'Failed', 'mg-unsubscribed': 'Failed',
    });
    for (const state of Object.keys(MAIL_STATE_LABELS)) expectAccepted('communicationMail', 'state.id', state);
    expectRefused('communicationMail', 'state.id', 'mg-bounced', 'must be one of');
  });

  it('sends mail to names, addresses and users', () => {
    expectRefused('communicationMail', 'to', [{ name: 'Ada', email: 'nope' }], 'must be an email address', 'to.0.email');
    expectRefused('communicationMail', 'to', [], 'at least 1 items');
    expect(resolveField(def('communicationMail'), 'to.userRef.userId')?.ref?.populateAs).toBe('userRef.user');
    expect(resolveField(def('communicationMail'), 'templateRef.templateId')?.ref).toEqual({ resource: 'template', populateAs: 'templateRef.template' });
  });

  it('sends SMS to phone numbers, at most 500 characters', () => {
    expectRefused('communicationSms', 'to', [{ name: 'Ada' }], 'is required', 'to.0.phone');
    expectRefused('communicationSms', 'body', 'x'.repeat(501), 'at most 500');
  });

  it('plans SMS, mail and notifications', () => {
    expect(Object.keys(PLANNED_COMMUNICATION_TYPES)).toEqual(['scheduled-sms', 'scheduled-mail', 'scheduled-notification']);
    expectRefused('workerTask', 'actionMethod.nameCommon', 'scheduled-fax', 'must be one of');
    expectRefused('workerTask', 'next', 1.5, 'whole number');
    expectAccepted('workerTask', 'actionMethod.args', ['anything', { at: 'all' }, 3]);
  });
});

describe('event rules', () => {
  it('lets nobody check in as everybody', () => {
    expectAccepted('event', 'module.attendance.whoCanView', 'everybody');
    expectRefused('event', 'module.attendance.whoCanCheckIn', 'everybody', 'must be one of');
  });

  it('switches modules with active flags', () => {
    for (const module of ['communication', 'swipe', 'sorting', 'ticket', 'interview', 'timeslot', 'goal', 'localization']) {
      expect(resolveField(def('event'), `module.${module}.active`)?.kind, module).toBe('boolean');
    }
    expectRefused('event', 'module.goal.active', 'on', 'true or false');
  });

  it('keeps windows in unix seconds', () => {
    expectRefused('event', 'register.start.unix', 1.5, 'whole number');
    expectRefused('event', 'show.end.unix', -1, 'at least 0');
  });

  it('records guests with answers and an attendance history', () => {
    expectRefused('eventGuest', 'module.interview.answer', [{ value: 'yes' }], 'is required', 'module.interview.answer.0.questionId');
    expectRefused('eventGuest', 'eventRef.eventId', undefined, 'is required');
    expect(resolveField(def('eventGuest'), 'module.attendance.stateHistory.id')).toBeDefined();
    expectRefused('eventGuest', 'transactionRef', [{ transactionId: 'x' }], '24-character id', 'transactionRef.0.transactionId');
  });
});

describe('timeslot rules', () => {
  it('holds a capacity of at least 0 and a kind', () => {
    expectAccepted('timeslot', 'count.number', 0);
    expectRefused('timeslot', 'count.number', -1, 'at least 0');
    expectRefused('timeslot', 'count.number', 2.5, 'whole number');
    expectRefused('timeslot', 'start.unix', undefined, 'is required');
  });

  it('lists its guests by id', () => {
    expectAccepted('timeslot', 'eventGuestRef', [{ eventGuestId: id(1) }, { eventGuestId: id(2) }]);
    expectRefused('timeslot', 'eventGuestRef', [{ eventGuestId: null }], 'is required', 'eventGuestRef.0.eventGuestId');
  });
});

describe('manuals, what is new, tokens, audit and images', () => {
  it('tags tutorials with a topic and a sort key', () => {
    expectRefused('tutorial', 'name.tag', ['Finance', '010', 'extra'], 'at most 2 items');
  });

  it("keeps what's new content in English and Dutch", () => {
    expectRefused('companyUpdate', 'content', { de: 'Neu' }, 'unknown language de');
  });

  it('ties push tokens to a user', () => {
    expectRefused('pushToken', 'userRef.userId', undefined, 'is required');
  });

  it('logs the five kinds of write with any old and new values', () => {
    for (const action of ['create', 'update', 'archive', 'unarchive', 'delete']) expectAccepted('auditLog', 'action', action);
    expectRefused('auditLog', 'action', 'read', 'must be one of');
    expectAccepted('auditLog', 'changes', [{ path: 'a', old: { deep: [1] }, new: 3 }]);
  });

  it('describes images by type and size', () => {
    expectRefused('image', 'mime', 'image/bmp', 'must be one of');
    expectRefused('image', 'width', 0, 'at least 1');
  });
});
