/**
 * The element's texts in Hindi (hi), loaded on first use of the locale (lazy.ts).
 * The shopper is “आप”; sentences end with the danda (।).
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'ईमेल',
  first_name: 'पहला नाम',
  last_name: 'उपनाम',
  phone: 'फ़ोन',
  country: 'देश',
  city: 'शहर',
  address: 'पता',
  postal_code: 'पिन कोड',
  card_number: 'कार्ड नंबर',
  expiry: 'समाप्ति तिथि (MM / YY)',
  security_code: 'सुरक्षा कोड',
  pay: 'भुगतान करें',
  paying: 'भुगतान हो रहा है…',
  retry: 'फिर से कोशिश करें',
  required: 'यह फ़ील्ड ज़रूरी है।',
  invalid: 'कृपया इस फ़ील्ड की जाँच करें।',
  frame_title: 'सुरक्षित भुगतान पेज',
  open_window: 'भुगतान पेज खोलें',
  failed: 'भुगतान पूरा नहीं हुआ।',
  paid: 'भुगतान मिल गया है।',
  delivery: 'डिलीवरी',
  invalid_email: 'name@example.com जैसा ईमेल पता दर्ज करें।',
  too_long: 'यह बहुत लंबा है।',
  not_allowed: 'इसमें ऐसे वर्ण हैं जिनकी अनुमति नहीं है।',
  card_number_invalid: 'यह कार्ड नंबर मान्य नहीं है।',
  expiry_invalid: 'समाप्ति तिथि MM / YY के रूप में दर्ज करें।',
  expiry_past: 'इस कार्ड की समय-सीमा समाप्त हो चुकी है।',
  security_code_3: '3 अंकों का सुरक्षा कोड दर्ज करें।',
  security_code_4: '4 अंकों का सुरक्षा कोड दर्ज करें।',
  choose_country: 'चुनें…',
  declined: 'भुगतान अस्वीकार कर दिया गया। कोई दूसरा कार्ड या भुगतान का तरीका आज़माएँ।',
  cancelled: 'भुगतान रद्द कर दिया गया। आप फिर से कोशिश कर सकते हैं।',
  review: 'धन्यवाद! आपके भुगतान की जाँच हो रही है; दुकान आपको सूचित करेगी।',
  expired: 'इस भुगतान की समय-सीमा समाप्त हो गई है। कृपया फिर से शुरू करें।',
  order_unknown: 'इस ऑर्डर का भुगतान अब नहीं किया जा सकता। कृपया पेज रीफ़्रेश करें।',
  unavailable: 'अभी भुगतान उपलब्ध नहीं है। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
  too_many: 'बहुत ज़्यादा प्रयास हो गए। कृपया एक मिनट रुककर फिर से कोशिश करें।',
  already_paid: 'इस ऑर्डर का भुगतान हो चुका है, या भुगतान जारी है।',
  check_details: 'कुछ जानकारी स्वीकार नहीं की गई। कृपया उसे जाँचकर फिर से कोशिश करें।',
  loading_page: 'सुरक्षित भुगतान पेज खुल रहा है…',
  continue_payment: 'भुगतान जारी रखें',
  close_payment_page: 'वापस जाएँ',
};

export default messages;
