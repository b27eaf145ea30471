import type { AccessEntry, AuditDoor, Right } from '@backoffice/resources';

/** Who is acting, in which company, with which effective rights. */
export interface Actor {
  userId: string;
  /** the company the request acts in (a super admin may name another) */
  companyId: string;
  /** the company the user belongs to */
  homeCompanyId: string;
  rights: ReadonlySet<Right>;
  access: readonly AccessEntry[];
  thirdParty: boolean;
  /** the hash of the session token the request came with (kept when a password change ends the other sessions) */
  sessionKey?: string;
  /** the door of the writes made as this actor that name none: a bulk run writes for the person who started it as 'bulk' */
  door?: AuditDoor;
}
