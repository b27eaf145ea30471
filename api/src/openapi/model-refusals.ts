/** The operations every model may offer through the generic and transfer routes. */
export type ModelOperation =
  | 'list'
  | 'create'
  | 'read'
  | 'update'
  | 'delete'
  | 'archive'
  | 'unarchive'
  | 'duplicate'
  | 'schema'
  | 'importFields'
  | 'importExample'
  | 'import'
  | 'importPatch'
  | 'export'
  | 'exportCsv'
  | 'exportXlsx'
  | 'history'
  | 'restore';

const ACTIVE_EMAIL = 'The email is already used by another active user of the company';
const LOCKER_COMPANY = 'The Locker Company did not answer or refused the look-up of a locker product';

/**
 * The refusals the domain rules of a model add to its generic operations (the hooks of api/src/{domain}, which run
 * on every write path), by status. api/test/contract makes each of them happen and checks its answer.
 */
export const MODEL_REFUSALS: Partial<Record<string, Partial<Record<ModelOperation, Record<number, string>>>>> = {
  payment: {
    create: { 409: 'A refund payment: refunds are made with the refund actions' },
    update: { 409: 'A change of the amounts, state or links of a payment: they change through the finance actions (super admins excepted)' },
  },
  transaction: {
    update: { 409: 'The transaction is not paid, or the change touches its amounts, state or links (they change through the finance actions)' },
  },
  user: {
    create: { 409: ACTIVE_EMAIL },
    update: { 409: ACTIVE_EMAIL },
    unarchive: { 409: ACTIVE_EMAIL },
    import: { 409: ACTIVE_EMAIL },
    importPatch: { 409: ACTIVE_EMAIL },
  },
  merchant: { delete: { 409: 'The merchant still has products' } },
  timeslot: { delete: { 409: 'The timeslot has guests, or is of kind mux' } },
  template: { delete: { 409: 'The template still has a subject' } },
  product: {
    create: { 409: 'The Locker Company is switched off on this installation (a locker product)', 502: LOCKER_COMPANY },
    update: { 409: 'The Locker Company is switched off on this installation (a locker product)', 502: LOCKER_COMPANY },
  },
};
