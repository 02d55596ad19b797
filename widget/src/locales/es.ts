/** The element's texts in es: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: 'Correo electrónico', first_name: 'Nombre', last_name: 'Apellidos', phone: 'Teléfono', country: 'País',
  city: 'Ciudad', address: 'Dirección', postal_code: 'Código postal', card_number: 'Número de tarjeta',
  expiry: 'Caducidad (MM / AA)', security_code: 'Código de seguridad', pay: 'Pagar', paying: 'Pagando…',
  retry: 'Reintentar', required: 'Este campo es obligatorio.', invalid: 'Revisa este campo.',
  frame_title: 'Página de pago segura', open_window: 'Abrir la página de pago', failed: 'El pago no se ha completado.',
  paid: 'Pago recibido.', delivery: 'entrega',
  invalid_email: 'Introduce un correo como nombre@ejemplo.com.', too_long: 'Es demasiado largo.', not_allowed: 'Contiene caracteres no permitidos.',
  card_number_invalid: 'Este número de tarjeta no es válido.', expiry_invalid: 'Introduce la caducidad como MM / AA.', expiry_past: 'Esta tarjeta ha caducado.',
  security_code_3: 'Introduce el código de seguridad de 3 dígitos.', security_code_4: 'Introduce el código de seguridad de 4 dígitos.', choose_country: 'Elige…',
  declined: 'El pago fue rechazado. Prueba con otra tarjeta u otro método de pago.', cancelled: 'El pago se ha cancelado. Puedes volver a intentarlo.', review: '¡Gracias! Estamos revisando tu pago; la tienda te avisará.',
  expired: 'Este pago ha caducado. Vuelve a empezar.', order_unknown: 'Este pedido ya no se puede pagar. Actualiza la página.', unavailable: 'Los pagos no están disponibles ahora. Inténtalo de nuevo en un momento.', shop_unavailable: 'Esta tienda no puede aceptar pagos en este momento.',
  too_many: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.', already_paid: 'Este pedido ya está pagado o su pago está en curso.', check_details: 'Algunos datos no se aceptaron. Revísalos e inténtalo de nuevo.',
  loading_page: 'Abriendo la página de pago segura…',
  close_payment_page: 'Volver',
  continue_payment: 'Continuar con el pago',
  pay_amount: 'Pagar {amount}', pay_then: 'Pagar {amount} y luego {terms}', per_day: '{amount} al día',
  per_week: '{amount} a la semana', per_month: '{amount} al mes', per_year: '{amount} al año',
  every_interval: '{amount} cada {interval}', installments: 'Pagar a plazos',
  installment_one: '{amount} en un solo pago', installment_even: '{count} × {each}',
  installment_first: '{count} × {each} (primer plazo: {first})', payment_method: 'Método de pago',
  method_card: 'Tarjeta', method_bank_transfer: 'Transferencia bancaria',
  cpf: 'CPF',
  cpf_invalid: 'Introduce un CPF válido (000.000.000-00).',
  save_card: 'Guardar esta tarjeta para la próxima vez',
  saved_cards: 'Tus tarjetas guardadas',
  saved_card: '{brand} terminada en {last4}, caducidad {month}/{year}',
  other_card: 'Tarjeta',
  new_card: 'Usar una tarjeta nueva',
  remove_card: 'Eliminar',
  card_removed: 'Tarjeta eliminada.',
  card_not_removed: 'No se pudo eliminar la tarjeta. Inténtalo de nuevo.',
}; // prettier-ignore

export default messages;
