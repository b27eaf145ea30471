import { access, ANY_ADMIN, defineResource, f, metaFields } from '../define';

/** Metadata of an uploaded image (bytes live elsewhere). Uploads go through /api/image, so the generic API only reads. */
export const image = defineResource({
  name: 'image',
  label: 'Image',
  labelPlural: 'Images',
  scope: 'company',
  titlePath: 'name.full',
  fields: [
    f.text('name.full', { label: 'File name', searchable: true }),
    f.enum('mime', ['image/jpeg', 'image/png', 'image/gif'], { label: 'Type', required: true }),
    f.integer('width', { label: 'Width', required: true, min: 1 }),
    f.integer('height', { label: 'Height', required: true, min: 1 }),
    f.integer('bytes', { label: 'Size in bytes', required: true, min: 0 }),
    // the model and field the image was uploaded for, so its rules (ratio, minimum size) can be checked
    f.text('model', { label: 'Model', indexed: true, filterable: true }),
    f.text('field', { label: 'Field' }),
    ...metaFields({ archived: false, createdIndexed: true }),
  ],
  list: {
    columns: ['name.full', 'mime', 'width', 'height', 'model', 'field'],
    defaultSort: [{ field: 'meta.createdAt', order: 'desc' }],
    searchable: ['name.full'],
    filters: ['model'],
  },
  access: access({ read: ANY_ADMIN, write: false, archive: false, import: false, patch: false }),
  archivable: false,
});
