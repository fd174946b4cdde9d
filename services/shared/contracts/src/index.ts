export * from './enums';
export * from './errors';
export * from './envelope';
export * from './catalogue';
export * from './identity';
