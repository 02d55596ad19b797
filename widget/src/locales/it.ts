/**
 * The element's texts in Italian (it), loaded on first use of the locale (lazy.ts).
 * Instructions in the impersonal infinitive (“Inserire…”), as Italian forms
 * write them; buttons in the imperative (“Paga”, “Riprova”).
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'Email',
  first_name: 'Nome',
  last_name: 'Cognome',
  phone: 'Telefono',
  country: 'Paese',
  city: 'Città',
  address: 'Indirizzo',
  postal_code: 'Codice postale',
  card_number: 'Numero della carta',
  expiry: 'Scadenza (MM / AA)',
  security_code: 'Codice di sicurezza',
  pay: 'Paga',
  paying: 'Pagamento in corso…',
  retry: 'Riprova',
  required: 'Questo campo è obbligatorio.',
  invalid: 'Verificare questo campo.',
  frame_title: 'Pagina di pagamento sicura',
  open_window: 'Apri la pagina di pagamento',
  failed: 'Il pagamento non è andato a buon fine.',
  paid: 'Pagamento ricevuto.',
  delivery: 'consegna',
  invalid_email: 'Inserire un indirizzo email come nome@esempio.it.',
  too_long: 'Il testo è troppo lungo.',
  not_allowed: 'Il testo contiene caratteri non consentiti.',
  card_number_invalid: 'Il numero della carta non è valido.',
  expiry_invalid: 'Inserire la scadenza nel formato MM / AA.',
  expiry_past: 'Questa carta è scaduta.',
  security_code_3: 'Inserire il codice di sicurezza a 3 cifre.',
  security_code_4: 'Inserire il codice di sicurezza a 4 cifre.',
  choose_country: 'Selezionare…',
  declined:
    'Il pagamento è stato rifiutato. Provare con un’altra carta o un altro metodo di pagamento.',
  cancelled: 'Il pagamento è stato annullato. È possibile riprovare.',
  review: 'Grazie! Il pagamento è in corso di verifica; seguiranno notizie dal negozio.',
  expired: 'Questo pagamento è scaduto. Si prega di ricominciare.',
  order_unknown: 'Questo ordine non può più essere pagato. Ricaricare la pagina.',
  unavailable: 'I pagamenti non sono disponibili al momento. Riprovare tra poco.',
  too_many: 'Troppi tentativi. Attendere un minuto e riprovare.',
  already_paid: 'Questo ordine è già stato pagato, oppure il pagamento è in corso.',
  check_details: 'Alcuni dati non sono stati accettati. Verificarli e riprovare.',
  loading_page: 'Apertura della pagina di pagamento sicura…',
  continue_payment: 'Continua il pagamento',
  close_payment_page: 'Indietro',
  cpf: 'CPF',
  cpf_invalid: 'Inserire un CPF valido (000.000.000-00).',
  save_card: 'Salva questa carta per la prossima volta',
  saved_cards: 'Carte salvate',
  saved_card: '{brand} che termina con {last4}, scadenza {month}/{year}',
  other_card: 'Carta',
  new_card: 'Usa una nuova carta',
  remove_card: 'Rimuovi',
  card_removed: 'Carta rimossa.',
  card_not_removed: 'Non è stato possibile rimuovere la carta. Riprovare.',
};

export default messages;
