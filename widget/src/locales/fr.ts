/**
 * The element's texts in French (fr), loaded on first use of the locale (lazy.ts). A narrow
 * no-break space (U+202F) before `!` and `;`, as French typography sets them.
 */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: 'E-mail', first_name: 'Prénom', last_name: 'Nom', phone: 'Téléphone', country: 'Pays', city: 'Ville',
  address: 'Adresse', postal_code: 'Code postal', card_number: 'Numéro de carte', expiry: 'Expiration (MM / AA)',
  security_code: 'Code de sécurité', pay: 'Payer', paying: 'Paiement…', retry: 'Réessayer',
  required: 'Ce champ est obligatoire.', invalid: 'Vérifiez ce champ.', frame_title: 'Page de paiement sécurisée',
  open_window: 'Ouvrir la page de paiement', failed: 'Le paiement n’a pas abouti.', paid: 'Paiement reçu.', delivery: 'livraison',
  invalid_email: 'Saisissez une adresse comme nom@exemple.com.', too_long: 'Ce texte est trop long.', not_allowed: 'Ce texte contient des caractères non autorisés.',
  card_number_invalid: 'Ce numéro de carte n’est pas valide.', expiry_invalid: 'Saisissez la date d’expiration sous la forme MM / AA.', expiry_past: 'Cette carte a expiré.',
  security_code_3: 'Saisissez le code de sécurité à 3 chiffres.', security_code_4: 'Saisissez le code de sécurité à 4 chiffres.', choose_country: 'Choisir…',
  declined: 'Le paiement a été refusé. Essayez une autre carte ou un autre moyen de paiement.', cancelled: 'Le paiement a été annulé. Vous pouvez réessayer.', review: 'Merci\u202f! Votre paiement est en cours de vérification\u202f; la boutique vous tiendra au courant.',
  expired: 'Ce paiement a expiré. Payez à nouveau pour en commencer un autre.', order_unknown: 'Cette commande ne peut plus être payée. Veuillez actualiser la page.', unavailable: 'Les paiements sont indisponibles pour le moment. Réessayez dans un instant.', shop_unavailable: 'Cette boutique ne peut pas accepter de paiements pour le moment.',
  too_many: 'Trop de tentatives. Patientez une minute puis réessayez.', already_paid: 'Cette commande est déjà payée, ou son paiement est en cours.', check_details: 'Certaines informations n’ont pas été acceptées. Vérifiez-les et réessayez.',
  loading_page: 'Ouverture de la page de paiement sécurisée…',
  close_payment_page: 'Retour',
  continue_payment: 'Poursuivre votre paiement',
  declined_card: 'Le paiement a été refusé. Essayez une autre carte.', not_verified: 'Votre banque n’a pas pu confirmer qu’il s’agit bien de vous : le paiement n’a pas abouti. Payez à nouveau pour réessayer, ou utilisez une autre carte.',
  verify_card: 'Votre banque vous demande de confirmer qu’il s’agit bien de vous : saisissez votre carte sur la page sécurisée.', resume_note: 'Le paiement de cette commande n’est pas terminé. Poursuivez-le, ou annulez-le sur la page de paiement pour recommencer.',
  pay_amount: 'Payer {amount}', pay_then: 'Payer {amount}, puis {terms}', per_day: '{amount} par jour',
  per_week: '{amount} par semaine', per_month: '{amount} par mois', per_year: '{amount} par an',
  every_interval: '{amount} / {interval}', installments: 'Payer en plusieurs fois',
  installment_one: '{amount} en une fois', installment_even: '{count} × {each}',
  installment_first: '{count} × {each} (premier versement {first})', payment_method: 'Moyen de paiement',
  method_card: 'Carte', method_bank_transfer: 'Virement bancaire',
  cpf: 'CPF',
  cpf_invalid: 'Saisissez un CPF valide (000.000.000-00).',
  save_card: 'Enregistrer cette carte pour la prochaine fois',
  saved_cards: 'Vos cartes enregistrées',
  saved_card: '{brand} se terminant par {last4}, expire fin {month}/{year}',
  other_card: 'Carte',
  new_card: 'Utiliser une nouvelle carte',
  remove_card: 'Supprimer',
  card_removed: 'Carte supprimée.',
  card_not_removed: 'La carte n’a pas pu être supprimée. Veuillez réessayer.',
}; // prettier-ignore

export default messages;
