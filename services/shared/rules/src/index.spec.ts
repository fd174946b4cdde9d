import { describe, expect, it, vi } from 'vitest';

// A page under a strict CSP (no 'unsafe-eval') imports this package before its own zod setting
// (`z.config({ jitless: true })`): zod probes for `new Function` as it builds an object schema, a
// CSP violation. So importing the package must build no schema; make* functions build them.
describe('importing @popote/rules', () => {
  it('runs nothing that probes for eval; building a schema does', async () => {
    vi.resetModules();
    const probes: unknown[][] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct: (target, args: unknown[]) => (probes.push(args), Reflect.construct(target, args)),
      apply: (target, self, args: unknown[]) => (probes.push(args), Reflect.apply(target, self, args)),
    });
    try {
      const rules = await import('./index');
      expect(probes).toEqual([]);
      expect(rules.CATEGORIES.length).toBeGreaterThan(0);
      rules.makePickupSettingsInput();
      expect(probes.length).toBeGreaterThan(0);
    } finally {
      globalThis.Function = RealFunction;
    }
  });
});
