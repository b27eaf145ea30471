import { Injectable } from '@nestjs/common';
import {
  type CompanyProfileAnswer,
  type CompanyUpdateItem,
  getPath,
  isAtOrUnder,
  isPlainObject,
  PROFILE_SECTIONS,
  setPath,
} from '@backoffice/resources';
import type { Actor } from '../auth/actor';
import { forbidden, invalid, notFound } from '../common/errors';
import { RecordService } from '../records/record.service';

type Doc = Record<string, unknown>;

/** What's New shows the latest company updates. */
const WHATS_NEW_LIMIT = 100;

const sectionOf = (key: string) => PROFILE_SECTIONS.find((section) => section.key === key);

function mayOpen(actor: Actor, section: (typeof PROFILE_SECTIONS)[number]): boolean {
  return actor.rights.has('super') || section.rights.some((right) => actor.rights.has(right));
}

const covers = (prefixes: readonly string[], path: string) => prefixes.some((prefix) => isAtOrUnder(path, prefix));

/** Leaf paths of a patch body; objects under an open-object setting count as one leaf. */
function leafPaths(body: Doc, prefix = ''): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isPlainObject(value) && Object.keys(value).length > 0 ? leafPaths(value as Doc, path) : [path];
  });
}

/** The company profile screen: What's New for every admin, the settings tabs only for the roles that own them. */
@Injectable()
export class CompanyProfileService {
  constructor(private readonly records: RecordService) {}

  async profile(actor: Actor): Promise<CompanyProfileAnswer> {
    const sections = PROFILE_SECTIONS.filter((section) => mayOpen(actor, section));
    const [stored, updates] = await Promise.all([
      this.records.get('company', actor, actor.companyId),
      this.records.list('companyUpdate', actor, { _sort: 'meta.createdAt', _order: 'desc', _start: '0', _end: String(WHATS_NEW_LIMIT), 'meta.archived': 'false' }),
    ]);
    const company: Doc = { _id: stored._id };
    for (const section of sections) {
      for (const path of section.paths) {
        const value = getPath(stored, path);
        if (value !== undefined) setPath(company, path, value);
      }
    }
    return {
      tabs: ['whatsNew', ...sections.map((section) => section.key)],
      whatsNew: updates.records.map((update) => ({
        _id: update._id as string,
        name: (update.name as CompanyUpdateItem['name']) ?? {},
        content: (update.content as CompanyUpdateItem['content']) ?? {},
        createdAt: parseInt(String(update._id).slice(0, 8), 16),
      })),
      company,
    };
  }

  /** Saves one tab: its rights are checked first, and the body may only hold that tab's fields. */
  async update(actor: Actor, key: string, body: unknown): Promise<CompanyProfileAnswer> {
    const section = sectionOf(key);
    if (!section) throw notFound(`No profile section "${key}"`);
    if (!mayOpen(actor, section)) throw forbidden(`You may not change the ${section.label}`);
    if (!isPlainObject(body)) throw invalid('The settings must be an object');
    const outside = leafPaths(body as Doc).filter((path) => !covers(section.paths, path));
    if (outside.length > 0) {
      throw invalid(`Not part of the ${section.label}: ${outside.join(', ')}`, outside.map((field) => ({ field, message: `${field} is not part of the ${section.label}` })));
    }
    if (getPath(body, 'settings.authentication.google.active') === false) {
      const field = 'settings.authentication.google.active';
      throw invalid('Google sign-in is always needed for super accounts', [{ field, message: 'Google sign-in is always needed for super accounts' }]);
    }
    await this.records.update('company', actor, actor.companyId, body);
    return this.profile(actor);
  }
}
