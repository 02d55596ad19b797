/** The element's texts in de: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: 'E-Mail', first_name: 'Vorname', last_name: 'Nachname', phone: 'Telefon', country: 'Land', city: 'Stadt',
  address: 'Adresse', postal_code: 'Postleitzahl', card_number: 'Kartennummer', expiry: 'Gültig bis (MM / JJ)',
  security_code: 'Sicherheitscode', pay: 'Bezahlen', paying: 'Zahlung läuft…', retry: 'Erneut versuchen',
  required: 'Dieses Feld ist erforderlich.', invalid: 'Bitte prüfen Sie dieses Feld.', frame_title: 'Sichere Zahlungsseite',
  open_window: 'Zahlungsseite öffnen', failed: 'Die Zahlung ist nicht durchgegangen.', paid: 'Zahlung erhalten.', delivery: 'Lieferung',
  invalid_email: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.', too_long: 'Dieser Text ist zu lang.', not_allowed: 'Dieser Text enthält nicht erlaubte Zeichen.',
  card_number_invalid: 'Diese Kartennummer ist ungültig.', expiry_invalid: 'Geben Sie das Ablaufdatum als MM / JJ ein.', expiry_past: 'Diese Karte ist abgelaufen.',
  security_code_3: 'Geben Sie den 3-stelligen Sicherheitscode ein.', security_code_4: 'Geben Sie den 4-stelligen Sicherheitscode ein.', choose_country: 'Auswählen…',
  declined: 'Die Zahlung wurde abgelehnt. Versuchen Sie eine andere Karte oder Zahlungsart.', cancelled: 'Die Zahlung wurde abgebrochen. Sie können es erneut versuchen.', review: 'Vielen Dank! Ihre Zahlung wird geprüft; der Shop meldet sich bei Ihnen.',
  expired: 'Diese Zahlung ist abgelaufen. Bezahlen Sie erneut, um eine neue zu beginnen.', order_unknown: 'Diese Bestellung kann nicht mehr bezahlt werden. Bitte laden Sie die Seite neu.', unavailable: 'Zahlungen sind gerade nicht möglich. Bitte versuchen Sie es gleich noch einmal.', shop_unavailable: 'Dieser Shop kann gerade keine Zahlungen annehmen.',
  too_many: 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.', already_paid: 'Diese Bestellung ist bereits bezahlt oder die Zahlung läuft.', check_details: 'Einige Angaben wurden nicht akzeptiert. Bitte prüfen Sie sie und versuchen Sie es erneut.',
  loading_page: 'Die sichere Zahlungsseite wird geöffnet…',
  close_payment_page: 'Zurück',
  continue_payment: 'Zahlung fortsetzen',
  declined_card: 'Die Zahlung wurde abgelehnt. Versuchen Sie eine andere Karte.', not_verified: 'Ihre Bank konnte nicht bestätigen, dass Sie es sind, daher ist die Zahlung nicht durchgegangen. Bezahlen Sie erneut oder nehmen Sie eine andere Karte.',
  verify_card: 'Ihre Bank bittet Sie, sich zu bestätigen: Geben Sie Ihre Karte auf der sicheren Seite ein.', resume_note: 'Die Zahlung für diese Bestellung ist nicht abgeschlossen. Setzen Sie sie fort oder brechen Sie sie auf der Zahlungsseite ab, um neu zu beginnen.',
  pay_amount: '{amount} bezahlen', pay_then: '{amount} bezahlen, danach {terms}', per_day: '{amount} / Tag',
  per_week: '{amount} / Woche', per_month: '{amount} / Monat', per_year: '{amount} / Jahr',
  every_interval: '{amount} alle {interval}', installments: 'In Raten zahlen',
  installment_one: '{amount} in einer Zahlung', installment_even: '{count} × {each}',
  installment_first: '{count} × {each} (erste Rate {first})', payment_method: 'Zahlungsart', method_card: 'Karte',
  method_bank_transfer: 'Banküberweisung',
  cpf: 'CPF',
  cpf_invalid: 'Geben Sie eine gültige CPF ein (000.000.000-00).',
  save_card: 'Karte für das nächste Mal speichern',
  saved_cards: 'Ihre gespeicherten Karten',
  saved_card: '{brand} mit Endziffern {last4}, gültig bis {month}/{year}',
  other_card: 'Karte',
  new_card: 'Neue Karte verwenden',
  remove_card: 'Entfernen',
  card_removed: 'Karte entfernt.',
  card_not_removed: 'Die Karte konnte nicht entfernt werden. Bitte versuchen Sie es erneut.',
}; // prettier-ignore

export default messages;
