/** The element's texts in pt-BR: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages.ts';

const messages: Messages = {
  email: 'E-mail', first_name: 'Nome', last_name: 'Sobrenome', phone: 'Telefone', country: 'País', city: 'Cidade',
  address: 'Endereço', postal_code: 'CEP', card_number: 'Número do cartão', expiry: 'Validade (MM/AA)',
  security_code: 'Código de segurança', pay: 'Pagar', paying: 'Pagando…', retry: 'Tentar novamente',
  required: 'Este campo é obrigatório.', invalid: 'Verifique este campo.', frame_title: 'Página de pagamento segura',
  open_window: 'Abrir a página de pagamento', failed: 'O pagamento não foi concluído.', paid: 'Pagamento recebido.', delivery: 'entrega',
  invalid_email: 'Informe um e-mail como nome@exemplo.com.', too_long: 'Este texto é longo demais.', not_allowed: 'Contém caracteres não permitidos.',
  card_number_invalid: 'Este número de cartão não é válido.', expiry_invalid: 'Informe a validade como MM / AA.', expiry_past: 'Este cartão está vencido.',
  security_code_3: 'Informe o código de segurança de 3 dígitos.', security_code_4: 'Informe o código de segurança de 4 dígitos.', choose_country: 'Escolha…',
}; // prettier-ignore

export default messages;
