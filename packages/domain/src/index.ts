export * from './accounts';
export * from './catalog';
export * from './categories';
export * from './constants';
export * from './currencies';
export * from './dates';
export * from './money';
export * from './redaction';
