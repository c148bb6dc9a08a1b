/**
 * A person's name as a CRM import wants it (first name, last name): the engine's rule, where the name rules of
 * the people analyzer live (family-name particles, a family name written in capitals).
 */
export { splitPersonName } from '@argo/engine';
