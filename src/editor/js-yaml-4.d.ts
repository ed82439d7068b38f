// Types of js-yaml 4 (package alias js-yaml-4), the version Keystatic's writer uses; its dump folds long lines,
// js-yaml 5's does not, so files.ts reads and writes with this one to produce the writer's exact bytes.
declare module 'js-yaml-4' {
  export const CORE_SCHEMA: unknown;
  export function load(text: string, options?: { schema?: unknown }): unknown;
  export function dump(value: unknown): string;
}
