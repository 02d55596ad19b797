/** The element's texts in ar: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: 'البريد الإلكتروني', first_name: 'الاسم الأول', last_name: 'اسم العائلة', phone: 'الهاتف', country: 'الدولة',
  city: 'المدينة', address: 'العنوان', postal_code: 'الرمز البريدي', card_number: 'رقم البطاقة',
  expiry: 'تاريخ الانتهاء (MM / YY)', security_code: 'رمز الأمان', pay: 'ادفع', paying: 'جارٍ الدفع…', retry: 'حاول مرة أخرى',
  required: 'هذا الحقل مطلوب.', invalid: 'تحقق من هذا الحقل.', frame_title: 'صفحة دفع آمنة',
  open_window: 'افتح صفحة الدفع', failed: 'لم تتم عملية الدفع.', paid: 'تم استلام الدفعة.', delivery: 'التوصيل',
  invalid_email: 'أدخل بريدًا إلكترونيًا مثل name@example.com.', too_long: 'هذا النص طويل جدًا.', not_allowed: 'يحتوي على أحرف غير مسموح بها.',
  card_number_invalid: 'رقم البطاقة غير صالح.', expiry_invalid: 'أدخل تاريخ الانتهاء بالشكل MM / YY.', expiry_past: 'انتهت صلاحية هذه البطاقة.',
  security_code_3: 'أدخل رمز الأمان المكوّن من 3 أرقام.', security_code_4: 'أدخل رمز الأمان المكوّن من 4 أرقام.', choose_country: 'اختر…',
  declined: 'تم رفض الدفع. جرّب بطاقة أو طريقة دفع أخرى.', cancelled: 'تم إلغاء الدفع. يمكنك المحاولة مرة أخرى.', review: 'شكرًا لك! يجري التحقق من دفعتك، وسيبلغك المتجر.',
  expired: 'انتهت صلاحية هذا الدفع. ادفع مرة أخرى لبدء دفعة جديدة.', order_unknown: 'لم يعد بالإمكان دفع هذا الطلب. يُرجى تحديث الصفحة.', unavailable: 'الدفع غير متاح حاليًا. يُرجى المحاولة بعد قليل.', shop_unavailable: 'لا يمكن لهذا المتجر قبول المدفوعات حاليًا.',
  too_many: 'محاولات كثيرة جدًا. انتظر دقيقة ثم حاول مرة أخرى.', already_paid: 'هذا الطلب مدفوع بالفعل، أو أن دفعه جارٍ.', check_details: 'لم تُقبل بعض البيانات. يُرجى التحقق منها والمحاولة مرة أخرى.',
  loading_page: 'جارٍ فتح صفحة الدفع الآمنة…',
  close_payment_page: 'رجوع',
  continue_payment: 'متابعة الدفع',
  declined_card: 'تم رفض الدفع. جرّب بطاقة أخرى.', not_verified: 'تعذّر على البنك التأكد من هويتك، لذا لم يتم الدفع. ادفع مرة أخرى للمحاولة من جديد، أو استخدم بطاقة أخرى.',
  verify_card: 'يطلب البنك تأكيد هويتك: أدخل بطاقتك في صفحة الدفع الآمنة.', resume_note: 'لم يكتمل الدفع لهذا الطلب. تابعه، أو ألغِه في صفحة الدفع للبدء من جديد.',
  pay_amount: 'ادفع {amount}', pay_then: 'ادفع {amount}، ثم {terms}', per_day: '{amount} يوميًا',
  per_week: '{amount} أسبوعيًا', per_month: '{amount} شهريًا', per_year: '{amount} سنويًا',
  every_interval: '{amount} / {interval}', installments: 'الدفع على أقساط', installment_one: '{amount} دفعة واحدة',
  installment_even: '{count} × {each}', installment_first: '{count} × {each} (القسط الأول {first})',
  payment_method: 'طريقة الدفع', method_card: 'بطاقة', method_bank_transfer: 'تحويل بنكي',
  cpf: 'CPF',
  cpf_invalid: 'أدخل رقم CPF صالحًا (\u2066000.000.000-00\u2069).',
  save_card: 'احفظ هذه البطاقة للمرة القادمة',
  saved_cards: 'بطاقاتك المحفوظة',
  saved_card: '{brand} المنتهية بـ {last4}، صالحة حتى {month}/{year}',
  other_card: 'بطاقة',
  new_card: 'استخدم بطاقة جديدة',
  remove_card: 'إزالة',
  card_removed: 'تمت إزالة البطاقة.',
  card_not_removed: 'تعذّرت إزالة البطاقة. يُرجى المحاولة مرة أخرى.',
}; // prettier-ignore

export default messages;
