/**
 * The element's texts in Japanese (ja), loaded on first use of the locale (lazy.ts).
 * Polite form (です・ます), full-width punctuation.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'メールアドレス',
  first_name: '名',
  last_name: '姓',
  phone: '電話番号',
  country: '国/地域',
  city: '市区町村',
  address: '住所',
  postal_code: '郵便番号',
  card_number: 'カード番号',
  expiry: '有効期限（MM / YY）',
  security_code: 'セキュリティコード',
  pay: '支払う',
  paying: 'お支払い処理中…',
  retry: '再試行',
  required: 'この項目は必須です。',
  invalid: 'この項目を確認してください。',
  frame_title: '安全なお支払いページ',
  open_window: 'お支払いページを開く',
  failed: 'お支払いを完了できませんでした。',
  paid: 'お支払いを受け付けました。',
  delivery: '配送先',
  invalid_email: 'name@example.com の形式でメールアドレスを入力してください。',
  too_long: '入力が長すぎます。',
  not_allowed: '使用できない文字が含まれています。',
  card_number_invalid: 'カード番号が正しくありません。',
  expiry_invalid: '有効期限を MM / YY の形式で入力してください。',
  expiry_past: 'このカードは有効期限が切れています。',
  security_code_3: '3桁のセキュリティコードを入力してください。',
  security_code_4: '4桁のセキュリティコードを入力してください。',
  choose_country: '選択してください',
  declined: 'お支払いが承認されませんでした。別のカードまたはお支払い方法をお試しください。',
  cancelled: 'お支払いはキャンセルされました。もう一度お試しいただけます。',
  review: 'ありがとうございます。お支払いを確認しています。ショップからのご連絡をお待ちください。',
  expired: 'このお支払いは有効期限が切れました。最初からやり直してください。',
  order_unknown: 'このご注文はお支払いいただけなくなりました。ページを再読み込みしてください。',
  unavailable: '現在お支払いをご利用いただけません。しばらくしてからもう一度お試しください。',
  too_many: '試行回数が上限を超えました。1分ほど待ってから、もう一度お試しください。',
  already_paid: 'このご注文はお支払い済みか、お支払いの処理中です。',
  check_details:
    '一部の情報を受け付けられませんでした。内容をご確認のうえ、もう一度お試しください。',
  loading_page: '安全なお支払いページを開いています…',
  continue_payment: 'お支払いを続ける',
  close_payment_page: '戻る',
};

export default messages;
