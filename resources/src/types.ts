/** Admin rights of spec part 2 section 6. `super` is platform staff; `company` implies the five sub-rights. */
export const RIGHTS = ['super', 'company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'] as const;
export type Right = (typeof RIGHTS)[number];

/** Rights that ticking Company admin also grants (spec part 2 section 4). */
export const COMPANY_SUB_RIGHTS: readonly Right[] = ['application', 'merchant', 'finance', 'user', 'event'];

export const ACTIONS = ['read', 'create', 'update', 'archive', 'delete', 'import', 'export', 'patch'] as const;
export type Action = (typeof ACTIONS)[number];

/** Which rights may perform each action. An empty list means nobody but super admins; `false` means nobody at all. */
export type AccessRules = Record<Action, readonly Right[] | false>;

export const OPERATORS = ['eq', 'ne', 'gte', 'lte', 'like', 'in'] as const;
export type Operator = (typeof OPERATORS)[number];

export type KindName =
  | 'text'
  | 'number'
  | 'money'
  | 'enum'
  | 'boolean'
  | 'unixTime'
  | 'reference'
  | 'image'
  | 'geojson'
  | 'localizedText'
  | 'list'
  | 'object'
  | 'json';

export type SqlType = 'text' | 'bigint' | 'double precision' | 'boolean';

export interface ImportRule {
  description?: string;
  formatHint?: string;
  required?: boolean;
  requiredButInBase?: boolean;
}

export interface ImageRule {
  /** allowed width:height ratios, e.g. [[1, 1]] or [[851, 235], [12, 5]] */
  ratios?: readonly (readonly [number, number])[];
  minWidth?: number;
  minHeight?: number;
}

export interface FieldDef {
  /** dotted path inside the record, as in the spec (relative to the item for fields of a list) */
  path: string;
  kind: KindName;
  label?: string;
  help?: string;
  required?: boolean;
  /** text: maximum length; number: maximum value; list: maximum items */
  max?: number;
  min?: number;
  /** numbers: value must be a multiple of step (integers when step is 1) */
  step?: number;
  integer?: boolean;
  /** enum: allowed values; optional labels by value */
  choices?: readonly string[];
  choiceLabels?: Readonly<Record<string, string>>;
  /** text: a regular expression the whole value must match, with the message shown otherwise */
  pattern?: string;
  patternMessage?: string;
  format?: 'email' | 'date' | 'url' | 'html' | 'phone' | 'json' | 'textarea' | 'password';
  /** text with a list of allowed values (e.g. location tags) */
  multiple?: boolean;
  /** reference: the target resource and the path a populate fills */
  ref?: { resource: string; populateAs?: string; labelPath?: string };
  image?: ImageRule;
  /** list: the shape of one item; object: the shape of its content */
  fields?: readonly FieldDef[];
  /** list of scalars: the kind of each item */
  itemKind?: KindName;
  /** object: accepts any content (provider metadata, free settings) */
  open?: boolean;
  /**
   * true: a typed database column with its own index, for filters, sorts and sums. 'column': the typed column
   * only, for sums, partial-index predicates and composite indexes, where an index of its own would only slow
   * every write (a handful of values, or an amount nobody looks up).
   */
  indexed?: boolean | 'column';
  searchable?: boolean;
  sortable?: boolean;
  filterable?: boolean;
  /**
   * text that is a code, not prose (a state another system names): a list filters it by the whole value through
   * its btree, never by "contains", which trigrams would serve by reading every match of a common value
   */
  code?: boolean;
  /** set by the server; refused on create and patch */
  readOnly?: boolean;
  /** never returned, redacted in the audit log */
  secret?: boolean;
  /** returned to those who read it (a signing secret its owners need), but redacted in the audit log and history */
  auditRedacted?: boolean;
  /** only these rights read, filter, sort or select it (super always) */
  readRights?: readonly Right[];
  /** only these rights may write it (super always) */
  writeRights?: readonly Right[];
  /**
   * 'endpoint': only the domain endpoints made for it write it; the generic create, patch, import and
   * duplicate refuse it, whoever asks.
   */
  writeVia?: 'endpoint';
  /**
   * Changing it changes how a person signs in ('credential') or what they may do ('rights'): the write needs
   * the right to act on that person (rights.ts). On a list of user references, the people added or removed.
   */
  guards?: PersonChange;
  import?: ImportRule | false;
  /** default value on create */
  default?: unknown;
  /** computed by the write pipeline from other fields of the record, on every path (derive.ts) */
  derive?: DeriveRule;
}

