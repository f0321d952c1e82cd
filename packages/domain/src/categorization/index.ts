export * from './effective-category';
export * from './merchant';
export * from './pending';
export * from './provider-categories';
export * from './rules';
export * from './transfers';
export * from './wildcard';
export { foldText } from './text';
