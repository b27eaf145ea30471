// mjml-core and mjml-preset-core ship no types; this is the part the mail layouts use.
declare module 'mjml-core' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    presets?: unknown[];
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
  }
  export default function mjml2html(mjml: string, options?: MjmlOptions): Promise<{ html: string; errors: MjmlError[] }>;
}
declare module 'mjml-preset-core' {
  const preset: { components: unknown[]; dependencies: Record<string, unknown> };
  export default preset;
}
