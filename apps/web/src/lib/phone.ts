import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone number (E.164, as Argo keeps them: "+19722500002") the way people read one: "+1 972 250 0002".
 * The `tel:` links and the CSV keep the stored form; anything that does not parse is shown as it is.
 */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
