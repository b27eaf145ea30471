import {
  type Action,
  type FieldDef,
  KINDS,
  type ResourceDef,
  type Right,
  RESOURCES,
  canWriteField,
  fieldsByPath,
  importFields,
  mayAct,
  setPath,
} from '@backoffice/resources';
import { sampleRecord } from './sample-record';
import type { Role } from './test-app';

/** One hostile request: what it sends, as whom, and what a safe answer is. */
export interface HostileCase {
  className: string;
  label: string;
  role: Role;
  method: 'get' | 'post' | 'patch';
  url: string;
  /** a JSON text sent as is (so it can hold lone surrogates, huge numbers and deep nesting), or nothing */
  body?: string;
  /** 'refused': a 4xx with a message; 'harmless': a read that may answer 2xx but must not fail or leak rows */
  outcome: 'refused' | 'harmless';
  /** the field the answer must name */
  field?: string;
  headers?: Record<string, string>;
}

export const ROLES: readonly Role[] = ['super', 'company', 'application', 'merchant', 'finance', 'user', 'event', 'financeNonRefundable'];

/** What the generators know about the test company: rights per role and one stored record per model. */
export interface HostileContext {
  rights: Record<Role, ReadonlySet<Right>>;
  recordIds: ReadonlyMap<string, string>;
}

const url = (def: ResourceDef, rest = '') => `/api/company/model/${def.name}${rest}`;
const json = (value: unknown) => JSON.stringify(value);
const nested = (path: string, value: unknown) => {
  const doc: Record<string, unknown> = {};
  setPath(doc, path, value);
  return doc;
};

/** A role allowed to act, taking turns so every role gets cases; super when no other role may. */
function actorFor(context: HostileContext, def: ResourceDef, action: Action, turn: number): Role {
  const allowed = ROLES.filter((role) => mayAct(def, action, context.rights[role]));
  if (allowed.length === 0) return ROLES[turn % ROLES.length];
  return allowed[turn % allowed.length];
}

/** Fields a body can carry: writable scalars and objects (list items are reached through their list). */
function writableFields(def: ResourceDef, rights: ReadonlySet<Right>): [string, FieldDef][] {
  return [...fieldsByPath(def)].filter(([, field]) => canWriteField(field, rights) && !field.secret && !(field.kind === 'object' && field.fields));
}

const textFields = (def: ResourceDef, rights: ReadonlySet<Right>) =>
  writableFields(def, rights).filter(([, field]) => field.kind === 'text' || field.kind === 'localizedText');

/** A path that takes a text: the field itself, or the English text of a localized field. */
const textPath = ([path, field]: [string, FieldDef]) => (field.kind === 'localizedText' ? `${path}.en` : path);

function filterField(def: ResourceDef): string | undefined {
  return [...fieldsByPath(def)].find(([, field]) => field.filterable && !field.secret && !field.readRights && KINDS[field.kind].sqlType === 'text')?.[0];
}

type Generator = (context: HostileContext, def: ResourceDef) => HostileCase[];

/** Texts PostgreSQL cannot store, in bodies (values and keys), searches and filters. */
function badTexts(className: string, bad: string): Generator {
  return (context, def) => {
    const cases: HostileCase[] = [];
    const creator = actorFor(context, def, 'create', 0);
    const updater = actorFor(context, def, 'update', 1);
    const id = context.recordIds.get(def.name);
    const fields = textFields(def, context.rights[creator]).slice(0, 3);
    for (const field of fields) {
      const path = textPath(field);
      // JSON.stringify writes both as \u escapes, as a client would send them
      const body = json(nested(path, `a${bad}b`));
      cases.push({ className, label: `${def.name} create ${path}`, role: creator, method: 'post', url: url(def), body, outcome: 'refused', field: path });
      if (id) cases.push({ className, label: `${def.name} patch ${path}`, role: updater, method: 'patch', url: url(def, `/${id}`), body, outcome: 'refused', field: path });
    }
    cases.push({ className, label: `${def.name} key`, role: creator, method: 'post', url: url(def), body: json({ [`na${bad}me`]: 'x' }), outcome: 'refused' });
    const reader = actorFor(context, def, 'read', 2);
    // a URL carries UTF-8, which has no lone surrogates: their bytes (ED A0 80) decode as replacement characters
    const encoded = bad === '\u0000' ? '%00' : '%ED%A0%80';
    const outcome = bad === '\u0000' ? 'refused' : 'harmless';
    cases.push({ className, label: `${def.name} q`, role: reader, method: 'get', url: url(def, `?q=a${encoded}`), outcome, field: 'q' });
    const filter = filterField(def);
    if (filter) cases.push({ className, label: `${def.name} filter ${filter}`, role: reader, method: 'get', url: url(def, `?${filter}=x${encoded}`), outcome, field: filter });
    return cases;
  };
}

