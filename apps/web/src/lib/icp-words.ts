/**
 * Plain words for the ICP's criteria, where the API names them by key: a business's ICP reasons
 * (`icp_reasons[].criterion`) and the claims of generated content (`claims[].field`, `criteria.<key>`).
 */
const CRITERION_LABELS: Record<string, string> = {
  industries: 'Industry',
  locations: 'Location',
  keywords: 'Keywords',
  exclude_keywords: 'Excluded keywords',
  software_signals: 'Software',
  employee_size: 'Company size',
  employee_min: 'Company size',
  hiring_signal: 'Hiring',
  reachable_decision_maker: 'Reachable decision-maker',
  note: 'Note',
  model_note: 'Language model’s note',
};

/** "Software" for `software_signals`; a criterion Argo has no words for (or already words) as it is. */
export function icpCriterionLabel(criterion: string): string {
  return CRITERION_LABELS[criterion] ?? criterion;
}
