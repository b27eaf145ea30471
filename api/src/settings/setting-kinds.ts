/** How one environment variable's text becomes a value, or the problem with it (completing "NAME ..."). */
export interface SettingKind<T> {
  /** what the variable holds, for `.env.example` */
  describe: string;
  parse(raw: string): { value: T } | { problem: string };
}

const ok = <T>(value: T) => ({ value });
const problem = (text: string) => ({ problem: text });

export function integer(min: number, max: number): SettingKind<number> {
  return {
    describe: `a whole number from ${min} to ${max}`,
    parse: (raw) => {
      if (!/^-?\d+$/.test(raw)) return problem(`must be a whole number, not "${raw}"`);
      const value = Number(raw);
      return value < min || value > max ? problem(`must be from ${min} to ${max}, not ${value}`) : ok(value);
    },
  };
}

export const boolean: SettingKind<boolean> = {
  describe: 'true or false',
  parse: (raw) => (raw === 'true' ? ok(true) : raw === 'false' ? ok(false) : problem(`must be true or false, not "${raw}"`)),
};

/** An absolute http(s) URL, kept without a trailing slash. */
export const httpUrl: SettingKind<string> = {
  describe: 'an http(s) URL',
  parse: (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return problem(`must be a URL such as https://example.com, not "${raw}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem(`must be an http or https URL, not ${url.protocol}`);
    return ok(raw.replace(/\/+$/, ''));
  },
};

export const postgresUrl: SettingKind<string> = {
  describe: 'a PostgreSQL connection URL (postgres://user:password@host:5432/database)',
  parse: (raw) => {
    try {
      const url = new URL(raw);
      if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') return ok(raw);
    } catch {
      // answered below
    }
    return problem('must be a PostgreSQL URL such as postgres://user:password@host:5432/database');
  },
};

/** A secret: never printed back, at least `minLength` characters. */
export function secret(minLength: number): SettingKind<string> {
  return {
    describe: `a secret of at least ${minLength} characters`,
    parse: (raw) => (raw.length < minLength ? problem(`must be at least ${minLength} characters long (it has ${raw.length})`) : ok(raw)),
  };
}

export function text(options: { pattern?: RegExp; patternDescription?: string; maxLength?: number } = {}): SettingKind<string> {
  const { pattern, patternDescription, maxLength = 500 } = options;
  return {
    describe: patternDescription ?? 'text',
    parse: (raw) => {
      if (raw.length > maxLength) return problem(`must be at most ${maxLength} characters long`);
      if (pattern && !pattern.test(raw)) return problem(`must be ${patternDescription}, not "${raw}"`);
      return ok(raw);
    },
  };
}
