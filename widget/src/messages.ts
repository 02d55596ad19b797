/** Every text the element shows, in one place, per locale. */

export interface Messages {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  country: string;
  city: string;
  address: string;
  postal_code: string;
  card_number: string;
  expiry: string;
  security_code: string;
  pay: string;
  paying: string;
  retry: string;
  required: string;
  invalid: string;
  frame_title: string;
  open_window: string;
  failed: string;
  paid: string;
  delivery: string;
}

const en: Messages = {
  email: 'Email', first_name: 'First name', last_name: 'Last name', phone: 'Phone', country: 'Country',
  city: 'City', address: 'Address', postal_code: 'Postal code', card_number: 'Card number',
  expiry: 'Expiry (MM/YY)', security_code: 'Security code', pay: 'Pay', paying: 'Paying…', retry: 'Try again',
  required: 'This field is required.', invalid: 'Check this field.', frame_title: 'Secure payment page',
  open_window: 'Open the payment page', failed: 'The payment did not go through.', paid: 'Payment received.', delivery: 'delivery',
}; // prettier-ignore

export const MESSAGES: Record<string, Messages> = {
  en,
  es: {
    email: 'Correo electrónico', first_name: 'Nombre', last_name: 'Apellidos', phone: 'Teléfono', country: 'País',
    city: 'Ciudad', address: 'Dirección', postal_code: 'Código postal', card_number: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)', security_code: 'Código de seguridad', pay: 'Pagar', paying: 'Pagando…',
    retry: 'Reintentar', required: 'Este campo es obligatorio.', invalid: 'Revisa este campo.',
    frame_title: 'Página de pago segura', open_window: 'Abrir la página de pago', failed: 'El pago no se ha completado.',
    paid: 'Pago recibido.', delivery: 'entrega',
  },
  'pt-BR': {
    email: 'E-mail', first_name: 'Nome', last_name: 'Sobrenome', phone: 'Telefone', country: 'País', city: 'Cidade',
    address: 'Endereço', postal_code: 'CEP', card_number: 'Número do cartão', expiry: 'Validade (MM/AA)',
    security_code: 'Código de segurança', pay: 'Pagar', paying: 'Pagando…', retry: 'Tentar novamente',
    required: 'Este campo é obrigatório.', invalid: 'Verifique este campo.', frame_title: 'Página de pagamento segura',
    open_window: 'Abrir a página de pagamento', failed: 'O pagamento não foi concluído.', paid: 'Pagamento recebido.', delivery: 'entrega',
  },
  fr: {
    email: 'E-mail', first_name: 'Prénom', last_name: 'Nom', phone: 'Téléphone', country: 'Pays', city: 'Ville',
    address: 'Adresse', postal_code: 'Code postal', card_number: 'Numéro de carte', expiry: 'Expiration (MM/AA)',
    security_code: 'Code de sécurité', pay: 'Payer', paying: 'Paiement…', retry: 'Réessayer',
    required: 'Ce champ est obligatoire.', invalid: 'Vérifiez ce champ.', frame_title: 'Page de paiement sécurisée',
    open_window: 'Ouvrir la page de paiement', failed: "Le paiement n'a pas abouti.", paid: 'Paiement reçu.', delivery: 'livraison',
  },
  de: {
    email: 'E-Mail', first_name: 'Vorname', last_name: 'Nachname', phone: 'Telefon', country: 'Land', city: 'Stadt',
    address: 'Adresse', postal_code: 'Postleitzahl', card_number: 'Kartennummer', expiry: 'Gültig bis (MM/JJ)',
    security_code: 'Sicherheitscode', pay: 'Bezahlen', paying: 'Zahlung läuft…', retry: 'Erneut versuchen',
    required: 'Dieses Feld ist erforderlich.', invalid: 'Bitte prüfen Sie dieses Feld.', frame_title: 'Sichere Zahlungsseite',
    open_window: 'Zahlungsseite öffnen', failed: 'Die Zahlung ist nicht durchgegangen.', paid: 'Zahlung erhalten.', delivery: 'Lieferung',
  },
  'zh-CN': {
    email: '电子邮箱', first_name: '名', last_name: '姓', phone: '电话', country: '国家/地区', city: '城市', address: '地址',
    postal_code: '邮政编码', card_number: '卡号', expiry: '有效期 (MM/YY)', security_code: '安全码', pay: '支付',
    paying: '正在支付…', retry: '重试', required: '此项为必填项。', invalid: '请检查此项。', frame_title: '安全支付页面',
    open_window: '打开支付页面', failed: '支付未成功。', paid: '已收到付款。', delivery: '收货',
  },
  ar: {
    email: 'البريد الإلكتروني', first_name: 'الاسم الأول', last_name: 'اسم العائلة', phone: 'الهاتف', country: 'الدولة',
    city: 'المدينة', address: 'العنوان', postal_code: 'الرمز البريدي', card_number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (MM/YY)', security_code: 'رمز الأمان', pay: 'ادفع', paying: 'جارٍ الدفع…', retry: 'حاول مرة أخرى',
    required: 'هذا الحقل مطلوب.', invalid: 'تحقق من هذا الحقل.', frame_title: 'صفحة دفع آمنة',
    open_window: 'افتح صفحة الدفع', failed: 'لم تتم عملية الدفع.', paid: 'تم استلام الدفعة.', delivery: 'التوصيل',
  },
}; // prettier-ignore

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** The messages of `locale`, falling back to its language, then to English. */
export function messagesFor(locale: string): Messages {
  return MESSAGES[locale] ?? MESSAGES[locale.split('-')[0] ?? ''] ?? en;
}

export function isRightToLeft(locale: string): boolean {
  return RTL.has(locale.split('-')[0] ?? '');
}
