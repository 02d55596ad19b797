/** The element's texts in pt-BR: loaded on first use of the locale (lazy.ts). */
import type { Messages } from '../messages-type.ts';

const messages: Messages = {
  email: 'E-mail', first_name: 'Nome', last_name: 'Sobrenome', phone: 'Telefone', country: 'País', city: 'Cidade',
  address: 'Endereço', postal_code: 'CEP', card_number: 'Número do cartão', expiry: 'Validade (MM / AA)',
  security_code: 'Código de segurança', pay: 'Pagar', paying: 'Pagando…', retry: 'Tentar novamente',
  required: 'Este campo é obrigatório.', invalid: 'Verifique este campo.', frame_title: 'Página de pagamento segura',
  open_window: 'Abrir a página de pagamento', failed: 'O pagamento não foi concluído.', paid: 'Pagamento recebido.', delivery: 'entrega',
  invalid_email: 'Informe um e-mail como nome@exemplo.com.', too_long: 'Este texto é longo demais.', not_allowed: 'Contém caracteres não permitidos.',
  card_number_invalid: 'Este número de cartão não é válido.', expiry_invalid: 'Informe a validade como MM / AA.', expiry_past: 'Este cartão está vencido.',
  security_code_3: 'Informe o código de segurança de 3 dígitos.', security_code_4: 'Informe o código de segurança de 4 dígitos.', choose_country: 'Escolha…',
  declined: 'O pagamento foi recusado. Tente outro cartão ou meio de pagamento.', cancelled: 'O pagamento foi cancelado. Você pode tentar novamente.', review: 'Obrigado! Seu pagamento está em análise; a loja vai avisar você.',
  expired: 'Este pagamento expirou. Pague novamente para iniciar um novo.', order_unknown: 'Este pedido não pode mais ser pago. Atualize a página.', unavailable: 'Os pagamentos estão indisponíveis agora. Tente de novo em instantes.', shop_unavailable: 'Esta loja não pode receber pagamentos agora.',
  too_many: 'Tentativas demais. Aguarde um minuto e tente novamente.', already_paid: 'Este pedido já foi pago ou o pagamento está em andamento.', check_details: 'Alguns dados não foram aceitos. Verifique e tente novamente.',
  loading_page: 'Abrindo a página de pagamento segura…',
  close_payment_page: 'Voltar',
  continue_payment: 'Continuar o pagamento',
  declined_card: 'O pagamento foi recusado. Tente outro cartão.', not_verified: 'Seu banco não conseguiu confirmar que é você, então o pagamento não foi concluído. Pague novamente para tentar de novo ou use outro cartão.',
  verify_card: 'Seu banco pede que você confirme que é você: digite seu cartão na página segura.', resume_note: 'O pagamento deste pedido não foi concluído. Continue-o ou cancele-o na página de pagamento para recomeçar.',
  pay_amount: 'Pagar {amount}', pay_then: 'Pagar {amount} e depois {terms}', per_day: '{amount} por dia',
  per_week: '{amount} por semana', per_month: '{amount} por mês', per_year: '{amount} por ano',
  every_interval: '{amount} a cada {interval}', installments: 'Pagar parcelado', installment_one: '{amount} à vista',
  installment_even: '{count}x de {each}', installment_first: '{count}x de {each} (primeira parcela de {first})',
  payment_method: 'Forma de pagamento', method_card: 'Cartão', method_bank_transfer: 'Transferência bancária',
  cpf: 'CPF',
  cpf_invalid: 'Informe um CPF válido (000.000.000-00).',
  save_card: 'Salvar este cartão para a próxima compra',
  saved_cards: 'Seus cartões salvos',
  saved_card: '{brand} com final {last4}, validade {month}/{year}',
  other_card: 'Cartão',
  new_card: 'Usar um novo cartão',
  remove_card: 'Remover',
  card_removed: 'Cartão removido.',
  card_not_removed: 'Não foi possível remover o cartão. Tente novamente.',
}; // prettier-ignore

export default messages;
