import { describe, expect, it } from 'vitest';

const bff = process.env.POPOTE_BFF_URL;
const jaeger = process.env.JAEGER_QUERY_URL;

interface JaegerTrace {
  traceID: string;
  spans: { operationName: string; processID: string }[];
  processes: Record<string, { serviceName: string }>;
}

describe('observability: one meals request, one trace across processes', () => {
  it('has the product launched', () => {
    expect(bff, 'POPOTE_BFF_URL is set by ./popote test after launching the product').toBeTruthy();
    expect(jaeger).toBeTruthy();
  });

  it('reaches Jaeger with spans from the BFF and the catalogue', async () => {
    const res = await fetch(`${bff}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // A search no one made before: a miss of the BFF's read cache, so the catalogue is asked.
      body: JSON.stringify({ query: `{ meals(first: 2, filter: { q: "trace${Date.now()}" }) { items { meal_id } } }` }),
    });
    expect(res.status).toBe(200);
    const traceparent = res.headers.get('traceparent');
    const started = Date.now();
    let found: JaegerTrace | undefined;
    while (!found && Date.now() - started < 30_000) {
      // The window of this run (microseconds), whatever Jaeger's default look-back.
      const window = `start=${(started - 300_000) * 1000}&end=${(Date.now() + 60_000) * 1000}`;
      const q = await fetch(`${jaeger}/api/traces?service=bff&limit=50&${window}`);
      const body = (await q.json()) as { data: JaegerTrace[] | null };
      found = (body.data ?? []).find((t) => {
        const services = new Set(t.spans.map((s) => t.processes[s.processID]?.serviceName));
        return services.has('bff') && services.has('catalogue') && t.spans.some((s) => s.operationName === 'rpc.catalogue.list-meals');
      });
      if (!found) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(found, `no trace with bff and catalogue spans (traceparent ${traceparent})`).toBeDefined();
    const byService = (name: string) => found!.spans.filter((s) => found!.processes[s.processID].serviceName === name);
    const bffSpans = byService('bff').map((s) => s.operationName);
    // The HTTP span carries the route, the operation has its span, the call to the catalogue its own;
    // Express adds no span of its own (middleware, router, handler: ADR 0017).
    expect(bffSpans).toEqual(expect.arrayContaining(['POST /graphql', 'query', 'rpc.catalogue.list-meals']));
    expect(bffSpans.filter((n) => /middleware|router|request handler/i.test(n))).toEqual([]);
    expect(byService('catalogue').map((s) => s.operationName)).toEqual(expect.arrayContaining(['rpc.catalogue.list-meals']));
    // The catalogue's database read is part of the same trace.
    expect(byService('catalogue').some((s) => /mongodb|find/i.test(s.operationName))).toBe(true);
  });

  it('every process reports healthy', async () => {
    const res = await fetch(`${bff}/health/ready`);
    expect(res.status).toBe(200);
  });
});
