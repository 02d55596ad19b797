/**
 * The element's texts in Dutch (nl), loaded on first use of the locale (lazy.ts).
 * The shopper is “u”, as Dutch payment pages address them.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-mailadres',
  first_name: 'Voornaam',
  last_name: 'Achternaam',
  phone: 'Telefoonnummer',
  country: 'Land',
  city: 'Plaats',
  address: 'Adres',
  postal_code: 'Postcode',
  card_number: 'Kaartnummer',
  expiry: 'Vervaldatum (MM / JJ)',
  security_code: 'Beveiligingscode',
  pay: 'Betalen',
  paying: 'Bezig met betalen…',
  retry: 'Opnieuw proberen',
  required: 'Dit veld is verplicht.',
  invalid: 'Controleer dit veld.',
  frame_title: 'Beveiligde betaalpagina',
  open_window: 'Betaalpagina openen',
  failed: 'De betaling is niet gelukt.',
  paid: 'Betaling ontvangen.',
  delivery: 'bezorging',
  invalid_email: 'Vul een e-mailadres in, zoals naam@voorbeeld.nl.',
  too_long: 'Deze tekst is te lang.',
  not_allowed: 'Deze tekst bevat tekens die niet zijn toegestaan.',
  card_number_invalid: 'Dit kaartnummer is ongeldig.',
  expiry_invalid: 'Vul de vervaldatum in als MM / JJ.',
  expiry_past: 'Deze kaart is verlopen.',
  security_code_3: 'Vul de beveiligingscode van 3 cijfers in.',
  security_code_4: 'Vul de beveiligingscode van 4 cijfers in.',
  choose_country: 'Kies…',
  declined: 'De betaling is geweigerd. Probeer een andere kaart of betaalmethode.',
  cancelled: 'De betaling is geannuleerd. U kunt het opnieuw proberen.',
  review: 'Bedankt! Uw betaling wordt gecontroleerd; u hoort nog van de winkel.',
  expired: 'Deze betaling is verlopen. Begin opnieuw.',
  order_unknown: 'Deze bestelling kan niet meer worden betaald. Vernieuw de pagina.',
  unavailable: 'Betalen is nu niet mogelijk. Probeer het zo meteen opnieuw.',
  too_many: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.',
  already_paid: 'Deze bestelling is al betaald, of de betaling loopt nog.',
  check_details: 'Sommige gegevens zijn niet geaccepteerd. Controleer ze en probeer het opnieuw.',
  loading_page: 'De beveiligde betaalpagina wordt geopend…',
  continue_payment: 'Ga verder met betalen',
  close_payment_page: 'Terug',
};

export default messages;
