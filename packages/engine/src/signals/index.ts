// Signals over time: a run's facts about a business and the events between consecutive observations (README.md).

export {
  eventsOf,
  type Observed,
  type SignalEvent,
} from './events';
export {
  type Fact,
  factsOf,
  type RunResults,
  type RunSite,
} from './facts';
