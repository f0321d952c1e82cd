// Analytics: pure aggregation rules behind the dashboard, history, spending, flow and insights
// (docs/analytics-api.md). Each module documents its units, signs and rounding.
export {};
export * from './periods';
export * from './fx';
export * from './lttb';
export * from './net-worth';
export * from './spending';
export * from './flow';
export * from './recurring';
export * from './insights';
export * from './budgets';
export * from './holding-types';
