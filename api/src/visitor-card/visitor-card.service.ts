import { Injectable } from '@nestjs/common';
import { findResource, getPath, type ResourceDef, type VisitorCard } from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { RecordService } from '../records/record.service';
import { type Doc, RecordRepository } from '../records/record-repository';

/** The largest guest list one event answers (the eventGuest page size cap). */
const MAX_GUESTS = 99999;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function vCard(name: VisitorCard['name'], email: string | null): string {
  return ['BEGIN:VCARD', 'VERSION:3.0', `N:${name.last ?? ''};${name.first ?? ''}`, `FN:${name.full ?? ''}`, ...(email ? [`EMAIL:${email}`] : []), 'END:VCARD'].join('\n');
}

/** A guest's card; null for a guest whose user has no first name (those are not printed, part 1 section 5). */
export function cardOf(guestId: string, guest: Doc, user: Doc | undefined): VisitorCard | null {
  const first = text(getPath(user ?? {}, 'name.first'));
  if (user && !first) return null;
  const name = { first, last: text(getPath(user ?? {}, 'name.last')), full: text(getPath(user ?? {}, 'name.full')) || `${first} ${text(getPath(user ?? {}, 'name.last'))}`.trim() };
  const email = (getPath(user ?? {}, 'email.value') as string | undefined) ?? null;
  const answers = (getPath(guest, 'module.interview.answer') as { value?: string }[] | undefined) ?? [];
  return {
    guestId,
    found: Boolean(user),
    name: user ? name : {},
    email: user ? email : null,
    line1: text(getPath(guest, 'card.line1')) || name.full,
    line2: text(getPath(guest, 'card.line2')) || text(answers.find((answer) => answer.value)?.value),
    isApproved: getPath(guest, 'card.isApproved') !== false,
    isPrinted: getPath(guest, 'card.isPrinted') === true,
    workshop: Boolean(getPath(guest, 'module.sorting.groupRef')),
    qrValue: user ? vCard(name, email) : guestId,
  };
}

/** Visitor cards of an event's guests; their state (approved, printed, lines) lives on the eventGuest records. */
@Injectable()
export class VisitorCardService {
  constructor(
    private readonly records: RecordService,
    private readonly repository: RecordRepository,
  ) {}

  async cards(actor: Actor, eventId: string): Promise<VisitorCard[]> {
    await this.records.get('event', actor, eventId);
    const { records: guests } = await this.records.list('eventGuest', actor, { 'eventRef.eventId': eventId, _start: '0', _end: String(MAX_GUESTS) });
    const userIds = [...new Set(guests.map((guest) => getPath(guest, 'userRef.userId')).filter((id): id is string => typeof id === 'string'))];
    const users = await this.repository.findByIds(findResource('user') as ResourceDef, actor.companyId, userIds);
    const byId = new Map(users.map((user) => [user.id, user.doc]));
    return guests
      .map((guest) => cardOf(guest._id as string, guest, byId.get(getPath(guest, 'userRef.userId') as string)))
      .filter((card): card is VisitorCard => card !== null)
      .sort((a, b) => a.line1.localeCompare(b.line1));
  }

  /** Print all: every approved card not yet printed is marked printed, through the write pipeline. */
  async markApprovedPrinted(actor: Actor, eventId: string): Promise<{ printed: string[] }> {
    this.records.resource('eventGuest', actor, 'update');
    const printed = (await this.cards(actor, eventId)).filter((card) => card.isApproved && !card.isPrinted).map((card) => card.guestId);
    for (const guestId of printed) await this.records.update('eventGuest', actor, guestId, { card: { isPrinted: true } });
    return { printed };
  }
}
