import { PUSH_CHANNELS, isPlainObject } from '@backoffice/resources';
import { invalid } from '../../common/errors';
import type { PushMessage } from '../channels/channel';

/** Push test messages live 5 seconds unless the form says otherwise (part 2 section 9). */
export const PUSH_TEST_DEFAULT_TTL = 5;

const optionalText = (body: Record<string, unknown>, name: string, errors: { field: string; message: string }[]) => {
  const value = body[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') errors.push({ field: name, message: `${name} must be text` });
  return typeof value === 'string' ? value : undefined;
};

/** The push test form as Expo's message; a bad field is a 400 naming it. */
export function pushTestMessage(input: unknown): PushMessage {
  const body = isPlainObject(input) ? input : {};
  const errors: { field: string; message: string }[] = [];
  const to = typeof body.to === 'string' ? body.to.trim() : '';
  if (!to) errors.push({ field: 'to', message: 'to (an Expo push token) is required' });
  let data: Record<string, unknown> | undefined;
  if (isPlainObject(body.data)) data = body.data;
  else if (typeof body.data === 'string' && body.data.trim()) {
    try {
      const parsed = JSON.parse(body.data);
      if (isPlainObject(parsed)) data = parsed;
      else errors.push({ field: 'data', message: 'data must be a JSON object' });
    } catch {
      errors.push({ field: 'data', message: 'data must be a JSON object' });
    }
  }
  const number = (name: string, integer: boolean) => {
    const value = body[name];
    if (value === undefined || value === null || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < 0 || (integer && !Number.isInteger(parsed))) errors.push({ field: name, message: `${name} must be a ${integer ? 'whole ' : ''}number of at least 0` });
    return parsed;
  };
  const ttl = number('ttl', false);
  const badge = number('badge', true);
  const channelId = optionalText(body, 'channelId', errors);
  if (channelId && !(channelId in PUSH_CHANNELS)) errors.push({ field: 'channelId', message: `channelId must be one of ${Object.keys(PUSH_CHANNELS).join(', ')}` });
  const sound = body.sound === null || body.sound === undefined || body.sound === '' || body.sound === false ? null : body.sound === 'default' || body.sound === true ? 'default' : undefined;
  if (sound === undefined) errors.push({ field: 'sound', message: "sound must be 'default' or empty" });
  const title = optionalText(body, 'title', errors);
  const text = optionalText(body, 'body', errors);
  const subtitle = optionalText(body, 'subtitle', errors);
  // the push test form still names the category as the spec does (`_category`); Expo's name for it is categoryId
  const category = optionalText(body, 'categoryId', errors) ?? optionalText(body, '_category', errors);
  if (errors.length > 0) throw invalid(`The push message is not valid: ${errors.map((error) => error.message).join('; ')}`, errors);
  return {
    key: 'push-test',
    to,
    ttl: ttl ?? PUSH_TEST_DEFAULT_TTL,
    sound: sound ?? null,
    ...(title && { title }),
    ...(text && { body: text }),
    ...(subtitle && { subtitle }),
    ...(category && { categoryId: category }),
    ...(badge !== undefined && { badge }),
    ...(channelId && { channelId }),
    ...(data && { data }),
  };
}
