import { imageUrl } from '../definitions/format';

/**
 * A stored image as a small square in a table cell or a row: a plain element, where antd's Image gave each row a
 * preview machinery, a load-state hook and wrappers it never used.
 */
export function Thumbnail({ id, size, radius = 6 }: { id: string; size: number; radius?: number }) {
  return <img src={imageUrl(id)} width={size} height={size} alt="" loading="lazy" decoding="async" style={{ objectFit: 'cover', borderRadius: radius, verticalAlign: 'middle' }} />;
}
