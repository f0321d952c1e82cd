// The Sankey controller, loaded only by the expense-flow chart.
import { Flow, SankeyController } from 'chartjs-chart-sankey';
import { Chart } from './chart-registry';

Chart.register(SankeyController, Flow);

export { Chart };
