/**
 * The element's texts in Norwegian Bokmål (nb), loaded on first use of the locale (lazy.ts).
 * The tag `no` resolves here too (messages.ts).
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-post',
  first_name: 'Fornavn',
  last_name: 'Etternavn',
  phone: 'Telefon',
  country: 'Land',
  city: 'Poststed',
  address: 'Adresse',
  postal_code: 'Postnummer',
  card_number: 'Kortnummer',
  expiry: 'Utløpsdato (MM / ÅÅ)',
  security_code: 'Sikkerhetskode',
  pay: 'Betal',
  paying: 'Betaler…',
  retry: 'Prøv igjen',
  required: 'Feltet må fylles ut.',
  invalid: 'Kontroller feltet.',
  frame_title: 'Sikker betalingsside',
  open_window: 'Åpne betalingssiden',
  failed: 'Betalingen gikk ikke gjennom.',
  paid: 'Betalingen er mottatt.',
  delivery: 'levering',
  invalid_email: 'Skriv inn en e-postadresse som navn@eksempel.no.',
  too_long: 'Teksten er for lang.',
  not_allowed: 'Teksten inneholder tegn som ikke er tillatt.',
  card_number_invalid: 'Kortnummeret er ugyldig.',
  expiry_invalid: 'Skriv inn utløpsdatoen som MM / ÅÅ.',
  expiry_past: 'Kortet er utløpt.',
  security_code_3: 'Skriv inn den 3-sifrede sikkerhetskoden.',
  security_code_4: 'Skriv inn den 4-sifrede sikkerhetskoden.',
  choose_country: 'Velg…',
  declined: 'Betalingen ble avvist. Prøv et annet kort eller en annen betalingsmåte.',
  cancelled: 'Betalingen ble avbrutt. Du kan prøve igjen.',
  review: 'Takk! Betalingen din blir kontrollert, og butikken tar kontakt med deg.',
  expired: 'Betalingen er utløpt. Start på nytt.',
  order_unknown: 'Denne bestillingen kan ikke lenger betales. Last inn siden på nytt.',
  unavailable: 'Det er ikke mulig å betale akkurat nå. Prøv igjen om litt.',
  too_many: 'For mange forsøk. Vent et minutt og prøv igjen.',
  already_paid: 'Bestillingen er allerede betalt, eller betalingen pågår.',
  check_details: 'Noen opplysninger ble ikke godtatt. Kontroller dem og prøv igjen.',
  loading_page: 'Åpner den sikre betalingssiden…',
  continue_payment: 'Fortsett betalingen',
  close_payment_page: 'Tilbake',
};

export default messages;
