/**
 * The element's texts in Vietnamese (vi), loaded on first use of the locale (lazy.ts).
 * Requests with “Vui lòng”; the expiry as MM / YY, as Vietnamese card forms print it.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'Email',
  first_name: 'Tên',
  last_name: 'Họ',
  phone: 'Số điện thoại',
  country: 'Quốc gia',
  city: 'Thành phố',
  address: 'Địa chỉ',
  postal_code: 'Mã bưu chính',
  card_number: 'Số thẻ',
  expiry: 'Ngày hết hạn (MM / YY)',
  security_code: 'Mã bảo mật',
  pay: 'Thanh toán',
  paying: 'Đang thanh toán…',
  retry: 'Thử lại',
  required: 'Đây là trường bắt buộc.',
  invalid: 'Vui lòng kiểm tra trường này.',
  frame_title: 'Trang thanh toán bảo mật',
  open_window: 'Mở trang thanh toán',
  failed: 'Thanh toán không thành công.',
  paid: 'Đã nhận thanh toán.',
  delivery: 'giao hàng',
  invalid_email: 'Vui lòng nhập địa chỉ email, ví dụ: ten@vidu.com.',
  too_long: 'Nội dung quá dài.',
  not_allowed: 'Nội dung có ký tự không được phép.',
  card_number_invalid: 'Số thẻ không hợp lệ.',
  expiry_invalid: 'Vui lòng nhập ngày hết hạn theo định dạng MM / YY.',
  expiry_past: 'Thẻ này đã hết hạn.',
  security_code_3: 'Vui lòng nhập mã bảo mật gồm 3 chữ số.',
  security_code_4: 'Vui lòng nhập mã bảo mật gồm 4 chữ số.',
  choose_country: 'Chọn…',
  declined: 'Thanh toán bị từ chối. Vui lòng thử thẻ hoặc phương thức thanh toán khác.',
  cancelled: 'Thanh toán đã bị hủy. Bạn có thể thử lại.',
  review: 'Cảm ơn bạn! Khoản thanh toán đang được kiểm tra; cửa hàng sẽ thông báo cho bạn.',
  expired: 'Khoản thanh toán này đã hết hạn. Vui lòng bắt đầu lại.',
  order_unknown: 'Đơn hàng này không thể thanh toán được nữa. Vui lòng tải lại trang.',
  unavailable: 'Hiện không thể thanh toán. Vui lòng thử lại sau giây lát.',
  too_many: 'Quá nhiều lần thử. Vui lòng đợi một phút rồi thử lại.',
  already_paid: 'Đơn hàng này đã được thanh toán hoặc đang được thanh toán.',
  check_details: 'Một số thông tin không được chấp nhận. Vui lòng kiểm tra và thử lại.',
  loading_page: 'Đang mở trang thanh toán bảo mật…',
  continue_payment: 'Tiếp tục thanh toán',
  close_payment_page: 'Quay lại',
};

export default messages;
