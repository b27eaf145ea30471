import { OUTSIDE_SERVICES } from './outside-services';
import { SETTINGS, type Setting } from './settings';

export const isProduction = (env: NodeJS.ProcessEnv = process.env) => env.NODE_ENV?.trim() === 'production';

/** The settings that could not be read, one line per problem, each naming its variable. */
export class InvalidSettings extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Settings refused:\n${problems.join('\n')}`);
  }
}

const rawOf = (env: NodeJS.ProcessEnv, setting: Setting) => {
  const raw = env[setting.name]?.trim();
  if (raw) return raw;
  return typeof setting.default === 'function' ? setting.default(env) : setting.default;
};

/**
 * Reads and checks every setting at once, with the same messages in both modes; production also refuses what is
 * missing, each outside service that is on without its settings, and what only the demo may do.
 */
export function readSettings(env: NodeJS.ProcessEnv): { values: ReadonlyMap<string, unknown>; problems: string[] } {
  const values = new Map<string, unknown>();
  const problems: string[] = [];
  const production = isProduction(env);
  for (const setting of SETTINGS) {
    const raw = rawOf(env, setting);
    if (raw === undefined) {
      if (production && setting.requiredInProduction) problems.push(`${setting.name} is missing: ${setting.description}`);
      continue;
    }
    const parsed = setting.kind.parse(raw);
    if ('problem' in parsed) {
      problems.push(`${setting.name} ${parsed.problem}`);
      continue;
    }
    if (production && setting.refusedInProduction && parsed.value === setting.refusedInProduction.value) {
      problems.push(`${setting.name} must not be ${raw} in production: ${setting.refusedInProduction.reason}`);
      continue;
    }
    values.set(setting.name, parsed.value);
  }
  if (production) {
    for (const service of OUTSIDE_SERVICES) {
      if (values.get(service.switch) === false) continue;
      for (const name of service.required) {
        if (rawOf(env, SETTINGS.find((setting) => setting.name === name)!) === undefined) {
          problems.push(`${name} is missing: set it, or switch the service off with ${service.switch}=false`);
        }
      }
    }
  }
  return { values, problems };
}

/**
 * One setting's value as the list reads it, its default when unset: for the outside services' clients, which read
 * theirs when used (the demo and the tests point them at local fakes first). Start-up has checked every value.
 */
export function settingValue<T>(name: string, env: NodeJS.ProcessEnv = process.env): T | undefined {
  const setting = SETTINGS.find((candidate) => candidate.name === name);
  if (!setting) throw new Error(`${name} is not a setting of api/src/settings/settings.ts`);
  const raw = rawOf(env, setting);
  if (raw === undefined) return undefined;
  const parsed = setting.kind.parse(raw);
  if ('problem' in parsed) throw new InvalidSettings([`${name} ${parsed.problem}`]);
  return parsed.value as T;
}
