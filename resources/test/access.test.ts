import { describe, expect, it } from 'vitest';
import { findResource } from '../src/registry';
import { effectiveRights, mayAct } from '../src/rights';
import { type Action, type Right, RIGHTS } from '../src/types';

const may = (model: string, action: Action, ...granted: Right[]) => mayAct(findResource(model)!, action, effectiveRights(granted));
const ADMINS = RIGHTS.filter((right) => right !== 'super');

describe('access rules (part 1 and part 2 section 6)', () => {
  it('gives payments and transactions to finance admins; payment import and export to company admins', () => {
    for (const model of ['payment', 'transaction']) {
      expect(may(model, 'read', 'finance')).toBe(true);
      expect(may(model, 'update', 'finance')).toBe(true);
      expect(may(model, 'read', 'merchant')).toBe(false);
      expect(may(model, 'delete', 'finance')).toBe(false);
    }
    expect(may('payment', 'import', 'company')).toBe(true);
    expect(may('payment', 'export', 'company')).toBe(true);
    expect(may('payment', 'import', 'finance')).toBe(false);
    expect(may('payment', 'export', 'finance')).toBe(false);
  });

  it('gives merchants, products and register terminals to merchant admins; patches to super admins', () => {
    for (const model of ['merchant', 'product', 'registerTerminal']) {
      expect(may(model, 'update', 'merchant'), model).toBe(true);
      expect(may(model, 'read', 'event'), model).toBe(false);
      expect(may(model, 'patch', 'company'), model).toBe(false);
      expect(may(model, 'patch', 'super'), model).toBe(true);
    }
    expect(may('merchant', 'import', 'company')).toBe(true);
    expect(may('merchant', 'import', 'merchant')).toBe(false);
  });

  it('lets user admins edit users, company admins create them, super admins patch them', () => {
    expect(may('user', 'update', 'user')).toBe(true);
    expect(may('user', 'create', 'user')).toBe(false);
    expect(may('user', 'create', 'company')).toBe(true);
    expect(may('user', 'patch', 'company')).toBe(false);
    expect(may('user', 'patch', 'super')).toBe(true);
  });

  it('lets every admin read the company and company admins update it; companies are created by the platform only', () => {
    for (const right of ADMINS) expect(may('company', 'read', right), right).toBe(true);
    expect(may('company', 'update', 'company')).toBe(true);
    expect(may('company', 'update', 'finance')).toBe(false);
    expect(may('company', 'create', 'company')).toBe(false);
    expect(may('company', 'delete', 'company')).toBe(false);
    expect(may('company', 'create', 'super')).toBe(false);
    expect(may('company', 'update', 'super')).toBe(true);
  });

  it('gives events, guests to event admins; pages and videos to application admins; locations to both', () => {
    for (const model of ['event', 'eventGuest']) expect(may(model, 'update', 'event'), model).toBe(true);
    for (const model of ['page', 'video']) {
      expect(may(model, 'update', 'application'), model).toBe(true);
      expect(may(model, 'update', 'event'), model).toBe(false);
    }
    expect(may('location', 'update', 'event')).toBe(true);
    expect(may('location', 'update', 'application')).toBe(true);
    expect(may('location', 'archive', 'company')).toBe(false);
    expect(may('location', 'archive', 'super')).toBe(true);
  });

  it('lets every admin manage templates and timeslots and use the planned tasks', () => {
    for (const right of ADMINS) {
      for (const model of ['template', 'timeslot', 'workerTask']) expect(may(model, 'update', right), `${model} ${right}`).toBe(true);
    }
    expect(may('timeslot', 'patch', 'company')).toBe(false);
    expect(may('communicationMail', 'create', 'company')).toBe(false);
  });

  it('keeps the communication logs (names, emails, phone numbers) to company, user and super admins (issue 11 item 8)', () => {
    for (const model of ['communicationMail', 'communicationSms']) {
      for (const right of ['super', 'company', 'user'] as const) expect(may(model, 'read', right), `${model} ${right}`).toBe(true);
      for (const right of ['application', 'merchant', 'finance', 'event', 'financeNonRefundable'] as const) expect(may(model, 'read', right), `${model} ${right}`).toBe(false);
    }
  });

  it("lets everyone read manuals and what's new, and only super admins write them", () => {
    for (const model of ['tutorial', 'companyUpdate']) {
      for (const right of ADMINS) expect(may(model, 'read', right), `${model} ${right}`).toBe(true);
      expect(may(model, 'create', 'company'), model).toBe(false);
      expect(may(model, 'create', 'super'), model).toBe(true);
    }
  });

  it('shows push tokens to super admins only', () => {
    expect(may('pushToken', 'read', 'company')).toBe(false);
    expect(may('pushToken', 'read', 'super')).toBe(true);
  });

  it('keeps the audit log and image metadata read-only for everyone', () => {
    expect(may('auditLog', 'read', 'company')).toBe(true);
    expect(may('auditLog', 'read', 'finance')).toBe(false);
    for (const model of ['auditLog', 'image']) {
      for (const action of ['create', 'update', 'archive', 'delete', 'import', 'patch'] as const) expect(may(model, action, 'super'), `${model} ${action}`).toBe(false);
    }
  });

  it('lets third-party users reach the dashboard models through their access entries', () => {
    const page = findResource('page')!;
    const rights = effectiveRights([]);
    expect(mayAct(page, 'create', rights, [{ accessModel: 'page', accessScope: 'manage', accessId: null }])).toBe(true);
    expect(mayAct(page, 'update', rights, [{ accessModel: 'page', accessScope: 'view', accessId: null }])).toBe(false);
    expect(mayAct(findResource('product')!, 'read', rights, [{ accessModel: 'merchant', accessScope: 'view', accessId: null }])).toBe(false);
  });
});
