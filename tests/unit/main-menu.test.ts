import { describe, expect, it } from 'vitest';
import mainMenuScript from '../../src/client/inline/main-menu.ts?inline-script';

describe('main menu script', () => {
  it('stays under 1 KB, so it can be inline on every page', () => {
    expect(new TextEncoder().encode(mainMenuScript).length).toBeLessThan(1024);
  });

  it('parses as a script', () => {
    expect(() => new Function(mainMenuScript)).not.toThrow();
  });
});
