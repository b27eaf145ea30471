import { type FieldDef, KINDS, type ResourceDef, fieldsByPath, getPath, importFields, setPath } from '@backoffice/resources';
import { newId } from '../../../src/common/object-id';
import { bulkInsert } from '../../../src/database/bulk-insert';
import { modelOperations } from '../../../src/openapi/model-operations';
import { type ReferenceTargets, sampleRecord, sampleValue } from '../../support/sample-record';
import { uploadedImage } from '../../support/uploaded-image';
import { type TestApp, bearer } from '../../support/test-app';
import type { Call } from './calls';

type Doc = Record<string, unknown>;

/** What a sample of a model needs beyond its definition's rules to be written and changed like any record. */
const SAMPLE_DOMAIN: Record<string, Doc> = {
  // only a paid transaction can be edited
  transaction: { 'state.id': 'paid' },
};

/** Records of every model made for the calls: through the API where the model may be created, else found or stored. */
export class ModelRecords {
  private image: string | null = null;

  constructor(
    private readonly t: TestApp,
    private readonly targets: ReferenceTargets,
  ) {}

  /** A valid new record: the sample of the definition, with images the company holds. */
  async sample(def: ResourceDef, overrides: Doc = {}): Promise<Doc> {
    const doc = sampleRecord(def, this.targets);
    for (const [path, field] of fieldsByPath(def)) if (field.kind === 'image' && getPath(doc, path) !== undefined) setPath(doc, path, await this.imageId());
    for (const [path, value] of Object.entries({ ...SAMPLE_DOMAIN[def.name], ...overrides })) setPath(doc, path, value);
    return doc;
  }

  /** An import row of a new record: each import field the sample sets, or a value the field takes, as CSV cells. */
  async importRow(def: ResourceDef): Promise<{ headers: string[]; row: string[] }> {
    const sample = await this.sample(def);
    const cells = await Promise.all(
      importFields(def).map(async ([path, field]) => {
        const value = getPath(sample, path) ?? (field.kind === 'image' ? await this.imageId() : sampleValue(field, this.targets));
        return value === undefined ? null : ([path, KINDS[field.kind].toCsv(value, field)] as const);
      }),
    );
    const present = cells.filter((cell): cell is readonly [string, string] => cell !== null);
    return { headers: present.map(([path]) => path), row: present.map(([, cell]) => cell) };
  }

  /** A record changed after its create, and the history entry of its create (to restore it to). */
  async changed(def: ResourceDef): Promise<{ id: string; entryId: string }> {
    const id = await this.id(def);
    const token = bearer(await this.t.token('super'));
    await this.t.http.patch(`/api/company/model/${def.name}/${id}`).set(token).send(changeOf(def));
    const history = await this.t.http.get(`/api/company/model/${def.name}/${id}/history`).set(token);
    return { id, entryId: history.body[history.body.length - 1]._id };
  }

  async imageId(): Promise<string> {
    this.image ??= await uploadedImage(this.t, await this.t.token('super'));
    return this.image;
  }

