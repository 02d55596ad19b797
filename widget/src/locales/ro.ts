/**
 * The element's texts in Romanian (ro), loaded on first use of the locale (lazy.ts).
 * The shopper is addressed formally (“Introduceți”); ș and ț with the comma below.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-mail',
  first_name: 'Prenume',
  last_name: 'Nume',
  phone: 'Telefon',
  country: 'Țară',
  city: 'Localitate',
  address: 'Adresă',
  postal_code: 'Cod poștal',
  card_number: 'Numărul cardului',
  expiry: 'Data expirării (LL / AA)',
  security_code: 'Cod de securitate',
  pay: 'Plătiți',
  paying: 'Se procesează plata…',
  retry: 'Încercați din nou',
  required: 'Acest câmp este obligatoriu.',
  invalid: 'Verificați acest câmp.',
  frame_title: 'Pagină de plată securizată',
  open_window: 'Deschideți pagina de plată',
  failed: 'Plata nu a reușit.',
  paid: 'Plata a fost primită.',
  delivery: 'livrare',
  invalid_email: 'Introduceți o adresă de e-mail, de exemplu nume@exemplu.ro.',
  too_long: 'Textul este prea lung.',
  not_allowed: 'Textul conține caractere nepermise.',
  card_number_invalid: 'Numărul cardului nu este valid.',
  expiry_invalid: 'Introduceți data expirării în formatul LL / AA.',
  expiry_past: 'Acest card a expirat.',
  security_code_3: 'Introduceți codul de securitate din 3 cifre.',
  security_code_4: 'Introduceți codul de securitate din 4 cifre.',
  choose_country: 'Alegeți…',
  declined: 'Plata a fost refuzată. Încercați alt card sau altă metodă de plată.',
  cancelled: 'Plata a fost anulată. Puteți încerca din nou.',
  review: 'Vă mulțumim! Plata este în curs de verificare; magazinul vă va anunța.',
  expired: 'Această plată a expirat. Vă rugăm să o luați de la capăt.',
  order_unknown: 'Această comandă nu mai poate fi plătită. Vă rugăm să reîncărcați pagina.',
  unavailable:
    'Plățile nu sunt disponibile momentan. Vă rugăm să încercați din nou în câteva momente.',
  too_many: 'Prea multe încercări. Așteptați un minut și încercați din nou.',
  already_paid: 'Această comandă este deja plătită sau plata ei este în curs.',
  check_details: 'Unele date nu au fost acceptate. Verificați-le și încercați din nou.',
  loading_page: 'Se deschide pagina de plată securizată…',
  continue_payment: 'Continuați plata',
  close_payment_page: 'Înapoi',
};

export default messages;
