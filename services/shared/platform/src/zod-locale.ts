import { z } from 'zod';

/**
 * Zod's own messages (a length or type no contract words itself) in French, as every message that
 * may reach a person: a field refused for being too long reads "Trop grand : …", not "Too big: …".
 */
z.config(z.locales.fr());
