// One clock shape for the page: the host and the write queue take the same object.
export { type Clock, systemClock } from '../client/Clock.ts';
