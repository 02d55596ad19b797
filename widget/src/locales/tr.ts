/**
 * The element's texts in Turkish (tr), loaded on first use of the locale (lazy.ts).
 * Sentences address the shopper formally (“girin”); buttons are the short imperative
 * Turkish interfaces use (“Öde”, “Tekrar dene”).
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-posta',
  first_name: 'Ad',
  last_name: 'Soyad',
  phone: 'Telefon',
  country: 'Ülke',
  city: 'Şehir',
  address: 'Adres',
  postal_code: 'Posta kodu',
  card_number: 'Kart numarası',
  expiry: 'Son kullanma tarihi (AA / YY)',
  security_code: 'Güvenlik kodu',
  pay: 'Öde',
  paying: 'Ödeme yapılıyor…',
  retry: 'Tekrar dene',
  required: 'Bu alan zorunludur.',
  invalid: 'Bu alanı kontrol edin.',
  frame_title: 'Güvenli ödeme sayfası',
  open_window: 'Ödeme sayfasını aç',
  failed: 'Ödeme gerçekleşmedi.',
  paid: 'Ödeme alındı.',
  delivery: 'teslimat',
  invalid_email: 'ad@ornek.com gibi bir e-posta adresi girin.',
  too_long: 'Bu metin çok uzun.',
  not_allowed: 'Bu metin izin verilmeyen karakterler içeriyor.',
  card_number_invalid: 'Bu kart numarası geçerli değil.',
  expiry_invalid: 'Son kullanma tarihini AA / YY biçiminde girin.',
  expiry_past: 'Bu kartın süresi dolmuş.',
  security_code_3: '3 haneli güvenlik kodunu girin.',
  security_code_4: '4 haneli güvenlik kodunu girin.',
  choose_country: 'Seçin…',
  declined: 'Ödeme reddedildi. Başka bir kart veya ödeme yöntemi deneyin.',
  cancelled: 'Ödeme iptal edildi. Tekrar deneyebilirsiniz.',
  review: 'Teşekkürler! Ödemeniz kontrol ediliyor; mağaza sizi bilgilendirecek.',
  expired: 'Bu ödemenin süresi doldu. Lütfen yeniden başlayın.',
  order_unknown: 'Bu sipariş artık ödenemez. Lütfen sayfayı yenileyin.',
  unavailable: 'Şu anda ödeme yapılamıyor. Lütfen biraz sonra tekrar deneyin.',
  too_many: 'Çok fazla deneme yapıldı. Lütfen bir dakika bekleyip tekrar deneyin.',
  already_paid: 'Bu sipariş zaten ödenmiş veya ödemesi sürüyor.',
  check_details: 'Bazı bilgiler kabul edilmedi. Lütfen kontrol edip tekrar deneyin.',
  loading_page: 'Güvenli ödeme sayfası açılıyor…',
  continue_payment: 'Ödemeye devam edin',
  close_payment_page: 'Geri',
};

export default messages;
