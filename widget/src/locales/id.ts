/**
 * The element's texts in Indonesian (id), loaded on first use of the locale (lazy.ts).
 * The shopper is “Anda”.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'Email',
  first_name: 'Nama depan',
  last_name: 'Nama belakang',
  phone: 'Telepon',
  country: 'Negara',
  city: 'Kota',
  address: 'Alamat',
  postal_code: 'Kode pos',
  card_number: 'Nomor kartu',
  expiry: 'Masa berlaku (BB / TT)',
  security_code: 'Kode keamanan',
  pay: 'Bayar',
  paying: 'Memproses pembayaran…',
  retry: 'Coba lagi',
  required: 'Kolom ini wajib diisi.',
  invalid: 'Periksa kolom ini.',
  frame_title: 'Halaman pembayaran aman',
  open_window: 'Buka halaman pembayaran',
  failed: 'Pembayaran tidak berhasil.',
  paid: 'Pembayaran diterima.',
  delivery: 'pengiriman',
  invalid_email: 'Masukkan alamat email seperti nama@contoh.com.',
  too_long: 'Teks ini terlalu panjang.',
  not_allowed: 'Teks ini berisi karakter yang tidak diizinkan.',
  card_number_invalid: 'Nomor kartu ini tidak valid.',
  expiry_invalid: 'Masukkan masa berlaku dengan format BB / TT.',
  expiry_past: 'Kartu ini sudah kedaluwarsa.',
  security_code_3: 'Masukkan kode keamanan 3 digit.',
  security_code_4: 'Masukkan kode keamanan 4 digit.',
  choose_country: 'Pilih…',
  declined: 'Pembayaran ditolak. Coba kartu atau metode pembayaran lain.',
  cancelled: 'Pembayaran dibatalkan. Anda dapat mencoba lagi.',
  review: 'Terima kasih! Pembayaran Anda sedang diperiksa; toko akan mengabari Anda.',
  expired: 'Pembayaran ini sudah kedaluwarsa. Silakan mulai lagi.',
  order_unknown: 'Pesanan ini tidak dapat dibayar lagi. Silakan muat ulang halaman.',
  unavailable: 'Pembayaran sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
  too_many: 'Terlalu banyak percobaan. Tunggu satu menit, lalu coba lagi.',
  already_paid: 'Pesanan ini sudah dibayar, atau pembayarannya sedang diproses.',
  check_details: 'Beberapa data tidak diterima. Periksa kembali, lalu coba lagi.',
  loading_page: 'Membuka halaman pembayaran aman…',
  continue_payment: 'Lanjutkan pembayaran',
  close_payment_page: 'Kembali',
};

export default messages;
