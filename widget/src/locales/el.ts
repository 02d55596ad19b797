/**
 * The element's texts in Greek (el), loaded on first use of the locale (lazy.ts).
 * Formal plural (“Εισαγάγετε”); the ano teleia (·) where English has a semicolon.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'Email',
  first_name: 'Όνομα',
  last_name: 'Επώνυμο',
  phone: 'Τηλέφωνο',
  country: 'Χώρα',
  city: 'Πόλη',
  address: 'Διεύθυνση',
  postal_code: 'Ταχυδρομικός κώδικας',
  card_number: 'Αριθμός κάρτας',
  expiry: 'Λήξη (ΜΜ / ΕΕ)',
  security_code: 'Κωδικός ασφαλείας',
  pay: 'Πληρωμή',
  paying: 'Πληρωμή σε εξέλιξη…',
  retry: 'Δοκιμάστε ξανά',
  required: 'Αυτό το πεδίο είναι υποχρεωτικό.',
  invalid: 'Ελέγξτε αυτό το πεδίο.',
  frame_title: 'Ασφαλής σελίδα πληρωμής',
  open_window: 'Άνοιγμα σελίδας πληρωμής',
  failed: 'Η πληρωμή δεν ολοκληρώθηκε.',
  paid: 'Η πληρωμή ελήφθη.',
  delivery: 'αποστολή',
  invalid_email: 'Εισαγάγετε μια διεύθυνση email όπως name@example.com.',
  too_long: 'Το κείμενο είναι πολύ μεγάλο.',
  not_allowed: 'Το κείμενο περιέχει μη επιτρεπτούς χαρακτήρες.',
  card_number_invalid: 'Ο αριθμός κάρτας δεν είναι έγκυρος.',
  expiry_invalid: 'Εισαγάγετε τη λήξη στη μορφή ΜΜ / ΕΕ.',
  expiry_past: 'Η κάρτα έχει λήξει.',
  security_code_3: 'Εισαγάγετε τον τριψήφιο κωδικό ασφαλείας.',
  security_code_4: 'Εισαγάγετε τον τετραψήφιο κωδικό ασφαλείας.',
  choose_country: 'Επιλέξτε…',
  declined: 'Η πληρωμή απορρίφθηκε. Δοκιμάστε άλλη κάρτα ή άλλον τρόπο πληρωμής.',
  cancelled: 'Η πληρωμή ακυρώθηκε. Μπορείτε να δοκιμάσετε ξανά.',
  review: 'Ευχαριστούμε! Η πληρωμή σας ελέγχεται· το κατάστημα θα επικοινωνήσει μαζί σας.',
  expired: 'Αυτή η πληρωμή έληξε. Ξεκινήστε από την αρχή.',
  order_unknown: 'Αυτή η παραγγελία δεν μπορεί πλέον να πληρωθεί. Ανανεώστε τη σελίδα.',
  unavailable: 'Οι πληρωμές δεν είναι διαθέσιμες αυτή τη στιγμή. Δοκιμάστε ξανά σε λίγο.',
  too_many: 'Πάρα πολλές προσπάθειες. Περιμένετε ένα λεπτό και δοκιμάστε ξανά.',
  already_paid: 'Αυτή η παραγγελία έχει ήδη πληρωθεί ή η πληρωμή της βρίσκεται σε εξέλιξη.',
  check_details: 'Ορισμένα στοιχεία δεν έγιναν δεκτά. Ελέγξτε τα και δοκιμάστε ξανά.',
  loading_page: 'Άνοιγμα της ασφαλούς σελίδας πληρωμής…',
  continue_payment: 'Συνέχεια πληρωμής',
  close_payment_page: 'Πίσω',
};

export default messages;
