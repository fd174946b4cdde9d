import { MODERATION_MESSAGES } from '@popote/rules';
import { describe, expect, it } from 'vitest';
import { makeReportFormSchema } from './report-schema';

describe("the 'Signaler' form's rules", () => {
  it('asks for a reason in French whether no radio was ever checked or the browser reads none (null)', () => {
    const schema = makeReportFormSchema(true);
    for (const reason of ['', null]) {
      const result = schema.safeParse({ reason, explanation: 'Le plat sentait mauvais.', contact_email: '', certified: true });
      expect(result.success).toBe(false);
      expect(result.error?.issues.find((i) => i.path[0] === 'reason')?.message).toBe(MODERATION_MESSAGES.reasonRequired);
    }
  });
});