const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

const deepJson: Generator = (context, def) => {
  const creator = actorFor(context, def, 'create', 0);
  const id = context.recordIds.get(def.name);
  const cases: HostileCase[] = [
    { className: 'deep JSON', label: `${def.name} object 65`, role: creator, method: 'post', url: url(def), body: deepObject(65), outcome: 'refused' },
    { className: 'deep JSON', label: `${def.name} array 20000`, role: creator, method: 'post', url: url(def), body: deepArray(20_000), outcome: 'refused' },
    { className: 'deep JSON', label: `${def.name} field 1000`, role: creator, method: 'post', url: url(def), body: `{"name":${deepObject(1000)}}`, outcome: 'refused' },
  ];
  if (id) cases.push({ className: 'deep JSON', label: `${def.name} patch 200`, role: actorFor(context, def, 'update', 1), method: 'patch', url: url(def, `/${id}`), body: deepObject(200), outcome: 'refused' });
  return cases;
};

const oversizeBody: Generator = (context, def) => [
  { className: 'oversize body', label: `${def.name} create 1.1 MB`, role: actorFor(context, def, 'create', 0), method: 'post', url: url(def), body: json({ note: 'x'.repeat(1_100_000) }), outcome: 'refused' },
];

const PAGES = ['_start=99999999999999999999', '_end=99999999999999999999', '_start=-1', '_start=1.5', '_start=abc', '_start=1e3', '_start=10&_end=5', '_start=0&_end=100000000'];

const pagination: Generator = (context, def) =>
  PAGES.map((page, index) => ({ className: 'pagination', label: `${def.name} ${page}`, role: actorFor(context, def, 'read', index), method: 'get', url: url(def, `?${page}`), outcome: 'refused' }));

const wrongShape: Generator = (context, def) => {
  const filter = filterField(def) ?? 'name';
  const shapes = ['_select[x]=1', '_sort[]=_id', 'q=a&q=b', '_start=0&_start=1', `${filter}[$ne]=x`, '_populate[a]=b', `${filter}[]=x&${filter}[]=y`];
  return shapes.map((shape, index) => ({ className: 'wrong-shape parameters', label: `${def.name} ${shape}`, role: actorFor(context, def, 'read', index), method: 'get', url: url(def, `?${shape}`), outcome: 'refused' }));
};

const INJECTED_KEYS = ["name'--", '1=1', "doc->>'x'", '_id) OR (1=1', '"x"', 'a..b', '.', 'x;DROP TABLE "user"', '_sort', '_order'];

const injection: Generator = (context, def) => {
  const reader = (turn: number) => actorFor(context, def, 'read', turn);
  const cases: HostileCase[] = INJECTED_KEYS.map((key, index) => {
    const query = key === '_sort' ? '_sort=_id;DROP TABLE x' : key === '_order' ? '_sort=_id&_order=asc;--' : `${encodeURIComponent(key)}=1`;
    return { className: 'injection-shaped filters', label: `${def.name} key ${key}`, role: reader(index), method: 'get', url: url(def, `?${query}`), outcome: 'refused' };
  });
  cases.push({ className: 'injection-shaped filters', label: `${def.name} _id value`, role: reader(1), method: 'get', url: url(def, `?_id=${encodeURIComponent("' OR 1=1 --")}`), outcome: 'refused' });
  const filter = filterField(def);
  for (const value of ["' OR '1'='1", '%', '_', '\\', "x') OR true --"]) {
    if (filter) cases.push({ className: 'injection-shaped filters', label: `${def.name} ${filter}=${value}`, role: reader(2), method: 'get', url: url(def, `?${filter}=${encodeURIComponent(value)}`), outcome: 'harmless' });
  }
  for (const value of ['%', '%%%', '_', "' OR 1=1 --"]) {
    cases.push({ className: 'injection-shaped filters', label: `${def.name} q=${value}`, role: reader(3), method: 'get', url: url(def, `?q=${encodeURIComponent(value)}`), outcome: 'harmless' });
  }
  return cases;
};

const PROTOTYPE_BODIES = ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"prototype":1}', '{"name":{"__proto__":{"full":"x"}}}'];
const PROTOTYPE_QUERIES = ['__proto__=1', 'constructor.prototype=1', 'prototype=1', 'name.__proto__=x'];

