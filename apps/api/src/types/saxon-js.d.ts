// SaxonJS ships no type declarations; this is the one call the CFDI seal check makes.
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal: unknown;
    sourceText: string;
    destination: 'serialized';
  }
  const SaxonJS: {
    transform(options: TransformOptions, mode: 'sync'): { principalResult: unknown };
  };
  export default SaxonJS;
}
