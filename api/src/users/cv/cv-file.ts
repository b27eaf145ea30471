import { invalid } from '../../common/errors';

export const MAX_CV_BYTES = 10 * 1024 * 1024;

/** The document types a CV may be, by extension, with the first bytes each must start with. */
const CV_TYPES: Readonly<Record<string, { mime: string; magic: readonly number[] }>> = {
  pdf: { mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: [0x50, 0x4b, 0x03, 0x04] },
  odt: { mime: 'application/vnd.oasis.opendocument.text', magic: [0x50, 0x4b, 0x03, 0x04] },
  doc: { mime: 'application/msword', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
};

export const CV_EXTENSIONS = Object.keys(CV_TYPES);

/** A file name without path or characters file systems refuse, at most 150 characters, keeping its extension. */
export function safeFileName(name: string, fallback = 'file'): string {
  const base = name.replace(/^.*[\\/]/, '').replace(/[\u0000-\u001f\u007f"*:<>?|]+/g, '').trim();
  if (!base) return fallback;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot) : '';
  return base.length <= 150 ? base : `${base.slice(0, 150 - extension.length)}${extension}`;
}

/** Checks an uploaded CV: a PDF, Word or OpenDocument text whose content is what its extension says. */
export function checkedCv(originalName: string, bytes: Buffer): { name: string; mime: string } {
  const name = safeFileName(originalName, 'cv');
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const type = CV_TYPES[extension];
  const refuse = () => invalid(`A CV must be a ${CV_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ')} file`, [{ field: 'file', message: `must be ${CV_EXTENSIONS.join(', ')}` }]);
  if (!type || name.lastIndexOf('.') < 1) throw refuse();
  if (bytes.length < type.magic.length || type.magic.some((byte, index) => bytes[index] !== byte)) throw refuse();
  return { name, mime: type.mime };
}
