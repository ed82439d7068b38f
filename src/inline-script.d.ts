// `import script from './x.ts?inline-script'`: the module's code, bundled and minified, as a string for an inline
// <script> (src/integrations/inline-scripts.ts).
declare module '*?inline-script' {
  const script: string;
  export default script;
}
