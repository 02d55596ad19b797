/**
 * The element's texts in Thai (th), loaded on first use of the locale (lazy.ts).
 * Polite requests (“โปรด”); Thai ends sentences without a full stop and
 * separates them with a space.
 */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'อีเมล',
  first_name: 'ชื่อ',
  last_name: 'นามสกุล',
  phone: 'โทรศัพท์',
  country: 'ประเทศ',
  city: 'เมือง',
  address: 'ที่อยู่',
  postal_code: 'รหัสไปรษณีย์',
  card_number: 'หมายเลขบัตร',
  expiry: 'วันหมดอายุ (ดด / ปป)',
  security_code: 'รหัสความปลอดภัย',
  pay: 'ชำระเงิน',
  paying: 'กำลังชำระเงิน…',
  retry: 'ลองอีกครั้ง',
  required: 'โปรดกรอกข้อมูลในช่องนี้',
  invalid: 'โปรดตรวจสอบช่องนี้',
  frame_title: 'หน้าชำระเงินที่ปลอดภัย',
  open_window: 'เปิดหน้าชำระเงิน',
  failed: 'การชำระเงินไม่สำเร็จ',
  paid: 'ได้รับการชำระเงินแล้ว',
  delivery: 'จัดส่ง',
  invalid_email: 'โปรดกรอกอีเมล เช่น name@example.com',
  too_long: 'ข้อความยาวเกินไป',
  not_allowed: 'มีอักขระที่ไม่อนุญาตให้ใช้',
  card_number_invalid: 'หมายเลขบัตรไม่ถูกต้อง',
  expiry_invalid: 'โปรดกรอกวันหมดอายุในรูปแบบ ดด / ปป',
  expiry_past: 'บัตรนี้หมดอายุแล้ว',
  security_code_3: 'โปรดกรอกรหัสความปลอดภัย 3 หลัก',
  security_code_4: 'โปรดกรอกรหัสความปลอดภัย 4 หลัก',
  choose_country: 'เลือก…',
  declined: 'การชำระเงินถูกปฏิเสธ โปรดลองใช้บัตรหรือวิธีชำระเงินอื่น',
  cancelled: 'การชำระเงินถูกยกเลิกแล้ว คุณสามารถลองอีกครั้งได้',
  review: 'ขอบคุณ! การชำระเงินของคุณอยู่ระหว่างการตรวจสอบ ร้านค้าจะแจ้งให้คุณทราบ',
  expired: 'การชำระเงินนี้หมดอายุแล้ว โปรดเริ่มต้นใหม่',
  order_unknown: 'คำสั่งซื้อนี้ไม่สามารถชำระเงินได้อีกแล้ว โปรดรีเฟรชหน้า',
  unavailable: 'ขณะนี้ไม่สามารถชำระเงินได้ โปรดลองอีกครั้งในอีกสักครู่',
  too_many: 'ลองหลายครั้งเกินไป โปรดรอหนึ่งนาทีแล้วลองอีกครั้ง',
  already_paid: 'คำสั่งซื้อนี้ชำระเงินแล้ว หรือกำลังอยู่ระหว่างการชำระเงิน',
  check_details: 'ข้อมูลบางส่วนไม่ผ่านการตรวจสอบ โปรดตรวจสอบแล้วลองอีกครั้ง',
  loading_page: 'กำลังเปิดหน้าชำระเงินที่ปลอดภัย…',
  continue_payment: 'ชำระเงินต่อ',
  close_payment_page: 'ย้อนกลับ',
};

export default messages;
