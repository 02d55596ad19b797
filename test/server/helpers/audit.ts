/** The audit trail as a test reads it from `GET /api/ops/audit`. */

/** An entry as `GET /api/ops/audit` lists it. */
export interface Entry {
  id: string;
  at: number;
  time: string;
  completed_at: number | null;
  actor: string;
  token_name: string;
  /** The role the token used (or, refused for it, needed); null before roles existed. */
  role: string | null;
  operation: string;
  targets: string[];
  amounts: {
    ref: string;
    amount: string | null;
    amount_minor: number | null;
    currency: string | null;
    decision?: string;
  }[];
  outcome: string;
  status_code: number | null;
  results:
    | { ref: string; ok?: boolean; status: string; error_code?: string; error_message?: string }[]
    | null;
  error: { code: string | null; message: string | null } | null;
  idempotency_key: string | null;
  request_id: string | null;
}

/** A page of the list. */
export interface AuditPage {
  entries: Entry[];
  next_cursor: string | null;
}
