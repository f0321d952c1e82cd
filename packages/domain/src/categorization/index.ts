export * from './effective-category';
export * from './merchant';
export * from './provider-categories';
export * from './rules';
export * from './wildcard';
export { foldText } from './text';
