export * from './enums';
export * from './errors';
export * from './envelope';
export * from './catalogue';
export * from './identity';
export * from './cart';
export * from './ordering';
export * from './payments';
