/**
 * The element's texts in Korean (ko), loaded on first use of the locale (lazy.ts).
 * Polite form (해요체), as Korean payment pages use.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: '이메일',
  first_name: '이름',
  last_name: '성',
  phone: '전화번호',
  country: '국가/지역',
  city: '도시',
  address: '주소',
  postal_code: '우편번호',
  card_number: '카드 번호',
  expiry: '유효기간 (MM / YY)',
  security_code: '보안 코드',
  pay: '결제하기',
  paying: '결제 중…',
  retry: '다시 시도',
  required: '필수 입력 항목입니다.',
  invalid: '이 항목을 확인해 주세요.',
  frame_title: '보안 결제 페이지',
  open_window: '결제 페이지 열기',
  failed: '결제가 완료되지 않았습니다.',
  paid: '결제가 완료되었습니다.',
  delivery: '배송지',
  invalid_email: 'name@example.com 형식의 이메일 주소를 입력해 주세요.',
  too_long: '입력한 내용이 너무 깁니다.',
  not_allowed: '허용되지 않는 문자가 포함되어 있습니다.',
  card_number_invalid: '유효하지 않은 카드 번호입니다.',
  expiry_invalid: '유효기간을 MM / YY 형식으로 입력해 주세요.',
  expiry_past: '유효기간이 지난 카드입니다.',
  security_code_3: '3자리 보안 코드를 입력해 주세요.',
  security_code_4: '4자리 보안 코드를 입력해 주세요.',
  choose_country: '선택해 주세요',
  declined: '결제가 거절되었습니다. 다른 카드나 결제 수단을 이용해 주세요.',
  cancelled: '결제가 취소되었습니다. 다시 시도하실 수 있습니다.',
  review: '감사합니다! 결제를 확인하고 있으며, 상점에서 결과를 알려 드릴 예정입니다.',
  expired: '결제 가능 시간이 지났습니다. 처음부터 다시 시작해 주세요.',
  order_unknown: '이 주문은 더 이상 결제할 수 없습니다. 페이지를 새로고침해 주세요.',
  unavailable: '지금은 결제를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  too_many: '시도 횟수가 너무 많습니다. 1분 후에 다시 시도해 주세요.',
  already_paid: '이미 결제되었거나 결제가 진행 중인 주문입니다.',
  check_details: '일부 정보가 승인되지 않았습니다. 확인 후 다시 시도해 주세요.',
  loading_page: '보안 결제 페이지를 여는 중…',
  continue_payment: '결제 계속하기',
  close_payment_page: '뒤로',
};

export default messages;
