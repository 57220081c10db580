// The bench's door to the queue's drain measurement (src/bench/figures/alertDrain.ts): the client's
// door keeps the queue out of the overlay page's shared chunk (see loadAlertQueue.ts).
export { type AlertDrain, type AlertDrainOptions, measureAlertDrain } from '../alerts/index.ts';
