import { OUTSIDE_SERVICES } from './outside-services';
import { SETTINGS } from './settings';

const defaultText = (value: string | ((env: NodeJS.ProcessEnv) => string | undefined) | undefined) => {
  if (typeof value !== 'function') return value;
  const demo = value({});
  const production = value({ NODE_ENV: 'production' });
  return demo === production ? demo : [demo && `${demo} in the demo`, production && `${production} in production`].filter(Boolean).join(', ');
};

/** `.env.example`: every setting with its meaning, by section; written by `npm run env:example -w api`. */
export function envExample(): string {
  const lines = [
    '# Every setting of the back office, read and checked at start (api/src/settings/settings.ts).',
    '# NODE_ENV=production refuses to start, one line per problem, while one is missing or invalid.',
    `# Each outside service is on by default; switch one off with ${OUTSIDE_SERVICES.map((service) => `${service.switch}=false`).join(', ')}.`,
  ];
  let section = '';
  for (const setting of SETTINGS) {
    if (setting.section !== section) {
      section = setting.section;
      lines.push('', `## ${section}`);
    }
    const fallback = defaultText(setting.default);
    const required = setting.requiredInProduction || OUTSIDE_SERVICES.some((service) => service.required.includes(setting.name)) ? ' Required in production' + (setting.requiredInProduction ? '.' : ' while the service is on.') : '';
    lines.push(`# ${setting.description}${required}`, `# ${setting.kind.describe}${fallback ? `; default ${fallback}` : ''}`, `${setting.name}=`);
  }
  lines.push('', '## Docker Compose (docker-compose.yml)', '# Password of the compose file\'s PostgreSQL, letters and digits (its DATABASE_URL is made from it).', 'POSTGRES_PASSWORD=');
  return `${lines.join('\n')}\n`;
}
