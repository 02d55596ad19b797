/**
 * The element's texts in Hebrew (he), loaded on first use of the locale (lazy.ts).
 * Right to left. Hebrew imperatives are gendered, so instructions are impersonal
 * (“יש להזין”, “נא לנסות”), as Israeli forms write them.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'דוא״ל',
  first_name: 'שם פרטי',
  last_name: 'שם משפחה',
  phone: 'טלפון',
  country: 'מדינה',
  city: 'עיר',
  address: 'כתובת',
  postal_code: 'מיקוד',
  card_number: 'מספר כרטיס',
  expiry: 'תוקף (MM / YY)',
  security_code: 'קוד אבטחה',
  pay: 'לתשלום',
  paying: 'התשלום מתבצע…',
  retry: 'ניסיון נוסף',
  required: 'זהו שדה חובה.',
  invalid: 'יש לבדוק את השדה הזה.',
  frame_title: 'דף תשלום מאובטח',
  open_window: 'פתיחת דף התשלום',
  failed: 'התשלום לא עבר.',
  paid: 'התשלום התקבל.',
  delivery: 'משלוח',
  invalid_email: 'יש להזין כתובת דוא״ל, למשל name@example.com.',
  too_long: 'הטקסט ארוך מדי.',
  not_allowed: 'הטקסט מכיל תווים שאינם מותרים.',
  card_number_invalid: 'מספר הכרטיס אינו תקין.',
  expiry_invalid: 'יש להזין את התוקף בפורמט MM / YY.',
  expiry_past: 'תוקף הכרטיס פג.',
  security_code_3: 'יש להזין את קוד האבטחה בן 3 הספרות.',
  security_code_4: 'יש להזין את קוד האבטחה בן 4 הספרות.',
  choose_country: 'בחירה…',
  declined: 'התשלום נדחה. אפשר לנסות כרטיס אחר או אמצעי תשלום אחר.',
  cancelled: 'התשלום בוטל. אפשר לנסות שוב.',
  review: 'תודה! התשלום נמצא בבדיקה, והחנות תעדכן בהמשך.',
  expired: 'תוקף התשלום פג. יש להתחיל מחדש.',
  order_unknown: 'לא ניתן עוד לשלם על ההזמנה הזו. יש לרענן את הדף.',
  unavailable: 'לא ניתן לשלם כרגע. נא לנסות שוב בעוד רגע.',
  too_many: 'יותר מדי ניסיונות. נא להמתין דקה ולנסות שוב.',
  already_paid: 'ההזמנה כבר שולמה, או שהתשלום עליה מתבצע.',
  check_details: 'חלק מהפרטים לא התקבלו. יש לבדוק אותם ולנסות שוב.',
  loading_page: 'דף התשלום המאובטח נפתח…',
  continue_payment: 'המשך בתשלום',
  close_payment_page: 'חזרה',
};

export default messages;
