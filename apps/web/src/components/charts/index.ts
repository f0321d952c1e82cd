// Charts (Chart.js, loaded lazily on first draw). Each chart has an accessible name and a table
// alternative (ChartDataTable); the theme's colours and the reduce-motion preference apply.
export {
  categoryColor,
  INCOME_SERIES,
  OTHER_SERIES,
  SAVINGS_SERIES,
  seriesCssColor,
} from './category-colors';
export { ChartDataTable, type ChartTableColumn } from './chart-data-table';
export { axisCurrency, axisDate, dateToX, MASKED_AMOUNT, tooltipCurrency, tooltipDate } from './chart-format';
export { DoughnutChart, type DoughnutSegment } from './doughnut-chart';
export { SankeyChart, type SankeyLinkInput, type SankeyNodeInput, type SankeyNodeKind } from './sankey-chart';
export {
  TimeSeriesChart,
  type ChartPoint,
  type TimeSeries,
  type TimeSeriesChartProps,
} from './time-series-chart';
