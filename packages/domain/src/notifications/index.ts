export * from './periods';
export * from './rules';
export * from './content';
