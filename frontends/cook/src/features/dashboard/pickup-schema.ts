// First: zod's CSP-safe setting, before this module builds a schema.
import '../../zod-config';
import type { PickupSettingsInput } from '@popote/graphql';
import { makePickupSettingsInput } from '@popote/rules';
import type { z } from 'zod';

/**
 * The pick-up form's checks: the catalogue's own schema (@popote/rules), so that each field shows
 * the catalogue's French message before anything is sent; the server checks again.
 */
export const pickupFormSchema = makePickupSettingsInput() satisfies z.ZodType<PickupSettingsInput>;