/**
 * A field the server computes: whenever a write changes one of `from` (and on create), `value` gives the field's new
 * value from the whole record; `undefined` leaves what the record holds.
 */
export interface DeriveRule {
  from: readonly string[];
  value(record: Record<string, unknown>): unknown;
}

export interface SortSpec {
  field: string;
  order: 'asc' | 'desc';
}

/** A filter a list screen opens with: one field equal to a value. */
export interface OpeningFilter {
  field: string;
  operator: 'eq';
  value: string | number | boolean;
}

export interface ListBehaviour {
  columns: readonly string[];
  defaultSort: readonly SortSpec[];
  searchable: readonly string[];
  filters?: readonly string[];
  /** list views the spec names: table, cards, or both with the first as default */
  views?: readonly ('table' | 'card')[];
  /** the largest page size this resource serves (the spec uses 5000, 9999 or 99999 to collect ids) */
  maxPageSize?: number;
  /**
   * How the admin's list screen opens (list-opening.ts): on the first page of this list, with these filters instead
   * of archived records hidden; `false` when the screen at the definition's route opens on something else (a
   * period's figures, a filter by the current time), so nothing is asked for ahead of it.
   */
  opening?: { filters: readonly OpeningFilter[] } | false;
}

export interface ScreenBehaviour {
  /** admin route, e.g. /company/merchant */
  route: string;
  menuGroup?: string;
  icon?: string;
  /** generated list/create/edit screens */
  generated?: boolean;
  leaveGuard?: boolean;
  /** fields another screen edits (the company's admin lists, on the admin screen): left off the generated form */
  formHides?: readonly string[];
  /** super admins see _id on the edit form */
  showIdToSuper?: boolean;
  /** confirmation text for delete */
  deleteConfirm?: string;
}

/** A problem with one field of a record, named by its full path. */
export interface FieldError {
  field: string;
  message: string;
}

/** A rule that spans several fields (e.g. template limits that depend on the format); returns its problems. */
export type RecordCheck = (doc: Record<string, unknown>) => FieldError[];

export interface ResourceDef {
  name: string;
  label: string;
  /** plural label for menus */
  labelPlural?: string;
  /** company: rows belong to one company; platform: the company table itself */
  scope: 'company' | 'platform';
  fields: readonly FieldDef[];
  list: ListBehaviour;
  access: AccessRules;
  /** why the access rules are what they are, where the spec leaves it to us; shown in the OpenAPI description */
  accessNote?: string;
  /** model name that third-party access entries (accessRef) grant on this resource */
  thirdPartyModel?: string;
  archivable: boolean;
  screens?: ScreenBehaviour;
  /** path of the display name, for reference selects and populates */
  titlePath: string;
  /**
   * btree indexes over fields, for the queries the product runs most (each after company_id); a field that is
   * no column is indexed as its document expression. The first field counts as sortable and filterable.
   */
  indexes?: readonly (readonly string[])[];
  /** rules across fields, run by validateRecord after the field rules */
  checks?: readonly RecordCheck[];
  /** duplicate: false when not offered; otherwise the paths a copy leaves out (secrets, provider ids, amounts left) */
  duplicate?: false | { clears: readonly string[] };
  /** the records are people who hold rights: every write to one is checked by who may act on whom (rights.ts) */
  holdsRights?: boolean;
  /**
   * false where the domain forbids putting a record back as it was (money: payments and transactions change only
   * through their own actions); otherwise a record's history can be restored through the write pipeline
   */
  restorable?: false;
  /** records that belong to one person, a rule on every read and write of them (OwnerRule) */
  owner?: OwnerRule;
  /**
   * A record as a reader with these rights reads it, after the field rights, on every read path (a saved view
   * without the fields of its list its reader may not read)
   */
  readAs?: (record: Record<string, unknown>, rights: ReadonlySet<Right>) => Record<string, unknown>;
}

/**
 * Records that belong to the person at `path` (a reference to a user, set by the server on create): only they read
 * and write them, except that the company reads those whose yes/no field `sharedWhen` is true. Both are columns.
 */
export interface OwnerRule {
  path: string;
  sharedWhen?: string;
}

/** What a write changes of a person, for the rule of who may act on whom. */
export type PersonChange = 'profile' | 'credential' | 'rights' | 'super' | 'account';
