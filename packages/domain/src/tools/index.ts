// Financial calculators behind /tools (compound growth, amortization, FIRE).
export * from './amortization';
export * from './compound-growth';
export * from './fire';
export * from './validation';