const prototypeKeys: Generator = (context, def) => {
  const id = context.recordIds.get(def.name);
  const cases: HostileCase[] = PROTOTYPE_BODIES.flatMap((body, index) => [
    { className: 'prototype keys', label: `${def.name} create ${body}`, role: actorFor(context, def, 'create', index), method: 'post' as const, url: url(def), body, outcome: 'refused' as const },
    ...(id ? [{ className: 'prototype keys', label: `${def.name} patch ${body}`, role: actorFor(context, def, 'update', index), method: 'patch' as const, url: url(def, `/${id}`), body, outcome: 'refused' as const }] : []),
  ]);
  for (const [index, query] of PROTOTYPE_QUERIES.entries()) {
    cases.push({ className: 'prototype keys', label: `${def.name} ?${query}`, role: actorFor(context, def, 'read', index), method: 'get', url: url(def, `?${query}`), outcome: 'refused' });
  }
  cases.push({ className: 'prototype keys', label: `${def.name} import base`, role: actorFor(context, def, 'import', 0), method: 'post', url: url(def, '/import'), body: '{"import":{"headers":[],"rows":[],"base":{"__proto__":{"x":1}}}}', outcome: 'refused' });
  return cases;
};

/** Values of the wrong type for each kind (never what the kind accepts). */
const WRONG_VALUES: Record<string, readonly unknown[]> = {
  text: [12, { a: 1 }],
  number: ['12', { a: 1 }],
  money: ['12', 1.5],
  enum: ['not-a-choice', 5],
  boolean: ['true', 1],
  unixTime: ['yesterday', 1.5],
  reference: ['not-an-id', 12],
  image: [12, 'not-an-id'],
  geojson: ['here', 5],
  localizedText: ['plain', { en: 5 }],
  list: ['x', { a: 1 }],
  object: ['x', [1]],
  json: [],
};

const wrongTypes: Generator = (context, def) => {
  const creator = actorFor(context, def, 'create', 0);
  return writableFields(def, context.rights[creator]).flatMap(([path, field]) =>
    (WRONG_VALUES[field.kind] ?? []).map((value) => ({
      className: 'wrong types',
      label: `${def.name} ${path} (${field.kind}) = ${json(value)}`,
      role: creator,
      method: 'post' as const,
      url: url(def),
      body: json(nested(path, value)),
      outcome: 'refused' as const,
      field: path,
    })),
  );
};

const oversizeStrings: Generator = (context, def) => {
  const creator = actorFor(context, def, 'create', 0);
  const cases: HostileCase[] = writableFields(def, context.rights[creator])
    .filter(([, field]) => field.kind === 'text' && field.max !== undefined)
    .map(([path, field]) => ({ className: 'oversize strings', label: `${def.name} ${path} ${field.max! + 1} characters`, role: creator, method: 'post', url: url(def), body: json(nested(path, 'x'.repeat(field.max! + 1))), outcome: 'refused', field: path }));
  for (const length of [201, 10_000]) {
    cases.push({ className: 'oversize strings', label: `${def.name} q of ${length}`, role: actorFor(context, def, 'read', length), method: 'get', url: url(def, `?q=${'%25'.repeat(Math.floor(length / 100))}${'a'.repeat(length - Math.floor(length / 100))}`), outcome: 'refused', field: 'q' });
  }
  return cases;
};

function csvPayloads(def: ResourceDef): [string, string][] {
  const headers = importFields(def).map(([path]) => path);
  const first = headers[0] ?? 'x';
  return [
    ['no import', json({ rows: [] })],
    ['rows not lists', json({ import: { headers, rows: ['a,b'] } })],
    ['cells not texts', json({ import: { headers, rows: [headers.map(() => 5)] } })],
    ['headers not texts', json({ import: { headers: [1, 2], rows: [] } })],
    ['unknown header only', json({ import: { headers: ['no.such.field'], rows: [['x']] } })],
    ['nested cell', json({ import: { headers, rows: [[{ a: 1 }]] } })],
    ['base a list', json({ import: { headers, rows: [], base: [] } })],
    ['NUL in a cell', json({ import: { headers: [first], rows: [['a\u0000b']] } })],
    ['too many rows', json({ import: { headers: [first], rows: Array.from({ length: 10_001 }, () => ['']) } })],
    ['row longer than the header', json({ import: { headers, rows: [[...headers.map(() => ''), 'extra']] } })],
  ];
}