  /** The id of a new record of the model (or, for models nobody creates, one that exists). */
  async id(def: ResourceDef, overrides: Doc = {}): Promise<string> {
    if (def.name === 'company') return this.t.companies.a;
    if (def.access.create === false && def.name !== 'auditLog') {
      // the rows of a model nobody creates through the API, stored as its loaders store them
      const id = newId();
      await bulkInsert(this.t.db, def, [{ id, companyId: this.t.companies.a, doc: await this.sample(def) }]);
      return id;
    }
    if (def.access.create === false) {
      const [row] = await this.t.db.query<{ id: string }>(`SELECT id FROM "${def.name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()}" WHERE company_id = $1 ORDER BY id DESC LIMIT 1`, [this.t.companies.a]);
      if (!row) throw new Error(`no ${def.name} of company a to read`);
      return row.id;
    }
    const created = await this.t.http.post(`/api/company/model/${def.name}`).set(bearer(await this.t.token('super'))).send(await this.sample(def, overrides));
    if (created.status !== 201) throw new Error(`could not create a ${def.name}: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body._id;
  }
}

/** A CSV cell a field refuses, or null when every text is a value it takes. */
function refusedCell(field: FieldDef): string | null {
  if (['number', 'money', 'unixTime'].includes(field.kind)) return 'not a number';
  if (field.kind === 'boolean') return 'maybe';
  if (field.kind === 'enum') return 'not-one-of-them';
  if (field.kind === 'reference') return 'zz';
  if (field.kind === 'text' && field.max !== undefined) return 'x'.repeat(field.max + 1);
  return null;
}

/**
 * The calls of a model's operations that succeed, made from its definition: each operation the document lists for it,
 * on records made for it. The import's row is the sample record written as CSV cells.
 */
export async function modelSuccessCalls(def: ResourceDef, records: ModelRecords): Promise<Call[]> {
  const base = `/api/company/model/${def.name}`;
  const calls: Call[] = [];
  for (const { operationId } of modelOperations(def)) {
    const name = operationId.slice(def.name.length);
    const at = async (rest = '') => `${base}/${await records.id(def)}${rest}`;
    switch (name) {
      case 'List': calls.push({ operationId, path: base, query: { _start: '0', _end: '5' }, expect: 200 }); break;
      case 'Create': calls.push({ operationId, path: base, body: await records.sample(def), expect: 201 }); break;
      case 'Read': calls.push({ operationId, path: await at(), expect: 200 }); break;
      case 'Update': calls.push({ operationId, path: await at(), body: changeOf(def), expect: 200 }); break;
      case 'Delete': calls.push({ operationId, path: await at(), expect: 200 }); break;
      case 'Archive': calls.push({ operationId, path: await at('/archive'), expect: 200 }); break;
      case 'Unarchive': calls.push({ operationId, path: await at('/unarchive'), expect: 200 }); break;
      case 'Duplicate': calls.push({ operationId, path: await at('/duplicate'), expect: 201 }); break;
      case 'History': calls.push({ operationId, path: await at('/history'), expect: 200 }); break;
      case 'Restore': {
        const { id, entryId } = await records.changed(def);
        calls.push({ operationId, path: `${base}/${id}/history/${entryId}/restore`, expect: 200 });
        break;
      }
      case 'Schema': calls.push({ operationId, path: `${base}/schema`, expect: 200 }); break;
      case 'ImportFields': calls.push({ operationId, path: `${base}/import/fields`, expect: 200 }); break;
      case 'ImportExample': calls.push({ operationId, path: `${base}/import/example`, body: {}, expect: 200 }); break;
      case 'Import': calls.push(...(await importCalls(def, records, operationId))); break;
      case 'ImportPatch': calls.push(...(await importPatchCalls(def, records, operationId))); break;
      case 'Export': case 'ExportCsv': case 'ExportXlsx': {
        const path = { Export: '', ExportCsv: '/csv', ExportXlsx: '/xlsx' }[name];
        calls.push({ operationId, path: `${base}/export${path}`, body: { fields: exportFieldsOf(def).slice(0, 2), ids: [await records.id(def)] }, expect: 200 });
        break;
      }
      default: throw new Error(`no call made for ${operationId}`);
    }
  }
  return calls;
}

/** A patch that changes the record's title, or else sets nothing (a change of nothing answers the record too). */
export function changeOf(def: ResourceDef): Doc {
  const title = fieldsByPath(def).get(def.titlePath);
  const change: Doc = {};
  if (title?.kind === 'text' && !title.readOnly) setPath(change, def.titlePath, 'Changed');
  return change;
}

/** Fields an export may hold: every field but objects and secrets. */
const exportFieldsOf = (def: ResourceDef) => [...fieldsByPath(def)].filter(([, field]) => field.kind !== 'object' && !field.secret).map(([path]) => path);

async function importCalls(def: ResourceDef, records: ModelRecords, operationId: string): Promise<Call[]> {
  const { headers, row } = await records.importRow(def);
  const path = `/api/company/model/${def.name}/import`;
  const refusable = importFields(def).find(([, field]) => refusedCell(field) !== null);
  const refused = refusable && { headers: [...headers.filter((header) => header !== refusable[0]), refusable[0]], rows: [[...row.filter((_, index) => headers[index] !== refusable[0]), refusedCell(refusable[1])!]] };
  return [{ operationId, path, body: { import: { headers, rows: [row] } }, expect: 200 }, ...(refused ? [{ operationId, path, body: { import: refused }, expect: 422 }] : [])];
}

async function importPatchCalls(def: ResourceDef, records: ModelRecords, operationId: string): Promise<Call[]> {
  const { headers, row } = await records.importRow(def);
  const path = `/api/company/model/${def.name}/import/patch`;
  const patch = { headers: ['_id', headers[0]], cell: row[0] };
  return [
    { operationId, path, body: { import: { headers: patch.headers, rows: [[await records.id(def), patch.cell]] } }, expect: 200 },
    { operationId, path, body: { import: { headers: patch.headers, rows: [[newId(), patch.cell]] } }, expect: 422 },
  ];
}
