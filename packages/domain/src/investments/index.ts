// Investment returns: time- and money-weighted (docs/domain.md "Investment returns").
export * from './returns';
export * from './performance';
