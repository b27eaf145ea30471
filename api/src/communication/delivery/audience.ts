import { Inject, Injectable } from '@nestjs/common';
import { getPath } from '@backoffice/resources';
import { SignedLinks } from '../../common/signed-links';
import { DATABASE, type Database, type Queryable } from '../../database/database';
import { publicImagePath } from '../../images/image.service';
import type { Doc } from '../../records/record-repository';
import type { CompanyBranding, Recipient } from '../rendering/render-input';

const str = (doc: Doc, path: string): string | null => {
  const value = getPath(doc, path);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

/** A user record as a recipient. Anonymous users are marked so; the sender never sends to them. */
export function recipientOfUser(id: string, doc: Doc, balanceCents: number | null = null): Recipient {
  const countryCode = str(doc, 'mobile.countrycode');
  const mobile = str(doc, 'mobile.value');
  return {
    userId: id,
    name: { first: str(doc, 'name.first'), last: str(doc, 'name.last'), full: str(doc, 'name.full') },
    email: str(doc, 'email.value'),
    mobile: mobile ? `${countryCode ?? '+31'}${mobile.replace(/^0/, '')}`.replace(/[^\d+]/g, '') : null,
    language: str(doc, 'info.language'),
    anonymous: getPath(doc, 'email.anonymous') === true,
    balanceCents,
  };
}

/** Reads the people and the company messages are for. */
@Injectable()
export class Audience {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly links: SignedLinks,
  ) {}

  /** The company's users with these ids as recipients, in the order asked; unknown ids are left out. */
  async users(companyId: string, userIds: readonly string[], tx: Queryable = this.db): Promise<Recipient[]> {
    if (userIds.length === 0) return [];
    const rows = await tx.query<{ id: string; doc: Doc }>('SELECT id, doc FROM "user" WHERE company_id = $1 AND id = ANY($2::text[])', [companyId, [...new Set(userIds)]]);
    const byId = new Map(rows.map((row) => [row.id, recipientOfUser(row.id, row.doc)]));
    return userIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async company(companyId: string, tx: Queryable = this.db): Promise<{ branding: CompanyBranding; smsEnabled: boolean }> {
    const [row] = await tx.query<{ doc: Doc }>('SELECT doc FROM company WHERE id = $1', [companyId]);
    const doc = row?.doc ?? {};
    // mail clients load these without a session: absolute, signed addresses
    const imageUrl = async (path: string) => {
      const id = str(doc, path);
      return id ? this.links.url(publicImagePath(id, 'icon_512')) : null;
    };
    return {
      branding: { name: str(doc, 'name.full') ?? str(doc, 'name.id') ?? '', image: { profile: await imageUrl('image.profile'), banner: await imageUrl('image.banner') } },
      // text messages are "currently disabled" (part 2 section 9): on only when a super admin switches them on
      smsEnabled: getPath(doc, 'settings.superSettings.smsEnabled') === true,
    };
  }

  /** The live push tokens of these users. */
  async pushTokens(companyId: string, userIds: readonly string[], tx: Queryable = this.db): Promise<{ id: string; token: string; userId: string }[]> {
    if (userIds.length === 0) return [];
    const rows = await tx.query<{ id: string; doc: Doc }>('SELECT id, doc FROM push_token WHERE company_id = $1 AND user_ref_user_id = ANY($2::text[])', [companyId, [...new Set(userIds)]]);
    return rows.map((row) => ({ id: row.id, token: String(row.doc.token ?? ''), userId: String(getPath(row.doc, 'userRef.userId')) })).filter((row) => row.token);
  }
}