const malformedCsv: Generator = (context, def) => {
  const importer = (turn: number) => actorFor(context, def, 'import', turn);
  return csvPayloads(def).flatMap(([label, body], index) => [
    { className: 'malformed CSV import', label: `${def.name} import ${label}`, role: importer(index), method: 'post' as const, url: url(def, '/import'), body, outcome: 'refused' as const },
    ...(index < 5 ? [{ className: 'malformed CSV import', label: `${def.name} import/patch ${label}`, role: actorFor(context, def, 'patch', index), method: 'post' as const, url: url(def, '/import/patch'), body, outcome: 'refused' as const }] : []),
  ]);
};

const BAD_IDS = ['xyz', '%00', 'a'.repeat(1000), '..%2F..%2Fetc', '0123456789abcdef0123456g', '%E2%80%AE'];

const pathParameters: Generator = (context, def) =>
  BAD_IDS.map((id, index) => ({ className: 'path parameters', label: `${def.name} id ${id.slice(0, 20)}`, role: actorFor(context, def, 'read', index), method: 'get', url: url(def, `/${id}`), outcome: 'refused' }));

/** Every generated class, across every model of the registry. */
export const GENERATORS: readonly Generator[] = [
  badTexts('NUL characters', '\u0000'),
  badTexts('lone surrogates', '\ud800'),
  deepJson,
  oversizeBody,
  pagination,
  wrongShape,
  injection,
  prototypeKeys,
  wrongTypes,
  oversizeStrings,
  malformedCsv,
  pathParameters,
];

export const generatedCases = (context: HostileContext): HostileCase[] => RESOURCES.flatMap((def) => GENERATORS.flatMap((generate) => generate(context, def)));

/** Cases not tied to a model: sign-in bodies, domain endpoints, unknown models. */
export function endpointCases(): HostileCase[] {
  const login = (label: string, body: string): HostileCase => ({ className: 'sign-in and domain endpoints', label: `login ${label}`, role: 'super', method: 'post', url: '/api/auth/login', body, outcome: 'refused' });
  const cases: HostileCase[] = [
    login('email object', '{"email":{"$ne":null},"password":"x"}'),
    login('email list', '{"email":["a@b.c"],"password":"x"}'),
    login('password number', '{"email":"a@b.c","password":12}'),
    login('NUL email', '{"email":"a\\u0000@b.c","password":"x"}'),
    login('surrogate password', '{"email":"a@b.c","password":"\\udc00"}'),
    login('prototype', '{"__proto__":{"email":"a@b.c"},"password":"x"}'),
    login('not an object', '"hello"'),
    login('deep', deepObject(100)),
    login('not JSON', '{"email":'),
    login('oversize', json({ email: 'x'.repeat(1_100_000), password: 'x' })),
  ];
  const get = (label: string, target: string, role: Role = 'company'): HostileCase => ({ className: 'sign-in and domain endpoints', label, role, method: 'get', url: target, outcome: 'refused' });
  const post = (label: string, target: string, body: string, role: Role = 'company'): HostileCase => ({ className: 'sign-in and domain endpoints', label, role, method: 'post', url: target, body, outcome: 'refused' });
  cases.push(
    get('unknown model __proto__', '/api/company/model/__proto__'),
    get('unknown model constructor', '/api/company/model/constructor'),
    get('unknown model NUL', '/api/company/model/user%00'),
    get('finance payments huge _start', '/api/company/finance/payment?start=0&end=1000&_start=99999999999999999999', 'finance'),
    get('finance payments huge period', '/api/company/finance/payment?start=1e400&end=1e401', 'finance'),
    get('finance transactions NUL state', '/api/company/finance/transaction?start=0&end=1000&state=a%00', 'finance'),
    get('refund list huge _end', '/api/company/finance/refund?_end=99999999999999999999', 'finance'),
    get('refund list wrong shape', '/api/company/finance/refund?year[x]=1', 'finance'),
    get('bank files huge _start', '/api/company/finance/refund-bank-file?_start=99999999999999999999', 'company'),
    get('products q of 10000', `/api/company/finance/product?q=${'a'.repeat(10_000)}`, 'finance'),
    post('credit 1e308', `/api/company/finance/user/0123456789abcdef01234567/credit`, '{"cents":1e308}', 'finance'),
    post('credit NUL note', `/api/company/finance/user/0123456789abcdef01234567/credit`, '{"cents":100,"note":"a\\u0000"}', 'finance'),
    post('bulk deep filter', '/api/company/finance/bulk', `{"action":"refund","filter":${deepObject(100)}}`),
    post('bulk prototype filter', '/api/company/finance/bulk', '{"action":"refund","filter":{"__proto__":{"x":1}}}'),
    post('bank file NUL', '/api/company/finance/refund-bank-file', '{"paymentIds":["a\\u0000"]}'),
    post('export ids wrong type', '/api/company/model/user/export', '{"ids":[{"$gt":""}],"fields":["email.value"]}'),
    post('export NUL field', '/api/company/model/user/export', '{"ids":[],"fields":["a\\u0000"]}'),
    post('import example prototype base', '/api/company/model/user/import/example', '{"importCsvBase":{"constructor":{"prototype":{"x":1}}}}'),
    post('export query q of 100 000', '/api/company/model/user/export/csv', json({ fields: ['email.value'], query: { q: 'a'.repeat(100_000) } })),
    post('export query contains of 100 000', '/api/company/model/user/export/csv', json({ fields: ['email.value'], query: { 'email.value_like': 'a'.repeat(100_000) } })),
    post('export query object value', '/api/company/model/user/export', '{"fields":["email.value"],"query":{"q":{"$ne":null}}}'),
    get('list contains of 10 000', `/api/company/model/user?email.value_like=${'a'.repeat(10_000)}`),
    { ...post('credit Idempotency-Key of 300', `/api/company/finance/user/0123456789abcdef01234567/credit`, '{"cents":100}', 'finance'), headers: { 'Idempotency-Key': 'k'.repeat(300) } },
    post('bank file empty filter', '/api/company/finance/refund-bank-file', '{"filter":{},"confirmedCount":1}'),
    post('bank file confirmed count text', '/api/company/finance/refund-bank-file', '{"paymentIds":[],"confirmedCount":"all"}'),
    post('invoice confirm of objects', '/api/company/merchant/0123456789abcdef01234567/export/invoice', '{"from":1,"to":2,"confirm":[{"$gt":""}]}', 'super'),
    get('metrics without a token', '/api/metrics'),
  );
  return cases;
}

