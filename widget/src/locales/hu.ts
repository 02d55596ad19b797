/**
 * The element's texts in Hungarian (hu), loaded on first use of the locale (lazy.ts).
 * The shopper is “Ön” (“Adja meg”).
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-mail-cím',
  first_name: 'Keresztnév',
  last_name: 'Vezetéknév',
  phone: 'Telefonszám',
  country: 'Ország',
  city: 'Település',
  address: 'Cím',
  postal_code: 'Irányítószám',
  card_number: 'Kártyaszám',
  expiry: 'Lejárat (HH / ÉÉ)',
  security_code: 'Biztonsági kód',
  pay: 'Fizetés',
  paying: 'Fizetés folyamatban…',
  retry: 'Próbálja újra',
  required: 'Ezt a mezőt kötelező kitölteni.',
  invalid: 'Ellenőrizze ezt a mezőt.',
  frame_title: 'Biztonságos fizetési oldal',
  open_window: 'Fizetési oldal megnyitása',
  failed: 'A fizetés nem sikerült.',
  paid: 'A fizetés megérkezett.',
  delivery: 'szállítás',
  invalid_email: 'Adjon meg egy e-mail-címet, például nev@pelda.hu.',
  too_long: 'A szöveg túl hosszú.',
  not_allowed: 'A szöveg nem engedélyezett karaktereket tartalmaz.',
  card_number_invalid: 'A kártyaszám érvénytelen.',
  expiry_invalid: 'A lejáratot HH / ÉÉ formában adja meg.',
  expiry_past: 'A kártya lejárt.',
  security_code_3: 'Adja meg a 3 jegyű biztonsági kódot.',
  security_code_4: 'Adja meg a 4 jegyű biztonsági kódot.',
  choose_country: 'Válasszon…',
  declined: 'A fizetést elutasították. Próbálkozzon másik kártyával vagy fizetési móddal.',
  cancelled: 'A fizetés megszakadt. Megpróbálhatja újra.',
  review: 'Köszönjük! A fizetés ellenőrzése folyamatban van; a bolt értesíteni fogja.',
  expired: 'Ez a fizetés lejárt. Kérjük, kezdje újra.',
  order_unknown: 'Ez a rendelés már nem fizethető ki. Kérjük, frissítse az oldalt.',
  unavailable: 'A fizetés jelenleg nem érhető el. Kérjük, próbálja újra egy kis idő múlva.',
  too_many: 'Túl sok próbálkozás. Várjon egy percet, majd próbálja újra.',
  already_paid: 'Ez a rendelés már ki van fizetve, vagy a fizetése folyamatban van.',
  check_details: 'Néhány adat nem megfelelő. Kérjük, ellenőrizze őket, és próbálja újra.',
  loading_page: 'A biztonságos fizetési oldal megnyitása…',
  continue_payment: 'Fizetés folytatása',
  close_payment_page: 'Vissza',
};

export default messages;
