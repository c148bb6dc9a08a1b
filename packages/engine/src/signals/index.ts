// Signals over time: a run's facts about a business and the events between consecutive observations (README.md).

export {
  eventsOf,
  type ObservationStep,
  type Observed,
  type SignalEvent,
} from './events';
export {
  canonicalJson,
  FACT_KINDS,
  type Fact,
  type FactEvidence,
  type FactKind,
  type FactValue,
  factsOf,
  hashValue,
  type RunResults,
  type RunSite,
} from './facts';
