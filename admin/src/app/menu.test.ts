import { allResources } from '@backoffice/resources';
import { describe, expect, it } from 'vitest';
import { menuEntries, menuGroups } from './menu';

describe('menu from the definitions', () => {
  it('has an entry for every resource with a screen route', () => {
    const routes = allResources().filter((def) => def.screens?.route).map((def) => def.screens!.route);
    expect(menuEntries().map((entry) => entry.route).sort()).toEqual(routes.sort());
  });

  it('groups only groups with more than one entry', () => {
    const entries = menuEntries();
    for (const group of menuGroups(entries)) expect(entries.filter((entry) => entry.group === group).length).toBeGreaterThan(1);
  });

  it('names the company screen after the profile', () => {
    const company = menuEntries().find((entry) => entry.name === 'company');
    if (company) expect(company.label).toBe('Company profile');
  });
});
