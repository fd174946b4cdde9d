export const BFF_CONFIG = Symbol('popote:bff-config');
