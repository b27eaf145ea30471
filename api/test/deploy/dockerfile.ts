import { readFileSync } from 'node:fs';

/** One stage of a Dockerfile, as far as this project's own Dockerfile uses its instructions. */
export interface DockerStage {
  name: string | null;
  workdir: string;
  env: Record<string, string>;
  /** in order: files copied (from the build context, or from an earlier stage) and commands run */
  steps: ({ copy: { from: string | null; source: string; target: string } } | { run: string })[];
  healthcheck: string[] | null;
  cmd: string[] | null;
}

const execForm = (text: string) => JSON.parse(text) as string[];

/** Reads the Dockerfile's stages, so a test can take the image's own steps without a Docker engine. */
export function readDockerfile(path: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z]+)\s+(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, instruction, rest] = match;
    const stage = stages[stages.length - 1];
    switch (instruction) {
      case 'FROM':
        stages.push({ name: / AS (\S+)$/i.exec(rest)?.[1] ?? null, workdir: '/', env: {}, steps: [], healthcheck: null, cmd: null });
        break;
      case 'WORKDIR':
        stage.workdir = rest;
        break;
      case 'ENV':
        for (const pair of rest.split(/\s+/)) {
          const [name, ...value] = pair.split('=');
          stage.env[name] = value.join('=');
        }
        break;
      case 'COPY': {
        const from = /--from=(\S+)/.exec(rest)?.[1] ?? null;
        const paths = rest.split(/\s+/).filter((part) => !part.startsWith('--'));
        const target = paths.pop()!;
        for (const source of paths) stage.steps.push({ copy: { from, source, target } });
        break;
      }
      case 'RUN':
        stage.steps.push({ run: rest });
        break;
      case 'HEALTHCHECK':
        stage.healthcheck = execForm(rest.slice(rest.indexOf('CMD ') + 4));
        break;
      case 'CMD':
        stage.cmd = execForm(rest);
        break;
      default:
        // ARG, USER, EXPOSE: nothing a copy of the steps needs
    }
  }
  return stages;
}
