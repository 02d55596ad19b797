/** The element's texts in zh-CN: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: '电子邮箱', first_name: '名', last_name: '姓', phone: '电话', country: '国家/地区', city: '城市', address: '地址',
  postal_code: '邮政编码', card_number: '卡号', expiry: '有效期 (MM / YY)', security_code: '安全码', pay: '支付',
  paying: '正在支付…', retry: '重试', required: '此项为必填项。', invalid: '请检查此项。', frame_title: '安全支付页面',
  open_window: '打开支付页面', failed: '支付未成功。', paid: '已收到付款。', delivery: '收货',
  invalid_email: '请输入类似 name@example.com 的电子邮箱地址。', too_long: '内容过长。', not_allowed: '包含不允许的字符。',
  card_number_invalid: '卡号无效。', expiry_invalid: '请按 MM / YY 格式输入有效期。', expiry_past: '此卡已过期。',
  security_code_3: '请输入 3 位安全码。', security_code_4: '请输入 4 位安全码。', choose_country: '请选择…',
  declined: '付款被拒绝。请换一张卡或其他付款方式。', cancelled: '付款已取消。您可以重试。', review: '谢谢！您的付款正在审核中，商店会通知您。',
  expired: '此付款已过期。请重新支付以开始新的付款。', order_unknown: '此订单已无法支付。请刷新页面。', unavailable: '暂时无法付款。请稍后再试。', shop_unavailable: '本店暂时无法收款。',
  too_many: '尝试次数过多。请等待一分钟后重试。', already_paid: '此订单已支付，或正在支付中。', check_details: '部分信息未被接受。请检查后重试。',
  loading_page: '正在打开安全支付页面…',
  close_payment_page: '返回',
  continue_payment: '继续付款',
  declined_card: '付款被拒绝。请换一张卡试试。', not_verified: '您的银行无法确认是您本人，因此付款未成功。请重新支付以重试，或使用其他卡。',
  verify_card: '您的银行要求确认是您本人：请在安全页面输入您的卡。', resume_note: '此订单的付款尚未完成。请继续付款，或在付款页面取消后重新开始。',
  pay_amount: '支付 {amount}', pay_then: '支付 {amount}，之后{terms}', per_day: '{amount}/天', per_week: '{amount}/周',
  per_month: '{amount}/月', per_year: '{amount}/年', every_interval: '每{interval} {amount}', installments: '分期付款',
  installment_one: '一次性支付 {amount}', installment_even: '{count}期 × {each}',
  installment_first: '{count}期 × {each}（首期 {first}）', payment_method: '支付方式', method_card: '银行卡',
  method_bank_transfer: '银行转账',
  cpf: 'CPF',
  cpf_invalid: '请输入有效的 CPF（000.000.000-00）。',
  save_card: '保存此卡，方便下次使用',
  saved_cards: '已保存的卡',
  saved_card: '{brand}（尾号 {last4}，有效期至 {month}/{year}）',
  other_card: '银行卡',
  new_card: '使用新卡',
  remove_card: '移除',
  card_removed: '已移除此卡。',
  card_not_removed: '无法移除此卡。请重试。',
}; // prettier-ignore

export default messages;
