/** Letters outside the SEPA set that have a conventional spelling inside it. */
const SPELLED: Record<string, string> = {
  ß: 'ss', æ: 'ae', Æ: 'AE', œ: 'oe', Œ: 'OE', ø: 'o', Ø: 'O', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH', '&': '+', _: '-',
  '‘': "'", '’': "'", '“': "'", '”': "'", '"': "'", '–': '-', '—': '-', '@': '(at)', ';': ',', '!': '.', '*': '-',
};

/**
 * Text reduced to the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space): accents dropped,
 * a few letters spelled out, anything else a space; whitespace collapsed; cut to `max` characters.
 */
export function sepaText(text: string, max: number): string {
  const spelled = [...text].map((char) => SPELLED[char] ?? char).join('');
  const plain = spelled.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return plain.replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** A name for a transfer: the cardholder in the SEPA set, 'Unknown' when there is none (part 1 section 9). */
export function sepaName(name: unknown, max = 70): string {
  return (typeof name === 'string' && sepaText(name, max)) || 'Unknown';
}

/** An identifier in the SEPA set that does not start with '/' and holds no '//'. */
export function sepaId(text: string, max = 35): string {
  return sepaText(text, max).replace(/\s/g, '').replace(/\/{2,}/g, '/').replace(/^\/+/, '').slice(0, max);
}