/**
 * Cases the write pipeline of the lead's part of issue 10 answers (bounds, filters of bulk runs and bank files), and
 * records with an indexed text too long for an index entry.
 */
export function pipelineCases(context: HostileContext): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const def of RESOURCES) {
    const creator = actorFor(context, def, 'create', 0);
    for (const [path, field] of writableFields(def, context.rights[creator])) {
      if (field.kind !== 'money' && field.kind !== 'number' && field.kind !== 'unixTime') continue;
      for (const value of ['1e308', '-1e308', '9007199254740993', ...(field.kind === 'money' ? ['1e17'] : [])]) {
        // on a valid record, so the number is the only thing wrong with it
        const doc = sampleRecord(def, context.recordIds);
        setPath(doc, path, 'NUMBER');
        cases.push({ className: 'huge numbers', label: `${def.name} ${path} (${field.kind}) = ${value}`, role: creator, method: 'post', url: url(def), body: json(doc).replace('"NUMBER"', value), outcome: 'refused', field: path });
      }
    }
    for (const [path, field] of fieldsByPath(def)) {
      if (!field.filterable || !['bigint', 'double precision'].includes(KINDS[field.kind].sqlType ?? '')) continue;
      cases.push({ className: 'huge numbers', label: `${def.name} filter ${path}_gte=1e20`, role: actorFor(context, def, 'read', 0), method: 'get', url: url(def, `?${path}_gte=99999999999999999999`), outcome: 'refused', field: path });
    }
  }
  for (const def of RESOURCES) {
    const creator = actorFor(context, def, 'create', 0);
    for (const [path, field] of writableFields(def, context.rights[creator])) {
      if (field.kind !== 'text' || !field.indexed || field.max !== undefined) continue;
      // an indexed text with no bound of its own, too long for an index entry in bytes (1 300 characters of 2 bytes)
      const doc = sampleRecord(def, context.recordIds);
      setPath(doc, path, 'é'.repeat(1300));
      cases.push({ className: 'texts too long to index', label: `${def.name} ${path} of 2 600 bytes`, role: creator, method: 'post', url: url(def), body: json(doc), outcome: 'refused', field: path });
    }
  }
  for (const filter of ['{"yearr":2020}', '{"state":"x","__typo":1}', '{"refundability":"iban","1=1":true}']) {
    cases.push({ className: 'filters of bulk runs and bank files', label: `bulk filter ${filter}`, role: 'company', method: 'post', url: '/api/company/finance/bulk', body: `{"action":"refund-iban","filter":${filter}}`, outcome: 'refused' });
    cases.push({ className: 'filters of bulk runs and bank files', label: `bank file filter ${filter}`, role: 'company', method: 'post', url: '/api/company/finance/refund-bank-file', body: `{"filter":${filter}}`, outcome: 'refused' });
  }
  return cases;
}
