import type { Insertable, Selectable } from 'kysely';

/**
 * One interface per table. Columns use portable types so one migration set runs on SQLite and
 * PostgreSQL: text ids made by the app, ISO-8601 text timestamps, integer cents, 0/1 booleans, and
 * JSON kept as text.
 */
export interface ExamsTable {
  id: string;
  title: string;
  description: string;
  long_description: string | null;
  category: string;
  thumbnail: string | null;
  duration_minutes: number | null;
  question_count: number | null;
  difficulty: string | null;
  price_cents: number;
  stripe_price: string | null;
  featured: number;
  popularity: number;
  passing_score: number;
  validity_days: number;
  /** JSON: a string of paragraphs, or a list of `{ title, topics }` sections. */
  curriculum_json: string | null;
  /** JSON: a list of `{ user, date, rating, comment }`. */
  reviews_json: string;
  /** JSON: a list of `{ question, answer }`. */
  faq_json: string;
  /** The title, description and title's codes as the search folds them, one per line (`searchText`). */
  search_text: string;
  /** The title as the catalogue sorts it (`titleOrder`): written by content imports. */
  title_order: string;
  /** How many practice tests the exam has; kept by content imports. */
  practice_test_count: number;
  created_at: string;
  updated_at: string;
}

export interface PracticeTestsTable {
  id: string;
  exam_id: string;
  /** Order within the exam; position 1 is the free demo test. */
  position: number;
  title: string;
  display_name: string | null;
  time_limit_minutes: number;
  difficulty: string;
  passing_score: number;
  shuffle_options: number;
  created_at: string;
  updated_at: string;
}

export interface QuestionsTable {
  id: string;
  exam_id: string;
  test_id: string;
  sequence: number;
  text: string;
  /** A program the question asks about, shown as code below its text; null for none. */
  code: string | null;
  /** JSON: a list of `{ id, text }`. */
  options_json: string;
  /** JSON: the ids of every correct option; more than one for "Choose two". Never sent unasked. */
  correct_option_ids_json: string;
  explanation: string;
  category: string;
  difficulty: string;
  updated_at: string;
}

/** The sign-in library's one-time values, as far as the store touches them (spent reset links, `accounts/auth.ts`). */
export interface VerificationsTable {
  identifier: string;
  value: string;
  expiresAt: string | Date;
}

/** The sign-in library's sessions, as far as the store reads them (`accounts/session-reader.ts`). */
export interface SessionsTable {
  token: string;
  userId: string;
  expiresAt: string | Date;
}

/** The sign-in library's user table, which is also the spec's users record. */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  lastOrderAt: string | Date | null;
}

export interface PurchasesTable {
  id: string;
  user_id: string;
  exam_id: string;
  title: string;
  category: string;
  price_cents: number;
  quantity: number;
  total_amount_cents: number;
  session_id: string | null;
  order_id: string | null;
  status: 'active' | 'revoked';
  purchase_date: string;
  expires_at: string;
  last_access_date: string | null;
  updated_at: string;
}

export interface AttemptsTable {
  id: string;
  user_id: string | null;
  exam_id: string;
  test_id: string;
  test_name: string;
  mode: 'exam' | 'practice';
  status: 'in_progress' | 'completed';
  passing_score: number;
  layout_json: string;
  started_at: string;
  deadline_at: string | null;
  submitted_at: string | null;
  percentage: number | null;
  score: number | null;
  total_questions: number;
  answered_questions: number | null;
  time_spent_seconds: number | null;
  is_passed: number | null;
  reset: number;
  reset_at: string | null;
}

export interface AttemptAnswersTable {
  attempt_id: string;
  question_id: string;
  selected_json: string;
  flagged: number;
  checked: number;
  is_correct: number | null;
  category: string | null;
  answered_at: string | null;
}

export interface CouponsTable {
  code: string;
  type: string | null;
  value: number | null;
  is_active: number | null;
  provider_coupon_id: string | null;
  expires_at: string | null;
  used_count: number;
  usage_limit: number | null;
  per_user_limit: number;
  max_discount_cents: number | null;
  created_at: string;
  last_modified: string;
}

export interface CouponUsagesTable {
  id: string;
  coupon_code: string;
  user_id: string;
  session_id: string;
  provider_coupon_id: string | null;
  /** A checkout holds a use while its payment is open; fulfilment makes it 'used', a failed payment frees it. */
  status: 'reserved' | 'used' | 'released';
  used_at: string;
}

export interface CartItemsTable {
  user_id: string;
  exam_id: string;
  quantity: number;
  added_at: string;
}

/**
 * creating → open → (pending →) complete | failed | expired. `mismatch`: the provider took a payment of
 * another amount or currency than the checkout's own total; it is not fulfilled and waits for support. Kept
 * within the column's `varchar(10)` (migration 0006), which has no list of values to extend.
 */
export type CheckoutStatus = 'creating' | 'open' | 'pending' | 'complete' | 'failed' | 'expired' | 'mismatch';

export interface CheckoutsTable {
  order_id: string;
  provider: string;
  session_id: string | null;
  user_id: string;
  status: CheckoutStatus;
  coupon_code: string | null;
  lines_json: string;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  currency: string;
  customer_email: string;
  customer_name: string;
  url: string | null;
  created_at: string;
  expires_at: string;
  updated_at: string;
  /** The student's IANA time zone at the start (migration 0012); null before it, read as UTC. */
  time_zone: string | null;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  session_id: string;
  payment_id: string | null;
  provider_customer_id: string | null;
  payment_status: string;
  currency: string;
  amount_subtotal_cents: number;
  amount_discount_cents: number;
  amount_total_cents: number;
  amount_received_cents: number;
  customer_email: string;
  customer_name: string;
  coupon_code: string | null;
  /** When a process took on sending the confirmation; with no send after it, a process that stopped. */
  confirmation_claimed_at: string | null;
  confirmation_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  order_id: string;
  position: number;
  exam_id: string;
  description: string;
  quantity: number;
  unit_amount_cents: number;
  amount_subtotal_cents: number;
  amount_discount_cents: number;
  amount_total_cents: number;
}

export interface SandboxPaymentsTable {
  id: string;
  order_id: string;
  status: 'open' | 'processing' | 'paid' | 'declined' | 'expired';
  lines_json: string;
  amount_subtotal_cents: number;
  amount_discount_cents: number;
  amount_total_cents: number;
  currency: string;
  customer_email: string;
  success_url: string;
  cancel_url: string;
  payment_id: string | null;
  card_last4: string | null;
  created_at: string;
  expires_at: string;
  settles_at: string | null;
  updated_at: string;
}

/** A single row (id 1): raised by every content import that changes the catalogue. */
export interface CatalogueVersionTable {
  id: number;
  version: number;
  updated_at: string;
}

export interface Database {
  catalogue_version: CatalogueVersionTable;
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  sandbox_payments: SandboxPaymentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  verifications: VerificationsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  coupon_usages: CouponUsagesTable;
  purchases: PurchasesTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  exams: ExamsTable;
  practice_tests: PracticeTestsTable;
  questions: QuestionsTable;
}

export type ExamRow = Selectable<ExamsTable>;
export type NewExamRow = Insertable<ExamsTable>;
export type PracticeTestRow = Selectable<PracticeTestsTable>;
export type QuestionRow = Selectable<QuestionsTable>;
